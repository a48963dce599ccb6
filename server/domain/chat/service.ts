/**
 * The procedures' chat (spec sections 3, 4 and 7): the conversation of an instance, the draft
 * chat of a procedure, the citizen's actions (text, toSendDocument, force, discardToSendDocument),
 * forms and their data, and the operator's actions. Plain functions taking `db` (or a
 * transaction) first; writes run in one transaction; every instance is scoped to its owner
 * (another citizen's id answers 404, through the procedures module's `getOwnedInstance`).
 */
import { randomUUID } from "node:crypto";
import { EventEmitter } from "node:events";
import type { Db, DbOrTx } from "../../db/index.js";
import { parseJson } from "../../db/index.js";
import { toBool } from "../../db/types.js";
import { ApiError } from "../../errors.js";
import { getOwnedFile } from "../files/index.js";
import { addHistoryEntry, createInstance, getOwnedInstance } from "../procedures/service.js";
import type { ProcInstancesTable } from "../procedures/types.js";
import { definitionProblems, validateForm, type FormDefinition, type FormValue } from "../../../app/features/chat/form-rules.js";
import {
  DEFAULT_EXTENSIONS,
  type Author,
  type Chat,
  type ChatDocStatus,
  type ChatDocument,
  type ChatDocumentsTable,
  type ChatEvent,
  type EventType,
} from "./types.js";

export const MAX_MESSAGE_LENGTH = 1000;

/**
 * Citizen-side activity, after its transaction committed: `citizen` with
 * `{ instanceId, kind: "created" | "text" | "sent" }`. The optional demo operator listens.
 */
export const chatActivity = new EventEmitter();
const notify = (instanceId: string, kind: "created" | "text" | "sent") => {
  setImmediate(() => chatActivity.emit("citizen", { instanceId, kind }));
};
export const OPERATOR_CN = "Mesa de entradas";

const STATE_REVIEW = { text: "En revisión", color: "#1D4ED8" };
const STATE_DOCS = { text: "Pendiente de documentación", color: "#B45309" };
const OPEN_BUTTONS = ["edit", "history", "attachments", "preview", "discard"] as const;

/** Runs `work` in a transaction, or in the caller's when it already holds one (seeds). */
function tx<T>(db: DbOrTx, work: (trx: DbOrTx) => Promise<T>): Promise<T> {
  if (db.isTransaction) return work(db);
  return (db as Db).transaction().execute(work);
}

export const requiredFilesNotUploaded = () =>
  new ApiError(409, "REQUIRED_FILES_NOT_UPLOADED", "Debe adjuntar los documentos solicitados antes de enviar su consulta.");
/** 400 FORM_INVALID with the failing fields' error codes: `{ code, message, fields }`. */
export class FormInvalid extends ApiError {
  constructor(public readonly fields: Record<string, string>) {
    super(400, "FORM_INVALID", "El formulario no se completó correctamente, por favor verifíquelo e intente nuevamente.");
  }
  override toJSON() {
    return { code: this.code, message: this.message, fields: this.fields };
  }
}
export const formInvalid = (fields: Record<string, string>) => new FormInvalid(fields);

// ---------------------------------------------------------------- reading

export function toDocument(row: ChatDocumentsTable): ChatDocument {
  return {
    id: row.id,
    spec: {
      id: row.spec_id,
      code: row.code,
      description: row.description,
      validExtensions: parseJson<string[]>(row.valid_extensions, []),
      tDocumento: row.t_documento,
      form: row.form_id ? { id: row.form_id } : null,
    },
    file: row.file_id ? { id: row.file_id, name: row.file_name ?? "documento" } : null,
    isRequired: toBool(row.is_required),
    status: row.status as ChatDocStatus,
    reason: row.reason,
    // Issue 9 (additive): the due day of a requested document.
    dueDate: row.due_date ?? null,
  };
}

const dayOf = (iso: string) => iso.slice(0, 10);

function withSeparators(events: ChatEvent[]): ChatEvent[] {
  const out: ChatEvent[] = [];
  let day = "";
  for (const event of events) {
    if (dayOf(event.createdAt) !== day) {
      day = dayOf(event.createdAt);
      out.push({
        id: `sep-${day}`,
        type: "dateSeparator",
        author: "operator",
        message: null,
        description: day,
        createdAt: `${day}T00:00:00.000Z`,
        commiter: { cn: "" },
        documents: [],
      });
    }
    out.push(event);
  }
  return out;
}

