/**
 * Records (expedientes): listing per tab, header, documents and their life cycle
 * pending → sent → incorporated. Every citizen-facing function takes the citizen's cuil
 * and answers 404 for a record that is not theirs. Read-only records refuse uploads,
 * discards and sends (409 RECORD_READ_ONLY).
 */
import { randomUUID } from "node:crypto";
import type { DbOrTx } from "../../db/index.js";
import { parseJson } from "../../db/index.js";
import { toBool } from "../../db/columns.js";
import { ApiError } from "../../errors.js";
import { getOwnedFiles } from "../files/index.js";
import {
  deleteDocument,
  findOwnedRecord,
  findPendingDocument,
  findOwnedRecordWithAssociations,
  insertDocumentOnce,
  listAssociationTypes,
  listDocumentStages,
  listOwnedDocuments,
  listOwnedStageDocuments,
  sendPendingDocuments,
  touchRecord,
  type DocumentOrder,
} from "./repository.js";
import { pageSizeOf } from "../config/reference.js";
import { countInstanceRows, countInstanceRowsByTab, listInstanceRows, type InstanceListSpec } from "../instances/repository.js";
import type { AssociationType, Detail, HeaderField, RecordDocumentsTable, RecordsTable } from "./tables.js";

export * from "./tables.js";

export const RECORD_STATUSES = {
  initiated: { description: "Iniciado", color: "#0E7490" },
  in_process: { description: "En trámite", color: "#1D4ED8" },
  awaiting_documents: { description: "Esperando documentación", color: "#B45309" },
  resolved: { description: "Resuelto", color: "#15803D" },
  archived: { description: "Archivado", color: "#4B5563" },
} as const;
export type RecordStatus = keyof typeof RECORD_STATUSES;

/** Status of a sent document (spec section 4). */
export const SENT_STATUSES = {
  pending: { description: "Pendiente", color: "#B45309" },
  received: { description: "Recibido", color: "#1D4ED8" },
  approved: { description: "Aprobado", color: "#15803D" },
  rejected: { description: "Rechazado", color: "#B91C1C" },
} as const;
export type SentStatus = keyof typeof SENT_STATUSES;

export const readOnlyError = () => new ApiError(409, "RECORD_READ_ONLY", "El expediente es de solo lectura: no admite nuevos documentos.");

// ── Listing ────────────────────────────────────────────────────────────────

export type ListQuery = {
  cuil: string;
  tab: string;
  pageNumber: number;
  pageSize: number;
  searchTerm: string;
  sort: string;
  since?: string;
  until?: string;
};

/** Records as instances (decision 023): the search reads the number and the title, case and accents aside. */
const LIST: InstanceListSpec = {
  table: "records",
  search: [
    { column: "code", normalised: false },
    { column: "title", normalised: false },
  ],
};

export function countRecords(db: DbOrTx, cuil: string, tab: string): Promise<number> {
  return countInstanceRows(db, LIST, { cuil, tab });
}

/** `countRecords` of every tab of the module, by tab code, in one query. */
export function countRecordsByTab(db: DbOrTx, cuil: string): Promise<Record<string, number>> {
  return countInstanceRowsByTab(db, LIST, "records", cuil);
}

export const recordsPageSize = (db: DbOrTx) => pageSizeOf(db, "records");

/** `createdAt` / `arrivedOn`, `+` ascending or `-` descending (default `-createdAt`). */
export function parseSort(sort: string): { column: "created_at" | "updated_at"; direction: "asc" | "desc" } {
  const match = /^([+-]?)\s*(createdAt|arrivedOn)$/.exec(sort.trim());
  if (!match) return { column: "created_at", direction: "desc" };
  return { column: match[2] === "arrivedOn" ? "updated_at" : "created_at", direction: match[1] === "-" ? "desc" : "asc" };
}

export async function listRecords(db: DbOrTx, q: ListQuery) {
  const { rows, total, lastPage } = await listInstanceRows<RecordsTable>(db, LIST, {
    cuil: q.cuil,
    tab: q.tab,
    searchTerm: q.searchTerm,
    since: q.since,
    until: q.until,
    pageNumber: q.pageNumber,
    pageSize: q.pageSize,
    sort: parseSort(q.sort),
  });
  const associations = rows.length
    ? await listAssociationTypes(
        db,
        rows.map((r) => r.id),
      )
    : [];
  return {
    instances: rows.map((r) => toInstance(r, associations.find((a) => a.record_id === r.id)?.type ?? null)),
    last_page: lastPage,
    total,
  };
}

