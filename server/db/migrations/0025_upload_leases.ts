import type { Kysely } from "kysely";

/**
 * Frozen: never edit after it shipped. Issue 37: the uploads a citizen has in flight, one row per
 * upload the portal is reading (a lease it takes before the body and gives back when done), kept in
 * the database so every portal and API process sees the same count. A lease left by a process that
 * died lapses at `expires_at`. Portable types; ids and times made in code.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("upload_leases")
    .addColumn("id", "varchar(36)", (c) => c.primaryKey())
    .addColumn("cuil", "varchar(11)", (c) => c.notNull())
    .addColumn("expires_at", "varchar(32)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("upload_leases_cuil_idx").on("upload_leases").columns(["cuil", "expires_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("upload_leases").execute();
}
