import { randomUUID } from "node:crypto";
import type { Readable } from "node:stream";
import type { DbOrTx } from "../../db/index.js";
import { ApiError } from "../../errors.js";
import { communicationTypeTexts, pageSizeOf } from "../config/reference.js";
import { listCommunicationTypes } from "../config/repository.js";
import { enqueueMail, type MailKind } from "../../mail/outbox.js";
import { UPLOAD_LIMIT_BYTES } from "../../../common/limits.js";
import type { BlobStore } from "../../storage/index.js";
import { findCitizenByCuil } from "../citizens/repository.js";
import { normaliseSubject, queryInbox, type InboxFilters } from "./inbox-repository.js";
import {
  decrementFilesPending,
  findAdhesion,
  findCommunicationFile,
  findCommunicationType,
  findFirstLegalText,
  findLegalText,
  findOwnedCommunication,
  insertAdhesionOnce,
  insertCommunication,
  insertCommunicationFiles,
  insertCommunicationHistory,
  lastSequenceOf,
  listCommunicationFiles,
  listCommunicationHistory,
  listOwnedCommunicationStates,
  lockCommunicationSequence,
  markCommunicationSeen,
  markFileDownloaded,
  setCommunicationsArchived,
  updateAdhesionContact,
  type AdhesionRow,
} from "./repository.js";
import type { DdCommunicationFilesTable, DdCommunicationsTable } from "./tables.js";
import { assertLinksOwned } from "../thread/service.js";
import { notAdhered } from "./errors.js";

export const FILES_PENDING_MESSAGE = "Descarga todos los archivos adjuntos de la comunicación antes de archivarla o recuperarla.";
export const DEFAULT_ID_CIUDADANA_URL = "https://id.ciudadana.gob.ar";

export const HISTORY = {
  received: "Comunicación recibida",
  seen: "Comunicación leída",
  downloaded: (name: string) => `Archivo descargado: ${name}`,
  archived: "Comunicación archivada",
  recovered: "Comunicación recuperada",
} as const;

export function toSelfDa(a: AdhesionRow) {
  return {
    cuil: a.cuil,
    email: a.email,
    phone: a.phone_code && a.phone_number ? { code: a.phone_code, number: a.phone_number } : null,
    adhered_at: a.adhered_at,
  };
}

/** The citizen's adhesion; 400 NOT_ADHERED when there is none. */
export async function requireAdhesion(db: DbOrTx, cuil: string): Promise<AdhesionRow> {
  const adhesion = await findAdhesion(db, cuil);
  if (!adhesion) throw notAdhered();
  return adhesion;
}

async function citizenOf(db: DbOrTx, cuil: string) {
  const c = await findCitizenByCuil(db, cuil);
  if (!c) throw ApiError.notFound();
  return c;
}
const fullName = (c: { given_name: string; family_name: string }) => `${c.given_name} ${c.family_name}`;

// ---------------------------------------------------------------- communications

type CommRow = DdCommunicationsTable;
type FileRow = DdCommunicationFilesTable;

function toCommunication(row: CommRow, files: FileRow[], types: Map<string, string>) {
  return {
    code: row.code,
    subject: row.subject,
    client: row.client,
    type: { id: row.type_id, text: types.get(row.type_id) ?? row.type_id },
    created_at: row.created_at,
    seen_date: row.seen_date,
    date_notified: row.date_notified,
    notified: row.notified === 1,
    message: row.message,
    archived: row.archived === 1,
    files: files.map((f) => ({ id: f.id, file_name: f.file_name, downloaded: f.downloaded === 1 })),
    sequence: Number(row.sequence),
    year: Number(row.year),
    recipient: row.recipient,
    // Ours, beside the spec (decisions 026 and 014): what it concerns and when it is due.
    instance_id: row.instance_id ?? null,
    record_id: row.record_id ?? null,
    due_date: row.due_date ?? null,
  };
}
export type CommunicationDto = ReturnType<typeof toCommunication>;

async function filesOf(db: DbOrTx, codes: string[]): Promise<Map<string, FileRow[]>> {
  const map = new Map<string, FileRow[]>();
  if (codes.length === 0) return map;
  const rows = await listCommunicationFiles(db, codes);
  for (const r of rows) map.set(r.communication_code, [...(map.get(r.communication_code) ?? []), r]);
  return map;
}

