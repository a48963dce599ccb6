/**
 * The typing pdfjs-dist does not ship for its worker module: server/domain/files/pdf-pages.ts only
 * hands the module to pdf.js (`globalThis.pdfjsWorker`), which reads its `WorkerMessageHandler`.
 */
declare module "pdfjs-dist/legacy/build/pdf.worker.mjs" {
  export const WorkerMessageHandler: unknown;
}