async function procedureRow(db: DbOrTx, id: number) {
  const row = await db.selectFrom("proc_catalogue").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row || toBool(row.is_parent)) throw ApiError.notFound("No se encontró el trámite.");
  return row;
}

function isOpen(instance: ProcInstancesTable) {
  return !instance.discarded_at && instance.tab_code !== "finished" && instance.tab_code !== "cancelled";
}

/** The conversation of an instance the citizen owns. */
export async function getChat(db: DbOrTx, cuil: string, instanceId: string): Promise<Chat> {
  const instance = await getOwnedInstance(db, cuil, instanceId);
  return chatOf(db, instance);
}

async function chatOf(db: DbOrTx, instance: ProcInstancesTable): Promise<Chat> {
  const procedure = await procedureRow(db, instance.procedure_id);
  const rows = await db
    .selectFrom("chat_events")
    .selectAll()
    .where("instance_id", "=", instance.id)
    .orderBy("created_at")
    .orderBy("seq")
    .execute();
  const docs = (
    await db.selectFrom("chat_documents").selectAll().where("instance_id", "=", instance.id).orderBy("created_at").orderBy("id").execute()
  ).map(toDocument);
  const events: ChatEvent[] = rows.map((r) => ({
    id: r.id,
    type: r.type as EventType,
    author: r.author as Author,
    message: r.message,
    description: r.description,
    createdAt: r.created_at,
    commiter: { cn: r.commiter_cn },
    documents: parseJson<ChatDocument[]>(r.documents, []),
  }));
  const toSend = docs.filter((d) => d.status === "toSend");
  if (toSend.length) {
    events.push({
      id: "to-send",
      type: "toSendDocuments",
      author: "user",
      message: null,
      description: null,
      createdAt: rows.length ? rows[rows.length - 1].created_at : instance.created_at,
      commiter: { cn: "" },
      documents: toSend,
    });
  }
  return {
    procedureId: procedure.id,
    procedureDescription: procedure.description,
    first: false,
    draft: false,
    instanceId: instance.id,
    events: withSeparators(events),
    current: {
      documents: docs,
      open: isOpen(instance),
      enabledProcedureAcceptedTerms: toBool(procedure.terms_enabled),
      state: { text: instance.state_text, color: instance.state_color },
    },
  };
}

/** The procedure's first form (a FORM procedure), if it has one. */
async function firstFormOf(db: DbOrTx, procedureId: number) {
  return db.selectFrom("chat_forms").selectAll().where("procedure_id", "=", procedureId).orderBy("created_at").orderBy("id").executeTakeFirst();
}

/** `GET /procedures/:id/forms/first`: the draft chat, and the procedure's first form if any. */
export async function firstChat(db: DbOrTx, procedureId: number) {
  const procedure = await procedureRow(db, procedureId);
  const docsTable = parseJson<{ name: string; description: string; required: boolean }[]>(procedure.docs_table, []);
  const now = new Date().toISOString();
  const start: ChatEvent = {
    id: "start",
    type: "start",
    author: "operator",
    message: `Hola. Para iniciar el trámite «${procedure.description}», escribe tu consulta y envíala.`,
    description: docsTable.length
      ? `Luego te pediremos: ${docsTable.map((d) => `${d.name}${d.required ? "" : " (opcional)"}`).join(", ")}.`
      : null,
    createdAt: now,
    commiter: { cn: OPERATOR_CN },
    documents: [],
  };
  const chat: Chat = {
    procedureId: procedure.id,
    procedureDescription: procedure.description,
    first: true,
    draft: true,
    instanceId: null,
    events: withSeparators([start]),
    current: { documents: [], open: true, enabledProcedureAcceptedTerms: toBool(procedure.terms_enabled), state: null },
  };
  const form = await firstFormOf(db, procedure.id);
  const def = form ? parseJson<FormDefinition | null>(form.definition, null) : null;
  return {
    result: chat,
    data: {
      form: form ? { id: form.id } : null,
      spec: { description: def?.description ?? null, header: { name: def?.header.name ?? procedure.description } },
      procedureType: procedure.type,
    },
  };
}

// ---------------------------------------------------------------- writing helpers

