/**
 * Blob storage behind one small streaming interface, so an S3-compatible store can
 * replace the disk store without touching callers.
 *
 * Keys are made by callers from ids they generate (UUIDs), never from user file names;
 * the disk store refuses anything else.
 */
import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { Readable, Transform, type TransformCallback } from "node:stream";
import { pipeline } from "node:stream/promises";
import { ApiError } from "../errors.js";

export interface BlobStore {
  /** Streams `body` into `key`; throws 413 `PAYLOAD_TOO_LARGE` past `maxBytes` (nothing is left behind). */
  put(key: string, body: Readable | Buffer, opts?: { maxBytes?: number }): Promise<{ size: number; sha256: string }>;
  /** A stream of the blob; 404 when missing. */
  get(key: string): Promise<Readable>;
  /** Bytes `start` (inclusive) to `end` (exclusive) of the blob, as an S3 ranged GET would give them; 404 when missing. */
  read(key: string, start: number, end: number): Promise<Buffer>;
  /** Removes the blob; no error when missing. */
  delete(key: string): Promise<void>;
}

export const UPLOAD_LIMIT_BYTES = 50 * 1024 * 1024;
export const TOO_LARGE_MESSAGE = "Error al subir el documento. El archivo supera el límite permitido de 50MB.";

export function payloadTooLarge(): ApiError {
  return new ApiError(413, "PAYLOAD_TOO_LARGE", TOO_LARGE_MESSAGE);
}

const KEY = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;

/** Counts bytes and hashes them while they pass; errors past the limit. */
class Meter extends Transform {
  size = 0;
  private hash = createHash("sha256");
  constructor(private readonly maxBytes: number) {
    super();
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback) {
    this.size += chunk.length;
    if (this.size > this.maxBytes) return done(payloadTooLarge());
    this.hash.update(chunk);
    done(null, chunk);
  }
  digest() {
    return this.hash.digest("hex");
  }
}

/** Blobs as files under `dir` (DATA_DIR/blobs), two-level fan-out by key prefix. */
export function createDiskBlobStore(dir: string): BlobStore {
  const tmpDir = path.join(dir, ".tmp");
  let ready: Promise<unknown> | undefined;
  const ensure = () => (ready ??= fsp.mkdir(tmpDir, { recursive: true }));

  function fileOf(key: string): string {
    if (!KEY.test(key)) throw new Error(`invalid blob key`);
    return path.join(dir, key.slice(0, 2), key);
  }

  return {
    async put(key, body, opts = {}) {
      const target = fileOf(key);
      await ensure();
      const maxBytes = opts.maxBytes ?? Number.POSITIVE_INFINITY;
      const tmp = path.join(tmpDir, `${randomUUID()}.part`);
      const meter = new Meter(maxBytes);
      try {
        const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
        await pipeline(source, meter, fs.createWriteStream(tmp, { flags: "wx" }));
        await fsp.mkdir(path.dirname(target), { recursive: true });
        await fsp.rename(tmp, target);
      } catch (error) {
        await fsp.rm(tmp, { force: true });
        // A body stream that is not consumed to its end keeps a multipart request hanging.
        if (!Buffer.isBuffer(body) && !body.destroyed) body.resume();
        throw error;
      }
      return { size: meter.size, sha256: meter.digest() };
    },
    async get(key) {
      const file = fileOf(key);
      try {
        const handle = await fsp.open(file, "r");
        return handle.createReadStream();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") throw ApiError.notFound();
        throw error;
      }
    },
    async read(key, start, end) {
      let handle: fsp.FileHandle;
      try {
        handle = await fsp.open(fileOf(key), "r");
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") throw ApiError.notFound();
        throw error;
      }
      try {
        const length = Math.max(0, end - start);
        const buffer = Buffer.alloc(length);
        const { bytesRead } = await handle.read(buffer, 0, length, start);
        return buffer.subarray(0, bytesRead);
      } finally {
        await handle.close();
      }
    },
    async delete(key) {
      await fsp.rm(fileOf(key), { force: true });
    },
  };
}
