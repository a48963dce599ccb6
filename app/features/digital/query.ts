/**
 * The inbox's view state lives in the URL (spec section 3 filters plus `tab` and `filters`).
 * Parsing is lenient: an invalid value is dropped, never an error page.
 */
import { parseDay } from "@common/days";
import {
  INBOX_DEFAULT_ORDER,
  INBOX_DEFAULT_SORT,
  INBOX_PAGE_MAX,
  INBOX_TEXT_MAX,
  inboxOrder,
  parseInboxOrder,
  splitInboxTypes,
  type InboxOrderKey,
  type InboxSelected,
} from "@common/inbox";
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

export type InboxState = {
  page: number;
  order: string;
  orderKey: OrderKey;
  desc: boolean;
  tab: "all" | "unread";
  search: string;
  seen: "" | "true" | "false";
  client: string;
  type: string[];
  created_since: string;
  created_until: string;
  seen_since: string;
  seen_until: string;
  selected: InboxSelected;
  /** advanced filter panel open */
  filtersOpen: boolean;
};

export function parseInboxState(params: URLSearchParams): InboxState {
  const { key, desc } = parseInboxOrder(params.get("order") ?? "") ?? INBOX_DEFAULT_SORT;
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  const seen = params.get("seen");
  const types = params
    .getAll("type")
    .flatMap(splitInboxTypes)
    .filter((t) => /^[\w-]{1,32}$/.test(t));
  let created_since = parseDay(params.get("created_since")) ?? "";
  let created_until = parseDay(params.get("created_until")) ?? "";
  if (created_since && created_until && created_since > created_until) [created_since, created_until] = [created_until, created_since];
  let seen_since = parseDay(params.get("seen_since")) ?? "";
  let seen_until = parseDay(params.get("seen_until")) ?? "";
  if (seen_since && seen_until && seen_since > seen_until) [seen_since, seen_until] = [seen_until, seen_since];
  return {
    page: Number.isFinite(page) && page >= 1 ? Math.min(page, INBOX_PAGE_MAX) : 1,
    order: inboxOrder(key, desc),
    orderKey: key,
    desc,
    tab: params.get("tab") === "unread" ? "unread" : "all",
    search: (params.get("search") ?? "").trim().slice(0, INBOX_TEXT_MAX),
    seen: seen === "true" || seen === "false" ? seen : "",
    client: (params.get("client") ?? "").trim().slice(0, INBOX_TEXT_MAX),
    type: [...new Set(types)],
    created_since,
    created_until,
    seen_since,
    seen_until,
    selected: params.get("selected") === "notify" ? "notify" : "received",
    filtersOpen: params.get("filters") === "1",
  };
}

/** Query string of a state (defaults left out), with `over` applied; page resets unless given. */
export function inboxHref(base: string, state: InboxState, over: Partial<InboxState> = {}): string {
  const s = { ...state, page: 1, ...over };
  const p = new URLSearchParams();
  if (s.tab === "unread") p.set("tab", "unread");
  if (s.search) p.set("search", s.search);
  if (s.seen) p.set("seen", s.seen);
  if (s.client) p.set("client", s.client);
  if (s.type.length) p.set("type", s.type.join(","));
  if (s.selected === "notify") p.set("selected", "notify");
  for (const k of ["created_since", "created_until", "seen_since", "seen_until"] as const) if (s[k]) p.set(k, s[k]);
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
