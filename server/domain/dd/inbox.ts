/** The inbox query (spec section 3, inbox filters): one citizen, indexed on (cuil, archived, …). */
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from "kysely";
import type { DbOrTx } from "../../db/index.js";
import type { Database } from "../../db/types.js";
import "./tables.js";

export const ORDER_COLUMNS = {
  created_at: "created_at",
  subject: "subject_norm",
  client: "client",
  type: "type_id",
  seen_date: "seen_date",
} as const;
export type OrderKey = keyof typeof ORDER_COLUMNS;

export type InboxFilters = {
  page: number;
  order: { key: OrderKey; desc: boolean };
  search?: string;
  seen?: boolean;
  archived: boolean;
  client?: string;
  types?: string[];
  created_since?: string;
  created_until?: string;
  seen_since?: string;
  seen_until?: string;
  selected: "received" | "notify";
};

/** Lower case, accents removed: what `subject_norm` holds and the search matches. */
export function normaliseSubject(value: string): string {
  return value.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/\s+/g, " ").trim();
}

const startOf = (day: string) => `${day}T00:00:00.000Z`;
function startOfNext(day: string) {
  const d = new Date(`${day}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString();
}
const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

type Eb = ExpressionBuilder<Database, "dd_communications">;

/** Every filter but `seen` (the unread count ignores it). */
function baseWhere(eb: Eb, cuil: string, f: InboxFilters): Expression<SqlBool>[] {
  const w: Expression<SqlBool>[] = [eb("cuil", "=", cuil), eb("archived", "=", f.archived ? 1 : 0)];
  const search = f.search ? normaliseSubject(f.search) : "";
  if (search) w.push(sql<SqlBool>`subject_norm like ${`%${escapeLike(search)}%`} escape ${"\\"}`);
  if (f.client) w.push(eb("client", "=", f.client));
  if (f.types?.length) w.push(eb("type_id", "in", f.types));
  const dateCol = f.selected === "notify" ? "date_notified" : "created_at";
  if (f.created_since) w.push(eb(dateCol, ">=", startOf(f.created_since)));
  if (f.created_until) w.push(eb(dateCol, "<", startOfNext(f.created_until)));
  if (f.seen_since) w.push(eb("seen_date", ">=", startOf(f.seen_since)));
  if (f.seen_until) w.push(eb("seen_date", "<", startOfNext(f.seen_until)));
  return w;
}

function seenWhere(eb: Eb, seen: boolean | undefined): Expression<SqlBool>[] {
  if (seen === undefined) return [];
  return [seen ? eb("seen_date", "is not", null) : eb("seen_date", "is", null)];
}

export async function queryInbox(db: DbOrTx, cuil: string, f: InboxFilters, pageSize: number) {
  const where = (eb: Eb) => eb.and([...baseWhere(eb, cuil, f), ...seenWhere(eb, f.seen)]);
  const col = ORDER_COLUMNS[f.order.key];
  const dir = f.order.desc ? "desc" : "asc";
  // One aggregate gives both counts: with seen=false every row is unseen, with seen=true none is.
  const [rows, counts] = await Promise.all([
    db
      .selectFrom("dd_communications")
      .selectAll()
      .where(where)
      // Unseen (null seen_date) sorts as the smallest value on both dialects.
      .orderBy(col, (ob) => (col === "seen_date" ? (dir === "asc" ? ob.asc().nullsFirst() : ob.desc().nullsLast()) : dir === "asc" ? ob.asc() : ob.desc()))
      .orderBy("code", dir)
      .limit(pageSize)
      .offset((f.page - 1) * pageSize)
      .execute(),
    db
      .selectFrom("dd_communications")
      .select((eb) => [
        eb.fn.countAll().as("n"),
        eb.fn.sum<number | string | null>(eb.case().when("seen_date", "is", null).then(1).else(0).end()).as("unseen"),
      ])
      .where(where)
      .executeTakeFirstOrThrow(),
  ]);
  const total = Number(counts.n);
  return {
    rows,
    total,
    unseen: Number(counts.unseen ?? 0),
    last_page: Math.max(1, Math.ceil(total / pageSize)),
  };
}
