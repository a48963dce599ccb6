/**
 * Blobs as files under one folder (DATA_DIR/blobs), two-level fan-out by key prefix; an upload is
 * written to `.tmp/<uuid>.part` and renamed into place once complete.
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { ApiError } from "../errors.js";
import { checkKey, drain, isKey, Meter, type BlobEntry, type BlobStore } from "./blob-store.js";

const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === "ENOENT";

/** `pageSize`: blobs per page of `list` (1000, as S3 lists them). */
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
      const tmp = path.join(tmpDir, `${randomUUID()}.part`);
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
    async removeStalePartials(before) {
      let removed = 0;
      for (const file of await entries(tmpDir)) {
        if (!file.isFile() || !file.name.endsWith(".part")) continue;
        const full = path.join(tmpDir, file.name);
        // An upload in flight keeps writing, so its modification time stays recent.
        const stat = await fsp.stat(full).catch(() => null);
        if (!stat || stat.mtime >= before) continue;
        await fsp.rm(full, { force: true });
        removed++;
      }
      return removed;
    },
  };
}
