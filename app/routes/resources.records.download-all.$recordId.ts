import type { LoaderFunctionArgs } from "@remix-run/node";
import type { ErrorCode } from "@common/error-codes";
import { downloadRecordArchive } from "~/api/archive.server";
import { ApiError } from "~/api/client.server";
import { zipResponse } from "~/features/download-all/response.server";
import { isId, managerHref } from "~/features/records/url";
import { requireAdhered } from "~/lib/guards.server";
import { downloadAll as t } from "~/lib/messages/downloadAll";
import { redirectWithToast } from "~/lib/toast.server";
import { resource } from "~/lib/resource.server";

/**
 * 'Descargar todo' of a record: the API's ZIP (`GET /api/fs/archive/record/{id}`) piped
 * through as a stream. A failure before the first byte goes back to the manager with a toast.
 */
async function loaderHandler({ request, params }: LoaderFunctionArgs) {
  const { ctx } = await requireAdhered(request, "records");
  if (!isId(params.recordId)) throw new Response("No encontrado", { status: 404 });
  const back = managerHref({ file: params.recordId });
  try {
    return zipResponse(await downloadRecordArchive(ctx, params.recordId));
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const empty: ErrorCode = "ARCHIVE_EMPTY";
    if (error.status === 404 && error.code !== empty) throw new Response("No encontrado", { status: 404 });
    return redirectWithToast(back, { type: "ERROR", message: error.status === 404 ? t.empty : t.error });
  }
}

export const loader = resource(loaderHandler);