export async function addEvent(
  db: DbOrTx,
  input: { instanceId: string; type: EventType; author: Author; cn: string; message?: string | null; description?: string | null; documents?: ChatDocument[]; at?: string },
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

function assertOpen(instance: ProcInstancesTable) {
  if (!isOpen(instance)) throw new ApiError(409, "CONFLICT", "El trámite ya no admite cambios.");
}

async function docsOf(db: DbOrTx, instanceId: string, statuses?: ChatDocStatus[]) {
  let q = db.selectFrom("chat_documents").selectAll().where("instance_id", "=", instanceId);
  if (statuses) q = q.where("status", "in", statuses);
  return q.orderBy("created_at").orderBy("id").execute();
}

async function assertRequiredAttached(db: DbOrTx, instanceId: string) {
  const missing = (await docsOf(db, instanceId, ["requested"])).filter((d) => toBool(d.is_required));
  if (missing.length) throw requiredFilesNotUploaded();
}

export type DocumentRequest = {
  description: string;
  code?: string;
  specId?: string;
  validExtensions?: string[];
  tDocumento?: string | null;
  formId?: string | null;
  isRequired?: boolean;
  /** issue 9: due day `yyyy-mm-dd` (Buenos Aires), validated by the caller */
  dueDate?: string | null;
};

function normalizeExtensions(list: string[] | undefined): string[] {
  return [...new Set((list ?? []).map((e) => e.trim().toLowerCase()).filter(Boolean).map((e) => (e.startsWith(".") ? e : `.${e}`)))];
}

async function insertRequested(db: DbOrTx, instanceId: string, requests: DocumentRequest[], at: string): Promise<ChatDocument[]> {
  const out: ChatDocument[] = [];
  for (const [i, r] of requests.entries()) {
    if (r.formId) {
      const form = await db.selectFrom("chat_forms").select("id").where("id", "=", r.formId).executeTakeFirst();
      if (!form) throw ApiError.notFound("No se encontró el formulario.");
    }
    const code = (r.code ?? r.description).normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "").slice(0, 64) || `doc-${i + 1}`;
    const row: ChatDocumentsTable = {
      id: randomUUID(),
      instance_id: instanceId,
      spec_id: r.specId ?? code,
      code,
      description: r.description.slice(0, 300),
      valid_extensions: JSON.stringify(normalizeExtensions(r.validExtensions)),
      t_documento: r.tDocumento ?? null,
      form_id: r.formId ?? null,
      file_id: null,
      file_name: null,
      is_required: r.isRequired === false ? 0 : 1,
      status: "requested",
      reason: null,
      created_at: at,
      updated_at: at,
      due_date: r.dueDate ?? null,
    };
    await db.insertInto("chat_documents").values(row).execute();
    out.push(toDocument(row));
  }
  return out;
}

async function setState(db: DbOrTx, instanceId: string, tab: string, state: { text: string; color: string }) {
  await db.updateTable("proc_instances").set({ tab_code: tab, state_text: state.text, state_color: state.color }).where("id", "=", instanceId).execute();
}

// ---------------------------------------------------------------- citizen actions

export type Citizen = { cuil: string; cn: string };

/** Returns the instance created earlier with the same idempotency key, if any. */
async function idempotent(db: DbOrTx, cuil: string, key: string | undefined) {
  if (!key) return null;
  const row = await db.selectFrom("chat_idempotency").select("instance_id").where("key", "=", `${cuil}:${key}`).executeTakeFirst();
  return row?.instance_id ?? null;
}

async function remember(db: DbOrTx, cuil: string, key: string | undefined, instanceId: string) {
  if (!key) return;
  await db.insertInto("chat_idempotency").values({ key: `${cuil}:${key}`, instance_id: instanceId, created_at: new Date().toISOString() }).execute();
}

/** A new interactive instance for the citizen: start event, history, and the procedure's documents requested. */
async function startInstance(
  trx: DbOrTx,
  citizen: Citizen,
  procedureId: number,
  options: { acceptedTerms: boolean; at: string; type?: "INTERACTIVE" | "FORM" },
) {
  const procedure = await procedureRow(trx, procedureId);
  if (toBool(procedure.terms_enabled) && !options.acceptedTerms) {
    throw new ApiError(400, "TERMS_NOT_ACCEPTED", "Debes aceptar los términos y condiciones.");
  }
  const form = options.type === "FORM";
  const docsTable = form ? [] : parseJson<{ name: string; description: string; required: boolean }[]>(procedure.docs_table, []);
  const instance = await createInstance(trx, {
    ownerCuil: citizen.cuil,
    procedureId,
    tabCode: docsTable.length ? "pending" : "in_progress",
    state: docsTable.length ? STATE_DOCS : STATE_REVIEW,
    title: procedure.description,
    description: [procedure.organism ?? ""].filter(Boolean),
    buttons: form ? ["history", "attachments", "discard"] : [...OPEN_BUTTONS],
    createdAt: options.at,
  });
  await addHistoryEntry(trx, {
    instanceId: instance.id,
    ownerCuil: citizen.cuil,
    cn: citizen.cn,
    action: "Inicio del trámite",
    comment: toBool(procedure.terms_enabled) ? "Términos y condiciones aceptados" : null,
    excutedOn: options.at,
  });
  await addEvent(trx, { instanceId: instance.id, type: "start", author: "user", cn: citizen.cn, message: "Inicio del trámite", at: options.at });
  return { instance, docsTable };
}

