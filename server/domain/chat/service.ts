/**
 * The procedures' chat (spec sections 3, 4 and 7; decision 016), its shared rules: what a chat
 * reads like, the instance's states, the errors, requested documents and the start of an instance.
 * The citizen's side is ./conversation.ts, forms are ./forms.ts, the operator's side is
 * ./operator.ts; every query is in ./repository.ts. Writes run in one transaction; every instance
 * is scoped to its owner (another citizen's id answers 404, through the procedures module's
 * `getOwnedInstance`).
 */
import { EventEmitter } from "node:events";
import { randomUUID } from "node:crypto";
import type { Db, DbOrTx } from "../../db/index.js";
import { parseJson } from "../../db/index.js";
import { toBool } from "../../db/columns.js";
import { ApiError } from "../../errors.js";
import { normalizeSearch } from "../../../common/search.js";
import { addHistoryEntry, createInstance } from "../procedures/service.js";
import type { ProcInstancesTable } from "../procedures/tables.js";
import {
  findDocument,
  findForm,
  findProcedure,
  insertDocument,
  insertEvent,
  listDocuments,
  listEvents,
  updateInstance,
} from "./repository.js";
import type { Author, Chat, ChatDocStatus, ChatDocument, ChatDocumentsTable, ChatEvent, EventType } from "./tables.js";

export const MAX_MESSAGE_LENGTH = 1000;

/**
 * Citizen-side activity, after its transaction committed: `citizen` with
 * `{ instanceId, kind: "created" | "text" | "sent" }`. The optional demo operator listens.
 */
export const chatActivity = new EventEmitter();
export const notify = (instanceId: string, kind: "created" | "text" | "sent") => {
  setImmediate(() => chatActivity.emit("citizen", { instanceId, kind }));
};
export const OPERATOR_CN = "Mesa de entradas";

export const STATE_REVIEW = { text: "En revisión", color: "#1D4ED8" };
export const STATE_DOCS = { text: "Pendiente de documentación", color: "#B45309" };
const OPEN_BUTTONS = ["edit", "history", "attachments", "preview", "discard"] as const;

/** Runs `work` in a transaction, or in the caller's when it already holds one (seeds). */
export function tx<T>(db: DbOrTx, work: (trx: DbOrTx) => Promise<T>): Promise<T> {
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
    // Additive to the spec (decision 014): the due day of a requested document.
    dueDate: row.due_date ?? null,
  };
}

const dayOf = (iso: string) => iso.slice(0, 10);

export function withSeparators(events: ChatEvent[]): ChatEvent[] {
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

/** The procedure of a chat (a leaf of the catalogue), or 404. */
export async function procedureRow(db: DbOrTx, id: number) {
  const row = await findProcedure(db, id);
  if (!row || toBool(row.is_parent)) throw ApiError.notFound("No se encontró el trámite.");
  return row;
}

export function isOpen(instance: ProcInstancesTable) {
  return !instance.discarded_at && instance.tab_code !== "finished" && instance.tab_code !== "cancelled";
}

export function assertOpen(instance: ProcInstancesTable) {
  if (!isOpen(instance)) throw new ApiError(409, "CONFLICT", "El trámite ya no admite cambios.");
}

/** The chat of an instance as the citizen and the operator see it. */
export async function chatOf(db: DbOrTx, instance: ProcInstancesTable): Promise<Chat> {
  const procedure = await procedureRow(db, instance.procedure_id);
  const rows = await listEvents(db, instance.id);
  const docs = (await listDocuments(db, instance.id)).map(toDocument);
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

// ---------------------------------------------------------------- writing helpers

export const addEvent = insertEvent;

/** A chat document of the instance, or 404 with `message`. */
export async function documentOf(db: DbOrTx, instanceId: string, documentId: string, message: string) {
  const doc = await findDocument(db, instanceId, documentId);
  if (!doc) throw ApiError.notFound(message);
  return doc;
}

export async function assertRequiredAttached(db: DbOrTx, instanceId: string) {
  const missing = (await listDocuments(db, instanceId, ["requested"])).filter((d) => toBool(d.is_required));
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
  /** due day `yyyy-mm-dd` (Buenos Aires; decision 014), validated by the caller */
  dueDate?: string | null;
};

function normalizeExtensions(list: string[] | undefined): string[] {
  return [
    ...new Set(
      (list ?? [])
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean)
        .map((e) => (e.startsWith(".") ? e : `.${e}`)),
    ),
  ];
}

/** A document's code: its given code or description, accent-free, as a slug. */
const slug = (text: string) =>
  normalizeSearch(text)
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 64);

export async function insertRequested(db: DbOrTx, instanceId: string, requests: DocumentRequest[], at: string): Promise<ChatDocument[]> {
  const out: ChatDocument[] = [];
  for (const [i, r] of requests.entries()) {
    if (r.formId && !(await findForm(db, r.formId))) throw ApiError.notFound("No se encontró el formulario.");
    const code = slug(r.code ?? r.description) || `doc-${i + 1}`;
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
    await insertDocument(db, row);
    out.push(toDocument(row));
  }
  return out;
}

export async function setState(db: DbOrTx, instanceId: string, tab: string, state: { text: string; color: string }) {
  await updateInstance(db, instanceId, { tab_code: tab, state_text: state.text, state_color: state.color });
}

export type Citizen = { cuil: string; cn: string };

/** A new interactive instance for the citizen: start event, history, and the procedure's documents requested. */
export async function startInstance(
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
  await addEvent(trx, {
    instanceId: instance.id,
    type: "start",
    author: "user",
    cn: citizen.cn,
    message: "Inicio del trámite",
    at: options.at,
  });
  return { instance, docsTable };
}
