import { sql, type Kysely } from "kysely";

/**
 * Frozen: never edit after it shipped. Issue 28, decision 057 amended: `written_blobs` holds every
 * blob key the portal itself wrote, written down before the blob's first byte and removed when the
 * blob is deleted. The orphan sweeper deletes only keys found here, so an object another client put
 * under the same bucket or prefix (or folder) is never taken for an orphan.
 *
 * The blobs the rows already name are the portal's: their keys are written down now, dated now (the
 * sweeper's grace counts from here). Orphans left before this migration are not known to be the
 * portal's and stay. Portable types and SQL only (SQLite and PostgreSQL both take `insert … select …
 * on conflict do nothing`; SQLite needs the `where` for it to parse).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("written_blobs")
    /** the key as the store takes it (without any S3 prefix); not `storage_key`, which would make it a naming row */
    .addColumn("blob_key", "varchar(128)", (c) => c.primaryKey())
    /** when its last write began or ended (ISO) */
    .addColumn("written_at", "varchar(32)", (c) => c.notNull())
    .execute();

  const now = new Date().toISOString();
  const naming = [
    ["files", "storage_key"],
    ["file_renditions", "storage_key"],
    ["dd_communication_files", "storage_key"],
    ["data_exports", "id"],
  ] as const;
  for (const [table, column] of naming) {
    await sql`insert into written_blobs (blob_key, written_at)
      select ${sql.ref(column)}, cast(${now} as varchar(32)) from ${sql.table(table)} where ${sql.ref(column)} is not null
      on conflict (blob_key) do nothing`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("written_blobs").execute();
}