export type GenericInput = {
  action: "text" | "toSendDocument";
  data: { message?: string | null; document?: string; file?: { id: string; name?: string } };
  procedureId?: number;
  procedureAcceptedTerms?: boolean;
  idempotencyKey?: string;
};

/** `PUT /instances/DRAFT/interactive/generic`: the first send creates the instance (once per idempotency key). */
export async function draftSend(db: DbOrTx, citizen: Citizen, input: GenericInput) {
  if (input.action !== "text") throw ApiError.badRequest("El primer envío debe ser un mensaje.");
  const message = (input.data.message ?? "").trim();
  if (!message) throw ApiError.badRequest("Datos inválidos en: data.message.");
  if (message.length > MAX_MESSAGE_LENGTH) throw ApiError.badRequest("Datos inválidos en: data.message.");
  if (!input.procedureId) throw ApiError.badRequest("Datos inválidos en: procedureId.");
  return tx(db, async (trx) => {
    const existing = await idempotent(trx, citizen.cuil, input.idempotencyKey);
    if (existing) return { instanceId: existing };
    const at = new Date().toISOString();
    const { instance, docsTable } = await startInstance(trx, citizen, input.procedureId!, { acceptedTerms: Boolean(input.procedureAcceptedTerms), at });
    await addEvent(trx, { instanceId: instance.id, type: "text", author: "user", cn: citizen.cn, message, at });
    if (docsTable.length) {
      const docs = await insertRequested(
        trx,
        instance.id,
        docsTable.map((d) => ({ description: d.name, isRequired: d.required, tDocumento: d.description })),
        at,
      );
      await addEvent(trx, {
        instanceId: instance.id,
        type: "requestedDocuments",
        author: "operator",
        cn: OPERATOR_CN,
        message: "Para continuar, adjunta la siguiente documentación.",
        documents: docs,
        at,
      });
    }
    await remember(trx, citizen.cuil, input.idempotencyKey, instance.id);
    return { instanceId: instance.id };
  }).then((r) => (notify(r.instanceId, "created"), r));
}

const extensionOf = (name: string) => {
  const m = /\.[^.]+$/.exec(name.toLowerCase());
  return m ? m[0] : "";
};

/** `PUT /instances/:id/interactive/generic`: a message, or a file attached to a requested document. */
export async function genericAction(db: DbOrTx, citizen: Citizen, instanceId: string, input: GenericInput): Promise<Chat> {
  return tx(db, async (trx) => {
    const instance = await getOwnedInstance(trx, citizen.cuil, instanceId);
    assertOpen(instance);
    if (input.action === "text") {
      const message = (input.data.message ?? "").trim();
      if (!message || message.length > MAX_MESSAGE_LENGTH) throw ApiError.badRequest("Datos inválidos en: data.message.");
      await assertRequiredAttached(trx, instance.id);
      // A double submit (same key) stores the message once.
      if (!(await idempotent(trx, citizen.cuil, input.idempotencyKey))) {
        await addEvent(trx, { instanceId: instance.id, type: "text", author: "user", cn: citizen.cn, message });
        await remember(trx, citizen.cuil, input.idempotencyKey, instance.id);
        notify(instance.id, "text");
      }
    } else {
      const docId = input.data.document;
      const fileRef = input.data.file;
      if (!docId || !fileRef?.id) throw ApiError.badRequest("Datos inválidos en: data.document, data.file.");
      const doc = await trx.selectFrom("chat_documents").selectAll().where("id", "=", docId).where("instance_id", "=", instance.id).executeTakeFirst();
      if (!doc) throw ApiError.notFound("No se encontró el documento solicitado.");
      if (doc.status !== "requested") throw new ApiError(409, "CONFLICT", "El documento ya tiene un archivo adjunto.");
      const file = await getOwnedFile(trx, citizen.cuil, fileRef.id);
      const allowed = parseJson<string[]>(doc.valid_extensions, []);
      const list = allowed.length ? allowed : DEFAULT_EXTENSIONS;
      const name = fileRef.name?.trim() || file.name;
      if (!list.includes(extensionOf(name))) {
        throw new ApiError(415, "UNSUPPORTED_MEDIA_TYPE", `Error al subir el documento. Por favor seleccione uno de los siguientes formatos ${list.join(", ")}`);
      }
      await trx
        .updateTable("chat_documents")
        .set({ status: "toSend", file_id: file.id, file_name: name.slice(0, 255), updated_at: new Date().toISOString() })
        .where("id", "=", doc.id)
        .execute();
    }
    return chatOf(trx, await getOwnedInstance(trx, citizen.cuil, instanceId));
  });
}

