/**
 * Uploads in the portal, for every upload route (the records' modal and form, the chat's attach and
 * its one form): read by app/lib/multipart.server.ts (files streamed to a temporary directory, 50 MB
 * per file and a count per post enforced while streaming, each file a standard `File` backed by its
 * file on disk, decision 008), each file forwarded to the API, the files and the upload lease let go
 * whatever happened.
 */
import { ApiError, type ApiContext } from "~/api/client.server";
import { uploadFile } from "~/api/files.server";
import { discardCancelledUpload, takeUploadLease, UploadNotNow } from "~/api/upload-leases.server";
import { readForm } from "~/lib/form.server";
import { errors as E } from "~/lib/messages/errors";
import { multipartFormReader, UploadRefused, type MultipartLimits } from "~/lib/multipart.server";
import { UPLOAD_LIMIT_BYTES } from "@common/limits";

/**
 * A body reader for `readForm`: up to `maxFiles` files to disk under a fresh temporary directory,
 * within the process's temporary disk budget. Before the first file's bytes the API is asked once
 * whether the citizen may upload now (issue 37): past the rate limit or with the most uploads in
 * flight, the post is refused (429, the API's text) with the rest of its body unread; the lease is
 * given back at `cleanup()`.
 */
export const multipartReader = (ctx: ApiContext, maxFiles = 1, options: Pick<MultipartLimits, "tooLarge"> = {}) =>
  multipartFormReader({ maxFileBytes: UPLOAD_LIMIT_BYTES, maxFiles, ...options, admit: () => admitUpload(ctx) });

export type UploadReader = ReturnType<typeof multipartReader>;

async function admitUpload(ctx: ApiContext): Promise<() => void> {
  try {
    return await takeUploadLease(ctx);
  } catch (error) {
    if (error instanceof UploadNotNow) throw new UploadRefused(429, error.serverMessage ?? E.uploadLimits.rateLimited);
    throw error;
  }
}

/**
 * A post read with `reader` (none: a form without files) and `work` done with its form; a body
 * refused while it was read (too large, too many files, not now…) is answered by `refused`. The
 * files on disk and the upload lease are let go afterwards, whatever happened.
 */
export async function withUploadForm<T>(
  request: Request,
  reader: UploadReader | null,
  refused: (error: UploadRefused) => T | Promise<T>,
  work: (form: FormData) => Promise<T>,
): Promise<T> {
  try {
    let form: FormData;
    try {
      form = await readForm(request, reader?.read);
    } catch (error) {
      if (error instanceof UploadRefused) return await refused(error);
      throw error;
    }
    return await work(form);
  } finally {
    reader?.cleanup();
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
