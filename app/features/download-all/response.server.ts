/**
 * The portal's answer for a ZIP from the API: the upstream body is handed on as it is (a
 * stream, never read here), with the API's RFC 6266/5987 `Content-Disposition` and, when the API
 * knows it ('Descargar mis datos', decision 073), its `Content-Length` (the browser shows progress).
 */
export function zipResponse(upstream: Response): Response {
  if (!upstream.body) throw new Response("No disponible", { status: 502 });
  const headers = new Headers({
    "Content-Type": "application/zip",
    "Content-Disposition": upstream.headers.get("content-disposition") ?? 'attachment; filename="documentos.zip"',
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
  });
  const length = upstream.headers.get("content-length");
  // A body the fetch decoded no longer has the length the API gave.
  if (length && /^\d+$/.test(length) && !upstream.headers.get("content-encoding")) headers.set("Content-Length", length);
  return new Response(upstream.body, { status: 200, headers });
}
