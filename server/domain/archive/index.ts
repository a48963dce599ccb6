/**
 * 'Descargar todo' (decision 030): one ZIP of a record's or a procedure's documents, with
 * an index (`indice.csv`, UTF-8: order, name, reference, date, stage, file in the ZIP).
 *
 * Streaming end to end: yazl takes one entry at a time and asks for its blob stream only
 * when it gets to it (`addReadStreamLazy`), its output is a stream with back-pressure, so
 * neither the ZIP nor any document is held in memory (the response starts with the first
 * document; a slow client slows the reading of the blobs). Documents (PDF, JPEG, PNG) are
 * already compressed: they are stored, not deflated again, which keeps the CPU free; the
 * index is deflated.
 *
 * Scoped: the record or procedure must be the citizen's (404 otherwise) and only files the
 * citizen owns are included.
 */
import type { Readable } from "node:stream";
import { ZipFile } from "yazl";
import type { DbOrTx } from "../../db/index.js";
import { ApiError } from "../../errors.js";
import type { BlobStore } from "../../storage/index.js";
import { getOwnedInstance } from "../procedures/service.js";
import { getOwnedRecord } from "../records/service.js";
import { listProcedureArchiveDocuments, listRecordArchiveDocuments } from "./repository.js";
import { TYPE_EXTENSIONS } from "../../../common/file-names.js";

export type ArchiveEntry = {
  order: number;
  name: string;
  reference: string;
  /** ISO date-time */
  date: string;
  stage: string;
  fileId: string;
  storageKey: string;
  mime: string;
};

export type Archive = { fileName: string; entries: ArchiveEntry[] };

export const RECORD_STAGES = { incorporated: "Incorporado", sent: "Enviado", pending: "Pendiente de envío" } as const;
const PROCEDURE_STATUSES: Record<string, string> = {
  received: "Recibido",
  pending: "Pendiente",
  approved: "Aprobado",
  rejected: "Rechazado",
};

