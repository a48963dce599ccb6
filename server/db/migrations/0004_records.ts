import type { Kysely } from "kysely";

/**
 * Frozen: never edit after it shipped. Records (expedientes) of citizens, their
 * associations with other records and their documents. A document moves
 * pending → sent → incorporated (one row, `stage` says where it is).
 * Portable types only; ids and timestamps made in code; booleans as integer 0/1.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("records")
    .addColumn("id", "varchar(36)", (c) => c.primaryKey())
    .addColumn("code", "varchar(64)", (c) => c.notNull())
    .addColumn("owner_cuil", "varchar(11)", (c) => c.notNull().references("citizens.cuil").onDelete("cascade"))
    .addColumn("tab_code", "varchar(64)", (c) => c.notNull())
    .addColumn("status_code", "varchar(64)", (c) => c.notNull())
    .addColumn("status_description", "varchar(200)", (c) => c.notNull())
    .addColumn("status_color", "varchar(32)", (c) => c.notNull())
    .addColumn("read_only", "integer", (c) => c.notNull())
    .addColumn("title", "varchar(300)", (c) => c.notNull())
    /** JSON list of strings (the spec's description lines) */
    .addColumn("description", "text", (c) => c.notNull())
    /** JSON list of { code, key, value } */
    .addColumn("header", "text", (c) => c.notNull())
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("records_code_idx").on("records").column("code").execute();
  await db.schema
    .createIndex("records_owner_tab_created_idx")
    .on("records")
    .columns(["owner_cuil", "tab_code", "created_at"])
    .execute();
  await db.schema
    .createIndex("records_owner_tab_updated_idx")
    .on("records")
    .columns(["owner_cuil", "tab_code", "updated_at"])
    .execute();

  await db.schema
    .createTable("record_associations")
    .addColumn("id", "varchar(36)", (c) => c.primaryKey())
    .addColumn("record_id", "varchar(36)", (c) => c.notNull().references("records.id").onDelete("cascade"))
    /** the other record when it is stored here; its code is kept either way */
    .addColumn("associated_record_id", "varchar(36)")
    .addColumn("associated_code", "varchar(64)", (c) => c.notNull())
    /** link_primary | link_secondary | merge_primary | merge_secondary */
    .addColumn("type", "varchar(32)", (c) => c.notNull())
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("record_associations_record_idx")
    .on("record_associations")
    .columns(["record_id", "created_at"])
    .execute();

  await db.schema
    .createTable("record_documents")
    .addColumn("id", "varchar(36)", (c) => c.primaryKey())
    .addColumn("record_id", "varchar(36)", (c) => c.notNull().references("records.id").onDelete("cascade"))
    .addColumn("file_id", "varchar(36)", (c) => c.notNull().references("files.id"))
    /** pending | sent | incorporated */
    .addColumn("stage", "varchar(16)", (c) => c.notNull())
    /** file name shown to the citizen */
    .addColumn("name", "varchar(255)", (c) => c.notNull())
    /** the citizen's reference (spec.reference) */
    .addColumn("reference", "varchar(500)", (c) => c.notNull())
    /** incorporated: spec.description, spec.user, nroFolio */
    .addColumn("description", "varchar(500)")
    .addColumn("user_name", "varchar(200)")
    .addColumn("nro_folio", "integer")
    /** sent: status */
    .addColumn("status_code", "varchar(32)")
    .addColumn("status_description", "varchar(200)")
    .addColumn("status_color", "varchar(32)")
    /** JSON list of { label, value } */
    .addColumn("details", "text", (c) => c.notNull())
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
    .addColumn("incorporated_at", "varchar(32)")
    .addUniqueConstraint("record_documents_record_file_uq", ["record_id", "file_id"])
    .execute();
  await db.schema
    .createIndex("record_documents_stage_idx")
    .on("record_documents")
    .columns(["record_id", "stage", "created_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("record_documents").execute();
  await db.schema.dropTable("record_associations").execute();
  await db.schema.dropTable("records").execute();
}
