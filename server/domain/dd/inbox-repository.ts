/** The inbox query (spec section 3, inbox filters): one citizen, indexed on (cuil, archived, …); the digital domicile's other queries are in ./repository.ts. */
import type { InboxOrderKey, InboxSelected } from "../../../common/inbox.js";
import { normalizeSearch } from "../../../common/search.js";
import {
  PostgresAdapter,
  sql,
  type Expression,
  type ExpressionBuilder,
  type OrderByModifiersCallbackExpression,
  type SqlBool,
} from "kysely";
import type { DbOrTx } from "../../db/index.js";
import { FTS_KEY_FACTOR } from "../../db/migrations/0008_subject_search.js";
import type { Database } from "../../db/types.js";

/** The column each key of `order` (common/inbox.ts) sorts by. */
export const ORDER_COLUMNS = {
  created_at: "created_at",
  subject: "subject_norm",
  client: "client",
  type: "type_id",
  seen_date: "seen_date",
  /** Ours, beside the spec (decisions 026 and 014): soonest first; communications without a due day last in both directions */
  due_date: "due_date",
} as const satisfies Record<InboxOrderKey, string>;
export type OrderKey = InboxOrderKey;

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
  selected: InboxSelected;
};

/** Lower case, accents removed: what `subject_norm` holds and the search matches. */
export const normaliseSubject = normalizeSearch;

const startOf = (day: string) => `${day}T00:00:00.000Z`;
function startOfNext(day: string) {
  const d = new Date(`${day}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString();
}
const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

type Eb = ExpressionBuilder<Database, "dd_communications">;

/**
 * How the subject search runs (decision 023). The semantics are always "subject_norm contains the
 * normalised term"; only the access path changes:
 * - `like`: `LIKE '%term%'` inside the citizen's `(cuil, archived, …)` index range (cost grows
 *   with the citizen's communications; a frequent term also ends the page early). PostgreSQL always
 *   uses it and its planner picks the GIN trigram index (migration 0008) when that is cheaper.
 * - `fts` (SQLite): the FTS5 trigram index finds the matching communications of every citizen
 *   (cost grows with the term's matches), then the citizen's other filters apply to those rows.
 *   Chosen when the term has at most FTS_MAX_MATCHES matches in the whole index (one bounded
 *   probe), i.e. for rare terms, where `like` would read the citizen's whole range.
 */
type SearchPath = { kind: "like"; term: string } | { kind: "fts"; term: string } | undefined;
export const FTS_MAX_MATCHES = 2000;

/** An FTS5 phrase: the trigram tokenizer makes it an exact, case-insensitive substring match. */
const ftsPhrase = (term: string) => `"${term.replace(/"/g, '""')}"`;

async function searchPath(db: DbOrTx, search: string | undefined): Promise<SearchPath> {
  const term = search ? normaliseSubject(search) : "";
  if (!term) return undefined;
  // Trigrams need 3 characters; PostgreSQL's planner chooses between its indexes itself.
  if ([...term].length < 3 || db.getExecutor().adapter instanceof PostgresAdapter) return { kind: "like", term };
  const { rows } = await sql<{ n: number }>`select count(*) as n from (select rowid from dd_comm_fts
    where dd_comm_fts match ${ftsPhrase(term)} limit ${FTS_MAX_MATCHES + 1})`.execute(db);
  return Number(rows[0]?.n ?? 0) > FTS_MAX_MATCHES ? { kind: "like", term } : { kind: "fts", term };
}

function searchWhere(path: SearchPath): Expression<SqlBool>[] {
  if (!path) return [];
  if (path.kind === "like") return [sql<SqlBool>`subject_norm like ${`%${escapeLike(path.term)}%`} escape ${"\\"}`];
  // From the FTS key (year * 1e9 + sequence) back to the row through the (year, sequence) unique index.
  return [
    sql<SqlBool>`dd_communications.rowid in (select c.rowid from dd_comm_fts
      join dd_communications c on c.year = dd_comm_fts.rowid / ${sql.lit(FTS_KEY_FACTOR)}
        and c.sequence = dd_comm_fts.rowid % ${sql.lit(FTS_KEY_FACTOR)}
      where dd_comm_fts match ${ftsPhrase(path.term)})`,
  ];
}

/** Every filter but `seen` (the unread count ignores it). */
function baseWhere(eb: Eb, cuil: string, f: InboxFilters, search: SearchPath): Expression<SqlBool>[] {
  const w: Expression<SqlBool>[] = [eb("cuil", "=", cuil), eb("archived", "=", f.archived ? 1 : 0)];
  w.push(...searchWhere(search));
  if (f.client) w.push(eb("client", "=", f.client));
  if (f.types?.length) w.push(eb("type_id", "in", f.types));
  const dateCol = f.selected === "notify" ? "date_notified" : "created_at";
  if (f.created_since) w.push(eb(dateCol, ">=", startOf(f.created_since)));
  if (f.created_until) w.push(eb(dateCol, "<", startOfNext(f.created_until)));
  if (f.seen_since) w.push(eb("seen_date", ">=", startOf(f.seen_since)));
  if (f.seen_until) w.push(eb("seen_date", "<", startOfNext(f.seen_until)));
  return w;
}

