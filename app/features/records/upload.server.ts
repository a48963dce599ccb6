/**
 * Multipart uploads in the portal: streamed to a temporary directory (never held in memory),
 * 50 MB per file enforced while streaming, file names on disk are random (never the citizen's).
 * The caller forwards each file to the API and always calls `cleanup()`.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  MaxPartSizeExceededError,
  NodeOnDiskFile,
  unstable_composeUploadHandlers,
  unstable_createFileUploadHandler,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
} from "@remix-run/node";
import { ApiError } from "~/api/client.server";
import { uploadFileFromDisk } from "~/api/files.server";
import type { ApiContext } from "~/api/client.server";
import { errors as E } from "~/lib/messages/errors";
import { records as t } from "~/lib/messages/records";

export const UPLOAD_LIMIT_BYTES = 50 * 1024 * 1024;

export class UploadTooLarge extends Error {}

/** A body reader for `readForm`: files to disk under a fresh temporary directory. */
export function multipartReader() {
  const directory = mkdtempSync(path.join(os.tmpdir(), "av-upload-"));
  const read = async (request: Request) => {
    try {
      return await unstable_parseMultipartFormData(
        request,
        unstable_composeUploadHandlers(
          unstable_createFileUploadHandler({
            directory,
            file: () => randomUUID(),
            avoidFileConflicts: false,
            maxPartSize: UPLOAD_LIMIT_BYTES,
          }),
          unstable_createMemoryUploadHandler({ maxPartSize: 64 * 1024 }),
        ),
      );
    } catch (error) {
      if (error instanceof MaxPartSizeExceededError) throw new UploadTooLarge();
      throw error;
    }
  };
  return { read, cleanup: () => rmSync(directory, { recursive: true, force: true }) };
}

export const isDiskFile = (value: FormDataEntryValue | null): value is NodeOnDiskFile & File =>
  value instanceof NodeOnDiskFile && value.size > 0;

/** Sends one file on disk to the API; answers its id. */
export function forwardFile(ctx: ApiContext, file: NodeOnDiskFile & File, filename = file.name): Promise<string> {
  return uploadFileFromDisk(ctx, { path: file.getFilePath(), filename, type: file.type });
}

/** The citizen-facing text of a failed file upload (spec sections 5 and 8). */
export function uploadErrorMessage(error: unknown): string {
  if (error instanceof UploadTooLarge) return E.upload.tooLarge;
  if (error instanceof ApiError) {
    if (error.status === 413) return E.upload.tooLarge;
    if (error.status === 415) return error.serverMessage ?? E.upload.invalidFormat(E.upload.acceptedFormatsList);
    return error.serverMessage ?? t.toasts.uploadError;
  }
  return t.toasts.uploadError;
}
