/**
 * The renditions worker thread: renders one page of a PDF to WebP, or extracts its text,
 * with pdf.js (legacy build, for Node) and @napi-rs/canvas. It runs in a worker thread so a
 * hostile or slow PDF can be stopped (`worker.terminate()` on timeout) and its heap is capped
 * (`resourceLimits`), without touching the API's event loop. Plain ESM (no TypeScript): it is
 * loaded by path under tsx, vitest and the production start alike.
 *
 * Message in: { id, kind: "image" | "text", bytes: Uint8Array, page, width, maxPixels }
 * Message out: { id, ok: true, image?: Uint8Array, width?, height?, text?: string[][] }
 *           or { id, ok: false, code: "BAD_PDF" | "NO_PAGE" | "TOO_LARGE" }
 */
import { createRequire } from "node:module";
import path from "node:path";
import { parentPort } from "node:worker_threads";

const require = createRequire(import.meta.url);
const pdfjsDir = path.dirname(require.resolve("pdfjs-dist/package.json"));
const { createCanvas } = require("@napi-rs/canvas");
const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");

const OPTIONS = {
  isEvalSupported: false,
  disableFontFace: true,
  useSystemFonts: false,
  // Fonts a PDF names without embedding them, and CJK character maps, from the installed package.
  standardFontDataUrl: `${path.join(pdfjsDir, "standard_fonts")}/`,
  cMapUrl: `${path.join(pdfjsDir, "cmaps")}/`,
  cMapPacked: true,
  verbosity: 0,
  // Nothing is fetched: the whole file is given as bytes.
  disableAutoFetch: true,
  disableStream: true,
  disableRange: true,
  stopAtErrors: false,
  // pdf.js's own cap on decoded images (pixels) inside the page.
  maxImageSize: 40_000_000,
  canvasMaxAreaInBytes: 64 * 1024 * 1024,
};

const MAX_SIDE = 8192;

class Failure extends Error {
  constructor(code) {
    super(code);
    this.code = code;
  }
}

/** Lines of text grouped into paragraphs: a new line at each end-of-line mark or vertical jump. */
function paragraphsOf(items) {
  const paragraphs = [];
  let lines = [];
  let line = "";
  let lastY = null;
  let lastHeight = 0;
  const endLine = () => {
    const clean = line.replace(/\s+/g, " ").trim();
    if (clean) lines.push(clean);
    line = "";
  };
  const endParagraph = () => {
    endLine();
    if (lines.length) paragraphs.push(lines);
    lines = [];
  };
  for (const item of items) {
    if (typeof item.str !== "string") continue;
    const y = item.transform ? item.transform[5] : null;
    const height = Math.abs(item.height || (item.transform ? item.transform[3] : 0)) || lastHeight;
    if (lastY !== null && y !== null && Math.abs(lastY - y) > 0.5) {
      // A gap of more than ~1.8 lines between baselines starts a new paragraph.
      if (Math.abs(lastY - y) > Math.max(height, lastHeight, 1) * 1.8) endParagraph();
      else endLine();
    }
    line += item.str;
    if (item.hasEOL) endLine();
    if (y !== null) lastY = y;
    if (height) lastHeight = height;
  }
  endParagraph();
  return paragraphs;
}

async function run(job) {
  let doc;
  try {
    try {
      doc = await pdfjs.getDocument({ ...OPTIONS, data: job.bytes }).promise;
    } catch {
      throw new Failure("BAD_PDF");
    }
    if (job.page < 1 || job.page > doc.numPages) throw new Failure("NO_PAGE");
    let page;
    try {
      page = await doc.getPage(job.page);
    } catch {
      throw new Failure("BAD_PDF");
    }
    if (job.kind === "text") {
      const content = await page.getTextContent({ disableNormalization: false });
      return { text: paragraphsOf(content.items) };
    }
    const natural = page.getViewport({ scale: 1 });
    if (!(natural.width > 0) || !(natural.height > 0)) throw new Failure("BAD_PDF");
    let scale = job.width / natural.width;
    // Never more than maxPixels: a very tall page is drawn narrower.
    const pixels = natural.width * natural.height * scale * scale;
    if (pixels > job.maxPixels) scale = Math.sqrt(job.maxPixels / (natural.width * natural.height));
    // No side longer than 8192 px (WebP allows 16383), and never more than 8× its size.
    scale = Math.min(scale, 8, MAX_SIDE / natural.width, MAX_SIDE / natural.height);
    const viewport = page.getViewport({ scale });
    const width = Math.max(1, Math.floor(viewport.width));
    const height = Math.max(1, Math.floor(viewport.height));
    if (width * height > job.maxPixels * 1.01) throw new Failure("TOO_LARGE");
    const canvas = createCanvas(width, height);
    const context = canvas.getContext("2d");
    context.fillStyle = "#ffffff";
    context.fillRect(0, 0, width, height);
    await page.render({ canvasContext: context, viewport, background: "#ffffff" }).promise;
    const encoded = await canvas.encode("webp", 82);
    // The encoder's Buffer lives in native memory, which Node 22 and later refuse to transfer
    // (DataCloneError): the page goes back as a copy in an ArrayBuffer of its own (decision 008).
    return { image: new Uint8Array(encoded), width, height };
  } finally {
    if (doc) await doc.destroy().catch(() => undefined);
  }
}

parentPort.on("message", async (job) => {
  try {
    const result = await run(job);
    parentPort.postMessage({ id: job.id, ok: true, ...result }, result.image ? [result.image.buffer] : []);
  } catch (error) {
    const code = error instanceof Failure ? error.code : "BAD_PDF";
    parentPort.postMessage({ id: job.id, ok: false, code });
  }
});
parentPort.postMessage({ ready: true });
