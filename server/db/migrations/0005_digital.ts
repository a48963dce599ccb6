import type { Kysely } from "kysely";

/**
 * Frozen: never edit after it shipped. Digital domicile: communication types, communications
 * (one row per communication of one citizen), their attached files (blobs in the blob store
 * under `storage_key`), their history, and the per-tenant terms / privacy HTML.
 *
 * The inbox is always scoped to (cuil, archived): every composite index starts with those two
 * columns, so list and count queries of one citizen stay index range scans at 100,000 rows.
 * Search by subject runs `LIKE` over `subject_norm` (lower case, no accents, made in code) inside
 * that range; see docs/decisions/011-digital-domicile-sanitize-html-own-file-rows-like-search-mai.md.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("dd_communication_types")
    .addColumn("id", "varchar(32)", (c) => c.primaryKey())
    .addColumn("text", "varchar(200)", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("dd_communications")
    .addColumn("code", "varchar(32)", (c) => c.primaryKey())
    .addColumn("cuil", "varchar(11)", (c) => c.notNull().references("citizens.cuil").onDelete("cascade"))
    .addColumn("sequence", "integer", (c) => c.notNull())
    .addColumn("year", "integer", (c) => c.notNull())
    .addColumn("recipient", "varchar(400)", (c) => c.notNull())
    .addColumn("subject", "varchar(300)", (c) => c.notNull())
    .addColumn("subject_norm", "varchar(300)", (c) => c.notNull())
    .addColumn("client", "varchar(200)", (c) => c.notNull())
    .addColumn("type_id", "varchar(32)", (c) => c.notNull().references("dd_communication_types.id"))
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("notified", "integer", (c) => c.notNull())
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .addColumn("date_notified", "varchar(32)")
    .addColumn("seen_date", "varchar(32)")
    .addColumn("archived", "integer", (c) => c.notNull())
    .addColumn("files_pending", "integer", (c) => c.notNull())
    .addUniqueConstraint("dd_communications_year_sequence_uq", ["year", "sequence"])
    .execute();
  const idx = (name: string, columns: string[]) =>
    db.schema.createIndex(name).on("dd_communications").columns(columns).execute();
  await idx("dd_comm_created_idx", ["cuil", "archived", "created_at", "code"]);
  await idx("dd_comm_seen_idx", ["cuil", "archived", "seen_date", "code"]);
  await idx("dd_comm_subject_idx", ["cuil", "archived", "subject_norm", "code"]);
  await idx("dd_comm_client_idx", ["cuil", "archived", "client", "code"]);
  await idx("dd_comm_type_idx", ["cuil", "archived", "type_id", "code"]);
  await idx("dd_comm_notified_idx", ["cuil", "archived", "date_notified", "code"]);

  await db.schema
    .createTable("dd_communication_files")
    .addColumn("id", "varchar(36)", (c) => c.primaryKey())
    .addColumn("communication_code", "varchar(32)", (c) =>
      c.notNull().references("dd_communications.code").onDelete("cascade"),
    )
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("file_name", "varchar(255)", (c) => c.notNull())
    .addColumn("mime", "varchar(100)", (c) => c.notNull())
    .addColumn("size", "bigint", (c) => c.notNull())
    .addColumn("storage_key", "varchar(128)", (c) => c.notNull().unique())
    .addColumn("downloaded", "integer", (c) => c.notNull())
    .addColumn("downloaded_at", "varchar(32)")
    .execute();
  await db.schema
    .createIndex("dd_comm_files_code_idx")
    .on("dd_communication_files")
    .columns(["communication_code", "position"])
    .execute();

  await db.schema
    .createTable("dd_history")
    .addColumn("id", "varchar(36)", (c) => c.primaryKey())
    .addColumn("communication_code", "varchar(32)", (c) =>
      c.notNull().references("dd_communications.code").onDelete("cascade"),
    )
    .addColumn("date", "varchar(32)", (c) => c.notNull())
    .addColumn("description", "varchar(500)", (c) => c.notNull())
    .addColumn("user_name", "varchar(400)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("dd_history_code_idx").on("dd_history").columns(["communication_code", "date"]).execute();

  await db.schema
    .createTable("dd_legal_texts")
    .addColumn("tenant", "varchar(64)", (c) => c.notNull())
    .addColumn("kind", "varchar(16)", (c) => c.notNull())
    .addColumn("html", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("dd_legal_texts_pk", ["tenant", "kind"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("dd_legal_texts").execute();
  await db.schema.dropTable("dd_history").execute();
  await db.schema.dropTable("dd_communication_files").execute();
  await db.schema.dropTable("dd_communications").execute();
  await db.schema.dropTable("dd_communication_types").execute();
}
