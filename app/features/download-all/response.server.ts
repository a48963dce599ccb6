import type { ErrorCode } from "@common/error-codes";
import { ApiError } from "~/api/client.server";
import { downloadAll as t } from "~/lib/messages/downloadAll";
import { redirectWithToast } from "~/lib/toast.server";

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

/**
 * 'Descargar todo' of a procedure or a record (decision 030): the API's ZIP piped through as a
 * stream. A failure before the first byte goes back to `back` with a toast (its own text when there
 * is nothing to put in the ZIP); another citizen's procedure or record is a 404.
 */
export async function archiveResponse(download: () => Promise<Response>, back: string): Promise<Response> {
  try {
    return zipResponse(await download());
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const empty: ErrorCode = "ARCHIVE_EMPTY";
    if (error.status === 404 && error.code !== empty) throw new Response("No encontrado", { status: 404 });
    return redirectWithToast(back, { type: "ERROR", message: error.status === 404 ? t.empty : t.error });
  }
}
