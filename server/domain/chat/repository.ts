/**
 * Every query of the chat (migration 0007's tables, and the few columns of `proc_instances` and
 * `proc_received_docs` the chat moves). Plain functions taking `db` (or a transaction) first; no
 * rule lives here: ownership, states and errors are the service's (./service.ts).
 */
import { randomUUID } from "node:crypto";
import type { Updateable } from "kysely";
import type { DbOrTx } from "../../db/index.js";
import { insertReceivedDoc as insertReceivedDocRow } from "../procedures/repository.js";
import type { Author, ChatDocStatus, ChatDocument, ChatDocumentsTable, EventType } from "./tables.js";

// ---------------------------------------------------------------- procedures and instances

export { findInstance, findProcedure, setReceivedDocStatus, updateInstance } from "../procedures/repository.js";

/** A document the citizen sent in the chat, received by the instance as pending. */
export async function insertReceivedDoc(db: DbOrTx, input: { instanceId: string; fileId: string; fileName: string; at: string }) {
  await insertReceivedDocRow(db, {
    id: randomUUID(),
    instance_id: input.instanceId,
    file_id: input.fileId,
    file_name: input.fileName,
    status: "pending",
    created_at: input.at,
  });
}

// ---------------------------------------------------------------- events

export function listEvents(db: DbOrTx, instanceId: string) {
  return db.selectFrom("chat_events").selectAll().where("instance_id", "=", instanceId).orderBy("created_at").orderBy("seq").execute();
}

/** Appends an event after the instance's last one and moves the instance's `arrived_on` forward. */
export async function insertEvent(
  db: DbOrTx,
  input: {
    instanceId: string;
    type: EventType;
    author: Author;
    cn: string;
    message?: string | null;
    description?: string | null;
    documents?: ChatDocument[];
    at?: string;
  },
) {
  const last = await db
    .selectFrom("chat_events")
    .select((eb) => eb.fn.max("seq").as("m"))
    .where("instance_id", "=", input.instanceId)
    .executeTakeFirst();
  const at = input.at ?? new Date().toISOString();
  await db
    .insertInto("chat_events")
    .values({
      id: randomUUID(),
      instance_id: input.instanceId,
      type: input.type,
      author: input.author,
      message: input.message ?? null,
      description: input.description ?? null,
      commiter_cn: input.cn,
      documents: JSON.stringify(input.documents ?? []),
      created_at: at,
      seq: Number(last?.m ?? 0) + 1,
    })
    .execute();
  await db.updateTable("proc_instances").set({ arrived_on: at }).where("id", "=", input.instanceId).where("arrived_on", "<", at).execute();
}

// ---------------------------------------------------------------- documents

export function listDocuments(db: DbOrTx, instanceId: string, statuses?: ChatDocStatus[]) {
  let q = db.selectFrom("chat_documents").selectAll().where("instance_id", "=", instanceId);
  if (statuses) q = q.where("status", "in", statuses);
  return q.orderBy("created_at").orderBy("id").execute();
}

export function findDocument(db: DbOrTx, instanceId: string, documentId: string) {
  return db.selectFrom("chat_documents").selectAll().where("id", "=", documentId).where("instance_id", "=", instanceId).executeTakeFirst();
}

export async function insertDocument(db: DbOrTx, row: ChatDocumentsTable) {
  await db.insertInto("chat_documents").values(row).execute();
}

export async function updateDocuments(db: DbOrTx, ids: string[], values: Updateable<ChatDocumentsTable>) {
  if (ids.length) await db.updateTable("chat_documents").set(values).where("id", "in", ids).execute();
}

/** Documents of an instance that ask for a form and are still requested become ready to send. */
export async function markFormDocumentsToSend(db: DbOrTx, instanceId: string, formId: string, fileName: string) {
  await db
    .updateTable("chat_documents")
    .set({ status: "toSend", file_id: null, file_name: fileName, updated_at: new Date().toISOString() })
    .where("instance_id", "=", instanceId)
    .where("form_id", "=", formId)
    .where("status", "=", "requested")
    .execute();
}

// ---------------------------------------------------------------- forms and their data

export function findForm(db: DbOrTx, formId: string) {
  return db.selectFrom("chat_forms").selectAll().where("id", "=", formId).executeTakeFirst();
}

/** The procedure's first form (a FORM procedure), if it has one. */
export function findFirstForm(db: DbOrTx, procedureId: number) {
  return db
    .selectFrom("chat_forms")
    .selectAll()
    .where("procedure_id", "=", procedureId)
    .orderBy("created_at")
    .orderBy("id")
    .executeTakeFirst();
}

export async function insertForm(db: DbOrTx, input: { id: string; procedureId: number | null; definition: unknown }) {
  await db
    .insertInto("chat_forms")
    .values({
      id: input.id,
      procedure_id: input.procedureId,
      definition: JSON.stringify(input.definition),
      created_at: new Date().toISOString(),
    })
    .execute();
}

export type FormDataKey = { cuil: string; procedureId: number; instanceKey: string; formId: string };

export function findFormData(db: DbOrTx, key: FormDataKey) {
  return db
    .selectFrom("chat_form_data")
    .selectAll()
    .where("owner_cuil", "=", key.cuil)
    .where("procedure_id", "=", key.procedureId)
    .where("instance_key", "=", key.instanceKey)
    .where("form_id", "=", key.formId)
    .executeTakeFirst();
}

export async function upsertFormData(db: DbOrTx, key: FormDataKey, data: unknown) {
  const at = new Date().toISOString();
  const existing = await findFormData(db, key);
  if (existing) {
    await db
      .updateTable("chat_form_data")
      .set({ data: JSON.stringify(data), updated_at: at })
      .where("id", "=", existing.id)
      .execute();
    return;
  }
  await db
    .insertInto("chat_form_data")
    .values({
      id: randomUUID(),
      owner_cuil: key.cuil,
      procedure_id: key.procedureId,
      instance_key: key.instanceKey,
      form_id: key.formId,
      data: JSON.stringify(data),
      updated_at: at,
    })
    .execute();
}

// ---------------------------------------------------------------- idempotency keys

/** The instance created earlier with the same idempotency key, if any. */
export async function findIdempotent(db: DbOrTx, cuil: string, key: string | undefined) {
  if (!key) return null;
  const row = await db.selectFrom("chat_idempotency").select("instance_id").where("key", "=", `${cuil}:${key}`).executeTakeFirst();
  return row?.instance_id ?? null;
}

export async function rememberIdempotent(db: DbOrTx, cuil: string, key: string | undefined, instanceId: string) {
  if (!key) return;
  await db
    .insertInto("chat_idempotency")
    .values({ key: `${cuil}:${key}`, instance_id: instanceId, created_at: new Date().toISOString() })
    .execute();
}