/** A name safe as one ZIP path segment on every system. */
function safeSegment(name: string): string {
  const cleaned = name
    .replace(/[\p{Cc}<>:"/\\|?*]/gu, "_")
    .replace(/^\.+/, "")
    .trim();
  return cleaned.slice(0, 120).trim() || "documento";
}

/** `01 - nombre.pdf`: the order first, the extension of the real type, unique within the ZIP. */
export function entryNames(entries: Pick<ArchiveEntry, "order" | "name" | "mime">[]): string[] {
  const width = Math.max(2, String(entries.length).length);
  const used = new Set<string>();
  return entries.map((e) => {
    const ext = TYPE_EXTENSIONS[e.mime] ?? "";
    let base = safeSegment(e.name);
    if (ext && base.toLowerCase().endsWith(ext)) base = base.slice(0, -ext.length) || "documento";
    if (ext === ".jpg" && base.toLowerCase().endsWith(".jpeg")) base = base.slice(0, -5) || "documento";
    let candidate = `${String(e.order).padStart(width, "0")} - ${base}${ext}`;
    for (let n = 2; used.has(candidate.toLowerCase()); n++) candidate = `${String(e.order).padStart(width, "0")} - ${base} (${n})${ext}`;
    used.add(candidate.toLowerCase());
    return candidate;
  });
}

/** One CSV cell (RFC 4180); a leading = + - @ is neutralised so spreadsheets never run it. */
function cell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export const INDEX_NAME = "indice.csv";
export const INDEX_HEADER = ["orden", "nombre", "referencia", "fecha", "estado", "archivo"];

/** The index: UTF-8 with a BOM (spreadsheets read the accents), CRLF lines. */
export function indexCsv(entries: ArchiveEntry[], names = entryNames(entries)): string {
  const lines = [INDEX_HEADER.join(",")];
  entries.forEach((e, i) => {
    lines.push([String(e.order), e.name, e.reference, e.date, e.stage, names[i]].map(cell).join(","));
  });
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}

/** One entry of a ZIP: a small text made in memory (deflated), or a stored blob (stored as it is). */
export type ZipItem = { name: string; mtime: Date } & ({ data: Buffer } | { storageKey: string });

/**
 * The ZIP of `items` as a stream, in their order; blobs are opened one at a time, when their turn
 * comes. A blob that cannot be read ends the stream with an error (a truncated ZIP), never a hang.
 * Also the writer of 'Descargar mis datos' (decision 073).
 */
export function zipOf(store: Pick<BlobStore, "get">, items: ZipItem[]): Readable {
  const zip = new ZipFile();
  for (const item of items) {
    if ("data" in item) {
      zip.addBuffer(item.data, item.name, { mtime: item.mtime, compress: true });
      continue;
    }
    zip.addReadStreamLazy(item.name, { mtime: item.mtime, compress: false }, (cb) => {
      store.get(item.storageKey).then(
        (stream) => cb(null, stream),
        (error: unknown) => cb(error as Error, undefined as never),
      );
    });
  }
  zip.end();
  const out = zip.outputStream as Readable;
  (zip as unknown as NodeJS.EventEmitter).on("error", (error: Error) => out.destroy(error));
  return out;
}

/** A date for a ZIP entry: `iso`, or `fallback` when it is not a date. */
export function entryDate(iso: string, fallback: Date): Date {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? fallback : date;
}

/** The ZIP of an archive: its index first, then its documents. */
export function zipStream(store: Pick<BlobStore, "get">, archive: Archive, now = new Date()): Readable {
  const names = entryNames(archive.entries);
  return zipOf(store, [
    { name: INDEX_NAME, data: Buffer.from(indexCsv(archive.entries, names), "utf8"), mtime: now },
    ...archive.entries.map((entry, i) => ({ name: names[i], storageKey: entry.storageKey, mtime: entryDate(entry.date, now) })),
  ]);
}

/** The documents of the citizen's record as the manager lists them: incorporated (by folio), sent, then pending. */
export async function recordArchive(db: DbOrTx, cuil: string, recordId: string): Promise<Archive> {
  const record = await getOwnedRecord(db, cuil, recordId);
  // A read-only record shows no pending documents: its ZIP has none either.
  const rows = await listRecordArchiveDocuments(db, cuil, record.id, { withPending: !record.read_only });
  const rank = { incorporated: 0, sent: 1, pending: 2 } as const;
  rows.sort(
    (a, b) =>
      rank[a.stage] - rank[b.stage] ||
      (a.stage === "incorporated" ? (a.nro_folio ?? 0) - (b.nro_folio ?? 0) : 0) ||
      a.created_at.localeCompare(b.created_at) ||
      a.file_id.localeCompare(b.file_id),
  );
  return {
    fileName: `Documentos del expediente ${record.code}.zip`,
    entries: rows.map((r, i) => ({
      order: i + 1,
      name: r.name,
      reference: (r.stage === "incorporated" && r.description ? r.description : r.reference) ?? "",
      date: r.stage === "incorporated" ? (r.incorporated_at ?? r.created_at) : r.created_at,
      stage: RECORD_STAGES[r.stage],
      fileId: r.file_id,
      storageKey: r.storage_key,
      mime: r.mime,
    })),
  };
}

/** The documents of the citizen's procedure (its 'Adjuntos'), oldest first. */
export async function procedureArchive(db: DbOrTx, cuil: string, instanceId: string): Promise<Archive> {
  const instance = await getOwnedInstance(db, cuil, instanceId);
  const rows = await listProcedureArchiveDocuments(db, cuil, instance.id);
  // One line per received document, even if a chat document shares its file.
  const seen = new Set<string>();
  const unique = rows.filter((r) => (seen.has(r.id) ? false : (seen.add(r.id), true)));
  const title = instance.title.replace(/\s+/g, " ").trim().slice(0, 80);
  return {
    fileName: `Documentos del trámite ${title || instance.id.slice(0, 8)}.zip`,
    entries: unique.map((r, i) => ({
      order: i + 1,
      name: r.file_name,
      reference: r.description ?? "",
      date: r.created_at,
      stage: PROCEDURE_STATUSES[r.status] ?? r.status,
      fileId: r.file_id,
      storageKey: r.storage_key,
      mime: r.mime,
    })),
  };
}

/** 404 with its own code (common/error-codes.ts): the portal tells "nothing to download" from "not yours" by it. */
export const emptyArchive = () => new ApiError(404, "ARCHIVE_EMPTY", "No hay documentos para descargar.");