/** `POST /instances/:id/interactive/discardToSendDocument`: the attached file is let go; the document is requested again. */
export async function discardToSend(db: DbOrTx, citizen: Citizen, instanceId: string, documentId: string): Promise<Chat> {
  return tx(db, async (trx) => {
    const instance = await getOwnedInstance(trx, citizen.cuil, instanceId);
    assertOpen(instance);
    const doc = await trx.selectFrom("chat_documents").selectAll().where("id", "=", documentId).where("instance_id", "=", instance.id).executeTakeFirst();
    if (!doc) throw ApiError.notFound("No se encontró el documento.");
    if (doc.status !== "toSend") throw new ApiError(409, "CONFLICT", "El documento no tiene un archivo para descartar.");
    await trx
      .updateTable("chat_documents")
      .set({ status: "requested", file_id: null, file_name: null, updated_at: new Date().toISOString() })
      .where("id", "=", doc.id)
      .execute();
    return chatOf(trx, instance);
  });
}

/**
 * `PUT /instances/:id/interactive/citizen/update` with `{force: true}`: finalises the citizen's
 * turn. Every required document must be attached; the attached ones are sent (they become the
 * instance's received documents, pending evaluation) and the instance goes back to review.
 */
export async function finalise(db: DbOrTx, citizen: Citizen, instanceId: string) {
  return tx(db, async (trx) => {
    const instance = await getOwnedInstance(trx, citizen.cuil, instanceId);
    assertOpen(instance);
    await assertRequiredAttached(trx, instance.id);
    const toSend = await docsOf(trx, instance.id, ["toSend"]);
    const at = new Date().toISOString();
    if (toSend.length) {
      await trx.updateTable("chat_documents").set({ status: "sent", updated_at: at }).where("id", "in", toSend.map((d) => d.id)).execute();
      for (const d of toSend) {
        if (!d.file_id) continue;
        await trx
          .insertInto("proc_received_docs")
          .values({ id: randomUUID(), instance_id: instance.id, file_id: d.file_id, file_name: d.file_name ?? d.description, status: "pending", created_at: at })
          .execute();
      }
      const sent = toSend.map((d) => toDocument({ ...d, status: "sent" }));
      await addEvent(trx, { instanceId: instance.id, type: "uploadedDocuments", author: "user", cn: citizen.cn, documents: sent, at });
      await addHistoryEntry(trx, {
        instanceId: instance.id,
        ownerCuil: citizen.cuil,
        cn: citizen.cn,
        action: "Documentación enviada",
        files: toSend.filter((d) => d.file_id).map((d) => ({ fileId: d.file_id!, name: d.file_name ?? d.description })),
        excutedOn: at,
      });
    }
    await setState(trx, instance.id, "in_progress", STATE_REVIEW);
    await trx.updateTable("proc_instances").set({ has_alert: 0 }).where("id", "=", instance.id).execute();
    return { instanceId: instance.id, sent: toSend.length };
  }).then((r) => {
    if (r.sent) notify(r.instanceId, "sent");
    return { instanceId: r.instanceId };
  });
}

// ---------------------------------------------------------------- forms

export async function getForm(db: DbOrTx, formId: string) {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(formId)) throw ApiError.notFound("No se encontró el formulario.");
  const row = await db.selectFrom("chat_forms").selectAll().where("id", "=", formId).executeTakeFirst();
  if (!row) throw ApiError.notFound("No se encontró el formulario.");
  const def = parseJson<FormDefinition | null>(row.definition, null);
  if (!def) throw ApiError.internal();
  return { row, def };
}

