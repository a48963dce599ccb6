import fs from "node:fs";
import path from "node:path";
import { deflateSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoCitizens } from "../../server/auth/oidc/demo-citizens.js";
import { makeJpeg, makePng, makeTextPdf } from "../../server/domain/files/samples.js";
import { call, startStack, type TestStack } from "./harness.js";

/** Hostile files against `POST /api/fs/raw/bucket`: refused or handled, never a 5xx, never half-stored. */
const owner = demoCitizens[2]!.cuil;
const FORMAT_TEXT = "Error al subir el documento. Por favor seleccione uno de los siguientes formatos .pdf, .jpeg, .jpg, .png";

let stack: TestStack;
let token: string;

async function upload(body: Buffer, name: string, mime = "application/pdf") {
  const form = new FormData();
  form.set("filename", name);
  form.set("system", "AV");
  form.set("file", new Blob([new Uint8Array(body)], { type: mime }), name);
  const res = await fetch(`${stack.api}/api/fs/raw/bucket`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form });
  const text = await res.text();
  return { status: res.status, json: text ? (JSON.parse(text) as { result?: string; message?: string }) : {} };
}

async function fileCount() {
  const row = await stack.db
    .selectFrom("files")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("owner_cuil", "=", owner)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

function blobFiles() {
  const dir = path.join(stack.config.dataDir, "blobs");
  const walk = (d: string): string[] =>
    fs.existsSync(d)
      ? fs.readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(d, e.name)) : [path.join(d, e.name)]))
      : [];
  return walk(dir).length;
}

beforeAll(async () => {
  stack = await startStack();
  token = await stack.sign({ sub: owner });
});
afterAll(async () => stack?.close());

