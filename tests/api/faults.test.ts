import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import SqliteDatabase from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { makePng } from "../../server/domain/files/samples.js";
import { BOUND_MS, chunkedUpload, citizen, expectCleanError, timed, upload } from "./faults-helpers.js";
import { filesOf, useStack } from "./fixtures.js";
import { call } from "./harness.js";
import { until } from "../until.js";

/**
 * Faults the API meets on any database (decision 018): SQLite held by another writer (always on a SQLite
 * file of its own), an upload the client abandons. PostgreSQL going away and a network partition:
 * tests/api/faults.pg.test.ts.
 */

describe("SQLite locked by another process's writer", () => {
  const stack = useStack({ sqlite: true });

  it(
    "a write waits at most busy_timeout, answers a clean JSON error, and works again once the lock is gone",
    { timeout: 60_000 },
    async () => {
      const token = await stack.sign({ sub: citizen });
      const files = () => filesOf(stack.db, citizen);
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
  const stack = useStack();

  it("leaves no file row, no blob and no temporary part", { timeout: 60_000 }, async () => {
    const token = await stack.sign({ sub: citizen });
    const files = () => filesOf(stack.db, citizen);
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
    const request = chunkedUpload(stack.api, token, boundary);
    request.write(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="a.png"\r\ncontent-type: image/png\r\n\r\n`);
    const head = Buffer.alloc(512 * 1024);
    makePng().copy(head);
    request.write(head);
    const tmp = path.join(blobsDir, ".tmp");
    // The API is streaming the part to disk: now the client goes away.
    const parts = () => (fs.existsSync(tmp) ? fs.readdirSync(tmp) : []);
    await until(() => parts().length > 0, "the upload to reach the disk before the abort", { timeoutMs: 20_000 });
    request.destroy();

    await until(() => parts().length === 0, "the temporary part to be removed", { timeoutMs: 10_000 });
    expect(all()).toEqual(before);
    expect(await files()).toBe(rows);
    // The API goes on serving.
    expect((await call(stack, "/api/security/user/get_roles", { token })).status).toBe(200);
  });
});