export async function createForm(db: DbOrTx, input: { id?: string; procedureId?: number | null; definition: unknown }) {
  const problems = definitionProblems(input.definition);
  if (problems.length) throw ApiError.badRequest(`Datos inválidos en: ${problems.join(", ")}.`);
  if (input.procedureId) await procedureRow(db, input.procedureId);
  const id = input.id ?? `form-${randomUUID().slice(0, 8)}`;
  await db
    .insertInto("chat_forms")
    .values({ id, procedure_id: input.procedureId ?? null, definition: JSON.stringify(input.definition), created_at: new Date().toISOString() })
    .execute();
  return { id };
}

function specOf(def: FormDefinition) {
  return { description: def.description ?? null, header: { name: def.header.name }, fields: def.fields };
}

/** `GET /instances/:procedureId/:instanceId/forms/:formId/formData` (`DRAFT` as instance before there is one). */
export async function getFormData(db: DbOrTx, cuil: string, procedureId: number, instanceKey: string, formId: string) {
  await procedureRow(db, procedureId);
  if (instanceKey !== "DRAFT") {
    const instance = await getOwnedInstance(db, cuil, instanceKey);
    if (instance.procedure_id !== procedureId) throw ApiError.notFound();
  }
  const { def } = await getForm(db, formId);
  const row = await db
    .selectFrom("chat_form_data")
    .selectAll()
    .where("owner_cuil", "=", cuil)
    .where("procedure_id", "=", procedureId)
    .where("instance_key", "=", instanceKey)
    .where("form_id", "=", formId)
    .executeTakeFirst();
  return {
    data: parseJson<Record<string, FormValue>>(row?.data, {}),
    spec: specOf(def),
    globals: { procedureId, instanceId: instanceKey === "DRAFT" ? null : instanceKey, formId },
  };
}

function checkValues(def: FormDefinition, formData: Record<string, FormValue | undefined>) {
  const result = validateForm(def, formData ?? {});
  if (!result.valid) throw formInvalid(result.errors);
  return result.values;
}

async function upsertFormData(db: DbOrTx, input: { cuil: string; procedureId: number; instanceKey: string; formId: string; data: Record<string, FormValue> }) {
  const at = new Date().toISOString();
  const existing = await db
    .selectFrom("chat_form_data")
    .select("id")
    .where("owner_cuil", "=", input.cuil)
    .where("procedure_id", "=", input.procedureId)
    .where("instance_key", "=", input.instanceKey)
    .where("form_id", "=", input.formId)
    .executeTakeFirst();
  if (existing) {
    await db.updateTable("chat_form_data").set({ data: JSON.stringify(input.data), updated_at: at }).where("id", "=", existing.id).execute();
  } else {
    await db
      .insertInto("chat_form_data")
      .values({
        id: randomUUID(),
        owner_cuil: input.cuil,
        procedure_id: input.procedureId,
        instance_key: input.instanceKey,
        form_id: input.formId,
        data: JSON.stringify(input.data),
        updated_at: at,
      })
      .execute();
  }
}

/** `PUT /instances/:instanceId/forms/:formId` (submitType FINAL): saved against the instance; a document asking for this form becomes ready to send. */
export async function saveInstanceForm(db: DbOrTx, citizen: Citizen, instanceId: string, formId: string, formData: Record<string, FormValue | undefined>) {
  return tx(db, async (trx) => {
    const instance = await getOwnedInstance(trx, citizen.cuil, instanceId);
    assertOpen(instance);
    const { def } = await getForm(trx, formId);
    const values = checkValues(def, formData);
    await upsertFormData(trx, { cuil: citizen.cuil, procedureId: instance.procedure_id, instanceKey: instance.id, formId, data: values });
    await trx
      .updateTable("chat_documents")
      .set({ status: "toSend", file_id: null, file_name: `${def.header.name}`.slice(0, 255), updated_at: new Date().toISOString() })
      .where("instance_id", "=", instance.id)
      .where("form_id", "=", formId)
      .where("status", "=", "requested")
      .execute();
    return { instanceId: instance.id };
  });
}

