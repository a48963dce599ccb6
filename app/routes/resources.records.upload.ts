import { json, type ActionFunctionArgs } from "@remix-run/node";
import { ApiError } from "~/api/client.server";
import { forwardFile, isDiskFile, multipartReader, uploadErrorMessage, UploadRefused } from "~/features/records/upload.server";
import { readForm } from "~/lib/form.server";
import { requireAdhered } from "~/lib/guards.server";
import { records as t } from "~/lib/messages/records";
import { errorPage, resource } from "~/lib/resource.server";

/**
 * One file of the 'Agregar Documentos' modal (with JavaScript the files go one by one):
 * streamed to disk, forwarded to `POST /api/fs/raw/bucket`, answers `{ fileId }` or `{ error }`.
 */
async function actionHandler({ request }: ActionFunctionArgs) {
  const { ctx } = await requireAdhered(request, "records");
  const reader = multipartReader();
  try {
    let form: FormData;
    try {
      form = await readForm(request, reader.read);
    } catch (error) {
      if (error instanceof UploadRefused) return json({ error: uploadErrorMessage(error) }, { status: error.status });
      throw error;
    }
    const file = form.get("file");
    if (!isDiskFile(file)) return json({ error: t.uploadModal.fileRequired }, { status: 400 });
    try {
      const fileId = await forwardFile(ctx, file);
      return json({ fileId });
    } catch (error) {
      if (error instanceof Response) throw error;
      if (!(error instanceof ApiError)) throw error;
      return json({ error: uploadErrorMessage(error) }, { status: error.status >= 400 && error.status < 500 ? error.status : 502 });
    }
  } finally {
    reader.cleanup();
  }
}

export const loader = resource(() => errorPage(404));

export const action = resource(actionHandler);
