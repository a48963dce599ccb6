import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoCitizens } from "../../server/auth/oidc/demo-citizens.js";
import { makePng } from "../../server/domain/files/samples.js";
import { contentDisposition as ddContentDisposition } from "../../server/http/dd/routes.js";
import { contentDisposition, decodeBase64Name } from "../../server/http/fs/content-disposition.js";
import { startStack, type TestStack } from "./harness.js";

/**
 * File names in `Content-Disposition` (RFC 6266 with the RFC 5987 `filename*`), with hostile
 * names: quotes, backslashes, CR/LF (header injection), slashes and dot segments (paths),
 * percent signs, RFC 5987 delimiters, non-ASCII, bidi overrides, empty names. Every download of
 * the API builds it with the one helper (server/http/fs/content-disposition.ts); the portal's
 * download routes pass the API's header through.
 */
const HOSTILE = [
  'informe "final".pdf',
  "a\\b\\c.pdf",
  "../../etc/passwd",
  "C:\\Windows\\system32\\x.pdf",
  "año\r\nSet-Cookie: sid=1.pdf",
  "a\nb\rc\u0000d\u007f.pdf",
  "c1 \u0080\u0085\u009b controls.pdf",
  "名前 ñandú.pdf",
  "emoji 😀.pdf",
  "100% legal %41%0D%0A.pdf",
  "it's (final) *v2*.pdf",
  "a;b=c, d.pdf",
  "\u202Egpj.exe",
  "",
  "   ",
  "x".repeat(300) + ".pdf",
];

/** RFC 6266 `disposition; filename="…"; filename*=UTF-8''…` with a safe fallback and a valid ext-value. */
function expectSafe(header: string, type = "attachment") {
  const match = new RegExp(`^${type}; filename="([^"]*)"; filename\\*=UTF-8''([A-Za-z0-9!#$&+.^_\`|~%-]*)$`).exec(header);
  expect(match, header).not.toBeNull();
  const [, fallback, encoded] = match!;
  // ASCII fallback: printable, no quote, backslash, slash or percent (RFC 6266 appendix D).
  expect(fallback).toMatch(/^[\x20-\x7e]+$/);
  expect(fallback).not.toMatch(/["\\/%]/);
  // filename*: only attr-chars and valid %XX escapes, decoding to a name without path separators or controls.
  expect(encoded).not.toMatch(/%(?![0-9A-F]{2})/);
  const decoded = decodeURIComponent(encoded);
  expect(decoded.length).toBeGreaterThan(0);
  expect(decoded).not.toMatch(/[\\/\p{Cc}]/u);
  // A valid header value at all (Node and fetch refuse CR/LF and NUL).
  expect(() => new Headers({ "content-disposition": header })).not.toThrow();
  return { fallback, decoded };
}

describe("Content-Disposition helper with hostile names", () => {
  it.each(HOSTILE)("%j", (name) => {
    expectSafe(contentDisposition(name));
    expectSafe(contentDisposition(name, "inline"), "inline");
    expectSafe(ddContentDisposition(name));
  });

  it("keeps an ordinary name exactly in filename* and a readable fallback", () => {
    const { fallback, decoded } = expectSafe(contentDisposition("Resolución N° 12 (copia).pdf"));
    expect(decoded).toBe("Resolución N° 12 (copia).pdf");
    expect(fallback).toBe("Resolucion N_ 12 (copia).pdf");
  });

  it("any string gives a safe header (property)", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 300 }), (name) => {
        expectSafe(contentDisposition(name));
      }),
      { numRuns: 2000 },
    );
  });

  it("base64 names from the path are decoded strictly", () => {
    expect(decodeBase64Name(Buffer.from("año.pdf").toString("base64url"))).toBe("año.pdf");
    expect(decodeBase64Name(Buffer.from("a\r\nb.pdf").toString("base64"))).toBeNull();
    expect(decodeBase64Name("../../etc/passwd")).toBeNull();
    expect(decodeBase64Name("A".repeat(1401))).toBeNull();
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (value) => {
        const decoded = decodeBase64Name(value);
        if (decoded !== null) expect(decoded).not.toMatch(/\p{Cc}/u);
      }),
      { numRuns: 2000 },
    );
  });
});

describe("downloads over HTTP with hostile names", () => {
  let stack: TestStack;
  let token: string;
  const owner = demoCitizens[2].cuil;

  beforeAll(async () => {
    stack = await startStack();
    token = await stack.sign({ sub: owner });
  });
  afterAll(async () => stack?.close());

  async function upload(name: string) {
    const form = new FormData();
    form.set("filename", name);
    form.set("file", new Blob([new Uint8Array(makePng())], { type: "image/png" }), "x.png");
    const res = await fetch(`${stack.api}/api/fs/raw/bucket`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { result: string }).result;
  }
  const get = (path: string) => fetch(`${stack.api}${path}`, { headers: { authorization: `Bearer ${token}` } });

  it("offers a download under the stored file's extension, whatever name the path asks for (issue 28)", async () => {
    const id = await upload("dni frente.png");
    const disposition = async (asked: string) => {
      const res = await get(`/api/fs/bucket/${encodeURIComponent(Buffer.from(asked).toString("base64"))}/${id}`);
      await res.arrayBuffer();
      return decodeURIComponent(/filename\*=UTF-8''(.*)$/.exec(res.headers.get("content-disposition")!)![1]!);
    };
    expect(await disposition("factura.exe")).toBe("factura.png");
    expect(await disposition("pagina.html")).toBe("pagina.png");
    // A record document named without an extension still downloads with its type's (issue 31 item 2).
    expect(await disposition("sin extension")).toBe("sin extension.png");
    expect(await disposition("DNI de María")).toBe("DNI de María.png");
    expect(await disposition("Mi DNI.PNG")).toBe("Mi DNI.PNG");
  });

  it("stores the name only as data: the blob key is the generated id, never the name", async () => {
    const id = await upload("../../../../tmp/evil.png");
    const row = await stack.db.selectFrom("files").select(["name", "storage_key"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.storage_key).toBe(id);
    expect(row.name).toBe("evil.png");
  });

  it.each(HOSTILE.filter((n) => n.trim()))("download and page of %j answer a safe header", async (name) => {
    const id = await upload(name);
    for (const b64 of [Buffer.from(name).toString("base64"), Buffer.from(name).toString("base64url"), "bm90IGJhc2U2NA!!", "Li4vLi4v"]) {
      const res = await get(`/api/fs/bucket/${encodeURIComponent(b64)}/${id}`);
      expect(res.status).toBe(200);
      expectSafe(res.headers.get("content-disposition")!);
      await res.arrayBuffer();
    }
    const page = await get(`/api/fs/viewer/getPageAsPdf/${id}/1`);
    expect(page.status).toBe(200);
    expectSafe(page.headers.get("content-disposition")!, "inline");
    await page.arrayBuffer();
  });
});
