import type { Kysely } from "kysely";

/**
 * Frozen: never edit after it shipped. Receipts ('Comprobante', issue 9 item 6): one row per
 * thing the citizen did (started a procedure, sent documents, adhered), issued once with a
 * unique number and a snapshot of what was sent (JSON), so the receipt never changes later.
 * Portable types only; ids and timestamps made in code; JSON stored as text.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("receipts")
    .addColumn("id", "varchar(36)", (c) => c.primaryKey())
    /** shown to the citizen, e.g. AV-20261121-7K3QF9 */
    .addColumn("number", "varchar(32)", (c) => c.notNull().unique())
    .addColumn("owner_cuil", "varchar(11)", (c) => c.notNull().references("citizens.cuil").onDelete("cascade"))
    /** procedure | documents | record | adhesion */
    .addColumn("kind", "varchar(16)", (c) => c.notNull())
    /** what the receipt is of (instance id, chat event id, record id + time, adhesion time) */
    .addColumn("ref", "varchar(120)", (c) => c.notNull())
    /** when the citizen did it (ISO) */
    .addColumn("occurred_at", "varchar(32)", (c) => c.notNull())
    .addColumn("issued_at", "varchar(32)", (c) => c.notNull())
    /** JSON: ReceiptDetail */
    .addColumn("detail", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("receipts_owner_ref_idx").on("receipts").columns(["owner_cuil", "kind", "ref"]).unique().execute();
  await db.schema.createIndex("receipts_owner_occurred_idx").on("receipts").columns(["owner_cuil", "occurred_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("receipts").execute();
}