export async function inbox(db: DbOrTx, cuil: string, filters: InboxFilters) {
  const [pageSize, types] = await Promise.all([pageSizeOf(db, "digital"), communicationTypeTexts(db)]);
  const result = await queryInbox(db, cuil, filters, pageSize);
  const files = await filesOf(
    db,
    result.rows.map((r) => r.code),
  );
  return {
    communications: result.rows.map((r) => toCommunication(r, files.get(r.code) ?? [], types)),
    total: result.total,
    unseen: result.unseen,
    last_page: result.last_page,
  };
}

async function ownCommunication(db: DbOrTx, cuil: string, code: string): Promise<CommRow> {
  const row = await findOwnedCommunication(db, cuil, code);
  if (!row) throw ApiError.notFound("No se encontró la comunicación.");
  return row;
}

async function addHistory(db: DbOrTx, code: string, description: string, user: string, date = new Date().toISOString()) {
  await insertCommunicationHistory(db, { id: randomUUID(), code, date, description, user });
}

/** Marks the communication seen (once) with its history entry; true when it changed. */
async function markSeen(db: DbOrTx, row: CommRow, user: string, now: string): Promise<boolean> {
  if (row.seen_date) return false;
  if (!(await markCommunicationSeen(db, row.code, now))) return false;
  await addHistory(db, row.code, HISTORY.seen, user, now);
  return true;
}

/** get_one: the communication, marked seen on its first opening. */
export async function getOne(db: DbOrTx, cuil: string, code: string) {
  const citizen = await citizenOf(db, cuil);
  const now = new Date().toISOString();
  await db.transaction().execute(async (tx) => {
    const row = await ownCommunication(tx, cuil, code);
    await markSeen(tx, row, fullName(citizen), now);
  });
  const row = await ownCommunication(db, cuil, code);
  const [files, types] = await Promise.all([filesOf(db, [code]), communicationTypeTexts(db)]);
  return toCommunication(row, files.get(code) ?? [], types);
}

export async function getHistory(db: DbOrTx, cuil: string, code: string) {
  await ownCommunication(db, cuil, code);
  const rows = await listCommunicationHistory(db, code);
  return rows.map((r) => ({ description: r.description, date: r.date, user: r.user_name }));
}

/** get_file: the blob; marks the file downloaded and the communication seen, with history. */
export async function openCommunicationFile(
  db: DbOrTx,
  store: BlobStore,
  cuil: string,
  code: string,
  fileId: string,
): Promise<{ stream: Readable; name: string; mime: string; size: number }> {
  const citizen = await citizenOf(db, cuil);
  const row = await ownCommunication(db, cuil, code);
  const file = await findCommunicationFile(db, code, fileId);
  if (!file) throw ApiError.notFound("No se encontró el archivo.");
  const stream = await store.get(file.storage_key);
  const now = new Date().toISOString();
  const user = fullName(citizen);
  await db.transaction().execute(async (tx) => {
    await markSeen(tx, row, user, now);
    if (await markFileDownloaded(tx, file.id, now)) await decrementFilesPending(tx, code);
    await addHistory(tx, code, HISTORY.downloaded(file.file_name), user, now);
  });
  return { stream, name: file.file_name, mime: file.mime, size: Number(file.size) };
}

/** archive / recover: every code must be the citizen's (404) with every file downloaded (409). */
export async function setArchived(db: DbOrTx, cuil: string, codes: string[], archived: boolean) {
  const citizen = await citizenOf(db, cuil);
  const unique = [...new Set(codes)];
  const now = new Date().toISOString();
  await db.transaction().execute(async (tx) => {
    const rows = await listOwnedCommunicationStates(tx, cuil, unique);
    if (rows.length !== unique.length) throw ApiError.notFound("No se encontró la comunicación.");
    if (rows.some((r) => Number(r.files_pending) > 0)) throw new ApiError(409, "FILES_NOT_DOWNLOADED", FILES_PENDING_MESSAGE);
    const changing = rows.filter((r) => (r.archived === 1) !== archived).map((r) => r.code);
    if (changing.length === 0) return;
    await setCommunicationsArchived(tx, changing, archived);
    for (const code of changing) {
      await addHistory(tx, code, archived ? HISTORY.archived : HISTORY.recovered, fullName(citizen), now);
    }
  });
}

/** The communication types, in their order (read fresh: the operator's form and the citizen's filter). */
export const listTypes = listCommunicationTypes;

// ---------------------------------------------------------------- sending (operator side)

