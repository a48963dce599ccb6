/**
 * The tray's URL read on the server: the loader reads it once and the view renders what it read,
 * so the browser does not carry the reading of typed days (@common/days).
 */
import { parseDay } from "@common/days";
import { clampPage } from "~/lib/paginate";
import { MODALS, parseSort, type TrayModal, type TrayState } from "./url";

export function parseTrayState(params: URLSearchParams, tabCodes: readonly string[]): TrayState {
  const rawTab = params.get("tab");
  const tab = rawTab && tabCodes.includes(rawTab) ? rawTab : (tabCodes[0] ?? "");
  const modal = params.get("modal");
  const instance = params.get("instance");
  const typed = (name: string) => (params.get(name) ?? "").trim().slice(0, 40);
  let since = parseDay(typed("since"));
  let until = parseDay(typed("until"));
  const invalidSince = typed("since") && !since ? typed("since") : undefined;
  const invalidUntil = typed("until") && !until ? typed("until") : undefined;
  if (since && until && since > until) [since, until] = [until, since];
  return {
    tab,
    explicitTab: Boolean(rawTab && tabCodes.includes(rawTab)),
    q: (params.get("q") ?? "").trim().slice(0, 200),
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
