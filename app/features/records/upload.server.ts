/**
 * The records' uploads: one file of the 'Agregar Documentos' modal (with JavaScript), and the modal's
 * form without it (app/features/uploads reads them and forwards each file).
 */
import { json, redirect } from "@remix-run/node";
import { ApiError, type ApiContext } from "~/api/client.server";
import { registerUploads } from "~/api/records.server";
import { requireAdhered } from "~/lib/guards.server";
import { UploadRefused } from "~/lib/multipart.server";
import { errors as E } from "~/lib/messages/errors";
import { records as t } from "~/lib/messages/records";
import { redirectToSignIn, getActiveSession, type RequestScope } from "~/lib/session.server";
import { holdToken, readHoldToken, type HeldFile, type HeldUpload, type HoldBinding } from "./held.server";
import { UPLOAD_SLOTS, type UploadAnswer, type UploadErrors, type UploadSlotValues } from "./UploadModal";
import { managerHref } from "./url";
import { forwardFile, isDiskFile, multipartReader, withUploadForm } from "~/features/uploads/uploads.server";

/**
 * Action of /resources/records/upload, one file of the 'Agregar Documentos' modal (with JavaScript
 * the files go one by one): streamed to disk, forwarded to `POST /api/fs/raw/bucket`, answers
 * `{ fileId }` or `{ error }`.
 */
export async function uploadOne({ request, context }: RequestScope) {
  const { ctx } = await requireAdhered({ request, context }, "records");
  return withUploadForm(
    request,
    multipartReader(ctx),
    (refused) => json({ error: uploadErrorMessage(refused) }, { status: refused.status }),
    async (form) => {
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
    },
  );
}

/** The citizen-facing text of a failed file upload (spec sections 5 and 8). */
export function uploadErrorMessage(error: unknown): string {
  if (error instanceof UploadRefused) return error.message;
  if (error instanceof ApiError) {
    if (error.status === 413) return E.upload.tooLarge;
    if (error.status === 415) return error.serverMessage ?? E.upload.invalidFormat(E.upload.acceptedFormatsList);
    return error.serverMessage ?? t.toasts.uploadError;
  }
  return t.toasts.uploadError;
}

/** The last part of the name the browser gave (never a path), or a neutral one. */
const baseName = (name: string) => name.split(/[\\/]/).pop()?.trim() || "documento";

/**
 * 'Agregar Documentos' without JavaScript: one multipart form with up to three cards, the same rules as
 * the modal (a file, a Nombre and a Referencia on every card used). When the form comes back with
 * errors nothing the citizen sent is lost (decision 067): the names and references are filled in again,
 * and every file chosen is uploaded now and held for the next post by a signed token in the form, so
 * the card says which file is attached and another choice replaces it.
 */
export async function noJsUpload(request: Request, ctx: ApiContext, record: string): Promise<Response> {
  const home = managerHref({ file: record });
  const reader = multipartReader(ctx, UPLOAD_SLOTS, { tooLarge: "drop" });
  const refused = (error: UploadRefused) =>
    json<UploadAnswer>({ uploadErrors: { form: uploadErrorMessage(error) }, uploadValues: {} }, { status: error.status });
  return withUploadForm(request, reader, refused, async (form) => {
    const session = await getActiveSession(ctx);
    if (!session) return redirectToSignIn(ctx);
    const binding: HoldBinding = { sid: session.data.sid, cuil: ctx.cuil, record };

    const slots: NonNullable<UploadErrors["slots"]> = {};
    const values: Record<number, UploadSlotValues> = {};
    const ready: { name: string; reference: string; file: HeldFile }[] = [];
    let status = 400;
    for (let i = 0; i < UPLOAD_SLOTS; i++) {
      const chosen = form.get(`file_${i}`);
      const tooLarge = reader.tooLarge.has(`file_${i}`);
      let held: HeldFile | HeldUpload | null = form.get(`remove_${i}`) ? null : await readHoldToken(form.get(`held_${i}`), binding);
      const name = String(form.get(`name_${i}`) ?? "").trim();
      const reference = String(form.get(`reference_${i}`) ?? "").trim();
      if (!isDiskFile(chosen) && !tooLarge && !held && !name && !reference) continue;

      const slot: NonNullable<UploadErrors["slots"]>[number] = {};
      if (isDiskFile(chosen)) {
        // A new choice replaces the held file; refused, it leaves the held one as it was.
        const fileName = baseName(chosen.name);
        try {
          held = { fileId: await forwardFile(ctx, chosen, fileName), fileName, mime: chosen.type || "application/octet-stream" };
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          // A browser cannot be handed a file back: the card says it must be chosen again.
          slot.file = `${uploadErrorMessage(error)} ${t.uploadModal.chooseAgain}`;
          status = error.status >= 400 && error.status < 500 ? error.status : 502;
        }
      } else if (tooLarge) slot.file = `${E.upload.tooLarge} ${t.uploadModal.chooseAgain}`;
      if (!held && !slot.file) slot.file = t.uploadModal.fileRequired;
      if (!name) slot.name = t.uploadModal.nameRequired;
      if (!reference) slot.reference = t.uploadModal.referenceRequired;

      if (Object.keys(slot).length) slots[i] = slot;
      values[i] = { name, reference, ...(held ? { held: { token: await holdToken(held, binding), fileName: held.fileName } } : {}) };
      if (held) ready.push({ name, reference, file: held });
    }

    if (Object.keys(slots).length || ready.length === 0) {
      const uploadErrors: UploadErrors = Object.keys(slots).length ? { slots } : { form: t.ui.noFileChosen };
      return json<UploadAnswer>({ uploadErrors, uploadValues: values }, { status });
    }
    try {
      await registerUploads(
        ctx,
        record,
        ready.map((r) => ({ fileId: r.file.fileId, fileName: r.name, reference: r.reference, mime: r.file.mime })),
      );
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      // The cards come back as they were sent: names, references and the files, held (issue 36).
      const uploadErrors: UploadErrors = { form: error.serverMessage ?? t.toasts.uploadError };
      return json<UploadAnswer>(
        { uploadErrors, uploadValues: values },
        { status: error.status >= 400 && error.status < 500 ? error.status : 502 },
      );
    }
    return redirect(home);
  });
}
