/**
 * The shared files layer: every file a citizen uploads, whichever module it is for.
 *
 * How other modules use it
 * - Upload: the portal posts the file to `POST /api/fs/raw/bucket` (multipart: file, filename,
 *   system, documentTypeCode, code), which streams it through `saveFile` into the blob store
 *   (50 MB limit while streaming → 413; type by magic bytes → 415) and answers
 *   `{ result: fileId }`. The module then references that id in its own call (the chat's
 *   `toSendDocument`, the records' `/filemanager/:id/upload`), checking ownership with
 *   `getOwnedFile(db, cuil, id)`.
 * - Download: `GET /api/fs/bucket/:base64FileName/:fileId` streams an owned file (the
 *   procedures module's attachments and the records' documents use it). A module that serves
 *   a file in its own route calls `getOwnedFile` + `openFile` and never touches paths.
 * - Preview: `GET /api/fs/viewer/getPageCount/:id` (stored at upload) and
 *   `GET /api/fs/viewer/getPageAsPdf/:id/:page` (`pageAsPdf`).
 * - A backend module that makes files itself (seeds, operator) calls `saveFile` with a Buffer.
 *
 * Ownership: a file row belongs to `owner_cuil`; anything else answers 404. Keys in the
 * blob store are the file ids (UUIDs), never derived from file names.
 */
import { randomUUID } from "node:crypto";
import { Readable, Transform, type TransformCallback } from "node:stream";
import { PDFDocument } from "pdf-lib";
import { detectType, type DetectedType } from "../../../common/file-names.js";
import { countStreamedBytes } from "../../../common/streamed-bytes.js";
import type { DbOrTx } from "../../db/index.js";
import { ApiError } from "../../errors.js";
import { payloadTooLarge, UPLOAD_LIMIT_BYTES, type BlobStore } from "../../storage/index.js";
import { imageDecodes } from "./images.js";
import { countPdfPages } from "./pdf-pages.js";
import { findOwnedFile, insertFile, listOwnedFiles } from "./repository.js";
import type { FilesTable } from "./types.js";

export type { FilesTable } from "./types.js";
export { UPLOAD_LIMIT_BYTES } from "../../storage/index.js";

export type FileRow = FilesTable;
export type FilesDeps = { db: DbOrTx; store: BlobStore };

export const ACCEPTED_FORMATS = ".pdf, .jpeg, .jpg, .png";
export const unsupportedMediaType = () =>
  new ApiError(
    415,
    "UNSUPPORTED_MEDIA_TYPE",
    `Error al subir el documento. Por favor seleccione uno de los siguientes formatos ${ACCEPTED_FORMATS}`,
  );

/** More than one file in an upload post: a count, not a size, so not the 50 MB text (decision 005). */
export const tooManyFiles = () =>
  new ApiError(400, "TOO_MANY_FILES", "Error al subir el documento. Solo se puede subir un archivo por vez.");

/** The type of a file by its first bytes: one rule for the API and the portal. */
export { detectType, type DetectedType };

/** Keeps the first bytes that pass through, and counts them all (decision 047). */
class HeadTap extends Transform {
  head = Buffer.alloc(0);
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback) {
    countStreamedBytes(chunk.length);
    if (this.head.length < 16) this.head = Buffer.concat([this.head, chunk.subarray(0, 16 - this.head.length)]);
    done(null, chunk);
  }
}

/** Reads a stream into one Uint8Array of its own (never a view into Node's shared pool: pdf-lib reads `.buffer`). */
export async function readAll(stream: Readable): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of stream) {
    chunks.push(chunk as Buffer);
    length += (chunk as Buffer).length;
  }
  const out = new Uint8Array(length);
  let offset = 0;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.length;
  }
  return out;
}

async function loadPdf(bytes: Buffer | Uint8Array): Promise<PDFDocument> {
  return PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
}

