/**
 * The blob-store contract (decision 057), run against both stores: files on disk, and the S3 store
 * speaking real S3 HTTP to a local S3-protocol server (scripts/s3-peer.ts).
 */
import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { CreateMultipartUploadCommand } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config.js";
import { createDiskBlobStore, type BlobStore, type PartialUpload } from "../../server/storage/index.js";
import { createS3BlobStore } from "../../server/storage/s3.js";
import { startS3Peer, type S3Peer } from "../../scripts/s3-peer.js";
import { readAll } from "../../server/domain/files/index.js";

const MIB = 1024 * 1024;

type Fixture = {
  store: BlobStore;
  /** a store of the same kind that lists `pageSize` blobs per page */
  paged(pageSize: number): BlobStore;
  /** what an unfinished upload leaves (disk: `.part` files; S3: open multipart uploads) */
  leftovers(): string[];
  /** starts an upload of `key` (any key: S3 takes what another client may write) that never finishes, `ageMs` old */
  startPartial(key: string, ageMs: number): Promise<void>;
  close(): Promise<void>;
};

async function diskFixture(): Promise<Fixture> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "av-blobs-"));
  const tmp = path.join(dir, ".tmp");
  return {
    store: createDiskBlobStore(dir),
    paged: (pageSize) => createDiskBlobStore(dir, { pageSize }),
    leftovers: () => (fs.existsSync(tmp) ? fs.readdirSync(tmp) : []),
    async startPartial(key, ageMs) {
      fs.mkdirSync(tmp, { recursive: true });
      // As the store names its temporary files: the key, then a name of the upload's own.
      const file = path.join(tmp, `${key}.${randomUUID()}.part`);
      fs.writeFileSync(file, "partial");
      const at = new Date(Date.now() - ageMs);
      fs.utimesSync(file, at, at);
    },
    close: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

async function s3Fixture(): Promise<Fixture> {
  const peer: S3Peer = await startS3Peer();
  const store = createS3BlobStore(peer.options);
  return {
    store,
    paged: (pageSize) => createS3BlobStore({ ...peer.options, listPageSize: pageSize }),
    leftovers: () => peer.pendingUploads(),
    async startPartial(key, ageMs) {
      await store.client.send(new CreateMultipartUploadCommand({ Bucket: peer.bucket, Key: key }));
      // The peer dates an upload by its folder; an older one is made by dating it back.
      const dir = path.join(peer.directory, peer.bucket, "._S3rver_uploads");
      for (const id of fs.readdirSync(dir)) {
        const keyFile = path.join(dir, id, "key");
        if (fs.readFileSync(keyFile, "utf8") !== key) continue;
        const at = new Date(Date.now() - ageMs);
        fs.utimesSync(keyFile, at, at);
      }
    },
    close: () => peer.close(),
  };
}

const sha = (b: Buffer) => createHash("sha256").update(b).digest("hex");
const bytes = (n: number, seed = 7) => {
  const b = Buffer.alloc(n);
  for (let i = 0; i < n; i++) b[i] = (i * 31 + seed) & 0xff;
  return b;
};
/** A stream of `total` bytes in 1 MiB chunks (as a multipart upload arrives), optionally failing after `failAt`. */
function chunked(total: number, failAt?: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (failAt !== undefined && sent >= failAt) return this.destroy(new Error("connection reset"));
      if (sent >= total) return this.push(null);
      const n = Math.min(MIB, total - sent);
      this.push(bytes(n, sent));
      sent += n;
    },
  });
}
async function keysOf(store: BlobStore) {
  const keys: string[] = [];
  for await (const page of store.list()) keys.push(...page.map((b) => b.key));
  return keys.sort();
}

