/**
 * The inbox call's wire shape, named once for the portal that sends it and the API that reads it
 * (issue 30): spec section 7's `GET /api/dd/v1/communications/inbox/{cuil}?filters`, whose filters are
 * spec section 3's "Inbox filters" and whose sort is spec section 9's. Only what the spec names, plus
 * our extensions, each marked as ours. The answer (communications, total, unseen, last_page) is
 * each side's own: the API writes it, the portal reads it tolerantly (decision 098).
 */

/** The query parameters of the call: spec section 3's inbox filters, in its order. */
export const INBOX_FILTERS = [
  "page",
  "order",
  "search",
  "seen",
  "archived",
  "client",
  "type",
  "created_since",
  "created_until",
  "seen_since",
  "seen_until",
  "selected",
] as const;
export type InboxFilterName = (typeof INBOX_FILTERS)[number];

/**
 * The keys `order` sorts by: spec section 9's sortable columns, then `due_date`, ours (decisions 026,
 * 027): soonest first, communications without a due day last in both directions.
 */
export const INBOX_ORDER_KEYS = ["created_at", "subject", "client", "type", "seen_date", "due_date"] as const;
export type InboxOrderKey = (typeof INBOX_ORDER_KEYS)[number];

/**
 * `order` as it is written: a key, descending with `-` before it, ascending without a sign (or with
 * `+`). Null for anything else (each side decides what that means: the portal falls back to the
 * default, the API refuses the call).
 */
export function parseInboxOrder(value: string): { key: InboxOrderKey; desc: boolean } | null {
  const key = value.replace(/^[-+]/, "");
  if (!(INBOX_ORDER_KEYS as readonly string[]).includes(key)) return null;
  return { key: key as InboxOrderKey, desc: value.startsWith("-") };
}

/** `order` for a key and direction, as the portal sends it (never with `+`). */
export const inboxOrder = (key: InboxOrderKey, desc: boolean): string => (desc ? `-${key}` : key);

/** Spec section 9: newest first (`-created_at`), when `order` is not given. */
export const INBOX_DEFAULT_SORT: { readonly key: InboxOrderKey; readonly desc: boolean } = { key: "created_at", desc: true };
export const INBOX_DEFAULT_ORDER = inboxOrder(INBOX_DEFAULT_SORT.key, INBOX_DEFAULT_SORT.desc);

/** `selected`: which day the `created_*` filters read, the reception (the default) or the notification. */
export const INBOX_SELECTED = ["received", "notify"] as const;
export type InboxSelected = (typeof INBOX_SELECTED)[number];

/** `type` is the type ids joined with commas (spec section 3). */
export const joinInboxTypes = (ids: readonly string[]): string => ids.join(",");

/** The type ids of a `type` value: split at commas, trimmed, empty ones dropped. */
export const splitInboxTypes = (value: string): string[] =>
  value
    .split(",")
    .map((t) => t.trim())
    .filter(Boolean);

/** The longest `search` and `client` (characters): the portal cuts a longer one, the API refuses it. */
export const INBOX_TEXT_MAX = 200;
/** The highest `page`: the portal reads a higher one as this one, the API refuses it. */
export const INBOX_PAGE_MAX = 1_000_000;
