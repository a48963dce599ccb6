/**
 * The orphan sweeper (decision 057): nothing the portal wrote stays in the blob store when no row
 * names it, on disk or in an object store, and nothing it did not write is ever touched (a bucket,
 * prefix or folder may be shared): every blob key the portal writes is written down in
 * `written_blobs` before the first byte (`recordWrites`), and only those keys are swept. One run,
 * after a grace period (`SWEEP_GRACE_MINUTES`, never less than the longest hold of an uploaded file)
 * that protects uploads in flight, blobs whose row is about to be written, held uploads and fresh
 * discards:
 * 1. files nothing refers to any more (discarded documents, uploads never attached) created before
 *    the cutoff: the row goes (its renditions' rows with it), then its blob and its page images;
 * 2. uploads of the portal's keys that never finished, started before the cutoff: `.part` files on
 *    disk, incomplete multipart uploads on S3 (before step 3, which forgets their keys);
 * 3. keys the portal wrote before the cutoff that no row names (a crash between blob and row, page
 *    images of a file deleted earlier, a refused upload): the blob is deleted and the key forgotten,
 *    a page of keys at a time;
 * 4. built ZIPs of 'Descargar mis datos' expired half an hour ago or more (decision 073; not after
 *    the grace period: nothing is in flight once they have expired), row and blob.
 * Runs are idempotent, so several API processes may sweep at the same time. The periodic job runs
 * in every API process (`SWEEP_INTERVAL_MS`); the operator runs one with `files:sweep`.
 */
import { LONGEST_HOLD_MINUTES } from "../../common/limits.js";
import type { DbOrTx } from "../db/index.js";
import type { BlobStore } from "../storage/index.js";
import { forgetWritten, keysWrittenBefore, writtenAmong } from "../storage/written-repository.js";
import { sweepExports } from "../domain/export/service.js";
import { startPeriodicJob } from "../periodic.js";
import { deleteUnreferencedFile, keysInUse, renditionKeysOf, unreferencedFiles, type UnreferencedFile } from "./orphans-repository.js";

export type SweepReport = {
  /** file rows (and their blobs) removed because nothing referred to them */
  files: number;
  /** keys the portal wrote that no row named: their blobs deleted */
  orphanBlobs: number;
  /** unfinished uploads removed */
  partials: number;
  /** keys the portal wrote before the cutoff, looked at */
  scanned: number;
  /** expired data exports removed (decision 073) */
  exports: number;
};

/** `graceMs` below the longest hold counts as the longest hold. */
export type SweepOptions = { graceMs: number; now?: Date };

/**
 * A file uploaded with the no-JavaScript form is held, unreferenced, for this long while the citizen
 * corrects the form (decision 067): no grace, whoever asks for it, is shorter.
 */
const LONGEST_HOLD_MS = LONGEST_HOLD_MINUTES * 60_000;

const BATCH = 200;

/**
 * Removes a file nothing refers to: its row, then its blob and its page renditions'; false when a row
 * came to refer to it meanwhile. The sweeper's, and a cancelled upload's (issue 37).
 */
export async function removeUnreferencedFile(deps: { db: DbOrTx; store: BlobStore }, file: UnreferencedFile): Promise<boolean> {
  const renditions = await renditionKeysOf(deps.db, file.id);
  if (!(await deleteUnreferencedFile(deps.db, file.id))) return false;
  for (const key of [file.storage_key, ...renditions]) {
    // Forgotten here too: the store given may not be the one that writes keys down (a script's).
    await deps.store.delete(key);
    await forgetWritten(deps.db, key);
  }
  return true;
}

export async function sweep(deps: { db: DbOrTx; store: BlobStore }, options: SweepOptions): Promise<SweepReport> {
  const { db, store } = deps;
  const cutoff = new Date((options.now ?? new Date()).getTime() - Math.max(options.graceMs, LONGEST_HOLD_MS));
  const report: SweepReport = { files: 0, orphanBlobs: 0, partials: 0, scanned: 0, exports: 0 };

  let after = "";
  for (;;) {
    const batch = await unreferencedFiles(db, cutoff.toISOString(), after, BATCH);
    for (const file of batch) if (await removeUnreferencedFile({ db, store }, file)) report.files++;
    if (batch.length < BATCH) break;
    after = batch[batch.length - 1]!.id;
  }

  for await (const page of store.partials()) {
    const stale = page.filter((p) => p.startedAt < cutoff);
    // Another client's upload under the same prefix is not ours to abort.
    const ours = await writtenAmong(
      db,
      stale.map((p) => p.key),
    );
    for (const partial of stale) {
      if (!ours.has(partial.key)) continue;
      await store.abortPartial(partial);
      report.partials++;
    }
  }

  let afterKey = "";
  for (;;) {
    const keys = await keysWrittenBefore(db, cutoff.toISOString(), afterKey, BATCH);
    report.scanned += keys.length;
    const used = await keysInUse(db, keys);
    for (const key of keys) {
      if (used.has(key)) continue;
      await store.delete(key);
      await forgetWritten(db, key);
      report.orphanBlobs++;
    }
    if (keys.length < BATCH) break;
    afterKey = keys[keys.length - 1]!;
  }

  report.exports = await sweepExports(deps, options.now);
  return report;
}

export type SweepJobLogger = { info(obj: object, msg: string): void; error(obj: object, msg: string): void };

/** Runs `sweep` every `intervalMs` (0: never); the first run one interval after start. Returns a stop function. */
export function startSweepJob(
  deps: { db: DbOrTx; store: BlobStore },
  options: { intervalMs: number; graceMs: number; logger: SweepJobLogger },
) {
  return startPeriodicJob({
    intervalMs: options.intervalMs,
    run: async () => {
      const report = await sweep(deps, { graceMs: options.graceMs });
      if (report.files || report.orphanBlobs || report.partials || report.exports) options.logger.info(report, "orphans swept");
    },
    onError: (error) => options.logger.error({ err: error }, "sweep failed"),
  });
}
