import type { Kysely } from "kysely";

/**
 * Frozen: never edit after it shipped. Procedures' chat (issue 5): the conversation's events,
 * the documents the operator requests, form definitions (JSON), the citizen's form data and
 * the idempotency keys of the draft's first send. Portable types only; ids and timestamps
 * made in code; JSON stored as text; booleans as integer 0/1.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("chat_forms")
    .addColumn("id", "varchar(64)", (c) => c.primaryKey())
    /** the FORM procedure this form is the first form of (null: only attached to documents) */
    .addColumn("procedure_id", "integer", (c) => c.references("proc_catalogue.id"))
    /** JSON: { description, header: { name }, fields: [...] } */
    .addColumn("definition", "text", (c) => c.notNull())
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("chat_forms_procedure_idx").on("chat_forms").column("procedure_id").execute();

  await db.schema
    .createTable("chat_events")
    .addColumn("id", "varchar(36)", (c) => c.primaryKey())
    .addColumn("instance_id", "varchar(36)", (c) => c.notNull().references("proc_instances.id").onDelete("cascade"))
    .addColumn("type", "varchar(32)", (c) => c.notNull())
    /** user | operator */
    .addColumn("author", "varchar(16)", (c) => c.notNull())
    .addColumn("message", "text")
    .addColumn("description", "text")
    .addColumn("commiter_cn", "varchar(200)", (c) => c.notNull())
    /** JSON: ids of chat_documents shown by the event, with their status at that moment */
    .addColumn("documents", "text", (c) => c.notNull())
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    /** ordering within one millisecond */
    .addColumn("seq", "integer", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("chat_events_instance_idx").on("chat_events").columns(["instance_id", "created_at", "seq"]).execute();

  await db.schema
    .createTable("chat_documents")
    .addColumn("id", "varchar(36)", (c) => c.primaryKey())
    .addColumn("instance_id", "varchar(36)", (c) => c.notNull().references("proc_instances.id").onDelete("cascade"))
    .addColumn("spec_id", "varchar(64)", (c) => c.notNull())
    .addColumn("code", "varchar(64)", (c) => c.notNull())
    .addColumn("description", "varchar(300)", (c) => c.notNull())
    /** JSON: string[] like [".pdf"]; empty: the default list */
    .addColumn("valid_extensions", "text", (c) => c.notNull())
    .addColumn("t_documento", "varchar(64)")
    .addColumn("form_id", "varchar(64)", (c) => c.references("chat_forms.id"))
    .addColumn("file_id", "varchar(36)", (c) => c.references("files.id"))
    .addColumn("file_name", "varchar(255)")
    .addColumn("is_required", "integer", (c) => c.notNull())
    /** requested | toSend | received | approved | rejected */
    .addColumn("status", "varchar(16)", (c) => c.notNull())
    .addColumn("reason", "text")
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("chat_documents_instance_idx").on("chat_documents").columns(["instance_id", "created_at"]).execute();

  await db.schema
    .createTable("chat_form_data")
    .addColumn("id", "varchar(36)", (c) => c.primaryKey())
    .addColumn("owner_cuil", "varchar(11)", (c) => c.notNull().references("citizens.cuil").onDelete("cascade"))
    .addColumn("procedure_id", "integer", (c) => c.notNull().references("proc_catalogue.id"))
    /** the instance, or 'DRAFT' before there is one */
    .addColumn("instance_key", "varchar(36)", (c) => c.notNull())
    .addColumn("form_id", "varchar(64)", (c) => c.notNull().references("chat_forms.id"))
    /** JSON: { [field]: string | string[] } */
    .addColumn("data", "text", (c) => c.notNull())
    .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("chat_form_data_key_idx")
    .on("chat_form_data")
    .columns(["owner_cuil", "procedure_id", "instance_key", "form_id"])
    .unique()
    .execute();

  await db.schema
    .createTable("chat_idempotency")
    /** owner cuil + ':' + the portal's key */
    .addColumn("key", "varchar(120)", (c) => c.primaryKey())
    .addColumn("instance_id", "varchar(36)", (c) => c.notNull())
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("chat_idempotency").execute();
  await db.schema.dropTable("chat_form_data").execute();
  await db.schema.dropTable("chat_documents").execute();
  await db.schema.dropTable("chat_events").execute();
  await db.schema.dropTable("chat_forms").execute();
}
