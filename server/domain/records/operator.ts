/**
 * Records, the operator's side (decision 007): creating records, associating them, adding and
 * incorporating documents, the status of a sent document. The citizen's side is ./service.ts.
 */
import { randomUUID } from "node:crypto";
import type { DbOrTx } from "../../db/index.js";
import { parseJson } from "../../db/index.js";
import { fromBool } from "../../db/columns.js";
import { ApiError } from "../../errors.js";
import { findCitizenByCuil } from "../citizens/repository.js";
import {
  findDocument,
  insertAssociation,
  insertDocument,
  insertRecord,
  lastFolio,
  setSentDocumentStatus,
  touchRecord,
  updateDocument,
} from "./repository.js";
import { inTransaction, RECORD_STATUSES, SENT_STATUSES, type RecordStatus, type SentStatus } from "./service.js";
import {
  ASSOCIATION_TYPES,
  type AssociationType,
  type Detail,
  type HeaderField,
  type RecordDocumentsTable,
  type RecordsTable,
} from "./tables.js";

export type NewRecord = {
  ownerCuil: string;
  code?: string;
  title: string;
  description?: string[];
  tab?: string;
  status?: RecordStatus;
  readOnly?: boolean;
  header?: HeaderField[];
  createdAt?: string;
  updatedAt?: string;
};

export function makeRecordCode(now = new Date()): string {
  const n = Math.floor(Math.random() * 900_000) + 100_000;
  return `EX-${now.getUTCFullYear()}-${String(n).padStart(8, "0")}-GDEPROV`;
}

export async function createRecord(db: DbOrTx, input: NewRecord): Promise<RecordsTable> {
  const citizen = await findCitizenByCuil(db, input.ownerCuil);
  if (!citizen) throw ApiError.notFound("No se encontró el ciudadano.");
  const status = input.status ?? "in_process";
  const createdAt = input.createdAt ?? new Date().toISOString();
  const row: RecordsTable = {
    id: randomUUID(),
    code: input.code ?? makeRecordCode(new Date(createdAt)),
    owner_cuil: input.ownerCuil,
    tab_code: input.tab ?? (status === "archived" ? "archived" : "in_process"),
    status_code: status,
    status_description: RECORD_STATUSES[status].description,
    status_color: RECORD_STATUSES[status].color,
    read_only: fromBool(input.readOnly ?? status === "archived"),
    title: input.title,
    description: JSON.stringify(input.description ?? []),
    header: JSON.stringify(input.header ?? []),
    created_at: createdAt,
    updated_at: input.updatedAt ?? createdAt,
  };
  await insertRecord(db, row);
  return row;
}

export async function associateRecords(
  db: DbOrTx,
  recordId: string,
  other: { id?: string | null; code: string },
  type: AssociationType,
  createdAt = new Date().toISOString(),
): Promise<void> {
  if (!ASSOCIATION_TYPES.includes(type)) throw ApiError.badRequest("Tipo de asociación desconocido.");
  await insertAssociation(db, {
    id: randomUUID(),
    record_id: recordId,
    associated_record_id: other.id ?? null,
    associated_code: other.code,
    type,
    created_at: createdAt,
  });
}

/** The opposite side of an association (a link's primary has secondaries, and so on). */
export const mirrorAssociation = (type: AssociationType): AssociationType =>
  type.endsWith("primary")
    ? (type.replace("primary", "secondary") as AssociationType)
    : (type.replace("secondary", "primary") as AssociationType);

export type NewDocument = {
  recordId: string;
  fileId: string;
  stage: RecordDocumentsTable["stage"];
  name: string;
  reference?: string;
  description?: string;
  userName?: string;
  nroFolio?: number;
  status?: SentStatus;
  details?: Detail[];
  createdAt?: string;
  updatedAt?: string;
};

/** Adds a document directly in a stage (operator and seed). */
export async function addDocument(db: DbOrTx, input: NewDocument): Promise<string> {
  const row = documentRow(input);
  await insertDocument(db, row);
  return row.id;
}

/** The row of a document added in a stage, its status texts made here; the bench's bulk load writes it too. */
export function documentRow(input: NewDocument): RecordDocumentsTable {
  const created = input.createdAt ?? new Date().toISOString();
  const status = input.stage === "sent" ? SENT_STATUSES[input.status ?? "received"] : null;
  return {
    id: randomUUID(),
    record_id: input.recordId,
    file_id: input.fileId,
    stage: input.stage,
    name: input.name,
    reference: input.reference ?? "",
    description: input.description ?? null,
    user_name: input.userName ?? null,
    nro_folio: input.nroFolio ?? null,
    status_code: status ? (input.status ?? "received") : null,
    status_description: status?.description ?? null,
    status_color: status?.color ?? null,
    details: JSON.stringify(input.details ?? []),
    created_at: created,
    updated_at: input.updatedAt ?? created,
    incorporated_at: input.stage === "incorporated" ? (input.updatedAt ?? created) : null,
  };
}

/** Operator: incorporates a pending or sent document, with the next folio number. */
export async function incorporateDocument(
  db: DbOrTx,
  input: { recordId: string; documentId: string; description: string; userName: string; details?: Detail[] },
) {
  const now = new Date().toISOString();
  return inTransaction(db, async (tx) => {
    const doc = await findDocument(tx, input.recordId, input.documentId);
    if (!doc) throw ApiError.notFound("No se encontró el documento.");
    if (doc.stage === "incorporated") return doc.id;
    const folio = (await lastFolio(tx, input.recordId)) + 1;
    await updateDocument(tx, doc.id, {
      stage: "incorporated",
      description: input.description,
      user_name: input.userName,
      nro_folio: folio,
      details: JSON.stringify(input.details ?? [...parseJson<Detail[]>(doc.details, []), { label: "Referencia", value: doc.reference }]),
      incorporated_at: now,
      updated_at: now,
    });
    await touchRecord(tx, input.recordId, now);
    return doc.id;
  });
}

/** Operator: sets the status of a sent document. */
export async function setSentStatus(db: DbOrTx, input: { recordId: string; documentId: string; status: SentStatus }) {
  const status = SENT_STATUSES[input.status];
  if (!status) throw ApiError.badRequest("Estado desconocido.");
  const updated = await setSentDocumentStatus(db, input.recordId, input.documentId, {
    status_code: input.status,
    status_description: status.description,
    status_color: status.color,
    updated_at: new Date().toISOString(),
  });
  if (!updated) throw ApiError.notFound("No se encontró el documento enviado.");
}
