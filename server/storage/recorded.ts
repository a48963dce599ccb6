/**
 * A blob store that writes down, in `written_blobs`, each key the portal writes (decision 057
 * amended). The orphan sweeper deletes only keys written down there: a bucket, prefix or folder may
 * hold objects of other clients, and an id-shaped key alone says nothing about who wrote it.
 */
import type { Db } from "../db/index.js";
import { checkKey, drain, type BlobStore } from "./blob-store.js";
import { forgetWritten, recordWritten } from "./written-repository.js";

/**
 * `store` with every `put` written down and every `delete` forgotten. The key is written down
 * (committed, on `db` itself: never inside the caller's transaction, which could still roll back)
 * before the blob's first byte, so a crash in between leaves a known key and never an unknown
 * object; it is dated again once the blob is complete, so the grace counts from the last byte, as
 * it did from a listing's modification time, and an upload slower than the grace is not an orphan.
 * A failed put keeps its key: whatever the failure left (an object, an open multipart upload) is
 * the sweeper's. A delete forgets the key only once the blob is gone.
 */
export function recordWrites(store: BlobStore, db: Db): BlobStore {
  return {
    ...store,
    async put(key, body, opts) {
      // The body waits while its key is written down: an error it meets meanwhile (a ZIP whose
      // source blob is gone) must reach the put below, which still sees it, and never be an
      // 'error' event without a listener, which would end the process.
      const waiting = () => {};
      if (!Buffer.isBuffer(body)) body.on("error", waiting);
      try {
        await recordWritten(db, checkKey(key), new Date().toISOString());
      } catch (error) {
        drain(body);
        throw error;
      }
      try {
        const result = await store.put(key, body, opts);
        await recordWritten(db, key, new Date().toISOString());
        return result;
      } finally {
        if (!Buffer.isBuffer(body)) body.off("error", waiting);
      }
    },
    async delete(key) {
      await store.delete(key);
      await forgetWritten(db, key);
    },
  };
}
