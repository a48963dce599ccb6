/**
 * Shared pieces of the fault tests (tests/api/faults.test.ts on any database,
 * tests/api/faults.pg.test.ts on PostgreSQL only).
 */
import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import { buildApp } from "../../server/app.js";
import { createDatabase, type Db } from "../../server/db/index.js";
import { demoCitizens } from "../../server/auth/oidc/demo-citizens.js";
import { makePng } from "../../server/domain/files/samples.js";
import { createDiskBlobStore } from "../../server/storage/index.js";
import { startStack, testSigner, type TestStack, type ApiJson } from "./harness.js";
import { until } from "../until.js";

export const citizen = demoCitizens[0].cuil;
/** what "quickly" means here: pg's connection timeout / SQLite's busy_timeout (5 s) plus margin for a loaded CI machine */
export const BOUND_MS = 10_000;
/** the partition test's query timeout (production default: 30 s) */
export const QUERY_TIMEOUT_MS = 2_000;

/** A TCP proxy between the API and PostgreSQL that the test can cut and restore. */
export async function tcpProxy(target: { host: string; port: number }) {
  const open = new Set<net.Socket>();
  let cut = false;
  let stalled = false;
  const server = net.createServer((client) => {
    open.add(client);
    client.on("close", () => open.delete(client));
    client.on("error", () => undefined);
    if (cut) return client.destroy();
    if (stalled) return; // accepted, never answered
    const upstream = net.connect(target);
    open.add(upstream);
    upstream.on("close", () => open.delete(upstream));
    upstream.on("error", () => client.destroy());
    client.on("error", () => upstream.destroy());
    client.pipe(upstream);
    upstream.pipe(client);
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    /** drops every open connection and refuses new ones (the database went away) */
    cut() {
      cut = true;
      for (const socket of open) socket.destroy();
    },
    /** a network partition: open connections and new ones get no answer at all */
    stall() {
      stalled = true;
      for (const socket of open) socket.pause();
    },
    restore() {
      cut = false;
      stalled = false;
      for (const socket of open) socket.resume();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

export async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = Date.now();
  const value = await work();
  return { value, ms: Date.now() - started };
}

export function expectCleanError(answer: { status: number; json: ApiJson; text: string }) {
  expect(answer.status).toBeGreaterThanOrEqual(500);
  expect(answer.json).toEqual({ code: expect.any(String), message: expect.any(String) });
  expect(answer.text).not.toMatch(/at .*\.(ts|js):\d+|ECONN|Error:|stack/i);
}

/**
 * A multipart upload to `base` whose body the test writes itself, chunk by chunk, and can leave
 * half-way (a client that goes away, a process killed mid-stream).
 */
export function chunkedUpload(base: string, token: string, boundary: string): http.ClientRequest {
  const url = new URL(`${base}/api/fs/raw/bucket`);
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
  return request;
}

export async function upload(base: string, token: string) {
  const form = new FormData();
  form.set("filename", "foto.png");
  form.set("file", new Blob([new Uint8Array(makePng())], { type: "image/png" }), "foto.png");
  const res = await fetch(`${base}/api/fs/raw/bucket`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form });
  const text = await res.text();
  return { status: res.status, text, json: JSON.parse(text) };
}

/**
 * A second API app on the test stack's PostgreSQL schema whose database connections go through a TCP
 * proxy the test can cut, stall and restore.
 */
export async function apiBehindProxy(pgUrl: string, options: { queryTimeoutMs?: number } = {}) {
  const stack: TestStack = await startStack();
  const target = new URL(pgUrl);
  const proxy = await tcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const viaProxy = new URL(pgUrl);
  viaProxy.host = `127.0.0.1:${proxy.port}`;
  const db: Db = (
    await createDatabase({ databaseUrl: viaProxy.toString(), schema: stack.config.DATABASE_SCHEMA, queryTimeoutMs: options.queryTimeoutMs })
  ).db;
  const s = await testSigner("fault-key");
  const app: FastifyInstance = await buildApp({
    config: stack.config,
    db,
    logger: false,
    keys: s.keys,
    store: createDiskBlobStore(path.join(stack.config.dataDir, "blobs")),
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  return {
    stack,
    proxy,
    base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
    sign: () => s.sign(stack.issuer, citizen),
    close: async () => {
      proxy.restore();
      await app.close();
      await db.destroy().catch(() => undefined);
      await proxy.close();
      await stack.close();
    },
  };
}

/** Waits until `/health/ready` of `base` answers 200 again (a failure past BOUND_MS). */
export async function waitUntilReady(base: string): Promise<void> {
  await until(async () => (await fetch(`${base}/health/ready`)).status === 200, `${base} ready again`, {
    timeoutMs: BOUND_MS,
    intervalMs: 100,
  });
}