/** `PUT /instances/DRAFT/forms/:formId?procedureId=` (submitType FINAL): the form creates an interactive instance (once per key). */
export async function saveDraftForm(
  db: DbOrTx,
  citizen: Citizen,
  input: { procedureId: number; formId: string; formData: Record<string, FormValue | undefined>; acceptedTerms: boolean; idempotencyKey?: string },
) {
  const { def } = await getForm(db, input.formId);
  const values = checkValues(def, input.formData);
  return tx(db, async (trx) => {
    const existing = await idempotent(trx, citizen.cuil, input.idempotencyKey);
    if (existing) return { instanceId: existing };
    const at = new Date().toISOString();
    const { instance } = await startInstance(trx, citizen, input.procedureId, { acceptedTerms: input.acceptedTerms, at });
    await upsertFormData(trx, { cuil: citizen.cuil, procedureId: input.procedureId, instanceKey: instance.id, formId: input.formId, data: values });
    await addEvent(trx, { instanceId: instance.id, type: "text", author: "user", cn: citizen.cn, message: `Formulario completado: ${def.header.name}`, at });
    await remember(trx, citizen.cuil, input.idempotencyKey, instance.id);
    return { instanceId: instance.id };
  });
}

/** `POST /instances/?module=av` with formData and procedureId: a form procedure's instance. */
export async function createFormInstance(
  db: DbOrTx,
  citizen: Citizen,
  input: { procedureId: number; formData: Record<string, FormValue | undefined>; acceptedTerms: boolean; idempotencyKey?: string; formId?: string },
) {
  const form = input.formId ? (await getForm(db, input.formId)).row : await firstFormOf(db, input.procedureId);
  if (!form) throw ApiError.notFound("No se encontró el formulario.");
  const def = parseJson<FormDefinition | null>(form.definition, null);
  if (!def) throw ApiError.internal();
  const values = checkValues(def, input.formData);
  return tx(db, async (trx) => {
    const existing = await idempotent(trx, citizen.cuil, input.idempotencyKey);
    if (existing) return { instanceId: existing };
    const at = new Date().toISOString();
    const { instance } = await startInstance(trx, citizen, input.procedureId, { acceptedTerms: input.acceptedTerms, at, type: "FORM" });
    await setState(trx, instance.id, "in_progress", STATE_REVIEW);
    await upsertFormData(trx, { cuil: citizen.cuil, procedureId: input.procedureId, instanceKey: instance.id, formId: form.id, data: values });
    await remember(trx, citizen.cuil, input.idempotencyKey, instance.id);
    return { instanceId: instance.id };
  });
}

// ---------------------------------------------------------------- operator

async function instanceById(db: DbOrTx, id: string) {
  const row = await db.selectFrom("proc_instances").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) throw ApiError.notFound("No se encontró el trámite.");
  return row;
}

export async function operatorMessage(db: DbOrTx, instanceId: string, input: { message: string; cn?: string }) {
  return tx(db, async (trx) => {
    const instance = await instanceById(trx, instanceId);
    assertOpen(instance);
    const cn = input.cn ?? OPERATOR_CN;
    await addEvent(trx, { instanceId, type: "text", author: "operator", cn, message: input.message.slice(0, MAX_MESSAGE_LENGTH) });
    await addHistoryEntry(trx, { instanceId, ownerCuil: instance.owner_cuil, cn, action: "Mensaje del operador", comment: input.message, operatorMessage: true });
    return { ok: true };
  });
}

export async function operatorRequest(db: DbOrTx, instanceId: string, input: { documents: DocumentRequest[]; message?: string; cn?: string }) {
  return tx(db, async (trx) => {
    const instance = await instanceById(trx, instanceId);
    assertOpen(instance);
    const at = new Date().toISOString();
    const docs = await insertRequested(trx, instanceId, input.documents, at);
    const cn = input.cn ?? OPERATOR_CN;
    await addEvent(trx, { instanceId, type: "requestedDocuments", author: "operator", cn, message: input.message ?? "Por favor, adjunta la siguiente documentación.", documents: docs, at });
    await addHistoryEntry(trx, { instanceId, ownerCuil: instance.owner_cuil, cn, action: "Documentación solicitada", comment: docs.map((d) => d.spec.description).join(", "), operatorMessage: true, excutedOn: at });
    await setState(trx, instanceId, "pending", STATE_DOCS);
    return { documents: docs };
  });
}

const RECEIVED_STATUS: Record<"received" | "approved" | "rejected", "received" | "approved" | "rejected"> = {
  received: "received",
  approved: "approved",
  rejected: "rejected",
};
const EVENT_OF = { received: "receivedDocuments", approved: "approvedDocuments", rejected: "rejectedDocuments" } as const;

/**
 * Marks sent documents received, approved or rejected (a reason is required to reject; a
 * rejected document is requested again so the citizen can send another file). Without ids:
 * every sent (or received) document of the instance.
 */
