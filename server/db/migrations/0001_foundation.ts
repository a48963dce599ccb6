import type { Kysely } from "kysely";

/**
 * Frozen: never edit after it shipped, add a new migration instead.
 * Runs on SQLite and PostgreSQL: portable column types only, no defaults made by
 * the database (ids and timestamps are made in code), booleans as integer 0/1.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("citizens")
    .addColumn("cuil", "varchar(11)", (c) => c.primaryKey())
    .addColumn("given_name", "varchar(200)", (c) => c.notNull())
    .addColumn("family_name", "varchar(200)", (c) => c.notNull())
    .addColumn("email", "varchar(320)")
    .addColumn("phone_code", "varchar(8)")
    .addColumn("phone_number", "varchar(16)")
    .addColumn("uid", "varchar(64)", (c) => c.notNull().unique())
    .addColumn("password_hash", "varchar(255)", (c) => c.notNull())
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("dd_adhesions")
    .addColumn("cuil", "varchar(11)", (c) => c.primaryKey().references("citizens.cuil").onDelete("cascade"))
    .addColumn("email", "varchar(320)", (c) => c.notNull())
    .addColumn("phone_code", "varchar(8)")
    .addColumn("phone_number", "varchar(16)")
    .addColumn("adhered_at", "varchar(32)", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("module_configs")
    .addColumn("id", "varchar(32)", (c) => c.primaryKey())
    .addColumn("enabled", "integer", (c) => c.notNull())
    .addColumn("page_size", "integer", (c) => c.notNull())
    .addColumn("new_button", "integer", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("module_tabs")
    .addColumn("module_id", "varchar(32)", (c) => c.notNull().references("module_configs.id").onDelete("cascade"))
    .addColumn("code", "varchar(64)", (c) => c.notNull())
    .addColumn("description", "varchar(200)", (c) => c.notNull())
    .addColumn("count", "integer", (c) => c.notNull())
    .addColumn("color", "varchar(32)", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("module_tabs_pk", ["module_id", "code"])
    .execute();

  await db.schema
    .createTable("app_settings")
    .addColumn("key", "varchar(64)", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("revoked_tokens")
    .addColumn("jti", "varchar(255)", (c) => c.primaryKey())
    .addColumn("expires_at", "varchar(32)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("revoked_tokens_expires_at_idx").on("revoked_tokens").column("expires_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("revoked_tokens").execute();
  await db.schema.dropTable("app_settings").execute();
  await db.schema.dropTable("module_tabs").execute();
  await db.schema.dropTable("module_configs").execute();
  await db.schema.dropTable("dd_adhesions").execute();
  await db.schema.dropTable("citizens").execute();
}
