import type { Kysely } from "kysely";

/**
 * Frozen: never edit after it shipped. The mail outbox (decision 028): each e-mail is a row
 * written in the same transaction as what caused it; a worker of the API claims due rows
 * (status `sending`, a claim token and a lease), sends them, and marks them `sent`, puts them back
 * to `pending` with a later `next_attempt_at`, or `parked` after the last try.
 * Portable types only; times are ISO strings made in code.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("mail_outbox")
    .addColumn("id", "varchar(36)", (c) => c.primaryKey())
    .addColumn("kind", "varchar(40)", (c) => c.notNull())
    .addColumn("to_address", "varchar(320)", (c) => c.notNull())
    .addColumn("subject", "varchar(500)", (c) => c.notNull())
    .addColumn("body_text", "text", (c) => c.notNull())
    .addColumn("status", "varchar(16)", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .addColumn("next_attempt_at", "varchar(32)", (c) => c.notNull())
    .addColumn("claim_token", "varchar(36)")
    .addColumn("claimed_until", "varchar(32)")
    .addColumn("sent_at", "varchar(32)")
    .addColumn("last_error", "varchar(500)")
    .execute();
  await db.schema.createIndex("mail_outbox_due_idx").on("mail_outbox").columns(["status", "next_attempt_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("mail_outbox").execute();
}
