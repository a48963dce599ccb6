import path from "node:path";
import { describe, expect, it } from "vitest";
import { createDatabase, type Db } from "../../server/db/index.js";
import { demoCitizens } from "../../server/auth/oidc/demo-citizens.js";
import { makePng } from "../../server/domain/files/samples.js";
import { hitRateLimit, purgeRateLimits } from "../../server/domain/security/rate-limit.js";
import { takeUploadLease } from "../../server/domain/security/lease-repository.js";
import { UPLOAD_CONCURRENCY_MESSAGE, UPLOAD_RATE_LIMIT_MESSAGE } from "../../server/http/security/upload-limit.js";
import { filesOf, useStack } from "./fixtures.js";
import { call, uploadFile } from "./harness.js";

/** Uploads per citizen (decision 017): counted in the database, 429 with the spec-style message. */
const heavy = demoCitizens[1].cuil;
const other = demoCitizens[2].cuil;

const stack = useStack();

const upload = (token: string, body: Uint8Array, name = "foto.png") => uploadFile(stack.api, token, body, name, "image/png");

const fileCount = (cuil: string) => filesOf(stack.db, cuil);

describe("upload rate limit per citizen", () => {
  it("has a default a citizen does not reach and a script does (60 per 10 minutes)", () => {
    expect(stack.config.UPLOAD_RATE_LIMIT).toBe(60);
    expect(stack.config.UPLOAD_RATE_WINDOW_SECONDS).toBe(600);
  });

  it("answers 429 with Retry-After and the Spanish message past the limit, storing nothing; other citizens are not affected", async () => {
    const token = await stack.sign({ sub: heavy });
    const before = await fileCount(heavy);
    const limit = stack.config.UPLOAD_RATE_LIMIT;
    for (let i = 0; i < limit; i++) {
      const ok = await upload(token, makePng());
      expect(ok.status, `upload ${i + 1}`).toBe(200);
    }
    expect(await fileCount(heavy)).toBe(before + limit);

    // A large body past the limit is refused before it is read, and the connection still answers.
    const big = new Uint8Array(8 * 1024 * 1024);
    big.set(makePng());
    const refused = await upload(token, big);
    expect(refused.status).toBe(429);
    expect(refused.json).toEqual({ code: "TOO_MANY_REQUESTS", message: UPLOAD_RATE_LIMIT_MESSAGE });
    expect(refused.json.message).toMatch(/^Error al subir el documento\. /);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(stack.config.UPLOAD_RATE_WINDOW_SECONDS);
    expect(await fileCount(heavy)).toBe(before + limit);

    // A new token of the same citizen does not reset the count (it is per citizen, not per session).
    expect((await upload(await stack.sign({ sub: heavy }), makePng())).status).toBe(429);

    const otherToken = await stack.sign({ sub: other });
    expect((await upload(otherToken, makePng())).status).toBe(200);
  });

  it("keeps one exact count across several database connections (several API processes)", async () => {
    // A second, independent handle on the same database, as a second API process would have.
    const second = await openSecondHandle();
    try {
      const rule = { scope: "test-shared", limit: 25, windowMs: 60_000 };
      const now = Date.parse("2026-11-21T10:00:30Z");
      const results = await Promise.all(
        Array.from({ length: 40 }, (_, i) => hitRateLimit(i % 2 ? second : stack.db, rule, "20000000001", now)),
      );
      const counts = results.map((r) => r.hits).sort((a, b) => a - b);
      expect(counts).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
      expect(results.filter((r) => r.allowed)).toHaveLength(25);
      expect(results.every((r) => r.retryAfterSeconds === 30)).toBe(true);

      // The next window starts from zero and drops the previous one.
      const next = await hitRateLimit(second, rule, "20000000001", now + 60_000);
      expect(next).toMatchObject({ allowed: true, hits: 1 });
      const rows = await stack.db.selectFrom("rate_limit_hits").selectAll().where("scope", "=", "test-shared").execute();
      expect(rows).toHaveLength(1);
      expect(await purgeRateLimits(stack.db, rule, now + 120_000)).toBe(1);
    } finally {
      await second.destroy();
    }
  });
});

describe("upload leases: asked before the body (issue 37)", () => {
  const takeLease = (token: string) => call(stack, "/api/fs/upload-leases", { method: "POST", token });
  const giveBack = (token: string, lease: string) => call(stack, `/api/fs/upload-leases/${lease}`, { method: "DELETE", token });

  it("gives a citizen at most UPLOAD_CONCURRENCY at once, and one more when one is given back", async () => {
    const token = await stack.sign({ sub: "20111111114" });
    const leases: string[] = [];
    for (let i = 0; i < stack.config.UPLOAD_CONCURRENCY; i++) {
      const answer = await takeLease(token);
      expect(answer.status, `lease ${i + 1}`).toBe(200);
      leases.push(answer.json.result.lease);
    }
    const refused = await takeLease(token);
    expect(refused.status).toBe(429);
    expect(refused.json).toEqual({ code: "TOO_MANY_REQUESTS", message: UPLOAD_CONCURRENCY_MESSAGE });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    // Another citizen cannot give back this citizen's lease; the citizen can.
    expect((await giveBack(await stack.sign({ sub: "20111111112" }), leases[0]!)).status).toBe(204);
    expect((await takeLease(token)).status).toBe(429);
    expect((await giveBack(token, leases[0]!)).status).toBe(204);
    expect((await takeLease(token)).status).toBe(200);
    expect((await giveBack(token, "not-a-lease")).status).toBe(400);
  });

  it("refuses a citizen past the rate limit without counting the question", async () => {
    const token = await stack.sign({ sub: heavy });
    // `heavy` used the whole window above.
    const refused = await takeLease(token);
    expect(refused.status).toBe(429);
    expect(refused.json.message).toBe(UPLOAD_RATE_LIMIT_MESSAGE);
    const fresh = await stack.sign({ sub: "20111111113" });
    for (let i = 0; i < 5; i++) await giveBack(fresh, (await takeLease(fresh)).json.result.lease);
    const hits = await stack.db.selectFrom("rate_limit_hits").select("hits").where("subject", "=", "20111111113").execute();
    expect(hits).toEqual([]);
  });

  it("holds across database handles (several processes), and a lapsed lease stops counting", async () => {
    const second = await openSecondHandle();
    try {
      const cuil = "20000000002";
      const now = Date.parse("2026-11-21T10:00:00Z");
      const results = await Promise.all(Array.from({ length: 8 }, (_, i) => takeUploadLease(i % 2 ? second : stack.db, cuil, 3, now)));
      expect(results.filter(Boolean)).toHaveLength(3);
      const later = now + 16 * 60_000;
      expect(await takeUploadLease(second, cuil, 1, later)).not.toBeNull();
    } finally {
      await second.destroy();
    }
  });
});

async function openSecondHandle(): Promise<Db> {
  const handle =
    stack.dialect === "postgres"
      ? await createDatabase({ databaseUrl: stack.config.DATABASE_URL, schema: stack.config.DATABASE_SCHEMA })
      : await createDatabase({ sqliteFile: path.join(stack.config.dataDir, "portal.sqlite") });
  return handle.db;
}
