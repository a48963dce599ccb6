import { PostgresAdapter, sql, type Kysely } from "kysely";

/**
 * Frozen: never edit after it shipped. Each citizen's inbox counts, kept by the database (decision
 * 077): one row per (cuil, archived) with the number of communications and of unseen ones. Every
 * page of the inbox answers both; counting a citizen with 100,000 communications read all her index
 * entries on every page. Triggers keep the row in step with every insert, delete and change of
 * `cuil`, `archived` or `seen_date`, in the same transaction as the change, whatever code made it
 * (the API, the operator CLI, the seeds, the bench's bulk load). The rows are filled from what is
 * there when the migration runs.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("dd_inbox_counts")
    .addColumn("cuil", "varchar(11)", (c) => c.notNull())
    .addColumn("archived", "integer", (c) => c.notNull())
    .addColumn("total", "integer", (c) => c.notNull())
    .addColumn("unseen", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("dd_inbox_counts_pk", ["cuil", "archived"])
    .execute();
  await sql`insert into dd_inbox_counts (cuil, archived, total, unseen)
    select cuil, archived, count(*), sum(case when seen_date is null then 1 else 0 end)
    from dd_communications group by cuil, archived`.execute(db);

  // One statement adds (sign 1) or takes away (sign -1) a row's share of its (cuil, archived) counts.
  const add = (row: "new" | "old", sign: 1 | -1) =>
    sql.raw(`insert into dd_inbox_counts (cuil, archived, total, unseen)
      values (${row}.cuil, ${row}.archived, ${sign}, ${sign} * (case when ${row}.seen_date is null then 1 else 0 end))
      on conflict (cuil, archived) do update set total = dd_inbox_counts.total + excluded.total,
        unseen = dd_inbox_counts.unseen + excluded.unseen;`);

  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`create function dd_inbox_counts_keep() returns trigger language plpgsql as $$
      begin
        if tg_op in ('UPDATE', 'DELETE') then ${add("old", -1)} end if;
        if tg_op in ('UPDATE', 'INSERT') then ${add("new", 1)} end if;
        return null;
      end
    $$`.execute(db);
    await sql`create trigger dd_inbox_counts_on_insert_delete after insert or delete on dd_communications
      for each row execute function dd_inbox_counts_keep()`.execute(db);
    await sql`create trigger dd_inbox_counts_on_update after update of cuil, archived, seen_date on dd_communications
      for each row execute function dd_inbox_counts_keep()`.execute(db);
    return;
  }
  await sql`create trigger dd_inbox_counts_on_insert after insert on dd_communications begin ${add("new", 1)} end`.execute(db);
  await sql`create trigger dd_inbox_counts_on_delete after delete on dd_communications begin ${add("old", -1)} end`.execute(db);
  await sql`create trigger dd_inbox_counts_on_update after update of cuil, archived, seen_date on dd_communications begin
    ${add("old", -1)} ${add("new", 1)}
  end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop trigger if exists dd_inbox_counts_on_insert_delete on dd_communications`.execute(db);
    await sql`drop trigger if exists dd_inbox_counts_on_update on dd_communications`.execute(db);
    await sql`drop function if exists dd_inbox_counts_keep()`.execute(db);
  } else {
    for (const name of ["dd_inbox_counts_on_insert", "dd_inbox_counts_on_delete", "dd_inbox_counts_on_update"])
      await sql.raw(`drop trigger if exists ${name}`).execute(db);
  }
  await db.schema.dropTable("dd_inbox_counts").execute();
}
