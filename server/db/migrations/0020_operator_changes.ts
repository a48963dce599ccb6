import { PostgresAdapter, sql, type Kysely } from "kysely";

/**
 * Frozen: never edit after it shipped. Issue 28, decision 071 continued:
 * - `operator_changes`: one row per operator change of the configuration that reaches citizens (the
 *   logout URL every 'Cerrar sesión' goes to, the tenant, a module switched off): who (operator and
 *   organismo, copied), when, which setting, the value before and after, and the purpose the operator
 *   gave. Append-only like `operator_accesses`.
 * - On SQLite, `INSERT OR REPLACE` of a row already there deletes it without firing the delete
 *   triggers (SQLite fires them on a REPLACE only with recursive triggers on): a BEFORE INSERT
 *   trigger refuses an insert whose id is already taken, on both append-only tables. (On PostgreSQL
 *   `ON CONFLICT DO UPDATE` is an update, which the update trigger already refuses.)
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("operator_changes")
    .addColumn("id", "varchar(36)", (c) => c.primaryKey())
    .addColumn("occurred_at", "varchar(32)", (c) => c.notNull())
    .addColumn("operator_id", "varchar(36)", (c) => c.notNull())
    .addColumn("operator_name", "varchar(200)", (c) => c.notNull())
    .addColumn("organismo", "varchar(200)", (c) => c.notNull())
    /** what changed: `setting:logout_url`, `setting:tenant`, `module:records` */
    .addColumn("target", "varchar(64)", (c) => c.notNull())
    .addColumn("old_value", "varchar(2000)")
    .addColumn("new_value", "varchar(2000)", (c) => c.notNull())
    .addColumn("purpose", "varchar(500)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("operator_changes_time_idx").on("operator_changes").columns(["occurred_at", "id"]).execute();

  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`create function operator_changes_append_only() returns trigger language plpgsql as $$
      begin
        raise exception 'operator_changes is append-only';
      end
    $$`.execute(db);
    await sql`create trigger operator_changes_no_change before update or delete on operator_changes
      for each row execute function operator_changes_append_only()`.execute(db);
    await sql`create trigger operator_changes_no_truncate before truncate on operator_changes
      for each statement execute function operator_changes_append_only()`.execute(db);
    return;
  }
  await sql`create trigger operator_changes_no_update before update on operator_changes begin
    select raise(abort, 'operator_changes is append-only');
  end`.execute(db);
  await sql`create trigger operator_changes_no_delete before delete on operator_changes begin
    select raise(abort, 'operator_changes is append-only');
  end`.execute(db);
  for (const table of ["operator_accesses", "operator_changes"]) {
    await sql`create trigger ${sql.raw(`${table}_no_replace`)} before insert on ${sql.raw(table)}
      when exists (select 1 from ${sql.raw(table)} where id = new.id) begin
      select raise(abort, ${sql.lit(`${table} is append-only`)});
    end`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) {
    await sql`drop trigger if exists operator_accesses_no_replace`.execute(db);
  }
  await db.schema.dropTable("operator_changes").execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop function if exists operator_changes_append_only()`.execute(db);
  }
}
