import type { ErrorCode } from "@common/error-codes";
import { ApiError } from "~/api/client.server";
import { backendFile } from "~/lib/backend-file.server";
import { downloadAll as t } from "~/lib/messages/downloadAll";
import { redirectWithToast } from "~/lib/toast.server";

/**
 * The portal's answer for a ZIP from the API: the upstream body is handed on as a stream (only its
 * first bytes are looked at), as `application/zip` when they are a ZIP's (else an octet-stream,
 * issue 36), under the backend's name with `.zip` (else 'documentos.zip') and, when the API knows
 * it ('Descargar mis datos', decision 073), its `Content-Length` (the browser shows progress).
 */
export async function zipResponse(upstream: Response): Promise<Response> {
  if (!upstream.body) throw new Response("No disponible", { status: 502 });
  return backendFile(upstream, { accept: ["application/zip"], fallbackName: "documentos" });
}

/**
 * 'Descargar todo' of a procedure or a record (decision 030): the API's ZIP piped through as a
 * stream. A failure before the first byte goes back to `back` with a toast (its own text when there
 * is nothing to put in the ZIP); another citizen's procedure or record is a 404.
 */
export async function archiveResponse(download: () => Promise<Response>, back: string): Promise<Response> {
  try {
    return await zipResponse(await download());
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const empty: ErrorCode = "ARCHIVE_EMPTY";
    if (error.status === 404 && error.code !== empty) throw new Response("No encontrado", { status: 404 });
    return redirectWithToast(back, { type: "ERROR", message: error.status === 404 ? t.empty : t.error });
  }
}
