/**
 * Readable documents (decision 009): every page of a stored PDF as an image drawn on the
 * server, and its text, for browsers without JavaScript or a PDF viewer and for screen readers.
 *
 * Lazily, on the first request of a page, and cached: the result is written to the blob store
 * (atomic: temp file + rename in the disk store) and recorded in `file_renditions` keyed by
 * (file, kind, page, width). A page that cannot be rendered (broken or hostile PDF, timeout,
 * too many pixels) keeps a row with its `error_code`, answered with the quick 422 so that a
 * hostile file does not keep the workers busy; it is tried again once `retryWaitMs` has passed
 * (a timeout after minutes, since it may come from load or a short RENDER_TIMEOUT_MS; a failure
 * of the document itself after a day), and the operator clears failures with
 * `files:retry-pages`. Every lookup goes through the file's owner: another citizen's file is a 404.
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
import {
  findRendition,
  insertRendition,
  moveFailureTime,
  replaceFailure,
  type RenditionKey,
  type RenditionKind as Kind,
} from "./repository.js";

export type { FileRenditionsTable } from "./types.js";
export { createRenderPool, type RenderPool } from "./pool.js";
export { clearFailures, renditionKeys } from "./repository.js";

/** Widths the portal may ask for (cheap phones, the default, wide screens). */
export const IMAGE_WIDTHS = [480, 800, 1200] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];
export const DEFAULT_WIDTH: ImageWidth = 800;
/** No image larger than this many pixels (a very tall page is drawn narrower). */
export const MAX_PIXELS = 4_000_000;

export type RenditionsDeps = {
  db: DbOrTx;
  store: BlobStore;
  pool: RenderPool;
  /** wait before a page that timed out is tried again, doubled for each further timeout (RENDER_RETRY_MINUTES) */
  retryBaseMs: number;
  /** the clock (tests move it) */
  now?: () => Date;
};

/**
 * The longest wait before a failed page is tried again, and the wait of a failure the document
 * itself causes (broken PDF, a page it does not have, too many pixels, a thread that died on its
 * heap cap): trying it again only helps after a change of the server (pdf.js, the caps), so once a
 * day is enough, and a hostile file costs the workers at most once a day per page.
 */
export const MAX_RETRY_WAIT_MS = 24 * 3_600_000;

/**
 * How long after its last attempt a failed page is tried again. A timeout may come from load or
 * from a RENDER_TIMEOUT_MS too short for the page: tried again after `baseMs`, then twice as long
 * after each further timeout in a row (a page that never finishes does not take a worker for 20 s
 * every few minutes), up to a day.
 */
export function retryWaitMs(errorCode: string, failures: number, baseMs: number): number {
  if (errorCode !== "TIMEOUT") return MAX_RETRY_WAIT_MS;
  return Math.min(baseMs * 2 ** Math.max(0, failures - 1), MAX_RETRY_WAIT_MS);
}

export const renderFailed = () =>
  new ApiError(422, "RENDER_FAILED", "No se pudo preparar esta página del documento. Puede descargarlo para verlo.");

export type PageImage = { stream: Readable; mime: string; size: number };
export type PageText = { page: number; pageCount: number; source: "pdf" | "image"; paragraphs: string[][] };

function checkPage(row: FileRow, page: number) {
  if (!Number.isInteger(page) || page < 1 || page > pageCountOf(row)) throw ApiError.notFound("La página solicitada no existe.");
}

const inflight = new Map<string, Promise<void>>();

const keyOf = (row: FileRow, kind: Kind, page: number, width: number): RenditionKey => ({
  fileId: row.id,
  ownerCuil: row.owner_cuil,
  kind,
  page,
  width,
});
const inflightKey = (key: RenditionKey) => `${key.fileId}:${key.kind}:${key.page}:${key.width}`;
const clock = (deps: RenditionsDeps) => deps.now?.() ?? new Date();

/** A recorded failure, as read: its row, how many in a row, and its time. */
type Failure = { id: string; failures: number; created_at: string };

/** Draws the page with the workers: the stored blob, or null and the failure's code. */
async function draw(deps: RenditionsDeps, row: FileRow, key: RenditionKey) {
  const { kind, page, width } = key;
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
  return { mime, storageKey, size: body?.length ?? 0, errorCode: body ? null : result.ok ? "BAD_PDF" : result.code };
}

/**
 * Renders and stores one rendition, once, even when asked for several times at once. `retrying`
 * is the failure this attempt replaces: the process takes it first by moving the failure's time to
 * now, so that other processes keep refusing the page quickly meanwhile; if another process took
 * it, this one leaves it. If the attempt ends without an outcome (the queue is full: 503, the blob
 * store is away), the claim is given back: the page does not wait another period for a try that
 * never ran.
 */
async function produce(deps: RenditionsDeps, row: FileRow, key: RenditionKey, retrying: Failure | null): Promise<void> {
  const running = inflight.get(inflightKey(key));
  if (running) return running;
  const work = (async () => {
    const claimedAt = clock(deps).toISOString();
    if (retrying && !(await moveFailureTime(deps.db, retrying.id, retrying.created_at, claimedAt))) return;
    let drawn: Awaited<ReturnType<typeof draw>>;
    try {
      drawn = await draw(deps, row, key);
    } catch (error) {
      if (retrying) await moveFailureTime(deps.db, retrying.id, claimedAt, retrying.created_at).catch(() => undefined);
      throw error;
    }
    const outcome = {
      mime: drawn.mime,
      storage_key: drawn.storageKey,
      size: drawn.size,
      error_code: drawn.errorCode,
      failures: drawn.errorCode ? Number(retrying?.failures ?? 0) + 1 : 0,
      created_at: clock(deps).toISOString(),
    };
    // A new attempt is written over the failure it retried, unless the operator cleared it meanwhile.
    if (retrying && (await replaceFailure(deps.db, retrying.id, outcome)) > 0) return;
    try {
      await insertRendition(deps.db, { id: randomUUID(), file_id: row.id, kind: key.kind, page: key.page, width: key.width, ...outcome });
    } catch (error) {
      // Another process stored the same rendition first: keep theirs.
      if (drawn.storageKey) await deps.store.delete(drawn.storageKey).catch(() => undefined);
      if (!(await findRendition(deps.db, key))) throw error;
    }
  })();
  inflight.set(inflightKey(key), work);
  try {
    await work;
  } finally {
    inflight.delete(inflightKey(key));
  }
}

/** Whether the wait of a failed page has passed. */
function retryDue(deps: RenditionsDeps, failed: { error_code: string; failures: number; created_at: string }) {
  const due = Date.parse(failed.created_at) + retryWaitMs(failed.error_code, failed.failures, deps.retryBaseMs);
  return clock(deps).getTime() >= due;
}

async function rendition(deps: RenditionsDeps, row: FileRow, kind: Kind, page: number, width: number) {
  const key = keyOf(row, kind, page, width);
  let found = await findRendition(deps.db, key);
  const failed = found?.error_code ? { ...found, error_code: found.error_code } : null;
  // A failed page is drawn again once its wait has passed, or joined while this process draws it.
  if (!found || (failed && (inflight.has(inflightKey(key)) || retryDue(deps, failed)))) {
    await produce(deps, row, key, failed);
    found = await findRendition(deps.db, key);
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
