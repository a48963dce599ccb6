/**
 * The tray's URL read on the server: the loader reads it once and the view renders what it read,
 * so the browser does not carry the reading of typed days (~/features/instances/day-range).
 */
import { clampPage } from "~/lib/paginate";
import { sealedOf } from "~/lib/search-param";
import { readDayRange } from "~/features/instances/day-range";
import { MODALS, parseSort, type TrayModal, type TrayState } from "./url";

export function parseTrayState(params: URLSearchParams, tabCodes: readonly string[]): TrayState {
  const rawTab = params.get("tab");
  const tab = rawTab && tabCodes.includes(rawTab) ? rawTab : (tabCodes[0] ?? "");
  const modal = params.get("modal");
  const instance = params.get("instance");
  const { since, until, invalidSince, invalidUntil } = readDayRange(params.get("since"), params.get("until"));
  return {
    tab,
    explicitTab: Boolean(rawTab && tabCodes.includes(rawTab)),
    q: (params.get("q") ?? "").trim().slice(0, 200),
    ...(sealedOf(params) ? { sq: sealedOf(params) } : {}),
    since,
    until,
    ...(invalidSince ? { invalidSince } : {}),
    ...(invalidUntil ? { invalidUntil } : {}),
    sort: parseSort(params.get("sort")),
    page: clampPage(params.get("page")),
    modal: modal && (MODALS as readonly string[]).includes(modal) && instance ? (modal as TrayModal) : null,
    instance: instance && /^[A-Za-z0-9-]{1,64}$/.test(instance) ? instance : null,
  };
}