function toInstance(r: RecordsTable, associationType: AssociationType | null) {
  const header = parseJson<HeaderField[]>(r.header, []);
  return {
    id: r.id,
    code: r.code,
    title: r.title,
    description: parseJson<string[]>(r.description, []),
    payloadDescriptions: [
      { code: "code", label: "Número de expediente", value: r.code },
      ...header.slice(0, 2).map((h) => ({ code: h.code, label: h.key, value: h.value })),
    ],
    createdAt: r.created_at,
    arrivedOn: r.updated_at,
    type: "interactive" as const,
    currentState: { text: r.status_description, color: r.status_color },
    buttons: ["accessRecord"],
    hasAlert: false,
    read_only: toBool(r.read_only),
    association_type: associationType,
  };
}

// ── One record ────────────────────────────────────────────────────────────

const RECORD_ID = /^[0-9a-f-]{36}$/i;

export async function getOwnedRecord(db: DbOrTx, cuil: string, id: string): Promise<RecordsTable> {
  if (!RECORD_ID.test(id)) throw ApiError.notFound();
  const row = await findOwnedRecord(db, cuil, id);
  if (!row) throw ApiError.notFound();
  return row;
}

/** The record's header with its associations, in one query; 404 when it is not the citizen's. */
export async function recordHeader(db: DbOrTx, cuil: string, id: string) {
  if (!RECORD_ID.test(id)) throw ApiError.notFound();
  const rows = await findOwnedRecordWithAssociations(db, cuil, id);
  const r = rows[0];
  if (!r) throw ApiError.notFound();
  const associations = rows.filter((a) => a.association_id !== null);
  return {
    id: r.id,
    code: r.code,
    title: r.title,
    status: { code: r.status_code, description: r.status_description, color: r.status_color },
    read_only: toBool(r.read_only),
    header: parseJson<HeaderField[]>(r.header, []),
    association: associations.length
      ? {
          type: associations[0].association_type,
          associated_instance: associations.map((a) => ({
            // the id only when the other record is the citizen's too (it can then be opened)
            id: a.other_id ?? null,
            code: a.associated_code,
            type: a.association_type,
          })),
        }
      : null,
    createdAt: r.created_at,
    arrivedOn: r.updated_at,
  };
}

/** The order of each stage's documents (ties broken by id, ascending). */
const DOCUMENT_ORDER = {
  incorporated: { column: "record_documents.nro_folio", direction: "asc" },
  sent: { column: "record_documents.updated_at", direction: "desc" },
  pending: { column: "record_documents.created_at", direction: "asc" },
} as const satisfies Record<RecordDocumentsTable["stage"], DocumentOrder>;

type DocumentRow = Awaited<ReturnType<typeof listOwnedStageDocuments>>[number];

/** Each stage's document as its spec call answers it (`/incorporated`, `/sent`, `/pending`; spec section 3). */
const asIncorporated = (d: DocumentRow) => ({
  id: d.id,
  file: { name: d.name, signedFileId: d.file_id, mime: d.mime, pageCount: d.page_count ?? 1 },
  spec: { description: d.description ?? "", date: d.incorporated_at ?? d.updated_at, user: d.user_name ?? "" },
  nroFolio: d.nro_folio ?? 0,
  details: parseJson<Detail[]>(d.details, []),
});
const asSent = (d: DocumentRow) => ({
  id: d.id,
  file: { id: d.file_id, name: d.name, mime: d.mime, pageCount: d.page_count ?? 1 },
  updated_at: d.updated_at,
  spec: { id: d.id, reference: d.reference },
  status: {
    code: d.status_code ?? "received",
    description: d.status_description ?? SENT_STATUSES.received.description,
    color: d.status_color ?? SENT_STATUSES.received.color,
  },
  details: parseJson<Detail[]>(d.details, []),
});
const asPending = (d: DocumentRow) => ({
  file: { id: d.file_id, name: d.name, mime: d.mime, pageCount: d.page_count ?? 1 },
  spec: { id: d.id, reference: d.reference },
  createdAt: d.created_at,
});

/**
 * Documents of a record of the citizen's, `list` checking the owner in the same query (decision 094):
 * a list that has documents costs one query; only an empty one asks whether the record is the
 * citizen's at all (404 when it is not).
 */
async function ownedDocs<T>(db: DbOrTx, cuil: string, id: string, list: () => Promise<T[]>) {
  if (!RECORD_ID.test(id)) throw ApiError.notFound();
  const rows = await list();
  if (rows.length === 0) await getOwnedRecord(db, cuil, id);
  return rows;
}

/** A stage's documents, in the stage's order. */
const stageDocs = (db: DbOrTx, cuil: string, id: string, stage: keyof typeof DOCUMENT_ORDER) =>
  ownedDocs(db, cuil, id, () => listOwnedStageDocuments(db, cuil, id, stage, DOCUMENT_ORDER[stage]));

