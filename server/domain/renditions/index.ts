/**
 * Readable documents (decision 029): every page of a stored PDF as an image drawn on the
 * server, and its text, for browsers without JavaScript or a PDF viewer and for screen readers.
 *
 * Lazily, on the first request of a page, and cached: the result is written to the blob store
 * (atomic: temp file + rename in the disk store) and recorded in `file_renditions` keyed by
 * (file, kind, page, width). A page that cannot be rendered (broken or hostile PDF, timeout,
 * too many pixels) keeps a row with its `error_code`, so it costs the workers only once.
 * Every lookup goes through the file's owner: another citizen's file is a 404.
 *
 * Images of image files (JPEG/PNG, one page) are the stored file itself; they have no text.
 */
import { randomUUID } from "node:crypto";
import type { Readable } from "node:stream";
import type { DbOrTx } from "../../db/index.js";
import { ApiError } from "../../errors.js";
import type { BlobStore } from "../../storage/index.js";
import { openFile, pageCountOf, readAll, type FileRow } from "../files/index.js";
import type { RenderPool, RenderResult } from "./pool.js";

export type { FileRenditionsTable } from "./types.js";
export { createRenderPool, type RenderPool } from "./pool.js";

/** Widths the portal may ask for (cheap phones, the default, wide screens). */
export const IMAGE_WIDTHS = [480, 800, 1200] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];
export const DEFAULT_WIDTH: ImageWidth = 800;
/** No image larger than this many pixels (a very tall page is drawn narrower). */
export const MAX_PIXELS = 4_000_000;

export type RenditionsDeps = { db: DbOrTx; store: BlobStore; pool: RenderPool };

export const renderFailed = () =>
  new ApiError(422, "RENDER_FAILED", "No se pudo preparar esta página del documento. Puede descargarlo para verlo.");

export type PageImage = { stream: Readable; mime: string; size: number };
export type PageText = { page: number; pageCount: number; source: "pdf" | "image"; paragraphs: string[][] };

function checkPage(row: FileRow, page: number) {
  if (!Number.isInteger(page) || page < 1 || page > pageCountOf(row)) throw ApiError.notFound("La página solicitada no existe.");
}

type Kind = "image" | "text";
const inflight = new Map<string, Promise<void>>();

async function findRendition(db: DbOrTx, row: FileRow, kind: Kind, page: number, width: number) {
  // Scoped through the file's owner, not only by the file id.
  return db
    .selectFrom("file_renditions")
    .innerJoin("files", "files.id", "file_renditions.file_id")
    .select([
      "file_renditions.id",
      "file_renditions.mime",
      "file_renditions.storage_key",
      "file_renditions.size",
      "file_renditions.error_code",
    ])
    .where("file_renditions.file_id", "=", row.id)
    .where("files.owner_cuil", "=", row.owner_cuil)
    .where("file_renditions.kind", "=", kind)
    .where("file_renditions.page", "=", page)
    .where("file_renditions.width", "=", width)
    .executeTakeFirst();
}

/** Renders and stores one rendition (once, even when asked for several times at once). */
async function produce(deps: RenditionsDeps, row: FileRow, kind: Kind, page: number, width: number): Promise<void> {
  const key = `${row.id}:${kind}:${page}:${width}`;
  const running = inflight.get(key);
  if (running) return running;
  const work = (async () => {
    const bytes = await readAll(await openFile(deps, row));
    const result: RenderResult =
      kind === "image"
        ? await deps.pool.run({ kind, bytes, page, width, maxPixels: MAX_PIXELS, transfer: true })
        : await deps.pool.run({ kind, bytes, page, transfer: true });
    let body: Buffer | null = null;
    let mime: string | null = null;
    if (result.ok && kind === "image" && result.image) {
      body = Buffer.from(result.image.buffer, result.image.byteOffset, result.image.byteLength);
      mime = "image/webp";
    } else if (result.ok && kind === "text") {
      body = Buffer.from(JSON.stringify(result.text ?? []), "utf8");
      mime = "application/json";
    }
    const storageKey = body ? randomUUID() : null;
    if (body && storageKey) await deps.store.put(storageKey, body);
    try {
      await deps.db
        .insertInto("file_renditions")
        .values({
          id: randomUUID(),
          file_id: row.id,
          kind,
          page,
          width,
          mime,
          storage_key: storageKey,
          size: body?.length ?? 0,
          error_code: body ? null : result.ok ? "BAD_PDF" : result.code,
          created_at: new Date().toISOString(),
        })
        .execute();
    } catch (error) {
      // Another process stored the same rendition first: keep theirs.
      if (storageKey) await deps.store.delete(storageKey).catch(() => undefined);
      if (!(await findRendition(deps.db, row, kind, page, width))) throw error;
    }
  })();
  inflight.set(key, work);
  try {
    await work;
  } finally {
    inflight.delete(key);
  }
}

async function rendition(deps: RenditionsDeps, row: FileRow, kind: Kind, page: number, width: number) {
  let found = await findRendition(deps.db, row, kind, page, width);
  if (!found) {
    await produce(deps, row, kind, page, width);
    found = await findRendition(deps.db, row, kind, page, width);
  }
  if (!found || !found.storage_key || found.error_code) throw renderFailed();
  return { key: found.storage_key, mime: found.mime ?? "application/octet-stream", size: Number(found.size) };
}

/** The page drawn as an image `width` pixels wide (WebP), or the image file itself. */
export async function pageImage(deps: RenditionsDeps, row: FileRow, page: number, width: ImageWidth): Promise<PageImage> {
  checkPage(row, page);
  if (row.mime !== "application/pdf") {
    return { stream: await openFile(deps, row), mime: row.mime, size: Number(row.size) };
  }
  const found = await rendition(deps, row, "image", page, width);
  return { stream: await deps.store.get(found.key), mime: found.mime, size: found.size };
}

/** The page's text in paragraphs of lines (empty for an image, or a scanned page without text). */
export async function pageText(deps: RenditionsDeps, row: FileRow, page: number): Promise<PageText> {
  checkPage(row, page);
  const pageCount = pageCountOf(row);
  if (row.mime !== "application/pdf") return { page, pageCount, source: "image", paragraphs: [] };
  const found = await rendition(deps, row, "text", page, 0);
  const raw = Buffer.from(await readAll(await deps.store.get(found.key))).toString("utf8");
  let paragraphs: string[][] = [];
  try {
    const parsed = JSON.parse(raw) as unknown;
    if (Array.isArray(parsed)) {
      paragraphs = parsed.filter(Array.isArray).map((lines: unknown[]) => lines.filter((l): l is string => typeof l === "string"));
    }
  } catch {
    throw renderFailed();
  }
  return { page, pageCount, source: "pdf", paragraphs };
}

/** Storage keys of a file's renditions (to delete their blobs with the file). */
export async function renditionKeys(db: DbOrTx, fileId: string): Promise<string[]> {
  const rows = await db.selectFrom("file_renditions").select("storage_key").where("file_id", "=", fileId).execute();
  return rows.map((r) => r.storage_key).filter((k): k is string => !!k);
}
