import type { Kysely } from "kysely";

/**
 * Frozen: never edit after it shipped. The daily e-mail digest of the access log (decision 071):
 * one row per citizen with their switch (`enabled`, 1 unless they turned it off; no row counts as
 * on) and the last digest written: the province day it was written on (`last_day`), the instant up
 * to which it counted accesses (`covered_until`) and its outbox row (`last_mail_id`). The digest job
 * locks the row (FOR UPDATE on PostgreSQL; SQLite has one writer) before it decides and writes.
 * An index on `operator_accesses.occurred_at` lets the job find the recent accesses of everyone.
 * Portable types only; timestamps made in code.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("access_digests")
    .addColumn("cuil", "varchar(11)", (c) => c.primaryKey())
    .addColumn("enabled", "integer", (c) => c.notNull().defaultTo(1))
    /** yyyy-mm-dd in America/Argentina/Buenos_Aires */
    .addColumn("last_day", "varchar(10)")
    .addColumn("covered_until", "varchar(32)")
    .addColumn("last_mail_id", "varchar(36)")
    .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("operator_accesses_time_idx").on("operator_accesses").column("occurred_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("operator_accesses_time_idx").execute();
  await db.schema.dropTable("access_digests").execute();
}