export async function operatorEvaluate(
  db: DbOrTx,
  instanceId: string,
  input: { status: "received" | "approved" | "rejected"; documentIds?: string[]; reason?: string | null; cn?: string; requestAgain?: boolean },
) {
  if (input.status === "rejected" && !input.reason?.trim()) throw ApiError.badRequest("Datos inválidos en: reason.");
  return tx(db, async (trx) => {
    const instance = await instanceById(trx, instanceId);
    let rows = await docsOf(trx, instanceId, input.status === "received" ? ["sent"] : ["sent", "received"]);
    if (input.documentIds?.length) rows = rows.filter((r) => input.documentIds!.includes(r.id));
    if (!rows.length) throw new ApiError(409, "CONFLICT", "No hay documentos enviados para evaluar.");
    const at = new Date().toISOString();
    const reason = input.status === "rejected" ? input.reason!.trim().slice(0, 1000) : null;
    await trx
      .updateTable("chat_documents")
      .set({ status: input.status, reason, updated_at: at })
      .where("id", "in", rows.map((r) => r.id))
      .execute();
    for (const r of rows) {
      if (!r.file_id) continue;
      await trx
        .updateTable("proc_received_docs")
        .set({ status: RECEIVED_STATUS[input.status] })
        .where("instance_id", "=", instanceId)
        .where("file_id", "=", r.file_id)
        .execute();
    }
    const cn = input.cn ?? OPERATOR_CN;
    const docs = rows.map((r) => toDocument({ ...r, status: input.status, reason }));
    await addEvent(trx, { instanceId, type: EVENT_OF[input.status], author: "operator", cn, message: reason, documents: docs, at });
    const action = { received: "Documentación recibida", approved: "Documentación aprobada", rejected: "Documentación rechazada" }[input.status];
    await addHistoryEntry(trx, { instanceId, ownerCuil: instance.owner_cuil, cn, action, comment: reason, operatorMessage: input.status !== "received", excutedOn: at });
    if (input.status === "rejected" && input.requestAgain !== false && isOpen(instance)) {
      const again = await insertRequested(
        trx,
        instanceId,
        rows.map((r) => ({
          description: r.description,
          code: r.code,
          specId: r.spec_id,
          validExtensions: parseJson<string[]>(r.valid_extensions, []),
          tDocumento: r.t_documento,
          formId: r.form_id,
          isRequired: toBool(r.is_required),
        })),
        at,
      );
      await addEvent(trx, { instanceId, type: "requestedDocuments", author: "operator", cn, message: "Por favor, adjunta nuevamente la documentación rechazada.", documents: again, at });
      await setState(trx, instanceId, "pending", STATE_DOCS);
    }
    return { documents: docs };
  });
}

/** A 'documents under evaluation' notice (toEvaluateDocuments) for what the citizen sent. */
export async function operatorToEvaluate(db: DbOrTx, instanceId: string, input: { cn?: string } = {}) {
  return tx(db, async (trx) => {
    await instanceById(trx, instanceId);
    const rows = await docsOf(trx, instanceId, ["sent"]);
    await addEvent(trx, {
      instanceId,
      type: "toEvaluateDocuments",
      author: "operator",
      cn: input.cn ?? OPERATOR_CN,
      message: "Tus documentos están en evaluación.",
      documents: rows.map(toDocument),
    });
    return { documents: rows.map(toDocument) };
  });
}

/** Closes the procedure (approved or rejected as a whole): the chat becomes read-only. */
export async function operatorFinish(db: DbOrTx, instanceId: string, input: { approved: boolean; message?: string; cn?: string }) {
  return tx(db, async (trx) => {
    const instance = await instanceById(trx, instanceId);
    assertOpen(instance);
    const cn = input.cn ?? OPERATOR_CN;
    const state = input.approved ? { text: "Aprobado", color: "#15803D" } : { text: "Rechazado", color: "#B91C1C" };
    if (input.message) await addEvent(trx, { instanceId, type: "text", author: "operator", cn, message: input.message });
    await addHistoryEntry(trx, { instanceId, ownerCuil: instance.owner_cuil, cn, action: state.text, comment: input.message ?? null, operatorMessage: true });
    await setState(trx, instanceId, "finished", state);
    await trx.updateTable("proc_instances").set({ buttons: JSON.stringify(["history", "attachments", "preview"]) }).where("id", "=", instanceId).execute();
    return { ok: true };
  });
}

/** The operator's view of a chat (any owner). */
export async function operatorChat(db: DbOrTx, instanceId: string) {
  return chatOf(db, await instanceById(db, instanceId));
}
