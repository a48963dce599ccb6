import { sql, type Kysely } from "kysely";

/**
 * Frozen: never edit after it shipped. A page image or text that could not be drawn is no longer
 * failed for good (issue on hostile traffic and faults): its row is tried again once a wait has
 * passed since it failed, and that wait grows with each failure in a row. `failures` counts them
 * (0 on a drawn page); the failure's time is the row's `created_at`, moved on each new attempt.
 * Rows that failed before this migration failed once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("file_renditions")
    .addColumn("failures", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update file_renditions set failures = 1 where error_code is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("file_renditions").dropColumn("failures").execute();
}
