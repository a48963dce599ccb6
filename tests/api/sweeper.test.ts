/**
 * The orphan sweeper (decision 057), on both blob stores: what the portal wrote and no row names goes
 * after the grace period, nothing a row names ever goes, nothing younger than the grace period (never
 * less than the longest hold) goes, and nothing the portal did not write is ever touched.
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { PassThrough } from "node:stream";
import { CreateMultipartUploadCommand, PutObjectCommand } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { LONGEST_HOLD_MINUTES } from "../../common/limits.js";
import { migrateToLatest } from "../../server/db/migrate.js";
import { demoCitizens } from "../../server/auth/oidc/demo-citizens.js";
import { seed } from "../../server/seed/index.js";
import { saveFile } from "../../server/domain/files/index.js";
import { makePng } from "../../server/domain/files/samples.js";
import { deleteUnreferencedFile } from "../../server/jobs/orphans-repository.js";
import { startSweepJob, sweep } from "../../server/jobs/sweeper.js";
import { createDiskBlobStore } from "../../server/storage/index.js";
import { createS3Client } from "../../server/storage/s3.js";
import { recordWritten } from "../../server/storage/written-repository.js";
import { migratedUpTo } from "./fixtures.js";
import { call, startStack, type TestStack } from "./harness.js";

const OPERATOR = { authorization: "Bearer dev-operator-token-change-me", "x-motivo": "Pruebas automaticas" };
const owner = demoCitizens[2].cuil;
const HOUR = 3_600_000;
const GRACE = 24 * HOUR;
const HOLD = LONGEST_HOLD_MINUTES * 60_000;
/** The S3 store's prefix in these tests: the bucket is shared with another client. */
const PREFIX = "portal/";

