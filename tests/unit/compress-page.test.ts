import zlib, { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { compressPage } from "~/lib/compress.server";

/** A page as entry.server hands it over: Spanish text, the paginator's two-byte glyphs, any size. */
const page = (marker: string, repeat: number) =>
  `<!DOCTYPE html><html lang="es-AR"><body><h1>Trámites · ${marker}</h1>${"<p>Comunicación recibida ‹ 1 … 9 › ñandú</p>".repeat(repeat)}</body></html>`;

/** Zstandard is in zlib from Node 22.15 (decision 076); before it, pages go in brotli. */
const zstdDecompressSync = (zlib as Partial<typeof zlib>).zstdDecompressSync;

function compressed(html: string, acceptEncoding: string | null) {
  const headers = new Headers();
  const request = new Request("http://portal.test/procedures", { headers: acceptEncoding ? { "Accept-Encoding": acceptEncoding } : {} });
  return { body: compressPage(request, html, headers), headers };
}

describe("compressPage (decision 076)", () => {
  it("gives each page its own bytes, one page after another through the buffer it keeps", () => {
    const first = page("primera", 2000);
    const second = page("segunda", 30);
    const a = compressed(first, "gzip, br");
    const b = compressed(second, "gzip, br");
    expect(a.headers.get("Content-Encoding")).toBe("br");
    expect(brotliDecompressSync(a.body as Buffer).toString("utf8")).toBe(first);
    expect(brotliDecompressSync(b.body as Buffer).toString("utf8")).toBe(second);
  });

  it.runIf(zstdDecompressSync)("gives Zstandard to a browser that takes it, brotli to one that does not", () => {
    const html = page("zstd", 500);
    const { body, headers } = compressed(html, "gzip, deflate, br, zstd");
    expect(headers.get("Content-Encoding")).toBe("zstd");
    expect(zstdDecompressSync!(body as Buffer).toString("utf8")).toBe(html);
    const large = page("grande", 20_000);
    expect(zstdDecompressSync!(compressed(large, "zstd").body as Buffer).toString("utf8")).toBe(large);
    expect(compressed(html, "br, gzip").headers.get("Content-Encoding")).toBe("br");
  });

  it.skipIf(zstdDecompressSync)("gives brotli to a browser that also takes Zstandard, on a Node without it", () => {
    const html = page("zstd", 500);
    const { body, headers } = compressed(html, "gzip, deflate, br, zstd");
    expect(headers.get("Content-Encoding")).toBe("br");
    expect(brotliDecompressSync(body as Buffer).toString("utf8")).toBe(html);
  });

  it("encodes a page larger than the kept buffer, and the pages after it", () => {
    const large = page("grande", 20_000); // about 900,000 characters
    const after = page("siguiente", 50);
    expect(brotliDecompressSync(compressed(large, "br").body as Buffer).toString("utf8")).toBe(large);
    expect(gunzipSync(compressed(after, "gzip").body as Buffer).toString("utf8")).toBe(after);
  });

  it("leaves a small page, a HEAD, and a browser that takes no compression with the text", () => {
    expect(compressed(page("corta", 1), "br").body).toBe(page("corta", 1));
    expect(compressed(page("larga", 100), null).body).toBe(page("larga", 100));
    const head = compressPage(
      new Request("http://portal.test/", { method: "HEAD", headers: { "Accept-Encoding": "br" } }),
      page("h", 100),
      new Headers(),
    );
    expect(head).toBe(page("h", 100));
  });
});
