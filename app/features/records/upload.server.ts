/**
 * Uploads in the portal: read by app/lib/multipart.server.ts (files streamed to a temporary
 * directory, 50 MB per file and a count per post enforced while streaming, each file a standard
 * `File` backed by its file on disk, decision 008). The caller forwards each file to the API and
 * always calls `cleanup()`.
 */
import { json, redirect } from "@remix-run/node";
import { ApiError } from "~/api/client.server";
import { uploadFile } from "~/api/files.server";
import { discardCancelledUpload, takeUploadLease, UploadNotNow } from "~/api/upload-leases.server";
import type { ApiContext } from "~/api/client.server";
import { registerUploads } from "~/api/records.server";
import { readForm } from "~/lib/form.server";
import { requireAdhered } from "~/lib/guards.server";
import { multipartFormReader, UploadRefused, type MultipartLimits } from "~/lib/multipart.server";
import { errors as E } from "~/lib/messages/errors";
import { records as t } from "~/lib/messages/records";
import { redirectToSignIn, getActiveSession, type RequestScope } from "~/lib/session.server";
import { UPLOAD_LIMIT_BYTES } from "@common/limits";
import { holdToken, readHoldToken, type HeldFile, type HeldUpload, type HoldBinding } from "./held.server";
import { UPLOAD_SLOTS, type UploadAnswer, type UploadErrors, type UploadSlotValues } from "./UploadModal";
import { managerHref } from "./url";

export { UploadRefused, UploadTooLarge } from "~/lib/multipart.server";

/**
 * Action of /resources/records/upload, one file of the 'Agregar Documentos' modal (with JavaScript
 * the files go one by one): streamed to disk, forwarded to `POST /api/fs/raw/bucket`, answers
 * `{ fileId }` or `{ error }`.
 */
export async function uploadOne({ request, context }: RequestScope) {
  const { ctx } = await requireAdhered({ request, context }, "records");
  const reader = multipartReader(ctx);
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

/**
 * A body reader for `readForm`: up to `maxFiles` files to disk under a fresh temporary directory,
 * within the process's temporary disk budget. Before the first file's bytes the API is asked once
 * whether the citizen may upload now (issue 37): past the rate limit or with the most uploads in
 * flight, the post is refused (429, the API's text) with the rest of its body unread; the lease is
 * given back at `cleanup()`.
 */
export const multipartReader = (ctx: ApiContext, maxFiles = 1, options: Pick<MultipartLimits, "tooLarge"> = {}) =>
  multipartFormReader({ maxFileBytes: UPLOAD_LIMIT_BYTES, maxFiles, ...options, admit: () => admitUpload(ctx) });

async function admitUpload(ctx: ApiContext): Promise<() => void> {
  try {
    return await takeUploadLease(ctx);
  } catch (error) {
    if (error instanceof UploadNotNow) throw new UploadRefused(429, error.serverMessage ?? E.uploadLimits.rateLimited);
    throw error;
  }
}

/** A non-empty uploaded file (text fields are strings). */
export const isDiskFile = (value: FormDataEntryValue | null): value is File => value instanceof File && value.size > 0;

/**
 * Sends one uploaded file to the API; answers its id. When the citizen cancelled meanwhile (after the
 * last byte, before the answer: issue 37) the file is removed where the API can (extension
 * `upload-cancel`), and an ApiError 499 says so: nothing goes on to register or attach it.
 */
export async function forwardFile(
  ctx: ApiContext,
  file: File,
  filename = file.name,
  /** what spec section 7 also sends with a chat's document: its type and code */
  document: { documentTypeCode?: string; code?: string } = {},
): Promise<string> {
  const fileId = await uploadFile(ctx, { file, filename, ...document });
  if (!ctx.request.signal.aborted) return fileId;
  await discardCancelledUpload(ctx, fileId);
  throw new ApiError(499, "CANCELLED", null);
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
  try {
    let form: FormData;
    try {
      form = await readForm(request, reader.read);
    } catch (error) {
      if (error instanceof UploadRefused)
        return json<UploadAnswer>({ uploadErrors: { form: uploadErrorMessage(error) }, uploadValues: {} }, { status: error.status });
      throw error;
    }
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
  } finally {
    reader.cleanup();
  }
}
