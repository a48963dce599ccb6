import { request as httpRequest } from "node:http";
import zlib, { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { buildRoute, documentBuild } from "../unit/portal-build";
import { servedPortal } from "./helpers";
import * as entry from "~/entry.server";

/**
 * A page's body (decision 076): rendered whole by `renderToString` with its doctype, and
 * compressed once by entry.server (Zstandard, brotli or gzip, decision 076); the
 * `compression` middleware passes it untouched. Real entry module, real portal server, routes of
 * the test's own.
 */
const WORDS = "Comunicación oficial con valor legal, ñandú y acentos. ".repeat(60);

const build = documentBuild(
  {
    "routes/uno": buildRoute("routes/uno", "uno", "root", {
      default: () => (
        <main>
          <h1>Página uno</h1>
          <p>{WORDS}</p>
        </main>
      ),
    }),
    "routes/dos": buildRoute("routes/dos", "dos", "root", { default: () => <h1>Página dos</h1> }),
  },
  entry,
);

const portal = servedPortal(build);

/** The answer as it travels (fetch would decode it), with its headers. */
function raw(path: string, headers: Record<string, string>, method = "GET") {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    const req = httpRequest(`${portal.base}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

describe("a page's body", () => {
  it("is one document with one doctype, the same whatever the encoding", async () => {
    const plain = await raw("/uno", { "Accept-Encoding": "identity" });
    expect(plain.status).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const html = plain.body.toString("utf8");
    expect(html.startsWith('<!DOCTYPE html><html lang="es-AR">')).toBe(true);
    expect(html.match(/<!DOCTYPE/gi)).toHaveLength(1);
    expect(html).toContain("<h1>Página uno</h1>");

    // What a current Chromium asks for: Zstandard where this Node has it (22.15 and later), else brotli.
    const zstdDecompressSync = (zlib as Partial<typeof zlib>).zstdDecompressSync;
    const chromium = await raw("/uno", { "Accept-Encoding": "gzip, deflate, br, zstd" });
    expect(chromium.headers["content-encoding"]).toBe(zstdDecompressSync ? "zstd" : "br");
    expect((zstdDecompressSync ?? brotliDecompressSync)(chromium.body).toString("utf8")).toBe(html);
    expect(chromium.body.length).toBeLessThan(plain.body.length / 4);

    const br = await raw("/uno", { "Accept-Encoding": "gzip, deflate, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.body).toString("utf8")).toBe(html);
    expect(br.body.length).toBeLessThan(plain.body.length / 4);

    const gzip = await raw("/uno", { "Accept-Encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.body).toString("utf8")).toBe(html);

    // The browser's weights win over the server's preference.
    const weighted = await raw("/uno", { "Accept-Encoding": "br;q=0.2, gzip;q=0.9" });
    expect(weighted.headers["content-encoding"]).toBe("gzip");
    expect((await raw("/uno", { "Accept-Encoding": "zstd;q=0.5, br" })).headers["content-encoding"]).toBe("br");
    expect((await raw("/uno", {})).headers["content-encoding"]).toBeUndefined();
    expect((await raw("/uno", { "Accept-Encoding": "compress" })).headers["content-encoding"]).toBeUndefined();
  });

  it("says it varies with Accept-Encoding and the cookie, and keeps the security headers", async () => {
    const answer = await raw("/uno", { "Accept-Encoding": "br" });
    const vary = String(answer.headers.vary).toLowerCase();
    expect(vary).toContain("accept-encoding");
    expect(vary).toContain("cookie");
    expect(vary.match(/accept-encoding/g)).toHaveLength(1);
    expect(answer.headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-/);
    expect(answer.headers["cache-control"]).toBe("no-store");
  });

  it("a HEAD request gets the headers, not compressed", async () => {
    const head = await raw("/uno", { "Accept-Encoding": "br, gzip" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers["content-encoding"]).toBeUndefined();
    expect(head.body.length).toBe(0);
  });

  it("each route renders its own content, render after render (the route tree is kept per build)", async () => {
    for (const path of ["/uno", "/dos", "/uno", "/dos"]) {
      const html = (await raw(path, { "Accept-Encoding": "identity" })).body.toString("utf8");
      expect(html).toContain(path === "/uno" ? "<h1>Página uno</h1>" : "<h1>Página dos</h1>");
      expect(html).not.toContain(path === "/uno" ? "Página dos" : "Página uno");
    }
  });
});
