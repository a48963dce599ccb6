/**
 * Readable documents (decision 029): page images drawn on the server and page text,
 * cached, scoped to the citizen, bounded against hostile PDFs.
 */
import path from "node:path";
import { randomUUID } from "node:crypto";
import { deflateSync } from "node:zlib";
import { createCanvas, loadImage } from "@napi-rs/canvas";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoCitizens } from "../../server/db/seed/demo-citizens.js";
import { makePng, makeTextPdf } from "../../server/domain/files/samples.js";
import { createRenderPool } from "../../server/domain/renditions/index.js";
import { createDiskBlobStore } from "../../server/storage/index.js";
import { call, startStack, type TestStack } from "./harness.js";

const owner = demoCitizens[0].cuil;
const other = demoCitizens[2].cuil;

let stack: TestStack;
let ownerToken: string;
let otherToken: string;

async function upload(token: string, body: Buffer, name: string, mime = "application/pdf") {
  const form = new FormData();
  form.set("filename", name);
  form.set("system", "AV");
  form.set("file", new Blob([new Uint8Array(body)], { type: mime }), name);
  const res = await fetch(`${stack.api}/api/fs/raw/bucket`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form });
  expect(res.status).toBe(200);
  return ((await res.json()) as { result: string }).result;
}

/** A file row and blob written directly (as if stored before the checks of today), to test the renderer alone. */
async function storeRaw(body: Buffer, pageCount: number) {
  const store = createDiskBlobStore(path.join(stack.config.dataDir, "blobs"));
  const id = randomUUID();
  const { size, sha256 } = await store.put(id, body);
  await stack.db
    .insertInto("files")
    .values({
      id,
      owner_cuil: owner,
      name: "raro.pdf",
      mime: "application/pdf",
      size,
      sha256,
      storage_key: id,
      page_count: pageCount,
      created_at: new Date().toISOString(),
    })
    .execute();
  return id;
}

const image = (id: string, page: number, token = ownerToken, query = "") =>
  fetch(`${stack.api}/api/fs/viewer/getPageImage/${id}/${page}${query}`, { headers: { authorization: `Bearer ${token}` } });

async function renditionRows(fileId: string) {
  return stack.db
    .selectFrom("file_renditions")
    .selectAll()
    .where("file_id", "=", fileId)
    .orderBy("kind")
    .orderBy("page")
    .orderBy("width")
    .execute();
}

beforeAll(async () => {
  stack = await startStack();
  ownerToken = await stack.sign({ sub: owner });
  otherToken = await stack.sign({ sub: other });
}, 60_000);
afterAll(async () => stack?.close());

