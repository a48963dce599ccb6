/**
 * Receipts ('Comprobante', decision 033). A receipt is issued for something the citizen did,
 * read from the rows that action wrote (never from what the caller says was sent), once: issuing
 * again for the same thing answers the same receipt. Every query is scoped to the citizen.
 */
import { randomInt, randomUUID } from "node:crypto";
import type { DbOrTx } from "../../db/index.js";
import { parseJson } from "../../db/index.js";
import { ApiError } from "../../errors.js";
import {
  findAdhesionDate,
  findCitizenName,
  findLastCitizenUpload,
  findOwnedInstanceWithProcedure,
  findOwnedReceipt,
  findOwnedRecord,
  findReceiptByRef,
  insertReceiptOnce,
  lastRecordSend,
  listChatDocuments,
  listOwnedFileSizes,
  listOwnedReceipts,
  listRecordDocumentsSentAt,
} from "./repository.js";
import type { Receipt, ReceiptDetail, ReceiptDocument, ReceiptKind, ReceiptsTable } from "./types.js";
import { isId } from "../../../common/ids.js";

const ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";

/** AV-yyyymmdd-XXXXXX: the day (UTC, as the receipt's date: decision 014) and six random characters without look-alikes. */
export function makeReceiptNumber(at = new Date()): string {
  let suffix = "";
  for (let i = 0; i < 6; i += 1) suffix += ALPHABET[randomInt(ALPHABET.length)];
  return `AV-${at.toISOString().slice(0, 10).replaceAll("-", "")}-${suffix}`;
}

export function toReceipt(row: ReceiptsTable): Receipt {
  return {
    id: row.id,
    number: row.number,
    kind: row.kind,
    occurredAt: row.occurred_at,
    issuedAt: row.issued_at,
    detail: parseJson<ReceiptDetail>(row.detail, { citizen: { name: "", cuil: row.owner_cuil } }),
  };
}

type Source = { ref: string; occurredAt: string; detail: Omit<ReceiptDetail, "citizen"> };

async function citizenOf(db: DbOrTx, cuil: string) {
  const row = await findCitizenName(db, cuil);
  if (!row) throw ApiError.notFound();
  return { name: `${row.given_name} ${row.family_name}`.trim(), cuil };
}

async function ownedInstance(db: DbOrTx, cuil: string, id: string) {
  if (!isId(id)) throw ApiError.notFound();
  const row = await findOwnedInstanceWithProcedure(db, cuil, id);
  if (!row) throw ApiError.notFound();
  return { id: row.id, name: row.description ?? row.title, createdAt: row.created_at };
}

async function sizes(db: DbOrTx, cuil: string, fileIds: string[]): Promise<Map<string, number>> {
  if (fileIds.length === 0) return new Map();
  const rows = await listOwnedFileSizes(db, cuil, fileIds);
  return new Map(rows.map((r) => [r.id, Number(r.size)]));
}

/** Starting a procedure: the instance. */
async function procedureSource(db: DbOrTx, cuil: string, ref: string): Promise<Source> {
  const instance = await ownedInstance(db, cuil, ref);
  return { ref: instance.id, occurredAt: instance.createdAt, detail: { procedure: instance.name } };
}

/** Sending documents in the chat: the instance's latest 'uploadedDocuments' event by the citizen. */
async function documentsSource(db: DbOrTx, cuil: string, ref: string): Promise<Source> {
  const instance = await ownedInstance(db, cuil, ref);
  const event = await findLastCitizenUpload(db, instance.id);
  if (!event) throw ApiError.notFound("No hay documentos enviados.");
  const ids = parseJson<{ id?: string }[]>(event.documents, [])
    .map((d) => d.id)
    .filter((id): id is string => typeof id === "string");
  const docs = ids.length ? await listChatDocuments(db, instance.id, ids) : [];
  const bySize = await sizes(
    db,
    cuil,
    docs.map((d) => d.file_id).filter((id): id is string => Boolean(id)),
  );
  const order = new Map(ids.map((id, i) => [id, i]));
  const documents: ReceiptDocument[] = docs
    .sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0))
    .map((d) => ({ name: d.file_name ?? d.description, size: d.file_id ? (bySize.get(d.file_id) ?? null) : null }));
  return { ref: event.id, occurredAt: event.created_at, detail: { procedure: instance.name, documents } };
}

