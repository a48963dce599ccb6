import { PostgresAdapter, sql, type Kysely } from "kysely";

/**
 * Frozen: never edit after it shipped. Issue 37: on SQLite the append-only tables kept a hidden row
 * number beside their `id`, and `INSERT OR REPLACE INTO operator_accesses (rowid, …) VALUES (1, …)`
 * replaced row 1 under a new id (a replace's implicit delete fires no delete trigger, and 0020's
 * trigger looks at `id` only). Both tables are rebuilt `WITHOUT ROWID`: the `id` is the row's only
 * key, so `rowid`, `oid` and `_rowid_` name no column, and every REPLACE or upsert clashes on `id`,
 * which 0020's BEFORE INSERT trigger refuses; UPDATE (`SET rowid = …` included) and DELETE stay
 * refused by 0015's and 0020's triggers. The rebuild is SQLite's documented one (new table, copy,
 * drop, rename), in one transaction, with the tables' own indexes and triggers written again from
 * their stored text. PostgreSQL has no row number a statement can set; its triggers stay as they are.
 */
const TABLES = ["operator_accesses", "operator_changes"] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  await db.transaction().execute(async (trx) => {
    for (const table of TABLES) await rebuild(trx, table, true);
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  await db.transaction().execute(async (trx) => {
    for (const table of TABLES) await rebuild(trx, table, false);
  });
}

/** The table made again with (`WITHOUT ROWID`) or without that clause, its rows, indexes and triggers kept. */
async function rebuild(db: Kysely<unknown>, table: string, withoutRowid: boolean) {
  const { rows } = await sql<{ type: string; sql: string }>`select type, sql from sqlite_master
    where tbl_name = ${table} and sql is not null order by type = 'table' desc, name`.execute(db);
  const [created, ...others] = rows;
  if (created?.type !== "table") throw new Error(`${table}: no such table`);
  const columns = created.sql
    .slice(created.sql.indexOf("("))
    .replace(/\s*without\s+rowid\s*$/i, "")
    .trimEnd();
  const staging = `${table}_rebuilt`;
  await sql`create table ${sql.id(staging)} ${sql.raw(columns)}${sql.raw(withoutRowid ? " without rowid" : "")}`.execute(db);
  await sql`insert into ${sql.id(staging)} select * from ${sql.id(table)}`.execute(db);
  // Dropping a table fires none of its triggers, and takes its indexes and triggers with it.
  await sql`drop table ${sql.id(table)}`.execute(db);
  await sql`alter table ${sql.id(staging)} rename to ${sql.id(table)}`.execute(db);
  for (const other of others) await sql.raw(other.sql).execute(db);
}
