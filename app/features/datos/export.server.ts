import { ApiError, requireApiContext } from "~/api/client.server";
import { downloadExport } from "~/api/export.server";
import { zipResponse } from "~/features/download-all/response.server";
import { datos as D } from "~/lib/messages/datos";
import { redirectWithToast } from "~/lib/toast.server";

/**
 * Loader of /resources/datos/export, 'Descargar mis datos' (decision 073): the API's ZIP
 * (`GET /api/v1/me/export`) piped through as a stream, with its name and length. Any signed-in
 * citizen (the right of access needs no adhesion). A backend without it is a 404; another failure
 * before the first byte (a build under way, a failed build) goes back to /datos with a toast.
 */
export async function downloadMyData(request: Request) {
  const ctx = await requireApiContext(request);
  try {
    return zipResponse(await downloadExport(ctx));
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 404) throw new Response("No encontrado", { status: 404 });
    return redirectWithToast("/datos", {
      type: "ERROR",
      message: error.code === "EXPORT_IN_PROGRESS" ? D.download.busy : D.download.error,
    });
  }
}