/** Sending documents to a record: the documents sent at the record's latest send. */
async function recordSource(db: DbOrTx, cuil: string, ref: string): Promise<Source> {
  if (!/^[0-9a-f-]{36}$/i.test(ref)) throw ApiError.notFound();
  const record = await findOwnedRecord(db, cuil, ref);
  if (!record) throw ApiError.notFound();
  const at = await lastRecordSend(db, record.id);
  if (!at) throw ApiError.notFound("No hay documentos enviados.");
  const docs = await listRecordDocumentsSentAt(db, record.id, at);
  const bySize = await sizes(
    db,
    cuil,
    docs.map((d) => d.file_id),
  );
  return {
    ref: `${record.id}@${at}`,
    occurredAt: at,
    detail: {
      record: `${record.code} · ${record.title}`,
      documents: docs.map((d) => ({ name: d.name, size: bySize.get(d.file_id) ?? null })),
    },
  };
}

/** Adhering to the digital domicile: the adhesion row. */
async function adhesionSource(db: DbOrTx, cuil: string): Promise<Source> {
  const row = await findAdhesionDate(db, cuil);
  if (!row) throw ApiError.notFound("No hay adhesión.");
  return { ref: `adhesion@${row.adhered_at}`, occurredAt: row.adhered_at, detail: { email: row.email } };
}

function sourceOf(db: DbOrTx, cuil: string, kind: ReceiptKind, ref: string): Promise<Source> {
  switch (kind) {
    case "procedure":
      return procedureSource(db, cuil, ref);
    case "documents":
      return documentsSource(db, cuil, ref);
    case "record":
      return recordSource(db, cuil, ref);
    case "adhesion":
      return adhesionSource(db, cuil);
  }
}

/**
 * Issues the receipt of `kind` for `ref` (an instance id, a record id; ignored for the adhesion),
 * or answers the one already issued for the same action. 404 when there is nothing of the
 * citizen's to issue it for.
 */
export async function issueReceipt(db: DbOrTx, cuil: string, kind: ReceiptKind, ref: string, now = new Date()): Promise<Receipt> {
  const source = await sourceOf(db, cuil, kind, ref);
  const existing = await findReceiptByRef(db, cuil, kind, source.ref);
  if (existing) return toReceipt(existing);
  const citizen = await citizenOf(db, cuil);
  const detail: ReceiptDetail = { citizen, ...source.detail };
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const row: ReceiptsTable = {
      id: randomUUID(),
      number: makeReceiptNumber(now),
      owner_cuil: cuil,
      kind,
      ref: source.ref,
      occurred_at: source.occurredAt,
      issued_at: now.toISOString(),
      detail: JSON.stringify(detail),
    };
    try {
      // A concurrent issue for the same action inserts nothing here and is read back below.
      await insertReceiptOnce(db, row);
    } catch (error) {
      // Only a clash of the random number reaches here: try another one.
      if (attempt < 4 && /unique|duplicate/i.test(String((error as Error).message))) continue;
      throw error;
    }
    const stored = await findReceiptByRef(db, cuil, kind, source.ref);
    if (stored) return toReceipt(stored);
  }
  throw ApiError.internal();
}

export async function getReceipt(db: DbOrTx, cuil: string, id: string): Promise<Receipt> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw ApiError.notFound("No se encontró el comprobante.");
  const row = await findOwnedReceipt(db, cuil, id);
  if (!row) throw ApiError.notFound("No se encontró el comprobante.");
  return toReceipt(row);
}

export async function listReceipts(db: DbOrTx, cuil: string, limit = 50): Promise<Receipt[]> {
  const rows = await listOwnedReceipts(db, cuil, limit);
  return rows.map(toReceipt);
}
