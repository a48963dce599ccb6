import { PostgresAdapter, sql, type Kysely } from "kysely";

/**
 * Frozen: never edit after it shipped. The access log a citizen reads in 'Tus datos' (decision
 * 071): one row per operator call that read or changed the citizen's data. Append-only, enforced
 * by the database itself: an UPDATE or DELETE of a row (TRUNCATE too, on PostgreSQL) fails.
 * - SQLite: BEFORE UPDATE / BEFORE DELETE triggers with RAISE(ABORT).
 * - PostgreSQL: one trigger function raising an exception, BEFORE UPDATE OR DELETE (per row) and
 *   BEFORE TRUNCATE (per statement).
 * The operator's name and organismo are copied into the row: what the citizen reads never changes.
 * Portable types otherwise; ids and timestamps made in code.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("operator_accesses")
    .addColumn("id", "varchar(36)", (c) => c.primaryKey())
    .addColumn("occurred_at", "varchar(32)", (c) => c.notNull())
    .addColumn("operator_id", "varchar(36)", (c) => c.notNull())
    .addColumn("operator_name", "varchar(200)", (c) => c.notNull())
    .addColumn("organismo", "varchar(200)", (c) => c.notNull())
    .addColumn("citizen_cuil", "varchar(11)", (c) => c.notNull())
    /** communication | procedure | record | contact */
    .addColumn("kind", "varchar(16)", (c) => c.notNull())
    /** what the item is called in the API: instance or record id, communication code (null for contact data) */
    .addColumn("item_ref", "varchar(64)")
    /** what the citizen recognises: communication or record number, procedure title */
    .addColumn("item_label", "varchar(300)")
    /** what was done, a code (`chat.read`, `communication.send`, …) */
    .addColumn("action", "varchar(40)", (c) => c.notNull())
    .addColumn("purpose", "varchar(500)", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("operator_accesses_citizen_idx")
    .on("operator_accesses")
    .columns(["citizen_cuil", "occurred_at", "id"])
    .execute();

  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`create function operator_accesses_append_only() returns trigger language plpgsql as $$
      begin
        raise exception 'operator_accesses is append-only';
      end
    $$`.execute(db);
    await sql`create trigger operator_accesses_no_change before update or delete on operator_accesses
      for each row execute function operator_accesses_append_only()`.execute(db);
    await sql`create trigger operator_accesses_no_truncate before truncate on operator_accesses
      for each statement execute function operator_accesses_append_only()`.execute(db);
    return;
  }
  await sql`create trigger operator_accesses_no_update before update on operator_accesses begin
    select raise(abort, 'operator_accesses is append-only');
  end`.execute(db);
  await sql`create trigger operator_accesses_no_delete before delete on operator_accesses begin
    select raise(abort, 'operator_accesses is append-only');
  end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("operator_accesses").execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop function if exists operator_accesses_append_only()`.execute(db);
  }
}
