/**
 * The orphan sweeper (decision 058), on both blob stores: what no row names goes after the grace
 * period, nothing a row names ever goes, and nothing younger than the grace period goes.
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { CreateMultipartUploadCommand, type S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { demoCitizens } from "../../server/db/seed/demo-citizens.js";
import { saveFile } from "../../server/domain/files/index.js";
import { makePng } from "../../server/domain/files/samples.js";
import { deleteUnreferencedFile } from "../../server/jobs/orphans-repository.js";
import { startSweepJob, sweep } from "../../server/jobs/sweeper.js";
import { call, startStack, type TestStack } from "./harness.js";

const OPERATOR = { authorization: "Bearer dev-operator-token-change-me", "x-motivo": "Pruebas automaticas" };
const owner = demoCitizens[2].cuil;
const HOUR = 3_600_000;
const GRACE = 24 * HOUR;

describe.each(["disk", "s3"] as const)("orphan sweeper on %s", (blobs) => {
  let stack: TestStack;
  const later = (ms: number) => new Date(Date.now() + ms);
  const exists = (key: string) =>
    stack.store.get(key).then(
      (s) => (s.destroy(), true),
      () => false,
    );
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
    stack = await startStack({ blobs });
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

  it("removes unfinished uploads started before the cutoff, not the ones in flight", async () => {
    if (blobs === "s3") {
      const client = (stack.store as unknown as { client: S3Client }).client;
      await client.send(new CreateMultipartUploadCommand({ Bucket: stack.s3!.bucket, Key: randomUUID() }));
      expect(stack.s3!.pendingUploads().length).toBe(1);
    } else {
      const tmp = path.join(stack.config.dataDir, "blobs", ".tmp");
      fs.mkdirSync(tmp, { recursive: true });
      fs.writeFileSync(path.join(tmp, `${randomUUID()}.part`), "half an upload");
    }
    expect((await sweep({ db: stack.db, store: stack.store }, { graceMs: GRACE })).partials).toBe(0);
    expect((await sweep({ db: stack.db, store: stack.store }, { graceMs: GRACE, now: later(GRACE + HOUR) })).partials).toBe(1);
    if (blobs === "s3") expect(stack.s3!.pendingUploads()).toEqual([]);
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
    const logger = { info: vi.fn(), error: vi.fn() };
    const stop = startSweepJob({ db: stack.db, store: stack.store }, { intervalMs: 20, graceMs: -HOUR, logger });
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
