import type { Kysely } from "kysely";

/**
 * Frozen: never edit after it shipped. Named operators (decision 007): each person of the back
 * office has an identity (name, organismo) and a bearer token of their own, stored only as its
 * SHA-256 (hex); revoking sets `revoked_at`, the row stays (the access log names it).
 * Portable types only; ids and timestamps made in code.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("operators")
    .addColumn("id", "varchar(36)", (c) => c.primaryKey())
    .addColumn("name", "varchar(200)", (c) => c.notNull())
    .addColumn("organismo", "varchar(200)", (c) => c.notNull())
    /** sha256 of the token, lower-case hex */
    .addColumn("token_hash", "varchar(64)", (c) => c.notNull().unique())
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .addColumn("revoked_at", "varchar(32)")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("operators").execute();
}
