/**
 * 'Descargar mis datos' (decision 073): one ZIP with everything the portal holds about the
 * citizen, built once into the blob store and answered again for an hour.
 *
 * - Reuse: a ready build younger than `REUSE_MS` is answered as it is (the same bytes and ETag).
 * - One build at a time per citizen, across every API process: the build is claimed by one
 *   atomic upsert of the citizen's `data_exports` row (see the repository). A request that finds
 *   a build under way waits for it (polling the row) up to `WAIT_MS`, then answers 409
 *   `EXPORT_IN_PROGRESS` with a clear message; a claim abandoned by a process that died is taken
 *   over once its lease (`LEASE_MS`) has run out.
 * - No half file: the blob store writes a blob completely or not at all; a failed build deletes
 *   its row (and its blob, if any), so the next request builds again.
 * - Built, then answered: the ZIP is streamed into the blob store (yazl, one blob at a time, never
 *   in memory) and the answer streams from there, with its length and ETag known.
 */
import { randomUUID } from "node:crypto";
import type { Readable } from "node:stream";
import { setTimeout as sleep } from "node:timers/promises";
import type { DbOrTx } from "../../db/index.js";
import { ApiError } from "../../errors.js";
import { enqueueMail } from "../../mail/outbox.js";
import { findAdhesion } from "../dd/repository.js";
import type { BlobStore } from "../../storage/index.js";
import { entryDate, zipOf, type ZipItem } from "../archive/index.js";
import { citizenData, datosJson } from "./contents.js";
import { DATA_FILE, INDEX_FILE, indiceHtml } from "./indice.js";
import { claimExport, deleteExport, findExport, markExportReady, staleExports } from "./repository.js";
import type { DataExportsTable } from "./tables.js";

/** How long a built ZIP is answered again. */
export const REUSE_MS = 60 * 60_000;
/** How long a build's claim holds before another process may take it over. */
export const LEASE_MS = 30 * 60_000;
/** How long a request waits for another request's build before answering 409. */
export const WAIT_MS = 20_000;
const POLL_MS = 250;
/** Expired builds stay this long before they are swept (a download begun just before expiry ends). */
export const SWEEP_AFTER_MS = 30 * 60_000;

/**
 * A build that takes longer than this mails the citizen when it is ready (issue 32), at the
 * adhesion's e-mail; the status says so once a build has run this long.
 */
export const MAIL_AFTER_MS = 20_000;

/** `portalUrl`: where the ready-mail points ('Tus datos'); `mailAfterMs`: MAIL_AFTER_MS unless a test says. */
export type ExportDeps = { db: DbOrTx; store: BlobStore; portalUrl?: string; mailAfterMs?: number };
export type ExportTiming = { waitMs?: number; pollMs?: number };

/** A complete export as the API describes it. */
export type ReadyExport = { id: string; createdAt: string; expiresAt: string; size: number; sha256: string };

export const exportInProgress = () =>
  new ApiError(409, "EXPORT_IN_PROGRESS", "Estamos preparando el archivo con tus datos. Vuelve a intentarlo en unos minutos.");

const isReady = (row: DataExportsTable | undefined, now: string): row is DataExportsTable & { status: "ready" } =>
  row?.status === "ready" && (row.expires_at ?? "") > now;

function toReady(row: DataExportsTable): ReadyExport {
  return {
    id: row.id,
    createdAt: row.created_at ?? "",
    expiresAt: row.expires_at ?? "",
    size: Number(row.size ?? 0),
    sha256: row.sha256 ?? "",
  };
}

/** The mail of a long build: it is ready, where, and until when (UTC, as 'Tus datos' says). */
export function readyMail(e: Pick<ReadyExport, "expiresAt">, portalUrl: string) {
  const until = e.expiresAt.slice(11, 16);
  return {
    subject: "Tu archivo con tus datos está listo",
    text: [
      "Hola:",
      "",
      "El archivo con todos tus datos en Atención Virtual que pediste desde «Tus datos» ya está listo.",
      `Puedes descargarlo hasta las ${until} (UTC) en: ${portalUrl}/datos/descarga`,
      "Después de esa hora, vuelve a pedirlo y lo preparamos de nuevo.",
      "",
      "Si no lo pediste tú, ingresa al portal y revisa «Tus datos».",
      "",
      "Atención Virtual",
    ].join("\n"),
  };
}

/** The file name the citizen saves: `Tus datos en Atención Virtual (2026-11-25).zip`. */
export const exportFileName = (e: Pick<ReadyExport, "createdAt">) => `Tus datos en Atención Virtual (${e.createdAt.slice(0, 10)}).zip`;

/**
 * What the citizen's export looks like now, without building anything: the ready file, or whether a
 * build runs (since when, and whether its end will be mailed: it has run `mailAfterMs` and the
 * citizen has an e-mail).
 */
export async function exportStatus(db: DbOrTx, cuil: string, now = new Date(), mailAfterMs = MAIL_AFTER_MS) {
  const row = await findExport(db, cuil);
  const at = now.toISOString();
  const building = row?.status === "building" && row.lease_until > at;
  const long = building && now.getTime() - Date.parse(row.started_at) >= mailAfterMs;
  return {
    ready: isReady(row, at) ? toReady(row) : null,
    building,
    startedAt: building ? row.started_at : null,
    mailWhenReady: long && Boolean((await findAdhesion(db, cuil))?.email),
  };
}

