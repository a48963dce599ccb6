import { downloadProcedureArchive } from "~/api/archive.server";
import { ApiError } from "~/api/client.server";
import { downloadFile } from "~/api/procedures.server";
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
 * streams `GET /api/fs/bucket/{base64FileName}/{fileId}` to the browser as a PDF attachment. A
 * failure goes back to `back` (a /procedures URL) with 'Algo salió mal al descargar el documento.
 * Intente nuevamente.'.
 */
export async function procedureFileResponse({ request, context }: RequestScope) {
  const { ctx } = await requireAdhered({ request, context }, "procedures");
  const url = new URL(request.url);
  const fileId = url.searchParams.get("file") ?? "";
  const name = (url.searchParams.get("name") ?? "documento.pdf").slice(0, 255);
  const fail = () => redirectWithToast(backOf(url), { type: "ERROR", message: t.toasts.downloadError });
  if (!ID.test(fileId)) return fail();
  const fileName = /\.pdf$/i.test(name) ? name : `${name}.pdf`;
  let upstream: Response;
  try {
    upstream = await downloadFile(ctx, fileId, fileName);
  } catch (error) {
    if (error instanceof ApiError) return fail();
    throw error;
  }
  if (!upstream.body) return fail();
  const headers = new Headers({
    "Content-Type": upstream.headers.get("Content-Type") ?? "application/pdf",
    // The API's RFC 6266 / 5987 header, made from the name in the path (one place for file names).
    "Content-Disposition": upstream.headers.get("Content-Disposition") ?? "attachment",
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
  });
  const length = upstream.headers.get("Content-Length");
  if (length) headers.set("Content-Length", length);
  return new Response(upstream.body, { status: 200, headers });
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