describe("hostile uploads", () => {
  it("refuses a Windows executable renamed to .pdf, and an HTML page called .pdf", async () => {
    const before = { rows: await fileCount(), blobs: blobFiles() };
    const exe = Buffer.concat([Buffer.from("MZ\x90\x00\x03\x00\x00\x00", "binary"), Buffer.alloc(4096, 0x41)]);
    const html = Buffer.from("<!doctype html><html><script>alert(document.cookie)</script></html>");
    for (const [body, name] of [
      [exe, "factura.pdf"],
      [html, "comprobante.pdf"],
      [Buffer.from("  %PDF-1.7 but not at the start"), "espacios.pdf"],
    ] as const) {
      const up = await upload(body, name);
      expect(up.status, name).toBe(415);
      expect(up.json.message).toBe(FORMAT_TEXT);
    }
    expect({ rows: await fileCount(), blobs: blobFiles() }).toEqual(before);
  });

  it("handles a truncated PDF without a 5xx and without keeping half a file", async () => {
    const full = await makeTextPdf("Prueba", 3);
    const before = { rows: await fileCount(), blobs: blobFiles() };
    const up = await upload(full.subarray(0, Math.floor(full.length / 3)), "cortado.pdf");
    expect(up.status).toBeLessThan(500);
    if (up.status === 200) {
      // Accepted as a PDF: then its page count and pages must answer without a 5xx either.
      const count = await call(stack, `/api/fs/viewer/getPageCount/${up.json.result}`, { token });
      expect(count.status).toBeLessThan(500);
    } else {
      expect([400, 415, 422]).toContain(up.status);
      expect({ rows: await fileCount(), blobs: blobFiles() }).toEqual(before);
    }
  });

  it("handles a small PDF that inflates to a huge stream (bomb-like) without a 5xx or a stall", async () => {
    const huge = deflateSync(Buffer.alloc(64 * 1024 * 1024, 0x20), { level: 9 });
    const head = `%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >> endobj\n4 0 obj << /Length ${huge.length} /Filter /FlateDecode >> stream\n`;
    const tail = "\nendstream endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n";
    const bomb = Buffer.concat([Buffer.from(head), huge, Buffer.from(tail)]);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const started = Date.now();
    const up = await upload(bomb, "bomba.pdf");
    expect(up.status).toBeLessThan(500);
    if (up.status === 200) {
      const page = await fetch(`${stack.api}/api/fs/viewer/getPageAsPdf/${up.json.result}/1`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(page.status).toBeLessThan(500);
      await page.arrayBuffer();
    }
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  it("never uses the file name as a path", async () => {
    const pdf = await makeTextPdf("Prueba", 1);
    const up = await upload(pdf, "../../../../etc/passwd.pdf");
    expect(up.status).toBe(200);
    const row = await stack.db
      .selectFrom("files")
      .select(["storage_key", "name"])
      .where("id", "=", up.json.result!)
      .executeTakeFirstOrThrow();
    expect(row.storage_key).not.toContain("..");
    expect(row.storage_key).not.toContain("passwd");
  });
});

describe("images that do not decode (decision 008)", () => {
  const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const JPEG_SIGNATURE = Buffer.from([0xff, 0xd8, 0xff]);

  async function expectRefused(cases: [Buffer, string, string][]) {
    const before = { rows: await fileCount(), blobs: blobFiles() };
    for (const [body, name, mime] of cases) {
      const up = await upload(body, name, mime);
      expect(up.status, name).toBe(415);
      expect(up.json.message, name).toBe(FORMAT_TEXT);
    }
    expect({ rows: await fileCount(), blobs: blobFiles() }).toEqual(before);
  }

  it("accepts a real small PNG and JPEG", async () => {
    for (const [body, name, mime] of [
      [makePng(), "foto.png", "image/png"],
      [makeJpeg(), "foto.jpg", "image/jpeg"],
    ] as const) {
      const up = await upload(body, name, mime);
      expect(up.status, name).toBe(200);
      const row = await stack.db.selectFrom("files").select("mime").where("id", "=", up.json.result!).executeTakeFirstOrThrow();
      expect(row.mime).toBe(mime);
    }
  });

  it("refuses a file that is only a PNG's or a JPEG's signature, and keeps nothing", async () => {
    await expectRefused([
      [PNG_SIGNATURE, "firma.png", "image/png"],
      [Buffer.concat([PNG_SIGNATURE, Buffer.alloc(4096, 0x41)]), "relleno.png", "image/png"],
      [JPEG_SIGNATURE, "firma.jpg", "image/jpeg"],
      [Buffer.concat([JPEG_SIGNATURE, Buffer.alloc(4096, 0x41)]), "relleno.jpg", "image/jpeg"],
    ]);
  });

  it("refuses a truncated PNG and a truncated JPEG", async () => {
    const png = makePng();
    const jpg = makeJpeg();
    await expectRefused([
      [png.subarray(0, Math.floor(png.length / 2)), "cortada.png", "image/png"],
      [jpg.subarray(0, Math.floor(jpg.length / 2)), "cortada.jpg", "image/jpeg"],
    ]);
  });

  it("refuses an image whose header claims more pixels than the cap, before decoding it", async () => {
    const png = makePng(4, 4);
    // IHDR width and height rewritten to 100000 × 100000 (the CRC no longer matters: refused first).
    const huge = Buffer.from(png);
    huge.writeUInt32BE(100_000, 16);
    huge.writeUInt32BE(100_000, 20);
    await expectRefused([[huge, "enorme.png", "image/png"]]);
  });
});

describe("several files in one upload post", () => {
  it("answers the count message (400 TOO_MANY_FILES), not the 50 MB one, and keeps nothing", async () => {
    const before = await fileCount();
    const pdf = await makeTextPdf("Uno", 1);
    const form = new FormData();
    form.set("filename", "uno.pdf");
    form.set("system", "AV");
    form.append("file", new Blob([new Uint8Array(pdf)]), "uno.pdf");
    form.append("file", new Blob([new Uint8Array(pdf)]), "dos.pdf");
    const res = await fetch(`${stack.api}/api/fs/raw/bucket`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: "TOO_MANY_FILES",
      message: "Error al subir el documento. Solo se puede subir un archivo por vez.",
    });
    expect(await fileCount()).toBe(before);
  });
});