/**
 * 'Descargar mis datos' asked from the status page (issue 32): starts a build when there is no ready
 * file and none under way, and answers at once; the build goes on in this process (its claim holds
 * across processes, decision 073). `onFailure` hears a build that failed (it has left nothing).
 */
export async function startExport(deps: ExportDeps, cuil: string, onFailure: (error: unknown) => void) {
  const now = new Date();
  const at = now.toISOString();
  const row = await findExport(deps.db, cuil);
  if (!isReady(row, at) && !(row?.status === "building" && row.lease_until > at)) {
    const id = randomUUID();
    if (await claimExport(deps.db, cuil, id, at, new Date(now.getTime() + LEASE_MS).toISOString())) {
      if (row) await deps.store.delete(row.id).catch(() => {});
      build(deps, cuil, id, now).catch(onFailure);
    }
  }
  return exportStatus(deps.db, cuil, new Date(), deps.mailAfterMs);
}

/** Builds the ZIP of build `id` into the blob store and marks it ready; on any failure nothing is left. */
async function build(deps: ExportDeps, cuil: string, id: string, startedAt = new Date()): Promise<ReadyExport> {
  const { db, store } = deps;
  try {
    const data = await citizenData(db, cuil);
    const readAt = new Date(data.readAt);
    const items: ZipItem[] = [
      { name: INDEX_FILE, data: Buffer.from(indiceHtml(data), "utf8"), mtime: readAt },
      { name: DATA_FILE, data: Buffer.from(datosJson(data), "utf8"), mtime: readAt },
      ...data.files.map((f) => ({ name: f.path, storageKey: f.storageKey, mtime: entryDate(f.date, readAt) })),
    ];
    const { size, sha256 } = await store.put(id, zipOf(store, items));
    const done = new Date();
    const ready = { id, createdAt: done.toISOString(), expiresAt: new Date(done.getTime() + REUSE_MS).toISOString(), size, sha256 };
    // Taken over meanwhile (a build slower than its lease): the other build is the one kept. A long
    // build's mail is written in the same transaction as its 'ready' (decision 028).
    const long = done.getTime() - startedAt.getTime() >= (deps.mailAfterMs ?? MAIL_AFTER_MS);
    const mark = async (tx: DbOrTx) => {
      if (!(await markExportReady(tx, cuil, id, ready))) return false;
      const email = long && deps.portalUrl ? (await findAdhesion(tx, cuil))?.email : null;
      if (email) await enqueueMail(tx, { kind: "data-export", to: email, cuil, ...readyMail(ready, deps.portalUrl!) });
      return true;
    };
    if (!(await (db.isTransaction ? mark(db) : db.transaction().execute(mark)))) throw exportInProgress();
    return ready;
  } catch (error) {
    await store.delete(id).catch(() => {});
    await deleteExport(db, cuil, id).catch(() => {});
    if (error instanceof ApiError && error.code === "EXPORT_IN_PROGRESS") throw error;
    // Anything else (a blob that cannot be read, the database) is the server's fault: a 500, logged.
    throw new Error("data export build failed", { cause: error });
  }
}

/**
 * The citizen's export: the ready one, or one built now, or the one another request is building
 * (waited for). `built` says whether this call built it.
 */
export async function ensureExport(
  deps: ExportDeps,
  cuil: string,
  timing: ExportTiming = {},
): Promise<{ export: ReadyExport; built: boolean }> {
  const deadline = Date.now() + (timing.waitMs ?? WAIT_MS);
  for (;;) {
    const now = new Date();
    const at = now.toISOString();
    const row = await findExport(deps.db, cuil);
    if (isReady(row, at)) return { export: toReady(row), built: false };
    if (row?.status === "building" && row.lease_until > at) {
      if (Date.now() >= deadline) throw exportInProgress();
      await sleep(timing.pollMs ?? POLL_MS);
      continue;
    }
    const id = randomUUID();
    if (!(await claimExport(deps.db, cuil, id, at, new Date(now.getTime() + LEASE_MS).toISOString()))) continue;
    // The expired build this one replaces: its row now names this build, its blob goes.
    if (row) await deps.store.delete(row.id).catch(() => {});
    return { export: await build(deps, cuil, id), built: true };
  }
}

/** The export and a stream of its bytes; a ready row whose blob is gone is forgotten and built again, once. */
export async function openExport(
  deps: ExportDeps,
  cuil: string,
  timing: ExportTiming = {},
): Promise<{ export: ReadyExport; built: boolean; body: Readable }> {
  for (let attempt = 0; ; attempt++) {
    const found = await ensureExport(deps, cuil, timing);
    try {
      return { ...found, body: await deps.store.get(found.export.id) };
    } catch (error) {
      if (attempt > 0 || !(error instanceof ApiError) || error.status !== 404) throw error;
      await deleteExport(deps.db, cuil, found.export.id);
    }
  }
}

/**
 * Deletes the builds nobody will be answered again: expired (or abandoned) for `SWEEP_AFTER_MS`.
 * The row goes first, then its blob: a blob without a row is never answered, and the orphan pass
 * would take it anyway. Safe in several processes at once. Returns how many went.
 */
export async function sweepExports(deps: ExportDeps, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - SWEEP_AFTER_MS).toISOString();
  let swept = 0;
  for (;;) {
    const stale = await staleExports(deps.db, cutoff, 200);
    for (const row of stale) {
      await deleteExport(deps.db, row.citizen_cuil, row.id);
      await deps.store.delete(row.id);
      swept++;
    }
    if (stale.length < 200) return swept;
  }
}
