import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import SqliteDatabase from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makePng } from "../../server/domain/files/samples.js";
import { BOUND_MS, citizen, expectCleanError, timed, upload } from "./faults-helpers.js";
import { call, startStack, type TestStack } from "./harness.js";

/**
 * Faults the API meets on any database (decision 018): SQLite held by another writer (always on a SQLite
 * file of its own), an upload the client abandons. PostgreSQL going away and a network partition:
 * tests/api/faults.pg.test.ts.
 */

describe("SQLite locked by another process's writer", () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startStack({ sqlite: true });
  }, 60_000);
  afterAll(async () => stack?.close());

  it(
    "a write waits at most busy_timeout, answers a clean JSON error, and works again once the lock is gone",
    { timeout: 60_000 },
    async () => {
      const token = await stack.sign({ sub: citizen });
      const files = async () =>
        Number(
          (
            await stack.db
              .selectFrom("files")
              .select((eb) => eb.fn.countAll().as("n"))
              .where("owner_cuil", "=", citizen)
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = await files();
      const blobs = () =>
        fs.readdirSync(path.join(stack.config.dataDir, "blobs"), { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
      const blobsBefore = blobs();
      const blocker = new SqliteDatabase(path.join(stack.config.dataDir, "portal.sqlite"));
      try {
        blocker.exec("begin exclusive");
        const up = await timed(() => upload(stack.api, token));
        expectCleanError(up.value);
        expect(up.ms).toBeLessThan(BOUND_MS);
        // The blob written before the refused insert was removed again.
        expect(blobs()).toBe(blobsBefore);
        // Reads still answer (WAL).
        expect((await call(stack, "/api/security/user/get_roles", { token })).status).toBe(200);
        blocker.exec("rollback");
        expect(await files()).toBe(before);
        expect((await upload(stack.api, token)).status).toBe(200);
        expect(await files()).toBe(before + 1);
      } finally {
        if (blocker.inTransaction) blocker.exec("rollback");
        blocker.close();
      }
    },
  );
});

describe("an upload the client aborts half-way", () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startStack();
  }, 60_000);
  afterAll(async () => stack?.close());

  it("leaves no file row, no blob and no temporary part", { timeout: 60_000 }, async () => {
    const token = await stack.sign({ sub: citizen });
    const files = async () =>
      Number(
        (
          await stack.db
            .selectFrom("files")
            .select((eb) => eb.fn.countAll().as("n"))
            .where("owner_cuil", "=", citizen)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const blobsDir = path.join(stack.config.dataDir, "blobs");
    const all = () =>
      fs.existsSync(blobsDir)
        ? fs
            .readdirSync(blobsDir, { recursive: true, withFileTypes: true })
            .filter((e) => e.isFile())
            .map((e) => e.name)
            .sort()
        : [];
    const rows = await files();
    const before = all();

    const boundary = `----abort${randomUUID()}`;
    const url = new URL(`${stack.api}/api/fs/raw/bucket`);
    const http = await import("node:http");
    const request = http.request({
      host: url.hostname,
      port: url.port,
      path: url.pathname,
      method: "POST",
      headers: {
        authorization: `Bearer ${token}`,
        "content-type": `multipart/form-data; boundary=${boundary}`,
        "transfer-encoding": "chunked",
      },
    });
    request.on("error", () => undefined);
    request.write(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="a.png"\r\ncontent-type: image/png\r\n\r\n`);
    const head = Buffer.alloc(512 * 1024);
    makePng().copy(head);
    request.write(head);
    const tmp = path.join(blobsDir, ".tmp");
    // The API is streaming the part to disk: now the client goes away.
    const started = Date.now();
    while (!(fs.existsSync(tmp) && fs.readdirSync(tmp).length > 0) && Date.now() - started < 20_000)
      await new Promise((r) => setTimeout(r, 20));
    expect(fs.readdirSync(tmp).length, "the upload reached the disk before the abort").toBeGreaterThan(0);
    request.destroy();

    const end = Date.now() + 10_000;
    while (Date.now() < end && fs.existsSync(tmp) && fs.readdirSync(tmp).length > 0) await new Promise((r) => setTimeout(r, 50));
    expect(fs.existsSync(tmp) ? fs.readdirSync(tmp) : []).toEqual([]);
    expect(all()).toEqual(before);
    expect(await files()).toBe(rows);
    // The API goes on serving.
    expect((await call(stack, "/api/security/user/get_roles", { token })).status).toBe(200);
  });
});
