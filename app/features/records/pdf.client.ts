/**
 * pdf.js on the record manager only. The library and its worker are served by the portal
 * (`/resources/pdfjs/{version}/…`, see app/routes/resources.pdfjs.$version.$file.ts) and
 * imported at run time, so no other screen carries their bytes and the classic compiler never
 * bundles pdf.js's top-level await. CSP: `script-src 'strict-dynamic'` trusts the import made
 * by our own bundle, `worker-src 'self'` the worker.
 */
import type * as PdfJs from "pdfjs-dist";

export const PDFJS_VERSION = "4.10.38";
const base = `/resources/pdfjs/${PDFJS_VERSION}`;

let loading: Promise<typeof PdfJs> | undefined;

export function loadPdfJs(): Promise<typeof PdfJs> {
  loading ??= (async () => {
    const url = `${base}/pdf.min.mjs`;
    const lib = (await import(/* webpackIgnore: true */ /* @vite-ignore */ url)) as typeof PdfJs;
    lib.GlobalWorkerOptions.workerSrc = `${base}/pdf.worker.min.mjs`;
    return lib;
  })();
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

/**
 * Renders page 1 of a one-page PDF (the API cuts each page into its own PDF) into `canvas`.
 * `zoom` multiplies the natural size; `fitWidth` (under 768 px) scales to the container width.
 */
export async function renderPagePdf(
  bytes: ArrayBuffer,
  canvas: HTMLCanvasElement,
  options: { zoom: number; fitWidth: number | null; signal: AbortSignal },
): Promise<void> {
  const pdfjs = await loadPdfJs();
  const task = pdfjs.getDocument({ data: new Uint8Array(bytes), isEvalSupported: false });
  options.signal.addEventListener("abort", () => void task.destroy());
  const doc = await task.promise;
  try {
    const page = await doc.getPage(1);
    const natural = page.getViewport({ scale: 1 });
    const scale = options.fitWidth ? options.fitWidth / natural.width : options.zoom;
    const ratio = window.devicePixelRatio || 1;
    const viewport = page.getViewport({ scale: scale * ratio });
    canvas.width = Math.floor(viewport.width);
    canvas.height = Math.floor(viewport.height);
    canvas.style.width = `${Math.floor(viewport.width / ratio)}px`;
    canvas.style.height = `${Math.floor(viewport.height / ratio)}px`;
    const context = canvas.getContext("2d");
    if (!context) throw new Error("no canvas context");
    const render = page.render({ canvasContext: context, viewport });
    options.signal.addEventListener("abort", () => render.cancel());
    await render.promise;
  } finally {
    void doc.destroy();
  }
}