/** A safe display name: no path parts, no control characters, at most 255 characters. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const cleaned = base
    .replace(/\p{Cc}/gu, "")
    .trim()
    .slice(0, 255);
  return cleaned || "documento";
}

/**
 * Streams a file into the blob store and records it: type by magic bytes, then a PDF that pdf.js
 * opens or an image that decodes (415 otherwise, decision 008), size limit while streaming (413),
 * page count computed once. No half file, no row on failure.
 */
export async function saveFile(
  deps: FilesDeps,
  input: { ownerCuil: string; name: string; body: Readable | Buffer; maxBytes?: number; createdAt?: string },
): Promise<FileRow> {
  const id = randomUUID();
  const key = id;
  const tap = new HeadTap();
  const source = Buffer.isBuffer(input.body) ? Readable.from([input.body]) : input.body;
  source.on("error", (error) => tap.destroy(error));
  const piped = source.pipe(tap);
  let stored = false;
  try {
    const { size, sha256 } = await deps.store.put(key, piped, { maxBytes: input.maxBytes ?? UPLOAD_LIMIT_BYTES });
    stored = true;
    // busboy marks a file cut at its limit as truncated instead of erroring.
    if ((source as Readable & { truncated?: boolean }).truncated) throw payloadTooLarge();
    const mime = detectType(tap.head);
    if (!mime) throw unsupportedMediaType();
    let pageCount = 1;
    if (mime === "application/pdf") {
      try {
        pageCount = await countPdfPages(deps.store, key, size);
      } catch {
        throw unsupportedMediaType();
      }
    } else if (!(await imageDecodes(deps.store, key, size, mime))) {
      throw unsupportedMediaType();
    }
    const row: FileRow = {
      id,
      owner_cuil: input.ownerCuil,
      name: cleanFileName(input.name),
      mime,
      size,
      sha256,
      storage_key: key,
      page_count: pageCount,
      created_at: input.createdAt ?? new Date().toISOString(),
    };
    await insertFile(deps.db, row);
    return row;
  } catch (error) {
    if (stored) await deps.store.delete(key).catch(() => undefined);
    else if (!source.destroyed) source.resume();
    throw error;
  }
}

/** The citizen's file, or 404. */
export async function getOwnedFile(db: DbOrTx, cuil: string, id: string): Promise<FileRow> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw ApiError.notFound();
  const row = await findOwnedFile(db, cuil, id);
  if (!row) throw ApiError.notFound();
  return { ...row, size: Number(row.size) };
}

/** Files of the citizen among `ids` (unknown or foreign ids are left out). */
export async function getOwnedFiles(db: DbOrTx, cuil: string, ids: string[]): Promise<FileRow[]> {
  if (ids.length === 0) return [];
  return listOwnedFiles(db, cuil, ids);
}

/** A stream of the stored bytes. */
export function openFile(deps: { store: BlobStore }, row: FileRow): Promise<Readable> {
  return deps.store.get(row.storage_key);
}

export function pageCountOf(row: FileRow): number {
  return row.page_count ?? 1;
}

/**
 * One page of a stored file as a new one-page PDF: cut from a PDF (the file is read into
 * memory once), or an image wrapped in a page of its own size.
 */
export async function pageAsPdf(deps: { store: BlobStore }, row: FileRow, page: number): Promise<Uint8Array> {
  const count = pageCountOf(row);
  if (!Number.isInteger(page) || page < 1 || page > count) throw ApiError.notFound("La página solicitada no existe.");
  const bytes = await readAll(await openFile(deps, row));
  const out = await PDFDocument.create();
  if (row.mime === "application/pdf") {
    // pdf.js accepted the file at upload; pdf-lib, which cuts the page, may still not read it.
    const source = await loadPdf(bytes).catch(() => {
      throw new ApiError(422, "PAGE_UNAVAILABLE", "No se pudo obtener la página del documento.");
    });
    const [copied] = await out.copyPages(source, [page - 1]);
    out.addPage(copied);
  } else {
    const image = row.mime === "image/png" ? await out.embedPng(bytes) : await out.embedJpg(bytes);
    const p = out.addPage([image.width, image.height]);
    p.drawImage(image, { x: 0, y: 0, width: image.width, height: image.height });
  }
  return out.save();
}