/** True when a filter other than the tray and `seen` narrows the listing (its counts must be counted). */
const narrowed = (f: InboxFilters) =>
  Boolean(f.client || f.types?.length || f.created_since || f.created_until || f.seen_since || f.seen_until);

/**
 * The counts of a whole tray, as the database keeps them (decision 023, migration 0018): what
 * counting the rows would give, without reading them. With `seen`, the listing is its part.
 */
async function keptCounts(db: DbOrTx, cuil: string, f: InboxFilters): Promise<{ n: number; unseen: number }> {
  const row = await db
    .selectFrom("dd_inbox_counts")
    .select(["total", "unseen"])
    .where("cuil", "=", cuil)
    .where("archived", "=", f.archived ? 1 : 0)
    .executeTakeFirst();
  const total = Number(row?.total ?? 0);
  const unseen = Number(row?.unseen ?? 0);
  if (f.seen === false) return { n: unseen, unseen };
  if (f.seen === true) return { n: total - unseen, unseen: 0 };
  return { n: total, unseen };
}

/**
 * A bulk load on PostgreSQL with the counters' triggers off (decision 023): in one transaction they
 * would update a citizen's counter row once per insert, each update a row version the next one walks
 * past (quadratic). `before` the load, `after` it and before the commit: the counts made once from
 * the rows, as migration 0018 fills them. The bench's seed and `bench:inbox` use it.
 */
export const PG_BULK_LOAD_INBOX_COUNTS = {
  before: ["alter table dd_communications disable trigger user"],
  after: [
    "delete from dd_inbox_counts",
    `insert into dd_inbox_counts (cuil, archived, total, unseen)
      select cuil, archived, count(*), sum(case when seen_date is null then 1 else 0 end) from dd_communications group by cuil, archived`,
    "alter table dd_communications enable trigger user",
  ],
} as const;

function seenWhere(eb: Eb, seen: boolean | undefined): Expression<SqlBool>[] {
  if (seen === undefined) return [];
  return [seen ? eb("seen_date", "is not", null) : eb("seen_date", "is", null)];
}

/**
 * One page plus the total and unseen counts. Any page costs about what the first does:
 * - deferred join: the page's codes come from the ordering index (with OFFSET), then only those
 *   rows are read;
 * - pages past the middle are read from the other end (order reversed, OFFSET from the end, rows
 *   reversed back), so OFFSET never exceeds half the listing. The total comes first for that.
 * Reversing flips `dir` only: every ordering must be the mirror image of its reverse (nullable
 * columns put NULL first ascending and last descending, as `seen_date` does).
 */
export async function queryInbox(db: DbOrTx, cuil: string, f: InboxFilters, pageSize: number) {
  const search = await searchPath(db, f.search);
  const where = (eb: Eb) => eb.and([...baseWhere(eb, cuil, f, search), ...seenWhere(eb, f.seen)]);
  const col = ORDER_COLUMNS[f.order.key];
  const counting = () => (search || narrowed(f) ? countRows() : keptCounts(db, cuil, f));
  const countRows = () =>
    db
      .selectFrom("dd_communications")
      .select((eb) => [
        eb.fn.countAll().as("n"),
        eb.fn.sum<number | string | null>(eb.case().when("seen_date", "is", null).then(1).else(0).end()).as("unseen"),
      ])
      .where(where)
      .executeTakeFirstOrThrow();
  const paging = (offset: number, limit: number, reverse: boolean) => {
    const dir = f.order.desc !== reverse ? "desc" : "asc";
    // Unseen (null seen_date) sorts as the smallest value on both dialects.
    const modifiers: OrderByModifiersCallbackExpression = (ob) =>
      col === "due_date"
        ? // Nulls last in the order asked for; so nulls first when read reversed (its mirror image).
          reverse
          ? ob[dir]().nullsFirst()
          : ob[dir]().nullsLast()
        : col === "seen_date"
          ? dir === "asc"
            ? ob.asc().nullsFirst()
            : ob.desc().nullsLast()
          : ob[dir]();
    const codes = db
      .selectFrom("dd_communications")
      .select("code")
      .where(where)
      .orderBy(col, modifiers)
      .orderBy("code", dir)
      .limit(limit)
      .offset(offset);
    return db
      .selectFrom("dd_communications")
      .selectAll()
      .where("code", "in", codes)
      .orderBy(col, modifiers)
      .orderBy("code", dir)
      .execute()
      .then((rows) => (reverse ? rows.reverse() : rows));
  };
  const skip = (f.page - 1) * pageSize;
  let rows: Awaited<ReturnType<typeof paging>>;
  let counts: Awaited<ReturnType<typeof counting>>;
  if (skip === 0) {
    [rows, counts] = await Promise.all([paging(0, pageSize, false), counting()]);
  } else {
    counts = await counting();
    const total = Number(counts.n);
    const left = total - skip; // rows from this page's first one to the end
    if (left <= 0) rows = [];
    else if (skip <= left - pageSize) rows = await paging(skip, pageSize, false);
    else rows = await paging(Math.max(0, left - pageSize), Math.min(pageSize, left), true);
  }
  const total = Number(counts.n);
  return {
    rows,
    total,
    unseen: Number(counts.unseen ?? 0),
    last_page: Math.max(1, Math.ceil(total / pageSize)),
  };
}
