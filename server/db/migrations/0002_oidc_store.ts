import type { Kysely } from "kysely";

/**
 * Frozen. Storage of the development identity provider (sessions, interactions,
 * grants, codes): one row per oidc-provider model instance, payload as JSON text.
 * Timestamps are ISO strings made in code; portable types only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("oidc_payloads")
    .addColumn("kind", "varchar(40)", (c) => c.notNull())
    .addColumn("id", "varchar(255)", (c) => c.notNull())
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("grant_id", "varchar(255)")
    .addColumn("user_code", "varchar(255)")
    .addColumn("uid", "varchar(255)")
    .addColumn("expires_at", "varchar(32)")
    .addColumn("consumed_at", "varchar(32)")
    .addPrimaryKeyConstraint("oidc_payloads_pk", ["kind", "id"])
    .execute();
  await db.schema.createIndex("oidc_payloads_grant_id_idx").on("oidc_payloads").column("grant_id").execute();
  await db.schema.createIndex("oidc_payloads_uid_idx").on("oidc_payloads").column("uid").execute();
  await db.schema.createIndex("oidc_payloads_user_code_idx").on("oidc_payloads").column("user_code").execute();
  await db.schema.createIndex("oidc_payloads_expires_at_idx").on("oidc_payloads").column("expires_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("oidc_payloads").execute();
}