export type SendInput = {
  cuil: string;
  subject: string;
  client: string;
  type: string;
  message: string;
  notified: boolean;
  files: { name: string; mime: string; body: Buffer | Readable }[];
  /** defaults to now */
  createdAt?: string;
  /** seed only: state of a communication that already has a past */
  seenAt?: string | null;
  archived?: boolean;
  downloaded?: boolean;
  /** decision 026: the procedure instance / record it concerns (the same citizen's) and its due day */
  instanceId?: string | null;
  recordId?: string | null;
  dueDate?: string | null;
  /** mail the citizen about it, in the same transaction (decision 028); the seed does not */
  mail?: boolean;
  /** called inside the transaction that stores it, with its code (the operator's access log: decision 071) */
  onStored?: (tx: DbOrTx, code: string) => Promise<void>;
};

const MAX_SEQUENCE_ATTEMPTS = 5;

/** Stores a communication and its files for a citizen (adhered: 400 NOT_ADHERED otherwise). */
export async function sendCommunication(db: DbOrTx, store: BlobStore, input: SendInput): Promise<CommunicationDto> {
  const citizen = await citizenOf(db, input.cuil);
  await requireAdhesion(db, input.cuil);
  const type = await findCommunicationType(db, input.type);
  if (!type) throw ApiError.badRequest("Tipo de comunicación desconocido.");
  const createdAt = input.createdAt ?? new Date().toISOString();
  const year = Number(createdAt.slice(0, 4));

  const stored: FileRow[] = [];
  try {
    for (const [position, f] of input.files.entries()) {
      const key = randomUUID();
      const { size } = await store.put(key, f.body, { maxBytes: UPLOAD_LIMIT_BYTES });
      const downloaded = input.downloaded ? 1 : 0;
      stored.push({
        id: randomUUID(),
        communication_code: "",
        position,
        file_name: f.name,
        mime: f.mime,
        size,
        storage_key: key,
        downloaded,
        downloaded_at: downloaded ? createdAt : null,
      });
    }
    for (let attempt = 1; ; attempt++) {
      try {
        const code = await db.transaction().execute(async (tx) => {
          // One transaction at a time takes the next number (on PostgreSQL; see the lock's comment).
          await lockCommunicationSequence(tx);
          const sequence = (await lastSequenceOf(tx, year)) + 1;
          const code = `${year}-${String(sequence).padStart(6, "0")}`;
          const seenAt = input.seenAt ?? null;
          await assertLinksOwned(tx, input.cuil, { instanceId: input.instanceId, recordId: input.recordId });
          const filesPending = stored.filter((f) => f.downloaded === 0).length;
          await insertCommunication(
            tx,
            communicationRow({ ...input, createdAt }, { code, sequence, year, recipient: fullName(citizen), filesPending }),
          );
          if (stored.length) {
            await insertCommunicationFiles(
              tx,
              stored.map((f) => ({ ...f, communication_code: code })),
            );
          }
          await addHistory(tx, code, HISTORY.received, input.client, createdAt);
          if (seenAt) await addHistory(tx, code, HISTORY.seen, fullName(citizen), seenAt);
          if (input.archived) await addHistory(tx, code, HISTORY.archived, fullName(citizen), seenAt ?? createdAt);
          if (input.mail) await mailCitizen(tx, input.cuil, "communication", MAIL.communication(input.subject, input.client));
          if (input.onStored) await input.onStored(tx, code);
          return code;
        });
        const row = await ownCommunication(db, input.cuil, code);
        const files = await filesOf(db, [code]);
        return toCommunication(row, files.get(code) ?? [], await communicationTypeTexts(db));
      } catch (error) {
        if (attempt >= MAX_SEQUENCE_ATTEMPTS || !/unique|duplicate/i.test(String((error as Error).message))) throw error;
      }
    }
  } catch (error) {
    for (const f of stored) await store.delete(f.storage_key).catch(() => {});
    throw error;
  }
}

/** The row of a communication, numbered, its derived columns (the subject's search form) made here; the bench's bulk load writes it too. */
export function communicationRow(
  input: Omit<SendInput, "files" | "createdAt"> & { createdAt: string },
  numbered: { code: string; sequence: number; year: number; recipient: string; filesPending: number },
): DdCommunicationsTable {
  return {
    code: numbered.code,
    cuil: input.cuil,
    sequence: numbered.sequence,
    year: numbered.year,
    recipient: numbered.recipient,
    subject: input.subject,
    subject_norm: normaliseSubject(input.subject),
    client: input.client,
    type_id: input.type,
    message: input.message,
    notified: input.notified ? 1 : 0,
    created_at: input.createdAt,
    date_notified: input.notified ? input.createdAt : null,
    seen_date: input.seenAt ?? null,
    archived: input.archived ? 1 : 0,
    files_pending: numbered.filesPending,
    instance_id: input.instanceId ?? null,
    record_id: input.recordId ?? null,
    due_date: input.dueDate ?? null,
  };
}

