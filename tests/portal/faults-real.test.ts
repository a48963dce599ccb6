import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

/**
 * The same faults as faults.test.ts over real sockets, without msw: the portal's API client
 * against a port where nothing listens (the API stopped), a server that accepts and never
 * answers, one that answers malformed JSON, and one that answers 500.
 */
type Mode = "hang" | "malformed" | "500";
let mode: Mode = "hang";
const held: http.ServerResponse[] = [];
const backend = http.createServer((req, res) => {
  req.resume();
  if (mode === "hang") return void held.push(res);
  if (mode === "malformed") return void res.writeHead(200, { "content-type": "application/json" }).end('{"modules": [');
  res.writeHead(500, { "content-type": "application/json" }).end('{"code":"INTERNAL","message":"Ocurrió un error inesperado."}');
});
let stoppedPort = 0;
let runningPort = 0;

let requireAdhered: typeof import("~/lib/guards.server").requireAdhered;
let helpers: typeof import("./helpers");
let timeoutMs = 0;

beforeAll(async () => {
  // A port that was just free and is closed again: connection refused, as with the API stopped.
  const probe = http.createServer();
  await new Promise<void>((r) => probe.listen(0, "127.0.0.1", r));
  stoppedPort = (probe.address() as AddressInfo).port;
  await new Promise<void>((r) => probe.close(() => r()));
  await new Promise<void>((r) => backend.listen(0, "127.0.0.1", r));
  runningPort = (backend.address() as AddressInfo).port;
});
const savedBaseUrl = process.env.API_BASE_URL;
afterAll(async () => {
  process.env.API_BASE_URL = savedBaseUrl;
  vi.resetModules();
  for (const res of held) res.destroy();
  backend.closeAllConnections();
  await new Promise<void>((r) => backend.close(() => r()));
});

/** The portal's modules read API_BASE_URL once: load them fresh for the given backend. */
async function portalAgainst(port: number) {
  vi.resetModules();
  process.env.API_BASE_URL = `http://127.0.0.1:${port}`;
  ({ requireAdhered } = await import("~/lib/guards.server"));
  helpers = await import("./helpers");
  timeoutMs = (await import("~/env.server")).env.API_TIMEOUT_MS;
}

async function guardedPage() {
  const started = Date.now();
  const response = await helpers.settle(async () => {
    await requireAdhered(helpers.argsOf(await helpers.signedInRequest("http://localhost:3000/procedures")), "procedures");
    return new Response(null, { status: 200 });
  });
  return { response, ms: Date.now() - started };
}

describe("a real backend that fails", () => {
  it("API stopped (connection refused): the error screen with 503 at once", async () => {
    await portalAgainst(stoppedPort);
    const { response, ms } = await guardedPage();
    expect(response.status).toBe(503);
    expect(response.headers.get("Location")).toBeNull();
    expect(ms).toBeLessThan(timeoutMs + 1_000);
  });

  it.each(["hang", "malformed", "500"] as const)("API answers %s: the error screen within the timeout", async (m) => {
    mode = m;
    await portalAgainst(runningPort);
    const { response, ms } = await guardedPage();
    // No answer in time is an outage (503 in place); a wrong answer goes to /error.
    if (m === "hang") expect(response.status).toBe(503);
    else expect(response.headers.get("Location")).toBe("/error");
    expect(ms).toBeLessThan(timeoutMs + 1_000);
    if (m === "hang") expect(ms).toBeGreaterThanOrEqual(timeoutMs - 50);
  });
});
