import { PostgresAdapter, sql, type Kysely } from "kysely";

/**
 * Frozen once shipped. Full-text index for the inbox's subject search (issue 8, decision 023).
 * Both index `subject_norm` (lower case, accents removed, made in code by `normaliseSubject`), so
 * the search keeps its substring semantics ("contains", accent- and case-insensitive):
 *
 * - SQLite: an FTS5 `trigram` table, contentless with delete support (the subject already lives in
 *   `dd_communications`). Its rowid is `year * 1e9 + sequence`, the communication's stable unique
 *   key (`dd_communications_year_sequence_uq`) — not the table's implicit rowid, which VACUUM may
 *   renumber. Triggers keep it in step inside the writing transaction; existing rows are backfilled.
 * - PostgreSQL: `pg_trgm` (created in schema `public` when missing) and a GIN trigram index
 *   on `subject_norm`; the planner uses it for `LIKE '%term%'` when the term is selective.
 *   Also (PostgreSQL only) `dd_comm_seen_idx` is rebuilt with NULLS FIRST, see below.
 */
export const FTS_KEY_FACTOR = 1_000_000_000;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    // Database-wide: serialise parallel migrations (one schema each in tests) around the check.
    await sql`select pg_advisory_xact_lock(hashtext('av_pg_trgm'))`.execute(db);
    const installed = () =>
      sql<{ schema: string }>`select n.nspname as schema from pg_extension e
        join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db);
    let { rows } = await installed();
    if (!rows[0]) {
      await sql`create extension pg_trgm with schema public`.execute(db);
      ({ rows } = await installed());
    }
    // Wherever a DBA installed it, name its operator class with that schema.
    const opclass = sql`${sql.id(rows[0]!.schema)}.gin_trgm_ops`;
    await sql`create index dd_comm_subject_trgm_idx on dd_communications using gin (subject_norm ${opclass})`.execute(db);
    // The inbox orders seen_date with NULL (unseen) smallest: ASC NULLS FIRST / DESC NULLS LAST.
    // PostgreSQL's default b-tree order (NULLS LAST) matched neither, so that order sorted the
    // citizen's whole range; this index serves both directions (and the unseen counts).
    await sql`create index dd_comm_seen_nf_idx on dd_communications (cuil, archived, seen_date asc nulls first, code)`.execute(db);
    await sql`drop index dd_comm_seen_idx`.execute(db);
    return;
  }
  await sql`create virtual table dd_comm_fts using fts5(subject_norm, content='', contentless_delete=1, tokenize='trigram')`.execute(db);
  const key = (row: "new" | "old") => sql.raw(`${row}.year * ${FTS_KEY_FACTOR} + ${row}.sequence`);
  await sql`create trigger dd_comm_fts_ai after insert on dd_communications begin
    insert into dd_comm_fts (rowid, subject_norm) values (${key("new")}, new.subject_norm);
  end`.execute(db);
  await sql`create trigger dd_comm_fts_ad after delete on dd_communications begin
    delete from dd_comm_fts where rowid = ${key("old")};
  end`.execute(db);
  await sql`create trigger dd_comm_fts_au after update of subject_norm, year, sequence on dd_communications begin
    delete from dd_comm_fts where rowid = ${key("old")};
    insert into dd_comm_fts (rowid, subject_norm) values (${key("new")}, new.subject_norm);
  end`.execute(db);
  await sql`insert into dd_comm_fts (rowid, subject_norm)
    select year * ${sql.raw(String(FTS_KEY_FACTOR))} + sequence, subject_norm from dd_communications`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`create index dd_comm_seen_idx on dd_communications (cuil, archived, seen_date, code)`.execute(db);
    await sql`drop index dd_comm_seen_nf_idx`.execute(db);
    await sql`drop index dd_comm_subject_trgm_idx`.execute(db);
    return;
  }
  await sql`drop trigger dd_comm_fts_au`.execute(db);
  await sql`drop trigger dd_comm_fts_ad`.execute(db);
  await sql`drop trigger dd_comm_fts_ai`.execute(db);
  await sql`drop table dd_comm_fts`.execute(db);
}
