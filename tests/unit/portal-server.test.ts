import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPortalApp, type AccessEntry } from "../../portal/server";
import { fakeBuild } from "./portal-build";

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
    await new Promise((r) => setTimeout(r, 20));
    expect(lines).toHaveLength(1);
    return lines[0];
  }

  it("logs the route pattern and status, never the query string (a sign-in code)", async () => {
    const entry = await logged("/auth/callback?code=SECRETO-123&state=abc");
    expect(entry).toMatchObject({ method: "GET", route: "/auth/callback", status: 200 });
    expect(JSON.stringify(entry)).not.toMatch(/SECRETO|state|abc/);
  });

  it("logs a path with an id as its pattern", async () => {
    const entry = await logged("/comprobantes/98765?descargar=informe-de-juan.pdf");
    expect(entry.route).toBe("/comprobantes/:id");
    expect(JSON.stringify(entry)).not.toMatch(/98765|informe|juan/);
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
