import type { Kysely } from "kysely";

/**
 * Frozen: never edit after it shipped. Issue 9, items 1 and 2.
 *
 * One thread between the modules: a communication may concern a procedure instance and/or a
 * record of the same citizen (`instance_id`, `record_id`; the rule "same citizen" is checked in
 * code, server/domain/thread). Deadlines: a communication and a requested chat document may carry
 * a due day (`due_date`, `yyyy-mm-dd`, a calendar day in America/Argentina/Buenos_Aires), and the
 * e-mail reminder three days before is sent exactly once: `reminder_sent_at` is set by the one
 * UPDATE … WHERE reminder_sent_at IS NULL that claims the row (cleared again if the mail fails).
 *
 * SQLite adds one column per ALTER TABLE statement, so each column is its own statement.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("dd_communications")
    .addColumn("instance_id", "varchar(36)", (c) => c.references("proc_instances.id").onDelete("set null"))
    .execute();
  await db.schema
    .alterTable("dd_communications")
    .addColumn("record_id", "varchar(36)", (c) => c.references("records.id").onDelete("set null"))
    .execute();
  await db.schema.alterTable("dd_communications").addColumn("due_date", "varchar(10)").execute();
  await db.schema.alterTable("dd_communications").addColumn("reminder_sent_at", "varchar(32)").execute();

  await db.schema.alterTable("chat_documents").addColumn("due_date", "varchar(10)").execute();
  await db.schema.alterTable("chat_documents").addColumn("reminder_sent_at", "varchar(32)").execute();

  // "Communications about this procedure / record", newest first, of one citizen.
  await db.schema.createIndex("dd_comm_instance_idx").on("dd_communications").columns(["cuil", "instance_id", "created_at"]).execute();
  await db.schema.createIndex("dd_comm_record_idx").on("dd_communications").columns(["cuil", "record_id", "created_at"]).execute();
  // The inbox sorted by due date (same (cuil, archived) prefix as the other inbox orders).
  await db.schema.createIndex("dd_comm_due_idx").on("dd_communications").columns(["cuil", "archived", "due_date", "code"]).execute();
  // The reminder job: rows with a due date and no reminder yet.
  await db.schema.createIndex("dd_comm_reminder_idx").on("dd_communications").columns(["reminder_sent_at", "due_date"]).execute();
  await db.schema.createIndex("chat_documents_reminder_idx").on("chat_documents").columns(["status", "reminder_sent_at", "due_date"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("chat_documents_reminder_idx").execute();
  await db.schema.dropIndex("dd_comm_reminder_idx").execute();
  await db.schema.dropIndex("dd_comm_due_idx").execute();
  await db.schema.dropIndex("dd_comm_record_idx").execute();
  await db.schema.dropIndex("dd_comm_instance_idx").execute();
  await db.schema.alterTable("chat_documents").dropColumn("reminder_sent_at").execute();
  await db.schema.alterTable("chat_documents").dropColumn("due_date").execute();
  for (const column of ["reminder_sent_at", "due_date", "record_id", "instance_id"]) {
    await db.schema.alterTable("dd_communications").dropColumn(column).execute();
  }
}
