/**
 * Blobs as files under one folder (DATA_DIR/blobs), two-level fan-out by key prefix; an upload is
 * written to `.tmp/<key>.<uuid>.part` and renamed into place once complete (the key in the name says
 * which upload an unfinished one was, as an S3 multipart upload's key does).
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { ApiError } from "../errors.js";
import { checkKey, drain, isKey, Meter, type BlobEntry, type BlobStore, type PartialUpload } from "./blob-store.js";

const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === "ENOENT";

/** The key a `<key>.<uuid>.part` file of the temporary folder was writing; undefined for any other name. */
function keyOfPart(name: string): string | undefined {
  const key = /^([^.]+)\.[A-Za-z0-9-]+\.part$/.exec(name)?.[1];
  return key && isKey(key) ? key : undefined;
}

/** `pageSize`: blobs per page of `list` and of `partials` (1000, as S3 lists them). */
export function createDiskBlobStore(dir: string, options: { pageSize?: number } = {}): BlobStore {
  const pageSize = options.pageSize ?? 1000;
  const tmpDir = path.join(dir, ".tmp");
  let ready: Promise<unknown> | undefined;
  const ensure = () => (ready ??= fsp.mkdir(tmpDir, { recursive: true }));

  const fileOf = (key: string) => path.join(dir, checkKey(key).slice(0, 2), key);

  async function open(key: string): Promise<fsp.FileHandle> {
    try {
      return await fsp.open(fileOf(key), "r");
    } catch (error) {
      if (missing(error)) throw ApiError.notFound();
      throw error;
    }
  }

  const entries = async (folder: string) =>
    fsp.readdir(folder, { withFileTypes: true }).catch((error) => (missing(error) ? [] : Promise.reject(error)));

  return {
    async put(key, body, opts = {}) {
      const target = fileOf(key);
      await ensure();
      const tmp = path.join(tmpDir, `${key}.${randomUUID()}.part`);
      const meter = new Meter(opts.maxBytes ?? Number.POSITIVE_INFINITY);
      try {
        const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
        await pipeline(source, meter, fs.createWriteStream(tmp, { flags: "wx" }));
        await fsp.mkdir(path.dirname(target), { recursive: true });
        await fsp.rename(tmp, target);
      } catch (error) {
        await fsp.rm(tmp, { force: true });
        drain(body);
        throw error;
      }
      return { size: meter.bytes, sha256: meter.digest() };
    },
    async get(key) {
      return (await open(key)).createReadStream();
    },
    async read(key, start, end) {
      const handle = await open(key);
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
    async *list() {
      let page: BlobEntry[] = [];
      for (const folder of await entries(dir)) {
        if (!folder.isDirectory() || folder.name === ".tmp") continue;
        for (const file of await entries(path.join(dir, folder.name))) {
          if (!file.isFile() || !isKey(file.name) || !file.name.startsWith(folder.name)) continue;
          const stat = await fsp
            .stat(path.join(dir, folder.name, file.name))
            .catch((error) => (missing(error) ? null : Promise.reject(error)));
          if (!stat) continue; // deleted while we walked
          page.push({ key: file.name, size: stat.size, modifiedAt: stat.mtime });
          if (page.length === pageSize) {
            yield page;
            page = [];
          }
        }
      }
      if (page.length) yield page;
    },
    async ready() {
      // The folder an upload is written to must exist and be writable (a read-only or missing volume is not ready).
      await ensure();
      await fsp.access(tmpDir, fs.constants.W_OK | fs.constants.R_OK);
    },
    async *partials() {
      let page: PartialUpload[] = [];
      for (const file of await entries(tmpDir)) {
        const key = keyOfPart(file.name);
        if (!file.isFile() || !key) continue;
        // An upload in flight keeps writing, so its modification time stays recent.
        const stat = await fsp.stat(path.join(tmpDir, file.name)).catch(() => null);
        if (!stat) continue; // finished or removed while we walked
        page.push({ key, id: file.name, startedAt: stat.mtime });
        if (page.length === pageSize) {
          yield page;
          page = [];
        }
      }
      if (page.length) yield page;
    },
    async abortPartial(partial) {
      // The id is a file name of the temporary folder, never a path.
      if (!keyOfPart(partial.id)) throw new Error("invalid partial upload");
      await fsp.rm(path.join(tmpDir, partial.id), { force: true });
    },
  };
}
