import { downloadProcedureArchive } from "~/api/archive.server";
import { ApiError } from "~/api/client.server";
import { downloadFile } from "~/api/procedures.server";
import { withTypeExtension } from "@common/file-names";
import { backendFile, DOCUMENT_TYPES } from "~/lib/backend-file.server";
import { archiveResponse } from "~/features/download-all/response.server";
import { requireAdhered } from "~/lib/guards.server";
import { procedures as t } from "~/lib/messages/procedures";
import { redirectWithToast } from "~/lib/toast.server";
import { safeReturnTo } from "./url";
import type { RequestScope } from "~/lib/session.server";

const ID = /^[A-Za-z0-9-]{1,64}$/;
const backOf = (url: URL) => safeReturnTo(url.searchParams.get("back"), "/procedures", "/procedures");

/**
 * Loader of /resources/procedures/download, the attachment downloads of the procedures module:
 * streams `GET /api/fs/bucket/{base64FileName}/{fileId}` to the browser as an attachment, its type
 * and name's extension decided by its first bytes (a PDF as the spec says, or an accepted image). A
 * failure goes back to `back` (a /procedures URL) with 'Algo salió mal al descargar el documento.
 * Intente nuevamente.'.
 */
export async function procedureFileResponse({ request, context }: RequestScope) {
  const { ctx } = await requireAdhered({ request, context }, "procedures");
  const url = new URL(request.url);
  const fileId = url.searchParams.get("file") ?? "";
  const name = (url.searchParams.get("name") ?? "").slice(0, 255).trim() || "documento.pdf";
  const fail = () => redirectWithToast(backOf(url), { type: "ERROR", message: t.toasts.downloadError });
  if (!ID.test(fileId)) return fail();
  let upstream: Response;
  try {
    // The spec saves this blob as a PDF: the path's name says so.
    upstream = await downloadFile(ctx, fileId, withTypeExtension(name, "application/pdf"));
  } catch (error) {
    if (error instanceof ApiError) return fail();
    throw error;
  }
  if (!upstream.body) return fail();
  return backendFile(upstream, { accept: DOCUMENT_TYPES, name });
}

/**
 * Loader of /resources/procedures/download-all/{instanceId}, 'Descargar todo' of a procedure
 * (`GET /api/fs/archive/procedure/{id}`); a failure goes back to `back` (a /procedures URL).
 */
export async function procedureArchive({ request, context }: RequestScope, instanceId: string | undefined) {
  const { ctx } = await requireAdhered({ request, context }, "procedures");
  const id = instanceId ?? "";
  if (!ID.test(id)) throw new Response("No encontrado", { status: 404 });
  return archiveResponse(() => downloadProcedureArchive(ctx, id), backOf(new URL(request.url)));
}
