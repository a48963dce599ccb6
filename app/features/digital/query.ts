/**
 * The inbox's view state lives in the URL (spec section 3 filters plus `tab` and `filters`): pure
 * helpers for the view; the URL is read on the server (./inbox-state.server), so the browser does
 * not carry the reading of typed days.
 */
import type { InvalidDay } from "~/features/instances/day-range";
import { putSearch } from "~/lib/search-param";
import { INBOX_DEFAULT_ORDER, inboxOrder, type InboxOrderKey, type InboxSelected } from "@common/inbox";
import { deadlines } from "~/lib/messages/deadlines";
import { digital } from "~/lib/messages/digital";

/** The keys the inbox sorts by (common/inbox.ts: the spec's columns and our `due_date`). */
export type OrderKey = InboxOrderKey;

/** The name of each column the inbox sorts by: its header, and the sort select's option when it is sorted by it. */
export const ORDER_LABELS: Record<OrderKey, string> = {
  subject: digital.columns.subject,
  client: digital.columns.client,
  type: digital.columns.type,
  created_at: digital.columns.createdAt,
  seen_date: digital.columns.seenDate,
  due_date: deadlines.column,
};
export const DEFAULT_ORDER = INBOX_DEFAULT_ORDER;

/** The four day filters, two ranges. */
export const DAY_KEYS = ["created_since", "created_until", "seen_since", "seen_until"] as const;
export type DayKey = (typeof DAY_KEYS)[number];

export type InboxState = {
  page: number;
  order: string;
  orderKey: OrderKey;
  desc: boolean;
  tab: "all" | "unread";
  search: string;
  /** the search words sealed for this session, which the page's links carry instead of `search` (decision 032) */
  sq?: string;
  seen: "" | "true" | "false";
  client: string;
  type: string[];
  created_since: string;
  created_until: string;
  seen_since: string;
  seen_until: string;
  /** The day filters typed that are not applied, as typed and why (said next to their boxes). */
  invalidDays: Partial<Record<DayKey, InvalidDay>>;
  selected: InboxSelected;
  /** advanced filter panel open (always, when a typed day is not applied: its message is there) */
  filtersOpen: boolean;
};

/** Query string of a state (defaults left out), with `over` applied; page resets unless given. */
export function inboxHref(base: string, state: InboxState, over: Partial<InboxState> = {}): string {
  const s = { ...state, page: 1, ...over };
  const p = new URLSearchParams();
  if (s.tab === "unread") p.set("tab", "unread");
  putSearch(p, "search", s.search, s.sq);
  if (s.seen) p.set("seen", s.seen);
  if (s.client) p.set("client", s.client);
  if (s.type.length) p.set("type", s.type.join(","));
  if (s.selected === "notify") p.set("selected", "notify");
  for (const k of DAY_KEYS) if (s[k]) p.set(k, s[k]);
  if (s.order !== DEFAULT_ORDER) p.set("order", s.order);
  if (s.filtersOpen) p.set("filters", "1");
  if (s.page > 1) p.set("page", String(s.page));
  const q = p.toString();
  return q ? `${base}?${q}` : base;
}

/** Header click: the same column flips direction; another column starts ascending. */
export function toggledOrder(state: InboxState, key: OrderKey): string {
  return inboxOrder(key, state.orderKey === key && !state.desc);
}

/** The seen filter the API gets: the unread tab wins over the advanced filter. */
export function seenFilter(state: InboxState): boolean | undefined {
  if (state.tab === "unread") return false;
  return state.seen === "" ? undefined : state.seen === "true";
}

export function hasFilters(state: InboxState): boolean {
  return Boolean(
    state.search ||
    state.seen ||
    state.client ||
    state.type.length ||
    state.created_since ||
    state.created_until ||
    state.seen_since ||
    state.seen_until ||
    state.tab === "unread",
  );
}