export async function incorporatedDocuments(db: DbOrTx, cuil: string, id: string) {
  return (await stageDocs(db, cuil, id, "incorporated")).map(asIncorporated);
}

export async function sentDocuments(db: DbOrTx, cuil: string, id: string) {
  return (await stageDocs(db, cuil, id, "sent")).map(asSent);
}

export async function pendingDocuments(db: DbOrTx, cuil: string, id: string) {
  return (await stageDocs(db, cuil, id, "pending")).map(asPending);
}

/**
 * The three lists of a record of the citizen's at once (our extension `record-documents`), each item
 * for item what its spec call answers, in one query (and the record looked up only when all three are
 * empty).
 */
export async function recordDocuments(db: DbOrTx, cuil: string, id: string) {
  const rows = await ownedDocs(db, cuil, id, () => listOwnedDocuments(db, cuil, id, DOCUMENT_ORDER));
  const of = (stage: keyof typeof DOCUMENT_ORDER) => rows.filter((d) => d.stage === stage);
  return { incorporated: of("incorporated").map(asIncorporated), sent: of("sent").map(asSent), pending: of("pending").map(asPending) };
}

// ── Citizen's changes ───────────────────────────────────────────────────────

export type UploadEntry = { fileId: string; fileName: string; reference: string; mime?: string };

/**
 * Registers uploaded files as pending documents. The files must be the citizen's; the same
 * file registered twice (a double submit) stays one pending document.
 */
export async function registerUploads(db: DbOrTx, cuil: string, id: string, files: UploadEntry[]) {
  const r = await getOwnedRecord(db, cuil, id);
  if (toBool(r.read_only)) throw readOnlyError();
  const ids = [...new Set(files.map((f) => f.fileId))];
  const owned = await getOwnedFiles(db, cuil, ids);
  if (owned.length !== ids.length) throw ApiError.notFound("No se encontró alguno de los archivos.");
  const now = new Date().toISOString();
  const base = Date.now();
  const run = async (tx: DbOrTx) => {
    for (const [index, f] of files.entries()) {
      // keeps the order of the list among documents registered together
      const created = new Date(base + index).toISOString();
      await insertDocumentOnce(tx, {
        id: randomUUID(),
        record_id: r.id,
        file_id: f.fileId,
        stage: "pending",
        name: f.fileName.trim().slice(0, 255),
        reference: f.reference.trim().slice(0, 500),
        description: null,
        user_name: null,
        nro_folio: null,
        status_code: null,
        status_description: null,
        status_color: null,
        details: "[]",
        created_at: created,
        updated_at: created,
        incorporated_at: null,
      });
    }
    await touchRecord(tx, r.id, now);
  };
  await inTransaction(db, run);
  return pendingDocuments(db, cuil, id);
}

export async function discardPending(db: DbOrTx, cuil: string, id: string, documentId: string): Promise<void> {
  const r = await getOwnedRecord(db, cuil, id);
  if (toBool(r.read_only)) throw readOnlyError();
  const doc = await findPendingDocument(db, r.id, documentId);
  if (!doc) throw ApiError.notFound("No se encontró el documento pendiente.");
  await deleteDocument(db, doc.id);
}

/** Sends pending documents (by their spec ids). Already sent ones are left as they are (retries). */
export async function sendPending(db: DbOrTx, cuil: string, id: string, documentIds: string[]): Promise<number> {
  const r = await getOwnedRecord(db, cuil, id);
  if (toBool(r.read_only)) throw readOnlyError();
  const ids = [...new Set(documentIds)];
  if (ids.length === 0) throw ApiError.badRequest("Seleccione al menos un documento pendiente.");
  const docs = await listDocumentStages(db, r.id, ids);
  if (docs.length !== ids.length) throw ApiError.notFound("No se encontró alguno de los documentos pendientes.");
  const pending = docs.filter((d) => d.stage === "pending").map((d) => d.id);
  if (pending.length === 0) return 0;
  const now = new Date().toISOString();
  await inTransaction(db, async (tx) => {
    await sendPendingDocuments(tx, r.id, pending, {
      stage: "sent",
      status_code: "received",
      status_description: SENT_STATUSES.received.description,
      status_color: SENT_STATUSES.received.color,
      updated_at: now,
    });
    await touchRecord(tx, r.id, now);
  });
  return pending.length;
}

/** Runs `fn` in a transaction, or in the one already open. */
export async function inTransaction<T>(db: DbOrTx, fn: (tx: DbOrTx) => Promise<T>): Promise<T> {
  if (db.isTransaction) return fn(db);
  return (db as import("../../db/index.js").Db).transaction().execute(fn);
}
