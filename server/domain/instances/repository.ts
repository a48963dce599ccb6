/**
 * The one instance-list query (decision 023): the citizen's procedures (`proc_instances`) and
 * records (`records`) are both "instances" listed per tab (spec section 7,
 * `GET /api/v4/instances/:code?module=…`), filtered by creation day, searched and paged the same
 * way. A module names its table, the columns its search reads and its sort columns; the filter,
 * the search rule (common/search.ts: case and accents never matter) and the paging are here, once.
 */
import { sql, type Expression, type RawBuilder, type SqlBool } from "kysely";
import type { DbOrTx } from "../../db/index.js";
import { FOLDED_LETTERS, likePattern } from "../../../common/search.js";

/** The tables listed as instances; both have `id`, `owner_cuil`, `tab_code` and `created_at`. */
export type InstanceTable = "proc_instances" | "records";

/**
 * A column the search reads: `normalised` when it already holds `normalizeSearch`'s text (the
 * procedures' `search_text`), else it is folded in SQL with common/search.ts's letter table.
 */
export type SearchColumn = { column: string; normalised: boolean };

export type InstanceListSpec = {
  table: InstanceTable;
  search: SearchColumn[];
};

export type InstanceFilter = {
  cuil: string;
  tab: string;
  searchTerm?: string | null;
  /** `yyyy-mm-dd`, inclusive, on the creation day (UTC); anything else is ignored */
  since?: string | null;
  until?: string | null;
};

export type InstancePage = InstanceFilter & {
  pageNumber: number;
  pageSize: number;
  sort: { column: string; direction: "asc" | "desc" };
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString();

/** lower(column) with every letter of the fold table replaced: SQL's side of `normalizeSearch`. */
export function folded(column: string): RawBuilder<string> {
  let expression: RawBuilder<string> = sql<string>`lower(${sql.ref(column)})`;
  for (const [letter, plain] of FOLDED_LETTERS) expression = sql<string>`replace(${expression}, ${sql.lit(letter)}, ${sql.lit(plain)})`;
  return expression;
}

function filtered(db: DbOrTx, spec: InstanceListSpec, f: InstanceFilter) {
  // Both tables have the columns used below; Kysely is told one of them so it can check the names.
  let query = db
    .selectFrom(spec.table as "records")
    .where("owner_cuil", "=", f.cuil)
    .where("tab_code", "=", f.tab);
  const term = (f.searchTerm ?? "").trim().slice(0, 200);
  if (term) {
    const pattern = likePattern(term);
    if (pattern !== "%%") {
      query = query.where((eb) =>
        eb.or(
          spec.search.map(
            (s): Expression<SqlBool> => sql<SqlBool>`${s.normalised ? sql.ref(s.column) : folded(s.column)} like ${pattern} escape '\\'`,
          ),
        ),
      );
    }
  }
  if (f.since && DAY.test(f.since)) query = query.where("created_at", ">=", `${f.since}T00:00:00.000Z`);
  if (f.until && DAY.test(f.until)) query = query.where("created_at", "<", nextDay(f.until));
  return query;
}

/** How many instances match the filter. */
export async function countInstanceRows(db: DbOrTx, spec: InstanceListSpec, f: InstanceFilter): Promise<number> {
  const row = await filtered(db, spec, f)
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * How many of the citizen's instances each tab of `module` holds (`module_tabs`; 0 for an empty tab),
 * in one grouped query: for every tab, what `countInstanceRows` answers for it without search or days.
 */
export async function countInstanceRowsByTab(
  db: DbOrTx,
  spec: InstanceListSpec,
  module: string,
  cuil: string,
): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom("module_tabs as t")
    // As in `filtered`, Kysely is told one of the two tables so it can check the names.
    .leftJoin(`${spec.table} as i` as "records as i", (join) => join.onRef("i.tab_code", "=", "t.code").on("i.owner_cuil", "=", cuil))
    .where("t.module_id", "=", module)
    .groupBy("t.code")
    // `tab_code`, not `*`: an empty tab's one joined row (all null) counts 0, and the index alone answers.
    .select((eb) => ["t.code", eb.fn.count<number | string>("i.tab_code").as("n")])
    .execute();
  return Object.fromEntries(rows.map((row) => [row.code, Number(row.n)]));
}

/** One page of matching rows (ties broken by id), with the total and the last page number. */
export async function listInstanceRows<Row>(
  db: DbOrTx,
  spec: InstanceListSpec,
  q: InstancePage,
): Promise<{ rows: Row[]; total: number; lastPage: number }> {
  const total = await countInstanceRows(db, spec, q);
  const rows = await filtered(db, spec, q)
    .selectAll()
    .orderBy(sql.ref(q.sort.column), q.sort.direction)
    .orderBy("id", q.sort.direction)
    .limit(q.pageSize)
    .offset((q.pageNumber - 1) * q.pageSize)
    .execute();
  return { rows: rows as unknown as Row[], total, lastPage: Math.max(1, Math.ceil(total / q.pageSize)) };
}