describe("page images", () => {
  it("draws a PDF page as a WebP of the asked width, once, and serves it only to the owner", async () => {
    const id = await upload(ownerToken, await makeTextPdf("Informe", 3), "informe.pdf");

    const first = await image(id, 2);
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("image/webp");
    const bytes = Buffer.from(await first.arrayBuffer());
    expect(bytes.subarray(0, 4).toString("latin1")).toBe("RIFF");
    expect(bytes.subarray(8, 12).toString("latin1")).toBe("WEBP");
    const decoded = await loadImage(bytes);
    expect(decoded.width).toBe(800);
    // A4 portrait: 842 / 595 of the width.
    expect(Math.abs(decoded.height - Math.round((800 * 842) / 595))).toBeLessThanOrEqual(1);
    // Not a blank image: the drawn text makes dark pixels.
    const canvas = createCanvas(decoded.width, decoded.height);
    const ctx = canvas.getContext("2d");
    ctx.drawImage(decoded, 0, 0);
    const data = ctx.getImageData(0, 0, decoded.width, decoded.height).data;
    let dark = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i] < 100 && data[i + 1] < 100 && data[i + 2] < 100) dark++;
    expect(dark).toBeGreaterThan(1000);

    const rows = await renditionRows(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: "image", page: 2, width: 800, mime: "image/webp", error_code: null });

    // Cached: the same bytes, no new row.
    const again = await image(id, 2);
    expect(Buffer.from(await again.arrayBuffer()).equals(bytes)).toBe(true);
    expect(await renditionRows(id)).toHaveLength(1);

    // Another width is another rendition; a width outside the list is refused.
    const small = await image(id, 2, ownerToken, "?width=480");
    expect((await loadImage(Buffer.from(await small.arrayBuffer()))).width).toBe(480);
    expect((await image(id, 2, ownerToken, "?width=5000")).status).toBe(400);
    expect(await renditionRows(id)).toHaveLength(2);

    // Pages outside the document, another citizen, a made-up id: 404.
    expect((await image(id, 4)).status).toBe(404);
    expect((await image(id, 0)).status).toBe(400);
    expect((await image(id, 1, otherToken)).status).toBe(404);
    expect((await image(randomUUID(), 1)).status).toBe(404);
    expect((await call(stack, `/api/fs/viewer/getPageText/${id}/1`, { token: otherToken })).status).toBe(404);
  }, 60_000);

  it("serves an image file as it is, and says it has no text", async () => {
    const png = makePng(200, 100);
    const id = await upload(ownerToken, png, "foto.png", "image/png");
    const res = await image(id, 1);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await res.arrayBuffer()).equals(png)).toBe(true);
    const text = await call(stack, `/api/fs/viewer/getPageText/${id}/1`, { token: ownerToken });
    expect(text.json).toEqual({ result: { page: 1, pageCount: 1, source: "image", paragraphs: [] } });
  });

  it("caps the pixels of a very tall page", async () => {
    const { PDFDocument } = await import("pdf-lib");
    const doc = await PDFDocument.create();
    doc.addPage([200, 14_000]);
    const id = await upload(ownerToken, Buffer.from(await doc.save()), "tira.pdf");
    const res = await image(id, 1, ownerToken, "?width=1200");
    expect(res.status).toBe(200);
    const decoded = await loadImage(Buffer.from(await res.arrayBuffer()));
    expect(decoded.width * decoded.height).toBeLessThanOrEqual(4_000_000 * 1.01);
    expect(decoded.width).toBeLessThan(1200);
    expect(decoded.height).toBeLessThanOrEqual(8192);
  }, 30_000);

  it("refuses a broken PDF with 422 (no 5xx), remembers it and does not try again", async () => {
    const full = await makeTextPdf("Roto", 2);
    const id = await storeRaw(Buffer.concat([full.subarray(0, 40), Buffer.from("basura".repeat(200))]), 2);
    const res = await call(stack, `/api/fs/viewer/getPageText/${id}/1`, { token: ownerToken });
    expect(res.status).toBe(422);
    expect(res.json.code).toBe("RENDER_FAILED");
    expect((await image(id, 1)).status).toBe(422);
    const rows = await renditionRows(id);
    expect(rows.map((r) => [r.kind, r.error_code, r.storage_key])).toEqual([
      ["image", "BAD_PDF", null],
      ["text", "BAD_PDF", null],
    ]);
    const started = Date.now();
    expect((await image(id, 1)).status).toBe(422);
    expect(Date.now() - started).toBeLessThan(1000);
  }, 60_000);

  it("answers a bomb-like PDF (a tiny file inflating to 64 MB) without a 5xx or a stall", async () => {
    const huge = deflateSync(Buffer.alloc(64 * 1024 * 1024, 0x20), { level: 9 });
    const head = `%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >> endobj\n4 0 obj << /Length ${huge.length} /Filter /FlateDecode >> stream\n`;
    const bomb = Buffer.concat([Buffer.from(head), huge, Buffer.from("\nendstream endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n")]);
    const id = await storeRaw(bomb, 1);
    const started = Date.now();
    const res = await image(id, 1);
    expect([200, 422]).toContain(res.status);
    await res.arrayBuffer();
    const text = await call(stack, `/api/fs/viewer/getPageText/${id}/1`, { token: ownerToken });
    expect([200, 422]).toContain(text.status);
    // Bounded by the render timeout (20 s by default) at worst, twice.
    expect(Date.now() - started).toBeLessThan(45_000);
  }, 60_000);
});

