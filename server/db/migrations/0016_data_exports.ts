import type { Kysely } from "kysely";

/**
 * Frozen: never edit after it shipped. 'Descargar mis datos' (decision 073): one row per citizen
 * naming the ZIP of their data last built into the blob store. `status` is `building` while one
 * API process builds it (the row is its claim, held until `lease_until`) and `ready` once the blob
 * is complete; a ready export is answered again until `expires_at` (one hour) and swept after it.
 * The primary key on the citizen makes the claim one atomic upsert on SQLite and PostgreSQL alike.
 * Portable types only; ids (also the blob key) and timestamps made in code.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("data_exports")
    .addColumn("citizen_cuil", "varchar(11)", (c) => c.primaryKey())
    /** this build's id, which is also its blob key */
    .addColumn("id", "varchar(36)", (c) => c.notNull().unique())
    /** building | ready */
    .addColumn("status", "varchar(16)", (c) => c.notNull())
    .addColumn("started_at", "varchar(32)", (c) => c.notNull())
    /** building: another process may take the build over after this */
    .addColumn("lease_until", "varchar(32)", (c) => c.notNull())
    /** ready: when the blob was complete, and until when it is answered again */
    .addColumn("created_at", "varchar(32)")
    .addColumn("expires_at", "varchar(32)")
    .addColumn("size", "bigint")
    .addColumn("sha256", "varchar(64)")
    .execute();
  await db.schema.createIndex("data_exports_expires_idx").on("data_exports").columns(["status", "expires_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("data_exports").execute();
}
