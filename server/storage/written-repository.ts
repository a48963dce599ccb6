/**
 * The queries of `written_blobs` (migration 0021, decision 057 amended): the keys of every blob the
 * portal itself wrote. The store written down here (`recordWrites`, ./recorded.ts) adds a key before
 * the blob's first byte and removes it once the blob is deleted; the orphan sweeper deletes only keys
 * found here, and aborts only unfinished uploads of keys found here.
 */
import type { DbOrTx } from "../db/index.js";

/** Writes `key` down as the portal's, dated `at` (a key written again is dated again). */
export async function recordWritten(db: DbOrTx, key: string, at: string): Promise<void> {
  await db
    .insertInto("written_blobs")
    .values({ blob_key: key, written_at: at })
    .onConflict((oc) => oc.column("blob_key").doUpdateSet({ written_at: at }))
    .execute();
}

/** Forgets `key` (its blob is gone). */
export async function forgetWritten(db: DbOrTx, key: string): Promise<void> {
  await db.deleteFrom("written_blobs").where("blob_key", "=", key).execute();
}

/** Keys written before `cutoff` (ISO), after `afterKey` in key order: keyset pages of the sweeper's walk. */
export async function keysWrittenBefore(db: DbOrTx, cutoff: string, afterKey: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom("written_blobs")
    .select("blob_key")
    .where("written_at", "<", cutoff)
    .where("blob_key", ">", afterKey)
    .orderBy("blob_key")
    .limit(limit)
    .execute();
  return rows.map((r) => r.blob_key);
}

/** The keys among `keys` that the portal wrote. */
export async function writtenAmong(db: DbOrTx, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db.selectFrom("written_blobs").select("blob_key").where("blob_key", "in", keys).execute();
  return new Set(rows.map((r) => r.blob_key));
}
