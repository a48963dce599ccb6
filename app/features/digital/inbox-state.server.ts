/**
 * The inbox's URL read on the server (spec section 3 filters plus `tab` and `filters`). Lenient: an
 * invalid value is dropped, never an error page; a typed day that is not applied is kept to be said
 * next to its box (issue 40, ~/features/instances/day-range).
 */
import { INBOX_DEFAULT_SORT, INBOX_PAGE_MAX, INBOX_TEXT_MAX, inboxOrder, parseInboxOrder, splitInboxTypes } from "@common/inbox";
import { readDayRange, type InvalidDay } from "~/features/instances/day-range";
import { sealedOf } from "~/lib/search-param";
import type { DayKey, InboxState } from "./query";

export function parseInboxState(params: URLSearchParams): InboxState {
  const { key, desc } = parseInboxOrder(params.get("order") ?? "") ?? INBOX_DEFAULT_SORT;
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  const seen = params.get("seen");
  const types = params
    .getAll("type")
    .flatMap(splitInboxTypes)
    .filter((t) => /^[\w-]{1,32}$/.test(t));
  const created = readDayRange(params.get("created_since"), params.get("created_until"));
  const seenRange = readDayRange(params.get("seen_since"), params.get("seen_until"));
  const invalidDays: Partial<Record<DayKey, InvalidDay>> = {};
  if (created.invalidSince) invalidDays.created_since = created.invalidSince;
  if (created.invalidUntil) invalidDays.created_until = created.invalidUntil;
  if (seenRange.invalidSince) invalidDays.seen_since = seenRange.invalidSince;
  if (seenRange.invalidUntil) invalidDays.seen_until = seenRange.invalidUntil;
  return {
    page: Number.isFinite(page) && page >= 1 ? Math.min(page, INBOX_PAGE_MAX) : 1,
    order: inboxOrder(key, desc),
    orderKey: key,
    desc,
    tab: params.get("tab") === "unread" ? "unread" : "all",
    search: (params.get("search") ?? "").trim().slice(0, INBOX_TEXT_MAX),
    ...(sealedOf(params) ? { sq: sealedOf(params) } : {}),
    seen: seen === "true" || seen === "false" ? seen : "",
    client: (params.get("client") ?? "").trim().slice(0, INBOX_TEXT_MAX),
    type: [...new Set(types)],
    created_since: created.since ?? "",
    created_until: created.until ?? "",
    seen_since: seenRange.since ?? "",
    seen_until: seenRange.until ?? "",
    invalidDays,
    selected: params.get("selected") === "notify" ? "notify" : "received",
    filtersOpen: params.get("filters") === "1" || Object.keys(invalidDays).length > 0,
  };
}
