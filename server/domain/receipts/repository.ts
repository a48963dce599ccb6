/**
 * The receipts' queries (decision 063): the receipts themselves and what a receipt tells of the action
 * it proves (an instance, the chat's documents, a record's send, the adhesion). Every one is scoped to
 * the citizen; what counts as the action and the 404s are the service's (./service.ts).
 */
import type { DbOrTx } from "../../db/index.js";
import type { ReceiptKind, ReceiptsTable } from "./types.js";

// ---------------------------------------------------------------- what a receipt proves

/** The citizen's given and family names. */
export function findCitizenName(db: DbOrTx, cuil: string) {
  return db.selectFrom("citizens").select(["given_name", "family_name"]).where("cuil", "=", cuil).executeTakeFirst();
}

/** The citizen's instance with its procedure's description (null when the catalogue lost it). */
export function findOwnedInstanceWithProcedure(db: DbOrTx, cuil: string, id: string) {
  return db
    .selectFrom("proc_instances")
    .leftJoin("proc_catalogue", "proc_catalogue.id", "proc_instances.procedure_id")
    .select(["proc_instances.id", "proc_instances.title", "proc_instances.created_at", "proc_catalogue.description"])
    .where("proc_instances.id", "=", id)
    .where("proc_instances.owner_cuil", "=", cuil)
    .executeTakeFirst();
}

/** The sizes of the citizen's files among `ids`. */
export function listOwnedFileSizes(db: DbOrTx, cuil: string, ids: string[]) {
  return db.selectFrom("files").select(["id", "size"]).where("owner_cuil", "=", cuil).where("id", "in", ids).execute();
}

/** The instance's latest 'uploadedDocuments' event by the citizen (the instance is theirs: the caller checked). */
export function findLastCitizenUpload(db: DbOrTx, instanceId: string) {
  return db
    .selectFrom("chat_events")
    .select(["id", "documents", "created_at"])
    .where("instance_id", "=", instanceId)
    .where("type", "=", "uploadedDocuments")
    .where("author", "=", "user")
    .orderBy("created_at", "desc")
    .orderBy("seq", "desc")
    .executeTakeFirst();
}

/** The instance's chat documents among `ids`. */
export function listChatDocuments(db: DbOrTx, instanceId: string, ids: string[]) {
  return db
    .selectFrom("chat_documents")
    .select(["id", "file_id", "file_name", "description"])
    .where("instance_id", "=", instanceId)
    .where("id", "in", ids)
    .execute();
}

/** The citizen's record's id, code and title. */
export function findOwnedRecord(db: DbOrTx, cuil: string, id: string) {
  return db.selectFrom("records").select(["id", "code", "title"]).where("id", "=", id).where("owner_cuil", "=", cuil).executeTakeFirst();
}

/** When the record's latest documents were sent (null when none were). */
export async function lastRecordSend(db: DbOrTx, recordId: string): Promise<string | null> {
  const last = await db
    .selectFrom("record_documents")
    .select((eb) => eb.fn.max("updated_at").as("at"))
    .where("record_id", "=", recordId)
    .where("stage", "=", "sent")
    .executeTakeFirst();
  return last?.at ? String(last.at) : null;
}

/** The record's documents sent at `at`, by name. */
export function listRecordDocumentsSentAt(db: DbOrTx, recordId: string, at: string) {
  return db
    .selectFrom("record_documents")
    .select(["file_id", "name"])
    .where("record_id", "=", recordId)
    .where("stage", "=", "sent")
    .where("updated_at", "=", at)
    .orderBy("name")
    .execute();
}

/** The citizen's adhesion's e-mail and date. */
export function findAdhesionDate(db: DbOrTx, cuil: string) {
  return db.selectFrom("dd_adhesions").select(["email", "adhered_at"]).where("cuil", "=", cuil).executeTakeFirst();
}

// ---------------------------------------------------------------- receipts

/** The citizen's receipt of `kind` for `ref`, if issued. */
export function findReceiptByRef(db: DbOrTx, cuil: string, kind: ReceiptKind, ref: string) {
  return db
    .selectFrom("receipts")
    .selectAll()
    .where("owner_cuil", "=", cuil)
    .where("kind", "=", kind)
    .where("ref", "=", ref)
    .executeTakeFirst();
}

/** Inserts the receipt unless the citizen has one for the same action (then nothing). */
export async function insertReceiptOnce(db: DbOrTx, row: ReceiptsTable) {
  await db
    .insertInto("receipts")
    .values(row)
    .onConflict((oc) => oc.columns(["owner_cuil", "kind", "ref"]).doNothing())
    .execute();
}

/** The citizen's receipt by id. */
export function findOwnedReceipt(db: DbOrTx, cuil: string, id: string) {
  return db.selectFrom("receipts").selectAll().where("id", "=", id).where("owner_cuil", "=", cuil).executeTakeFirst();
}

/** The citizen's receipts, latest action first. */
export function listOwnedReceipts(db: DbOrTx, cuil: string, limit: number) {
  return db
    .selectFrom("receipts")
    .selectAll()
    .where("owner_cuil", "=", cuil)
    .orderBy("occurred_at", "desc")
    .orderBy("id")
    .limit(limit)
    .execute();
}