describe.each([
  ["disk", diskFixture],
  ["s3", s3Fixture],
] as const)("blob store contract: %s", (name, make) => {
  let f: Fixture;
  beforeAll(async () => {
    f = await make();
  });
  afterAll(async () => f?.close());

  it("puts a buffer, counting and hashing it, and gives it back whole and by ranges", async () => {
    const body = bytes(300_000);
    expect(await f.store.put("small-1", body)).toEqual({ size: body.length, sha256: sha(body) });
    expect(Buffer.from(await readAll(await f.store.get("small-1"))).equals(body)).toBe(true);
    expect((await f.store.read("small-1", 0, 5)).equals(body.subarray(0, 5))).toBe(true);
    expect((await f.store.read("small-1", 1000, 70_000)).equals(body.subarray(1000, 70_000))).toBe(true);
    expect((await f.store.read("small-1", 299_990, 400_000)).equals(body.subarray(299_990))).toBe(true);
    expect((await f.store.read("small-1", 500_000, 500_010)).length).toBe(0);
    expect((await f.store.read("small-1", 10, 10)).length).toBe(0);
  });

  it("streams a 12 MB body in (a multipart upload on S3) and out unchanged", async () => {
    const total = 12 * MIB;
    const result = await f.store.put("big-1", chunked(total), { maxBytes: 50 * MIB });
    const expected = await readAll(chunked(total));
    expect(result).toEqual({ size: total, sha256: sha(Buffer.from(expected)) });
    const back = Buffer.from(await readAll(await f.store.get("big-1")));
    expect(back.length).toBe(total);
    expect(sha(back)).toBe(result.sha256);
    expect((await f.store.read("big-1", 6 * MIB - 3, 6 * MIB + 3)).equals(Buffer.from(expected.subarray(6 * MIB - 3, 6 * MIB + 3)))).toBe(
      true,
    );
    expect(f.leftovers()).toEqual([]);
  });

  it("refuses a body past the limit with 413 and leaves nothing behind, small or multipart", async () => {
    await expect(f.store.put("too-big-1", bytes(2000), { maxBytes: 1000 })).rejects.toMatchObject({
      status: 413,
      code: "PAYLOAD_TOO_LARGE",
    });
    const source = chunked(16 * MIB);
    // 11 MB: two 5 MiB parts are already stored when the limit is crossed.
    await expect(f.store.put("too-big-2", source, { maxBytes: 11 * MIB })).rejects.toMatchObject({ status: 413 });
    expect(await keysOf(f.store)).not.toContain("too-big-1");
    expect(await keysOf(f.store)).not.toContain("too-big-2");
    await expect(f.store.get("too-big-2")).rejects.toMatchObject({ status: 404 });
    expect(f.leftovers()).toEqual([]);
  });

  it("leaves nothing behind when the body fails half way", async () => {
    await expect(f.store.put("broken-1", chunked(20 * MIB, 12 * MIB), { maxBytes: 50 * MIB })).rejects.toThrow();
    await expect(f.store.get("broken-1")).rejects.toMatchObject({ status: 404 });
    expect(f.leftovers()).toEqual([]);
  });

  it("answers 404 for a missing blob, deletes idempotently and refuses keys that are not ids", async () => {
    await expect(f.store.get("missing-1")).rejects.toMatchObject({ status: 404 });
    await expect(f.store.read("missing-1", 0, 10)).rejects.toMatchObject({ status: 404 });
    await expect(f.store.read("missing-1", 0, 0)).rejects.toMatchObject({ status: 404 });
    await f.store.put("gone-1", Buffer.from("x"));
    await f.store.delete("gone-1");
    await f.store.delete("gone-1");
    await expect(f.store.get("gone-1")).rejects.toMatchObject({ status: 404 });
    for (const bad of ["../etc/passwd", "a/b", ".hidden", "", "x".repeat(129)]) {
      await expect(f.store.put(bad, Buffer.from("x"))).rejects.toThrow(/invalid blob key/);
    }
  });

  it("lists every blob with its size and time, a page at a time", async () => {
    const before = await keysOf(f.store);
    for (let i = 0; i < 5; i++) await f.store.put(`list-${i}`, bytes(10 + i));
    const paged = f.paged(2);
    const pages: number[] = [];
    const seen = new Map<string, { size: number; modifiedAt: Date }>();
    for await (const page of paged.list()) {
      pages.push(page.length);
      for (const b of page) seen.set(b.key, b);
    }
    expect(Math.max(...pages)).toBeLessThanOrEqual(2);
    expect([...seen.keys()].sort()).toEqual([...before, ...[0, 1, 2, 3, 4].map((i) => `list-${i}`)].sort());
    expect(seen.get("list-3")!.size).toBe(13);
    expect(Math.abs(seen.get("list-3")!.modifiedAt.getTime() - Date.now())).toBeLessThan(60_000);
  });

  it("lists unfinished uploads with the key each was writing and when, a page at a time, and aborts one at a time", async () => {
    await f.startPartial("partial-old", 3_600_000);
    await f.startPartial("partial-new", 0);
    // Not a key (path parts, dots): not a blob of this store, never listed.
    await f.startPartial(name === "s3" ? "elsewhere/report.pdf" : "not.a", 3_600_000);
    expect(f.leftovers().length).toBe(3);

    const pages: number[] = [];
    const seen = new Map<string, PartialUpload>();
    for await (const page of f.paged(1).partials()) {
      pages.push(page.length);
      for (const p of page) seen.set(p.key, p);
    }
    expect(pages).toEqual([1, 1]);
    expect([...seen.keys()].sort()).toEqual(["partial-new", "partial-old"]);
    expect(Date.now() - seen.get("partial-old")!.startedAt.getTime()).toBeGreaterThan(3_000_000);
    expect(Math.abs(Date.now() - seen.get("partial-new")!.startedAt.getTime())).toBeLessThan(60_000);

    await f.store.abortPartial(seen.get("partial-old")!);
    await f.store.abortPartial(seen.get("partial-old")!); // already gone: no error
    expect(f.leftovers().length).toBe(2);
    await f.store.abortPartial(seen.get("partial-new")!);
    expect(f.leftovers().length).toBe(1);
  });
});

describe("blob store configuration", () => {
  it("chooses S3 only with a bucket, and takes credentials in pairs", () => {
    expect(loadConfig({}).BLOB_STORE).toBe("disk");
    expect(() => loadConfig({ BLOB_STORE: "s3" })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ BLOB_STORE: "s3", S3_BUCKET: "blobs", S3_ACCESS_KEY_ID: "a" })).toThrow(/S3_SECRET_ACCESS_KEY/);
    const config = loadConfig({ BLOB_STORE: "s3", S3_BUCKET: "blobs", S3_ENDPOINT: "http://127.0.0.1:9000", S3_FORCE_PATH_STYLE: "1" });
    expect(config).toMatchObject({ BLOB_STORE: "s3", S3_BUCKET: "blobs", S3_FORCE_PATH_STYLE: true, S3_REGION: "us-east-1" });
  });
});