// ---------------------------------------------------------------- contact data and adhesion

export type Phone = { code: string; number: string };

export async function contactInfo(db: DbOrTx, cuil: string, idCiudadanaUrl = process.env.ID_CIUDADANA_URL || DEFAULT_ID_CIUDADANA_URL) {
  const citizen = await citizenOf(db, cuil);
  const adhesion = await findAdhesion(db, cuil);
  const emails = [...new Set([adhesion?.email, citizen.email].filter((e): e is string => Boolean(e)))];
  const phones: Phone[] = [];
  for (const p of [
    adhesion && { code: adhesion.phone_code, number: adhesion.phone_number },
    { code: citizen.phone_code, number: citizen.phone_number },
  ]) {
    if (p && p.code && p.number && !phones.some((q) => q.code === p.code && q.number === p.number))
      phones.push({ code: p.code, number: p.number });
  }
  return {
    user_id: cuil,
    first_name: citizen.given_name,
    last_name: citizen.family_name,
    emails,
    phones,
    hrefIdCiudadana: idCiudadanaUrl,
  };
}

async function checkContact(db: DbOrTx, cuil: string, email: string, phone: Phone | null) {
  const info = await contactInfo(db, cuil);
  if (!info.emails.includes(email)) throw ApiError.badRequest("El correo electrónico no es uno de tus datos de contacto.");
  if (phone && !info.phones.some((p) => p.code === phone.code && p.number === phone.number))
    throw ApiError.badRequest("El teléfono no es uno de tus datos de contacto.");
}

/** enroll: adheres once (a repeated call changes nothing); true when this call adhered (and mailed). */
export async function enroll(db: DbOrTx, cuil: string, email: string, phone: Phone | null): Promise<boolean> {
  await checkContact(db, cuil, email, phone);
  return db.transaction().execute(async (tx) => {
    const adhered = await insertAdhesionOnce(tx, {
      cuil,
      email,
      phone_code: phone?.code ?? null,
      phone_number: phone?.number ?? null,
      adhered_at: new Date().toISOString(),
    });
    if (adhered) await mailCitizen(tx, cuil, "adhered", MAIL.adhered);
    return adhered;
  });
}

/** New contact data, and the mail that tells of it (to the new address), in one transaction. */
export async function setSelfDa(db: DbOrTx, cuil: string, email: string, phone: Phone | null) {
  await requireAdhesion(db, cuil);
  await checkContact(db, cuil, email, phone);
  await db.transaction().execute(async (tx) => {
    await updateAdhesionContact(tx, cuil, { email, phone_code: phone?.code ?? null, phone_number: phone?.number ?? null });
    await mailCitizen(tx, cuil, "updated", MAIL.updated);
  });
}

// ---------------------------------------------------------------- terms and privacy

const escapeHtml = (v: string) =>
  v.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** The tenant's terms / privacy HTML with `{{nombre}}` and `{{cuil}}` filled in for the citizen. */
export async function legalText(db: DbOrTx, tenant: string, kind: "terms" | "privacy", cuil: string) {
  const citizen = await citizenOf(db, cuil);
  const row = (await findLegalText(db, tenant, kind)) ?? (await findFirstLegalText(db, kind));
  if (!row) throw ApiError.notFound();
  return row.html.replaceAll("{{nombre}}", escapeHtml(fullName(citizen))).replaceAll("{{cuil}}", escapeHtml(cuil));
}

// ---------------------------------------------------------------- mail

export const MAIL = {
  communication: (subject: string, client: string) => ({
    subject: "Recibiste una nueva comunicación en tu domicilio digital",
    text: `Recibiste una nueva comunicación de ${client}: "${subject}".\n\nIngresa a Atención Virtual, sección Domicilio digital, para leerla.\n`,
  }),
  adhered: {
    subject: "Te adheriste al domicilio digital",
    text: "Tu adhesión al domicilio digital de la Provincia quedó registrada. A partir de ahora recibirás en él las comunicaciones oficiales.\n",
  },
  updated: {
    subject: "Se modificaron tus datos de contacto del domicilio digital",
    text: "Los datos de contacto de tu domicilio digital se modificaron correctamente.\n",
  },
} as const;

/** Queues a mail to the citizen's stored (adhesion) address; call it inside the transaction of its cause. */
async function mailCitizen(tx: DbOrTx, cuil: string, kind: MailKind, content: { subject: string; text: string }) {
  const adhesion = await findAdhesion(tx, cuil);
  if (!adhesion?.email) return null;
  return enqueueMail(tx, { kind, to: adhesion.email, cuil, subject: content.subject, text: content.text });
}
