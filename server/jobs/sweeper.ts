/**
 * The orphan sweeper (decision 058): nothing stays in the blob store that no row names, on disk or
 * in an object store. One run, after a grace period (`SWEEP_GRACE_MINUTES`) that protects uploads in
 * flight, blobs whose row is about to be written and fresh discards:
 * 1. files nothing refers to any more (discarded documents, uploads never attached) created before
 *    the cutoff: the row goes (its renditions' rows with it), then its blob and its page images;
 * 2. blobs last written before the cutoff that no row names (a crash between blob and row, page
 *    images of a file deleted earlier): deleted, a listing page at a time;
 * 3. uploads that never finished, started before the cutoff: `.part` files on disk, incomplete
 *    multipart uploads on S3;
 * 4. built ZIPs of 'Descargar mis datos' expired half an hour ago or more (decision 073; not after
 *    the grace period: nothing is in flight once they have expired), row and blob.
 * Runs are idempotent, so several API processes may sweep at the same time. The periodic job runs
 * in every API process (`SWEEP_INTERVAL_MS`); the operator runs one with `files:sweep`.
 */
import type { DbOrTx } from "../db/index.js";
import type { BlobStore } from "../storage/index.js";
import { sweepExports } from "../domain/export/service.js";
import { startPeriodicJob } from "./periodic.js";
import { deleteUnreferencedFile, keysInUse, renditionKeysOf, unreferencedFiles } from "./orphans-repository.js";

export type SweepReport = {
  /** file rows (and their blobs) removed because nothing referred to them */
  files: number;
  /** blobs no row named */
  orphanBlobs: number;
  /** unfinished uploads removed */
  partials: number;
  /** blobs looked at */
  scanned: number;
  /** expired data exports removed (decision 073) */
  exports: number;
};

export type SweepOptions = { graceMs: number; now?: Date };

const BATCH = 200;

export async function sweep(deps: { db: DbOrTx; store: BlobStore }, options: SweepOptions): Promise<SweepReport> {
  const { db, store } = deps;
  const cutoff = new Date((options.now ?? new Date()).getTime() - options.graceMs);
  const report: SweepReport = { files: 0, orphanBlobs: 0, partials: 0, scanned: 0, exports: 0 };

  let after = "";
  for (;;) {
    const batch = await unreferencedFiles(db, cutoff.toISOString(), after, BATCH);
    for (const file of batch) {
      const renditions = await renditionKeysOf(db, file.id);
      if (!(await deleteUnreferencedFile(db, file.id))) continue;
      for (const key of [file.storage_key, ...renditions]) await store.delete(key);
      report.files++;
    }
    if (batch.length < BATCH) break;
    after = batch[batch.length - 1]!.id;
  }

  for await (const page of store.list()) {
    report.scanned += page.length;
    const old = page.filter((b) => b.modifiedAt < cutoff).map((b) => b.key);
    const used = await keysInUse(db, old);
    for (const key of old) {
      if (used.has(key)) continue;
      await store.delete(key);
      report.orphanBlobs++;
    }
  }

  report.partials = await store.removeStalePartials(cutoff);
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
