import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { errorFields } from "../../common/log-lines";
import { createPortalApp, writeErrorLine, type AccessEntry } from "../../portal/server";
import { fakeBuild } from "./portal-build";
import { until } from "../until";

describe("portal server access log (decision 044)", () => {
  const lines: AccessEntry[] = [];
  let base = "";
  let close = () => {};
  beforeAll(async () => {
    const app = createPortalApp({ build: fakeBuild(), onAccess: (entry) => lines.push(entry) });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());

  async function logged(path: string): Promise<AccessEntry> {
    lines.length = 0;
    const response = await fetch(`${base}${path}`);
    await response.text();
    await until(() => lines.length > 0, "the access line");
    expect(lines).toHaveLength(1);
    return lines[0];
  }

  /**
   * The line as text but its request id, which must be a fresh UUID (nothing of the request's can be
   * in it): a random UUID may hold any run of hex digits ("abc", "98765").
   */
  const withoutRequestId = ({ requestId, ...rest }: Record<string, unknown>) => {
    expect(requestId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    return JSON.stringify(rest);
  };

  it("logs the route pattern and status, never the query string (a sign-in code)", async () => {
    const entry = await logged("/auth/callback?code=SECRETO-123&state=abc");
    expect(entry).toMatchObject({ method: "GET", route: "/auth/callback", status: 200 });
    expect(withoutRequestId(entry)).not.toMatch(/SECRETO|state|abc/);
  });

  it("logs a path with an id as its pattern", async () => {
    const entry = await logged("/comprobantes/98765?descargar=informe-de-juan.pdf");
    expect(entry.route).toBe("/comprobantes/:id");
    expect(withoutRequestId(entry)).not.toMatch(/98765|informe|juan/);
  });

  it("logs an unknown path as the catch-all with its status", async () => {
    const entry = await logged("/expedientes-de/27293847563");
    expect(entry).toMatchObject({ route: "/*", status: 404 });
    expect(JSON.stringify(entry)).not.toContain("27293847563");
  });

  it("logs the index route as /", async () => {
    expect((await logged("/?q=buscar")).route).toBe("/");
  });

  it("compresses text answers and does not announce express", async () => {
    const response = await fetch(`${base}/auth/callback`, { headers: { "accept-encoding": "gzip" } });
    expect(response.headers.get("x-powered-by")).toBeNull();
    expect(response.headers.get("vary")).toMatch(/accept-encoding/i);
  });
});

describe("portal server public files", () => {
  let base = "";
  let close = () => {};
  beforeAll(async () => {
    const app = createPortalApp({ build: fakeBuild(), onAccess: () => {}, publicDir: "public" });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());

  it("serves a file of the public folder for an hour, and leaves every other path to Remix", async () => {
    const robots = await fetch(`${base}/robots.txt`);
    expect(robots.status).toBe(200);
    expect(robots.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(await robots.text()).toMatch(/User-agent/i);
    // Not a public file: the fake build's catch-all answers, without the public files' caching.
    const missing = await fetch(`${base}/robots.txt.bak`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get("cache-control") ?? "").not.toMatch(/max-age/);
  });
});

describe("portal server request ids and readiness (issue 29, decision 018)", () => {
  const lines: AccessEntry[] = [];
  const health = { draining: false };
  let apiStatus = 200;
  const api = http.createServer((_req, res) => res.writeHead(apiStatus).end());
  let base = "";
  let close = () => {};
  beforeAll(async () => {
    await new Promise<void>((r) => api.listen(0, "127.0.0.1", r));
    const apiBaseUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
    const echo = (...args: unknown[]) => new Response((args[0] as { request: Request }).request.headers.get("x-request-id"));
    const app = createPortalApp({ build: fakeBuild({ echo }), onAccess: (entry) => lines.push(entry), readiness: { health, apiBaseUrl } });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => {
      server.close();
      api.close();
    };
  });
  afterAll(() => close());

  it("gives each request an id: on the Request Remix sees, on the answer and in the access line", async () => {
    lines.length = 0;
    const response = await fetch(`${base}/echo`);
    const id = response.headers.get("x-request-id");
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await response.text()).toBe(id);
    await until(() => lines.length > 0, "the access line");
    expect(lines.at(-1)).toMatchObject({ route: "/echo", requestId: id });
  });

  it("keeps a balancer's id when it is a plain token, and replaces anything else", async () => {
    const kept = await fetch(`${base}/echo`, { headers: { "x-request-id": "haproxy-0a1b2c3d" } });
    expect(await kept.text()).toBe("haproxy-0a1b2c3d");
    for (const odd of ["short", "x".repeat(65), "con espacios y ñ 123", '{"cuil":"20123456783"}']) {
      const response = await fetch(`${base}/echo`, { headers: { "x-request-id": encodeURIComponent(odd) } });
      const id = await response.text();
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(response.headers.get("x-request-id")).toBe(id);
    }
  });

  it("answers /health/ready 200 only while the API is ready and the process is not draining", async () => {
    const ready = async () => {
      const response = await fetch(`${base}/health/ready`);
      return { status: response.status, body: (await response.json()) as unknown, cache: response.headers.get("cache-control") };
    };
    apiStatus = 200;
    expect(await ready()).toEqual({ status: 200, body: { status: "ok" }, cache: "no-store" });
    apiStatus = 503;
    expect(await ready()).toEqual({ status: 503, body: { status: "unavailable", failed: "api" }, cache: "no-store" });
    apiStatus = 200;
    health.draining = true;
    expect(await ready()).toEqual({ status: 503, body: { status: "unavailable", failed: "draining" }, cache: "no-store" });
    health.draining = false;
  });

  it("answers /health/ready 503 when nothing listens at API_BASE_URL", async () => {
    const probe = http.createServer();
    await new Promise<void>((r) => probe.listen(0, "127.0.0.1", r));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((r) => probe.close(r));
    const app = createPortalApp({ build: fakeBuild(), onAccess: () => {}, readiness: { health, apiBaseUrl: `http://127.0.0.1:${port}` } });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    try {
      const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/health/ready`);
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ status: "unavailable", failed: "api" });
    } finally {
      server.close();
    }
  });
});

describe("portal error lines (issue 29)", () => {
  it("are one JSON line with the request id, the error's class and frames, never its message", () => {
    const written: string[] = [];
    const spy = vi.spyOn(process.stderr, "write").mockImplementation((chunk) => {
      written.push(String(chunk));
      return true;
    });
    try {
      writeErrorLine("request failed", new TypeError("no se pudo leer el cuil 20123456783 de maria@example.com"), "req-12345678");
    } finally {
      spy.mockRestore();
    }
    expect(written).toHaveLength(1);
    expect(written[0]!.endsWith("\n")).toBe(true);
    const line = JSON.parse(written[0]!) as Record<string, unknown> & { error: { name: string; frames: string[] } };
    expect(line).toMatchObject({ level: "error", service: "portal", msg: "request failed", requestId: "req-12345678" });
    expect(line.error.name).toBe("TypeError");
    expect(line.error.frames[0]).toMatch(/^at /);
    expect(written[0]).not.toMatch(/20123456783|maria|cuil/);
  });

  it("keep an error's code when it is a plain constant", () => {
    const error = Object.assign(new Error("connect ECONNREFUSED 10.0.0.7:5432"), { code: "ECONNREFUSED" });
    expect(errorFields(error)).toMatchObject({ name: "Error", code: "ECONNREFUSED" });
    expect(JSON.stringify(errorFields(error))).not.toContain("10.0.0.7");
    expect(errorFields("texto")).toEqual({ name: "string", frames: [] });
  });
});