describe.each(["disk", "s3"] as const)("orphan sweeper on %s", (blobs) => {
  let stack: TestStack;
  const later = (ms: number) => new Date(Date.now() + ms);
  const exists = (key: string) =>
    stack.store.get(key).then(
      (s) => (s.destroy(), true),
      () => false,
    );
  const written = async (key: string) =>
    !!(await stack.db.selectFrom("written_blobs").select("blob_key").where("blob_key", "=", key).executeTakeFirst());
  /** Another client of the same bucket (S3), or something else writing into the same folder (disk). */
  const s3 = () => createS3Client(stack.s3!.options);
  async function putForeign(key: string) {
    if (blobs === "s3") {
      await s3().send(new PutObjectCommand({ Bucket: stack.s3!.bucket, Key: PREFIX + key, Body: "not the portal's" }));
    } else {
      const folder = path.join(stack.config.dataDir, "blobs", key.slice(0, 2));
      fs.mkdirSync(folder, { recursive: true });
      fs.writeFileSync(path.join(folder, key), "not the portal's");
    }
  }
  /** An upload of `key` that never finished, as a crash leaves it (disk: a `.part` file; S3: an open multipart upload). */
  async function startPartial(key: string) {
    if (blobs === "s3") {
      await s3().send(new CreateMultipartUploadCommand({ Bucket: stack.s3!.bucket, Key: PREFIX + key }));
    } else {
      const tmp = path.join(stack.config.dataDir, "blobs", ".tmp");
      fs.mkdirSync(tmp, { recursive: true });
      fs.writeFileSync(path.join(tmp, `${key}.${randomUUID()}.part`), "half an upload");
    }
  }
  const partialsLeft = () =>
    blobs === "s3" ? stack.s3!.pendingUploads().length : fs.readdirSync(path.join(stack.config.dataDir, "blobs", ".tmp")).length;
  async function namedKeys() {
    const db = stack.db;
    const keys = [
      ...(await db.selectFrom("files").select("storage_key").execute()),
      ...(await db.selectFrom("file_renditions").select("storage_key").where("storage_key", "is not", null).execute()),
      ...(await db.selectFrom("dd_communication_files").select("storage_key").execute()),
    ].map((r) => r.storage_key as string);
    return keys;
  }
  async function addRendition(fileId: string) {
    const key = randomUUID();
    await stack.store.put(key, Buffer.from("page image"));
    await stack.db
      .insertInto("file_renditions")
      .values({
        id: randomUUID(),
        file_id: fileId,
        kind: "image",
        page: 1,
        width: 800,
        mime: "image/webp",
        storage_key: key,
        size: 10,
        error_code: null,
        created_at: new Date().toISOString(),
      })
      .execute();
    return key;
  }

  beforeAll(async () => {
    stack = await startStack({ blobs, env: blobs === "s3" ? { S3_PREFIX: PREFIX } : {} });
  }, 120_000);
  afterAll(async () => stack?.close());

  it("never removes a blob some row names, however old", async () => {
    const named = await namedKeys();
    expect(named.length).toBeGreaterThan(10);
    const report = await sweep({ db: stack.db, store: stack.store }, { graceMs: GRACE, now: later(10 * 365 * 24 * HOUR) });
    expect(report.scanned).toBeGreaterThanOrEqual(named.length);
    expect(await namedKeys()).toEqual(named);
    const stored = new Set<string>();
    for await (const page of stack.store.list()) for (const b of page) stored.add(b.key);
    expect(named.filter((key) => !stored.has(key))).toEqual([]);
  }, 60_000);

  it("removes a discarded document's file and its page images once the grace period has passed", async () => {
    const created = await call(stack, "/operator/api/records", {
      method: "POST",
      headers: OPERATOR,
      body: { ownerCuil: owner, title: "Expediente para descartar", sample: { incorporated: 0, sent: 0, pending: 1 } },
    });
    expect(created.status).toBe(201);
    const { id, documents } = created.json as { id: string; documents: { id: string; fileId: string }[] };
    const file = await stack.db.selectFrom("files").selectAll().where("id", "=", documents[0]!.fileId).executeTakeFirstOrThrow();
    const page = await addRendition(file.id);

    const token = await stack.sign({ sub: owner });
    expect(
      (await call(stack, `/api/v4/filemanager/${id}/discard/${documents[0]!.id}?module=records`, { method: "DELETE", token })).status,
    ).toBe(200);

    // Within the grace period nothing goes: the citizen may still be in the middle of something.
    expect((await sweep({ db: stack.db, store: stack.store }, { graceMs: GRACE, now: later(GRACE - HOUR) })).files).toBe(0);
    expect(await exists(file.storage_key)).toBe(true);

    const report = await sweep({ db: stack.db, store: stack.store }, { graceMs: GRACE, now: later(GRACE + HOUR) });
    expect(report.files).toBe(1);
    expect(await stack.db.selectFrom("files").select("id").where("id", "=", file.id).executeTakeFirst()).toBeUndefined();
    expect(await exists(file.storage_key)).toBe(false);
    expect(await exists(page)).toBe(false);
  });

  it("removes blobs no row names and page images of deleted files, after the grace period only", async () => {
    const orphan = randomUUID();
    await stack.store.put(orphan, Buffer.from("left by a crash between blob and row"));
    const file = await saveFile({ db: stack.db, store: stack.store }, { ownerCuil: owner, name: "imagen.png", body: makePng() });
    const page = await addRendition(file.id);
    await stack.db.deleteFrom("files").where("id", "=", file.id).execute(); // its renditions' rows go with it

    const fresh = await sweep({ db: stack.db, store: stack.store }, { graceMs: GRACE });
    expect(fresh.orphanBlobs).toBe(0);
    for (const key of [orphan, file.storage_key, page]) expect(await exists(key)).toBe(true);

    const report = await sweep({ db: stack.db, store: stack.store }, { graceMs: GRACE, now: later(GRACE + HOUR) });
    expect(report.orphanBlobs).toBe(3);
    for (const key of [orphan, file.storage_key, page]) expect(await exists(key)).toBe(false);
  });

  it("removes the portal's unfinished uploads started before the cutoff, not the ones in flight", async () => {
    // What a crash in the middle of a put leaves: the key written down, then an upload never finished.
    const key = randomUUID();
    await recordWritten(stack.db, key, new Date().toISOString());
    await startPartial(key);
    expect(partialsLeft()).toBe(1);
    expect((await sweep({ db: stack.db, store: stack.store }, { graceMs: GRACE })).partials).toBe(0);
    const report = await sweep({ db: stack.db, store: stack.store }, { graceMs: GRACE, now: later(GRACE + HOUR) });
    expect(report).toMatchObject({ partials: 1, orphanBlobs: 1 });
    expect(partialsLeft()).toBe(0);
    expect(await written(key)).toBe(false);
  });

  it("never touches what the portal did not write: an id-shaped object under its prefix, another client's unfinished upload", async () => {
    const object = randomUUID();
    const upload = randomUUID();
    await putForeign(object);
    await startPartial(upload);
    const report = await sweep({ db: stack.db, store: stack.store }, { graceMs: GRACE, now: later(10 * 365 * 24 * HOUR) });
    expect(report).toMatchObject({ orphanBlobs: 0, partials: 0 });
    expect(await exists(object)).toBe(true);
    expect(partialsLeft()).toBe(1);
  });

  it("writes a key down before the blob's first byte, and forgets it once the blob is deleted", async () => {
    const key = randomUUID();
    const body = new PassThrough();
    const putting = stack.store.put(key, body);
    await vi.waitFor(async () => expect(await written(key)).toBe(true));
    body.end("the first and last bytes");
    await putting;
    expect(await exists(key)).toBe(true);
    await stack.store.delete(key);
    expect(await written(key)).toBe(false);
  });

  it("a body that fails while its key is being written down fails the put, never the process", async () => {
    const key = randomUUID();
    const body = new PassThrough();
    const putting = stack.store.put(key, body);
    body.destroy(new Error("the source could not be read"));
    await expect(putting).rejects.toThrow("the source could not be read");
    expect(await exists(key)).toBe(false);
  });

  it("never sweeps a held upload, whatever grace it is given: the grace is at least the longest hold", async () => {
    // An upload of the no-JavaScript form, held for the citizen and not registered yet: no row refers to it.
    const held = await saveFile({ db: stack.db, store: stack.store }, { ownerCuil: owner, name: "retenido.png", body: makePng() });
    const within = await sweep({ db: stack.db, store: stack.store }, { graceMs: 0, now: later(HOLD - 60_000) });
    expect(within.files).toBe(0);
    expect(await stack.db.selectFrom("files").select("id").where("id", "=", held.id).executeTakeFirst()).toBeDefined();
    expect(await exists(held.storage_key)).toBe(true);

    expect((await sweep({ db: stack.db, store: stack.store }, { graceMs: 0, now: later(HOLD + 60_000) })).files).toBeGreaterThanOrEqual(1);
    expect(await exists(held.storage_key)).toBe(false);
  });

  it("never deletes a file row that something refers to again (the foreign keys refuse it)", async () => {
    const [referenced] = await stack.db.selectFrom("record_documents").select("file_id").limit(1).execute();
    expect(await deleteUnreferencedFile(stack.db, referenced!.file_id)).toBe(false);
    expect(await stack.db.selectFrom("files").select("id").where("id", "=", referenced!.file_id).executeTakeFirst()).toBeDefined();
  });

  it("runs from the operator API with at least the configured grace, and as a periodic job", async () => {
    const res = await call(stack, "/operator/api/storage/sweep", { method: "POST", headers: OPERATOR, body: { graceMinutes: 1 } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ graceMinutes: stack.config.SWEEP_GRACE_MINUTES, files: 0, orphanBlobs: 0, partials: 0 });
    expect((await call(stack, "/operator/api/storage/sweep", { method: "POST", body: {} })).status).toBe(401);

    const orphan = randomUUID();
    await stack.store.put(orphan, Buffer.from("orphan"));
    // Written two days ago, as far as the sweeper can tell.
    const old = new Date(Date.now() - 2 * GRACE).toISOString();
    await stack.db.updateTable("written_blobs").set({ written_at: old }).where("blob_key", "=", orphan).execute();
    const logger = { info: vi.fn(), error: vi.fn() };
    const stop = startSweepJob({ db: stack.db, store: stack.store }, { intervalMs: 20, graceMs: GRACE, logger });
    try {
      await vi.waitFor(() => expect(logger.info).toHaveBeenCalledWith(expect.objectContaining({ orphanBlobs: 1 }), "orphans swept"), {
        timeout: 15_000,
      });
    } finally {
      stop();
    }
    expect(logger.error).not.toHaveBeenCalled();
    expect(await exists(orphan)).toBe(false);
  });
});

describe("migration 0021", () => {
  it("writes down the keys the rows already name: the portal's blobs from before it", { timeout: 120_000 }, async () => {
    await migratedUpTo("0020_operator_changes", async (db, dir) => {
      // Seeded as before the migration: by a store that writes nothing down.
      await seed(db, { issuer: "http://127.0.0.1:9", tenant: "provincia", store: createDiskBlobStore(path.join(dir, "blobs")) });
      const named = [
        ...(await db.selectFrom("files").select("storage_key as key").execute()),
        ...(await db.selectFrom("file_renditions").select("storage_key as key").where("storage_key", "is not", null).execute()),
        ...(await db.selectFrom("dd_communication_files").select("storage_key as key").execute()),
        ...(await db.selectFrom("data_exports").select("id as key").execute()),
      ].map((r) => r.key as string);
      expect(named.length).toBeGreaterThan(10);

      await migrateToLatest(db);
      const written = await db.selectFrom("written_blobs").select("blob_key").execute();
      expect(written.map((r) => r.blob_key).sort()).toEqual([...new Set(named)].sort());
    });
  });
});
