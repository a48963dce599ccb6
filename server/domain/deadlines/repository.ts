/**
 * The deadlines' queries (decision 063): the links and due days of communications and requested chat
 * documents, and the reminders' claims. Plain functions taking `db` (or a transaction) first; the
 * window, the mails and the transaction are the service's (./service.ts).
 */
import type { Updateable } from "kysely";
import type { DbOrTx } from "../../db/index.js";
import type { DdCommunicationsTable } from "../dd/tables.js";

// ---------------------------------------------------------------- operator: links and due dates

/** A communication's citizen and due day, by code (the operator's side: any citizen's). */
export function findCommunicationDue(db: DbOrTx, code: string) {
  return db.selectFrom("dd_communications").select(["code", "cuil", "due_date"]).where("code", "=", code).executeTakeFirst();
}

export async function updateCommunication(db: DbOrTx, code: string, values: Updateable<DdCommunicationsTable>) {
  await db.updateTable("dd_communications").set(values).where("code", "=", code).execute();
}

/** A communication's links, due day and reminder (it exists: the caller found it). */
export function getCommunicationThread(db: DbOrTx, code: string) {
  return db
    .selectFrom("dd_communications")
    .select(["code", "cuil", "instance_id", "record_id", "due_date", "reminder_sent_at"])
    .where("code", "=", code)
    .executeTakeFirstOrThrow();
}

/** Sets a chat document's due day and re-arms its reminder; false when there is no such document. */
export async function setDocumentDue(db: DbOrTx, documentId: string, dueDate: string | null): Promise<boolean> {
  const result = await db
    .updateTable("chat_documents")
    .set({ due_date: dueDate, reminder_sent_at: null })
    .where("id", "=", documentId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

// ---------------------------------------------------------------- reminders

export type ReminderClaim = { from: string; to: string; stamp: string };

/** The citizens adhered with an e-mail (a subquery). */
const adheredCuils = (db: DbOrTx) => db.selectFrom("dd_adhesions").select("cuil").where("email", "is not", null).where("email", "<>", "");

/** Claims (stamps `reminder_sent_at`) the communications due in the window of adhered citizens not reminded yet. */
export function claimCommunicationReminders(db: DbOrTx, claim: ReminderClaim) {
  return db
    .updateTable("dd_communications")
    .set({ reminder_sent_at: claim.stamp })
    .where("reminder_sent_at", "is", null)
    .where("due_date", ">=", claim.from)
    .where("due_date", "<=", claim.to)
    .where("cuil", "in", adheredCuils(db))
    .returning(["code", "cuil", "subject", "client", "due_date"])
    .execute();
}

/** Claims the requested documents due in the window, of live instances of adhered citizens, not reminded yet. */
export function claimDocumentReminders(db: DbOrTx, claim: ReminderClaim) {
  return db
    .updateTable("chat_documents")
    .set({ reminder_sent_at: claim.stamp })
    .where("reminder_sent_at", "is", null)
    .where("status", "=", "requested")
    .where("due_date", ">=", claim.from)
    .where("due_date", "<=", claim.to)
    .where(
      "instance_id",
      "in",
      db.selectFrom("proc_instances").select("id").where("discarded_at", "is", null).where("owner_cuil", "in", adheredCuils(db)),
    )
    .returning(["id", "instance_id", "description", "due_date"])
    .execute();
}

/** The owners and titles of these instances. */
export function listInstanceOwners(db: DbOrTx, ids: string[]) {
  return db.selectFrom("proc_instances").select(["id", "owner_cuil", "title"]).where("id", "in", ids).execute();
}

/** The adhered citizen's e-mail (the claims chose adhered citizens). */
export function getAdhesionEmail(db: DbOrTx, cuil: string) {
  return db.selectFrom("dd_adhesions").select("email").where("cuil", "=", cuil).executeTakeFirstOrThrow();
}
