import type { Kysely } from "kysely";

/**
 * Frozen: never edit after it shipped. Stored files of citizens (blobs live in the blob
 * store under `storage_key`). Portable types only; ids and timestamps made in code.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("files")
    .addColumn("id", "varchar(36)", (c) => c.primaryKey())
    .addColumn("owner_cuil", "varchar(11)", (c) => c.notNull().references("citizens.cuil").onDelete("cascade"))
    .addColumn("name", "varchar(255)", (c) => c.notNull())
    .addColumn("mime", "varchar(100)", (c) => c.notNull())
    .addColumn("size", "bigint", (c) => c.notNull())
    .addColumn("sha256", "varchar(64)", (c) => c.notNull())
    .addColumn("storage_key", "varchar(128)", (c) => c.notNull().unique())
    .addColumn("page_count", "integer")
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("files_owner_cuil_idx").on("files").columns(["owner_cuil", "created_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("files").execute();
}