describe("page text", () => {
  it("extracts the text of one page in lines, as data (never markup)", async () => {
    const id = await upload(ownerToken, await makeTextPdf("Resolución <b>4</b> & anexo", 2), "resolucion.pdf");
    const res = await call(stack, `/api/fs/viewer/getPageText/${id}/2`, { token: ownerToken });
    expect(res.status).toBe(200);
    expect(res.json.result).toMatchObject({ page: 2, pageCount: 2, source: "pdf" });
    const lines = (res.json.result.paragraphs as string[][]).flat();
    expect(lines[0]).toBe("Resolución <b>4</b> & anexo");
    expect(lines).toContain("Página 2 de 2");
    expect(lines).toContain("Línea 20 del documento de demostración, página 2.");
    expect(lines.filter((l) => l.startsWith("Línea "))).toHaveLength(20);
    expect((await renditionRows(id)).map((r) => [r.kind, r.page, r.width, r.mime])).toEqual([["text", 2, 0, "application/json"]]);
    expect((await call(stack, `/api/fs/viewer/getPageText/${id}/3`, { token: ownerToken })).status).toBe(404);
  }, 60_000);

  it("drops the renditions with the file's rows (cascade)", async () => {
    const id = await upload(ownerToken, await makeTextPdf("Efímero", 1), "efimero.pdf");
    expect((await call(stack, `/api/fs/viewer/getPageText/${id}/1`, { token: ownerToken })).status).toBe(200);
    expect(await renditionRows(id)).toHaveLength(1);
    await stack.db.deleteFrom("files").where("id", "=", id).execute();
    expect(await renditionRows(id)).toHaveLength(0);
  }, 30_000);
});

describe("render pool", () => {
  it("hands the drawn page back from its thread as a WebP, the PDF's bytes moved in (decision 042)", async () => {
    const pool = createRenderPool({ concurrency: 1, timeoutMs: 20_000 });
    try {
      const pdf = new Uint8Array(await makeTextPdf("Hilo", 2));
      const result = await pool.run({ kind: "image", bytes: pdf, page: 2, width: 400, maxPixels: 4_000_000, transfer: true });
      expect(result.ok).toBe(true);
      expect(pdf.byteLength).toBe(0); // moved into the thread, not copied
      const image = Buffer.from(result.ok ? result.image! : []);
      expect(image.subarray(8, 12).toString("latin1")).toBe("WEBP");
      expect((await loadImage(image)).width).toBe(400);
      expect(result).toMatchObject({ width: 400 });
    } finally {
      await pool.close();
    }
  }, 30_000);

  it("runs one page at a time, queues the rest, and stops a page past its timeout", async () => {
    const pool = createRenderPool({ concurrency: 1, timeoutMs: 1000 });
    try {
      const pdf = new Uint8Array(await makeTextPdf("Cola", 3));
      const jobs = [1, 2, 3].map((page) => pool.run({ kind: "text", bytes: pdf, page }));
      expect(pool.stats()).toEqual({ running: 1, queued: 2 });
      const results = await Promise.all(jobs);
      expect(results.every((r) => r.ok)).toBe(true);
      expect(pool.stats()).toEqual({ running: 0, queued: 0 });

      // A page with a huge content stream of drawing operators cannot finish in 1 s.
      const ops = Buffer.from("0 0 m 612 792 l S\n".repeat(2_000_000));
      const content = deflateSync(ops);
      const slow = Buffer.concat([
        Buffer.from(
          `%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >> endobj\n4 0 obj << /Length ${content.length} /Filter /FlateDecode >> stream\n`,
        ),
        content,
        Buffer.from("\nendstream endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"),
      ]);
      const started = Date.now();
      const result = await pool.run({ kind: "image", bytes: new Uint8Array(slow), page: 1, width: 1200, maxPixels: 4_000_000 });
      expect(result).toEqual({ ok: false, code: "TIMEOUT" });
      expect(Date.now() - started).toBeLessThan(5000);
      // The pool keeps working with a new thread.
      expect((await pool.run({ kind: "text", bytes: pdf, page: 1 })).ok).toBe(true);
    } finally {
      await pool.close();
    }
  }, 60_000);
});
