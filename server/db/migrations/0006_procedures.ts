import type { Kysely } from "kysely";

/**
 * Frozen: never edit after it shipped. Procedures module: the catalogue, the citizens'
 * instances, their history and their received documents. Portable types only; ids and
 * timestamps made in code; JSON stored as text; booleans as integer 0/1.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("proc_catalogue")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("code", "varchar(64)", (c) => c.notNull().unique())
    .addColumn("description", "varchar(300)", (c) => c.notNull())
    /** INTERACTIVE | FORM; null for a parent (a folder of the tree) */
    .addColumn("type", "varchar(16)")
    .addColumn("parent_id", "integer", (c) => c.references("proc_catalogue.id"))
    .addColumn("is_parent", "integer", (c) => c.notNull())
    .addColumn("highlighted", "integer", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("theme", "varchar(100)")
    .addColumn("organism", "varchar(200)")
    .addColumn("recipient", "varchar(100)")
    .addColumn("explanation", "text")
    .addColumn("information_url", "varchar(500)")
    .addColumn("terms_enabled", "integer", (c) => c.notNull())
    .addColumn("terms_text", "text")
    /** JSON: [{ name, description, required }] */
    .addColumn("docs_table", "text", (c) => c.notNull())
    /** JSON: string[] */
    .addColumn("requirements", "text", (c) => c.notNull())
    /** lower-cased, accent-free description, theme and organism (catalogue search) */
    .addColumn("search_text", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("proc_catalogue_parent_idx").on("proc_catalogue").columns(["parent_id", "position"]).execute();

  await db.schema
    .createTable("proc_instances")
    .addColumn("id", "varchar(36)", (c) => c.primaryKey())
    .addColumn("owner_cuil", "varchar(11)", (c) => c.notNull().references("citizens.cuil").onDelete("cascade"))
    .addColumn("procedure_id", "integer", (c) => c.notNull().references("proc_catalogue.id"))
    .addColumn("title", "varchar(300)", (c) => c.notNull())
    /** JSON: string[] */
    .addColumn("description", "text", (c) => c.notNull())
    /** JSON: [{ code, label, value }] */
    .addColumn("payload_descriptions", "text", (c) => c.notNull())
    .addColumn("tab_code", "varchar(64)", (c) => c.notNull())
    .addColumn("state_text", "varchar(100)", (c) => c.notNull())
    .addColumn("state_color", "varchar(32)", (c) => c.notNull())
    /** INTERACTIVE | FORM */
    .addColumn("type", "varchar(16)", (c) => c.notNull())
    /** JSON: button values (edit, attachments, history, goToRecord, preview, discard) */
    .addColumn("buttons", "text", (c) => c.notNull())
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .addColumn("arrived_on", "varchar(32)", (c) => c.notNull())
    .addColumn("has_alert", "integer", (c) => c.notNull())
    /** the linked record (records module's id), kept as a plain value */
    .addColumn("record_id", "varchar(64)")
    .addColumn("discarded_at", "varchar(32)")
    .addColumn("discard_reason", "text")
    /** lower-cased, accent-free title, description lines and payload values (tray search) */
    .addColumn("search_text", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("proc_instances_owner_tab_created_idx")
    .on("proc_instances")
    .columns(["owner_cuil", "tab_code", "created_at"])
    .execute();
  await db.schema
    .createIndex("proc_instances_owner_tab_arrived_idx")
    .on("proc_instances")
    .columns(["owner_cuil", "tab_code", "arrived_on"])
    .execute();
  await db.schema
    .createIndex("proc_instances_owner_procedure_idx")
    .on("proc_instances")
    .columns(["owner_cuil", "procedure_id", "created_at"])
    .execute();

  await db.schema
    .createTable("proc_history")
    .addColumn("id", "varchar(36)", (c) => c.primaryKey())
    .addColumn("instance_id", "varchar(36)", (c) => c.notNull().references("proc_instances.id").onDelete("cascade"))
    .addColumn("cn", "varchar(200)", (c) => c.notNull())
    .addColumn("excuted_on", "varchar(32)", (c) => c.notNull())
    .addColumn("action", "varchar(300)")
    .addColumn("comment", "text")
    /** JSON: [{ fileId, name }] */
    .addColumn("files", "text", (c) => c.notNull())
    /** 1 when written by an operator with a message for the citizen */
    .addColumn("operator_message", "integer", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("proc_history_instance_idx").on("proc_history").columns(["instance_id", "excuted_on"]).execute();

  await db.schema
    .createTable("proc_received_docs")
    .addColumn("id", "varchar(36)", (c) => c.primaryKey())
    .addColumn("instance_id", "varchar(36)", (c) => c.notNull().references("proc_instances.id").onDelete("cascade"))
    .addColumn("file_id", "varchar(36)", (c) => c.notNull().references("files.id"))
    .addColumn("file_name", "varchar(255)", (c) => c.notNull())
    /** received | pending | approved | rejected */
    .addColumn("status", "varchar(16)", (c) => c.notNull())
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("proc_received_docs_instance_idx")
    .on("proc_received_docs")
    .columns(["instance_id", "created_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("proc_received_docs").execute();
  await db.schema.dropTable("proc_history").execute();
  await db.schema.dropTable("proc_instances").execute();
  await db.schema.dropTable("proc_catalogue").execute();
}
