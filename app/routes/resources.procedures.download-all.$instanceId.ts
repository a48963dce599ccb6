import type { LoaderFunctionArgs } from "@remix-run/node";
import type { ErrorCode } from "@common/error-codes";
import { downloadProcedureArchive } from "~/api/archive.server";
import { ApiError } from "~/api/client.server";
import { zipResponse } from "~/features/download-all/response.server";
import { safeReturnTo } from "~/features/procedures/url";
import { requireAdhered } from "~/lib/guards.server";
import { downloadAll as t } from "~/lib/messages/downloadAll";
import { redirectWithToast } from "~/lib/toast.server";
import { resource } from "~/lib/resource.server";

/**
 * 'Descargar todo' of a procedure: the API's ZIP (`GET /api/fs/archive/procedure/{id}`) piped
 * through as a stream. A failure before the first byte goes back to `back` (a /procedures URL)
 * with a toast; another citizen's procedure is a 404.
 */
async function loaderHandler({ request, params }: LoaderFunctionArgs) {
  const { ctx } = await requireAdhered(request, "procedures");
  const id = params.instanceId ?? "";
  if (!/^[A-Za-z0-9-]{1,64}$/.test(id)) throw new Response("No encontrado", { status: 404 });
  const back = safeReturnTo(new URL(request.url).searchParams.get("back"), "/procedures", "/procedures");
  try {
    return zipResponse(await downloadProcedureArchive(ctx, id));
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const empty: ErrorCode = "ARCHIVE_EMPTY";
    if (error.status === 404 && error.code !== empty) throw new Response("No encontrado", { status: 404 });
    return redirectWithToast(back, { type: "ERROR", message: error.status === 404 ? t.empty : t.error });
  }
}

export const loader = resource(loaderHandler);
