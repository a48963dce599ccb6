import { json, redirect } from "@remix-run/node";
import { ApiError } from "~/api/client.server";
import { requireApiContext, type RequestScope } from "~/lib/session.server";
import { downloadExport, getExportStatus, startExport } from "~/api/export.server";
import { readForm } from "~/lib/form.server";
import { zipResponse } from "~/features/download-all/response.server";
import { datos as D } from "~/lib/messages/datos";
import { redirectWithToast } from "~/lib/toast.server";
import { EXPORT_STATUS_HREF } from "./url";

/**
 * Loader of /resources/datos/export, 'Descargar mis datos' (decision 073): the API's ZIP
 * (`GET /api/v1/me/export`) piped through as a stream, with its name and length. Any signed-in
 * citizen (the right of access needs no adhesion). A backend without it is a 404; another failure
 * before the first byte (a build under way, a failed build) goes back to /datos with a toast.
 */
export async function downloadMyData({ request, context }: RequestScope) {
  const ctx = await requireApiContext({ request, context });
  try {
    return zipResponse(await downloadExport(ctx));
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 404) throw new Response("No encontrado", { status: 404 });
    // Still being prepared after the backend's wait: the status page says how it goes.
    if (error.code === "EXPORT_IN_PROGRESS") return redirect(EXPORT_STATUS_HREF);
    return redirectWithToast("/datos", { type: "ERROR", message: D.download.error });
  }
}

/** Loader of /datos/descarga (issue 32): the file's status; a backend without the export is a 404. */
export async function loadExportStatus({ request, context }: RequestScope) {
  const ctx = await requireApiContext({ request, context });
  const status = await getExportStatus(ctx);
  if (!status) throw new Response("No encontrado", { status: 404 });
  return json({ status });
}

/**
 * Action of /datos/descarga, 'Descargar mis datos (ZIP)' without a ready file: starts the build
 * (it does not wait for it) and shows its status (Post/Redirect/Get).
 */
export async function startExportAction({ request, context }: RequestScope) {
  const ctx = await requireApiContext({ request, context });
  await readForm(request);
  try {
    await startExport(ctx);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 404) throw new Response("No encontrado", { status: 404 });
    return redirectWithToast("/datos", { type: "ERROR", message: D.download.error });
  }
  return redirect(EXPORT_STATUS_HREF);
}
