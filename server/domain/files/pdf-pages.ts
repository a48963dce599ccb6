/**
 * The number of pages of a stored PDF, read with pdf.js over byte ranges of the blob (the trailer,
 * the cross-reference table and the page tree), so a 50 MB upload is counted without holding it in
 * memory. pdf.js is the engine the preview and the page images already use; a file it cannot open
 * is not a PDF we accept.
 */
import type { BlobStore } from "../../storage/index.js";

type PdfJs = typeof import("pdfjs-dist/legacy/build/pdf.mjs");
let pdfjs: Promise<PdfJs> | undefined;

/**
 * pdf.js, imported once per process with the worker code it runs on the main thread in Node (its
 * "fake worker", which it finds on `globalThis.pdfjsWorker` before importing it by itself). The API
 * loads both while it starts (decision 008): about 30 MB of the process's memory, paid at start, not
 * inside a citizen's first upload.
 */
export const loadPdfJs = (): Promise<PdfJs> =>
  (pdfjs ??= import("pdfjs-dist/legacy/build/pdf.worker.mjs").then((worker) => {
    (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = worker;
    return import("pdfjs-dist/legacy/build/pdf.mjs");
  }));

/** Bytes pdf.js asks for at a time; also what is read up front (the header). */
const CHUNK = 64 * 1024;

export async function countPdfPages(store: BlobStore, key: string, size: number): Promise<number> {
  const lib = await loadPdfJs();
  const first = await store.read(key, 0, Math.min(size, CHUNK));
  const transport = new lib.PDFDataRangeTransport(size, first);
  transport.requestDataRange = (begin: number, end: number) => {
    store.read(key, begin, end).then(
      (chunk) => transport.onDataRange(begin, chunk),
      () => transport.onDataRange(begin, new Uint8Array(0)),
    );
  };
  const task = lib.getDocument({
    range: transport,
    length: size,
    rangeChunkSize: CHUNK,
    disableAutoFetch: true,
    disableStream: true,
    isEvalSupported: false,
    stopAtErrors: true,
    verbosity: 0,
  });
  try {
    const doc = await task.promise;
    return doc.numPages;
  } finally {
    await task.destroy();
  }
}
