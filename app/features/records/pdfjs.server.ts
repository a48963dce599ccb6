import { createReadStream } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { Readable } from "node:stream";

/**
 * Loader of /resources/pdfjs/{version}/{file}: pdf.js and its worker, served from the installed
 * pdfjs-dist package (only the two files the record manager's preview needs, decision 009). The
 * version is in the path, so they are cached as immutable.
 */
const FILES: Record<string, string> = {
  "pdf.min.mjs": "build/pdf.min.mjs",
  "pdf.worker.min.mjs": "build/pdf.worker.min.mjs",
};

let root: string | undefined;
function packageRoot() {
  root ??= path.dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json"));
  return root;
}

export function pdfjsFileResponse(version: string | undefined, file: string | undefined) {
  // Own keys only: `constructor`, `__proto__` and the like are not files.
  const rel = file && Object.hasOwn(FILES, file) ? FILES[file] : undefined;
  if (!rel || version !== "4.10.38") throw new Response("No encontrado", { status: 404 });
  const stream = Readable.toWeb(createReadStream(path.join(packageRoot(), rel))) as ReadableStream<Uint8Array>;
  return new Response(stream, {
    headers: {
      "Content-Type": "text/javascript; charset=utf-8",
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
