import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiBehindProxy, BOUND_MS, citizen, expectCleanError, QUERY_TIMEOUT_MS, timed, upload, waitUntilReady } from "./faults-helpers.js";
import type { ApiJson } from "./harness.js";

/**
 * The backend survives PostgreSQL going away and coming back (decision 018): requests answer a clean JSON
 * error quickly (no hang, no crash, no stack), readiness says not ready, and once the database is back
 * everything works again without a restart. PostgreSQL only: vitest.config.ts runs `*.pg.test.ts`
 * when TEST_DATABASE_URL is set (CI's PostgreSQL pass, `.ci/run`).
 */
const pgUrl = process.env.TEST_DATABASE_URL;
if (!pgUrl) throw new Error("tests/api/*.pg.test.ts need TEST_DATABASE_URL");

describe("PostgreSQL goes away and comes back (TCP proxy cut)", () => {
  let api: Awaited<ReturnType<typeof apiBehindProxy>>;

  beforeAll(async () => {
    api = await apiBehindProxy(pgUrl);
  }, 60_000);
  afterAll(async () => api?.close());

  const get = async (pathname: string, token?: string) => {
    const res = await fetch(`${api.base}${pathname}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    const text = await res.text();
    let json: ApiJson;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: res.status, text, json };
  };

  it("answers, then fails cleanly and quickly while the database is gone, then recovers by itself", { timeout: 60_000 }, async () => {
    const { stack, proxy, base } = api;
    const token = await api.sign();
    expect((await get("/health/ready")).status).toBe(200);
    expect((await get("/api/security/user/get_roles", token)).status).toBe(200);
    const count = () =>
      stack.db
        .selectFrom("files")
        .select((eb) => eb.fn.countAll().as("n"))
        .where("owner_cuil", "=", citizen)
        .executeTakeFirstOrThrow();
    const files = Number((await count()).n);

    proxy.cut();

    // Idle pooled connections were reset: the process is still here (no unhandled 'error').
    await new Promise((r) => setTimeout(r, 100));
    const live = await get("/health/live");
    expect(live.status).toBe(200);

    const roles = await timed(() => get("/api/security/user/get_roles", token));
    expectCleanError(roles.value);
    expect(roles.ms).toBeLessThan(BOUND_MS);

    const inbox = await timed(() => get(`/api/dd/v1/communications/inbox/${citizen}`, token));
    expect(inbox.value.status).toBeGreaterThanOrEqual(500);
    expect(inbox.ms).toBeLessThan(BOUND_MS);

    const ready = await timed(() => get("/health/ready"));
    expect(ready.value.status).toBe(503);
    expect(ready.value.json).toEqual({ status: "unavailable", failed: "database" });
    expect(ready.ms).toBeLessThan(BOUND_MS);

    // A write while the database is gone: a clean error, and (checked after) nothing stored.
    const up = await timed(() => upload(base, token));
    expectCleanError(up.value);
    expect(up.ms).toBeLessThan(BOUND_MS);

    proxy.restore();

    await waitUntilReady(base);
    expect((await get("/api/security/user/get_roles", token)).status).toBe(200);
    expect(Number((await count()).n)).toBe(files);
    expect((await upload(base, token)).status).toBe(200);
    expect(Number((await count()).n)).toBe(files + 1);
  });
});

describe("PostgreSQL stops answering (network partition)", () => {
  let api: Awaited<ReturnType<typeof apiBehindProxy>>;

  beforeAll(async () => {
    api = await apiBehindProxy(pgUrl, { queryTimeoutMs: QUERY_TIMEOUT_MS });
  }, 60_000);
  afterAll(async () => api?.close());

  it("requests on pooled connections do not hang: a clean error within the bound", { timeout: 60_000 }, async () => {
    const { proxy, base } = api;
    const token = await api.sign();
    const get = async (pathname: string) => {
      const res = await fetch(`${base}${pathname}`, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(20_000) });
      const text = await res.text();
      return { status: res.status, text, json: JSON.parse(text) };
    };
    expect((await get("/api/security/user/get_roles")).status).toBe(200);
    proxy.stall();
    const roles = await timed(() => get("/api/security/user/get_roles"));
    expectCleanError(roles.value);
    expect(roles.ms).toBeLessThan(QUERY_TIMEOUT_MS + 2_000);
    const ready = await timed(() => get("/health/ready"));
    expect(ready.value.status).toBe(503);
    expect(ready.ms).toBeLessThan(BOUND_MS);
    expect((await fetch(`${base}/health/live`)).status).toBe(200);

    // The partition ends: the held connections answer again and the API recovers by itself.
    proxy.restore();
    await waitUntilReady(base);
    expect((await get("/api/security/user/get_roles")).status).toBe(200);
  });
});
