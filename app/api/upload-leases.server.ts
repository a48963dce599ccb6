/**
 * Uploads and the citizen's limits (issue 37). The question the portal asks once before it reads an upload's body (issue 37, extension
 * `upload-leases`): may this citizen upload now? The API answers 429 when the citizen is past the
 * upload rate limit or already has its most uploads in flight; else a lease, given back when the
 * upload is done. Counts and leases live in the API's database, so they hold across every portal
 * process. A backend without the extension is not asked: the upload goes on as before, and the
 * backend's own limit answers when the file reaches it.
 */
import { z } from "zod/v4";
import { ApiError, api, apiJson, type ApiContext } from "./client.server";
import { offers } from "./extensions.server";
import { wrapped } from "./read.server";

const LeaseAnswer = wrapped(z.object({ lease: z.string().min(1).max(64) }), "lease", ["result", "data"]);

/** The API's 429 to an upload that may not start now, with its text for the citizen. */
export class UploadNotNow extends Error {
  constructor(readonly serverMessage: string | null) {
    super("upload refused: 429");
  }
}

/**
 * Takes a lease for one upload; resolves to the function that gives it back (never fails). Throws
 * UploadNotNow when the API refuses (429); any other failure lets the upload go on (the API counts
 * it again when the file arrives).
 */
export async function takeUploadLease(ctx: ApiContext): Promise<() => void> {
  const none = () => {};
  if (!(await offers(ctx, "uploadLeases"))) return none;
  let lease: string;
  try {
    ({ lease } = await apiJson(ctx, api`/api/fs/upload-leases`, LeaseAnswer, { method: "POST", timeoutMs: 5_000 }));
  } catch (error) {
    if (error instanceof ApiError && error.status === 429) throw new UploadNotNow(error.serverMessage);
    if (error instanceof Response) throw error;
    return none;
  }
  return () => void apiJson(ctx, api`/api/fs/upload-leases/${lease}`, z.unknown(), { method: "DELETE", timeoutMs: 5_000 }).catch(() => {});
}

/**
 * Removes an upload the citizen cancelled after the portal had forwarded it (extension
 * `upload-cancel`); whether it is gone. Without the extension, or if the API refuses (the file is
 * already attached), it stays: unattached, the API's sweeper removes it after its grace period.
 */
export async function discardCancelledUpload(ctx: ApiContext, fileId: string): Promise<boolean> {
  if (!(await offers(ctx, "uploadCancel"))) return false;
  return apiJson(ctx, api`/api/fs/raw/bucket/${fileId}`, z.unknown(), { method: "DELETE", timeoutMs: 10_000 }).then(
    () => true,
    () => false,
  );
}
