/**
 * The contract every blob store honours (decision 008, decision 057), and what the stores share:
 * the key rule and the meter that counts and hashes bytes while they pass.
 *
 * Keys are made by callers from ids they generate (UUIDs), never from user file names; the
 * stores refuse anything else.
 */
import { createHash } from "node:crypto";
import { Transform, type Readable, type TransformCallback } from "node:stream";
import { ApiError } from "../errors.js";

/** One stored blob as a listing shows it. */
export type BlobEntry = { key: string; size: number; modifiedAt: Date };

/** An upload that never finished: disk, a `.part` file of the temporary folder; S3, an incomplete multipart upload. */
export type PartialUpload = {
  /** the key it was writing */
  key: string;
  /** which one (disk: the `.part` file's name; S3: the upload id) */
  id: string;
  /** S3: when it was started; disk: when it was last written to (an upload in flight stays recent) */
  startedAt: Date;
};

export interface BlobStore {
  /** Streams `body` into `key`; throws 413 `PAYLOAD_TOO_LARGE` past `maxBytes` (nothing is left behind). */
  put(key: string, body: Readable | Buffer, opts?: { maxBytes?: number }): Promise<{ size: number; sha256: string }>;
  /** A stream of the blob; 404 when missing. */
  get(key: string): Promise<Readable>;
  /** Bytes `start` (inclusive) to `end` (exclusive) of the blob, as an S3 ranged GET would give them; 404 when missing. */
  read(key: string, start: number, end: number): Promise<Buffer>;
  /** Removes the blob; no error when missing. */
  delete(key: string): Promise<void>;
  /** Every stored blob, a page at a time (the sweeper's walk; S3: ListObjectsV2 pages). */
  list(): AsyncIterable<BlobEntry[]>;
  /**
   * Every upload that never finished, a page at a time, with the key it was writing (only those
   * whose key is a valid key: the sweeper decides which are the portal's).
   */
  partials(): AsyncIterable<PartialUpload[]>;
  /** Removes one unfinished upload (its parts); no error when already gone. */
  abortPartial(partial: PartialUpload): Promise<void>;
  /** Resolves when the store can be written and read (readiness, `/health/ready`); rejects otherwise. */
  ready(): Promise<void>;
}

export { UPLOAD_LIMIT_BYTES } from "../../common/limits.js";
export const TOO_LARGE_MESSAGE = "Error al subir el documento. El archivo supera el límite permitido de 50MB.";

export function payloadTooLarge(): ApiError {
  return new ApiError(413, "PAYLOAD_TOO_LARGE", TOO_LARGE_MESSAGE);
}

const KEY = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;

/** Throws on a key that is not a plain id (no path parts, no dots, at most 128 characters). */
export function checkKey(key: string): string {
  if (!KEY.test(key)) throw new Error("invalid blob key");
  return key;
}

export function isKey(key: string): boolean {
  return KEY.test(key);
}

/** Counts bytes and hashes them while they pass; errors past the limit. */
export class Meter extends Transform {
  /** bytes so far (not `size`: lib-storage would take that for the body's length) */
  bytes = 0;
  private hash = createHash("sha256");
  constructor(private readonly maxBytes: number) {
    super();
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback) {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) return done(payloadTooLarge());
    this.hash.update(chunk);
    done(null, chunk);
  }
  digest() {
    return this.hash.digest("hex");
  }
}

/** A body stream that is not consumed to its end keeps a multipart request hanging: drain it. */
export function drain(body: Readable | Buffer): void {
  if (!Buffer.isBuffer(body) && !body.destroyed) body.resume();
}
