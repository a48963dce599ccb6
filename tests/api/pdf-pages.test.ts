import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PDFDocument } from "pdf-lib";
import { afterAll, describe, expect, it } from "vitest";
import { countPdfPages, loadPdfJs } from "../../server/domain/files/pdf-pages.js";
import { createDiskBlobStore, type BlobStore } from "../../server/storage/index.js";

const dir = mkdtempSync(path.join(tmpdir(), "av-pdf-pages-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A store that counts the bytes read through ranges. */
function counting(store: BlobStore) {
  const stats = { bytes: 0, reads: 0 };
  const wrapped: BlobStore = {
    ...store,
    get: async () => {
      throw new Error("the page count must not stream the whole blob");
    },
    read: async (key, start, end) => {
      const chunk = await store.read(key, start, end);
      stats.bytes += chunk.length;
      stats.reads += 1;
      return chunk;
    },
  };
  return { store: wrapped, stats };
}

/** A PDF of `pages` pages whose first page carries an uncompressed stream of `padding` bytes. */
async function bigPdf(pages: number, padding: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i += 1) doc.addPage([595, 842]);
  const filler = doc.context.stream(Buffer.alloc(padding, 0x20), {});
  doc.context.register(filler);
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

describe("countPdfPages (pages of a stored PDF over byte ranges)", () => {
  it("counts the pages of a 20 MB PDF reading a small part of it", async () => {
    const { store, stats } = counting(createDiskBlobStore(dir));
    const pdf = await bigPdf(7, 20 * 1024 * 1024);
    const { size } = await store.put("big", pdf);
    expect(await countPdfPages(store, "big", size)).toBe(7);
    expect(stats.reads).toBeGreaterThan(0);
    expect(stats.bytes).toBeLessThan(size / 20);
  });

  it("loads the engine with the worker code pdf.js runs on the main thread, once (decision 008)", async () => {
    const lib = await loadPdfJs();
    expect(await loadPdfJs()).toBe(lib);
    // pdf.js's fake worker takes its handler from here instead of importing the worker at the first document.
    const worker = (globalThis as { pdfjsWorker?: { WorkerMessageHandler?: unknown } }).pdfjsWorker;
    expect(typeof worker?.WorkerMessageHandler).toBe("function");
  });

  it("refuses what is not a PDF it can open", async () => {
    const { store } = counting(createDiskBlobStore(dir));
    const { size } = await store.put("junk", Buffer.from("%PDF-1.7\nnot really a pdf at all"));
    await expect(countPdfPages(store, "junk", size)).rejects.toThrow();
  });

  it("reads ranges exactly as asked, and 404 for a missing blob", async () => {
    const store = createDiskBlobStore(dir);
    await store.put("abc", Buffer.from("0123456789"));
    expect((await store.read("abc", 2, 5)).toString()).toBe("234");
    expect((await store.read("abc", 8, 50)).toString()).toBe("89");
    await expect(store.read("missing", 0, 1)).rejects.toMatchObject({ status: 404 });
  });
});
