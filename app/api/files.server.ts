/**
 * The shared files calls of spec section 7 (`/api/fs`): upload one file, download, page count
 * and one page as PDF. Downloads and pages are passed through as streams, never buffered.
 */
import { z } from "zod/v4";
import { api, apiJson, apiRaw, type ApiContext } from "./client.server";
import { count, id, unwrap } from "./read.server";

/** Fixed system code sent with uploads (spec section 9: value not shown). */
export const UPLOAD_SYSTEM = "AV";

/** The upload "returns result (file id)": there, as `result.id` / `fileId`, or bare. */
const UploadAnswer = z.preprocess(
  (v) => unwrap(v, (x) => typeof x === "string" || typeof x === "number", ["result", "data", "fileId", "id"], "result"),
  id,
);
/** getPageCount's "result is number of pages": there, or bare, as a number or numeric text. */
const PageCountAnswer = z.preprocess(
  (v) => unwrap(v, (x) => typeof x === "string" || typeof x === "number", ["result", "data", "pageCount", "count"], "result"),
  count.pipe(z.number().int().positive()),
);

/**
 * Uploads one file; answers its id. The file is a standard Blob (the portal's uploads are read
 * lazily from disk, decision 008), so the request streams it: never read whole.
 */
export async function uploadFile(
  ctx: ApiContext,
  input: { file: Blob; filename: string; documentTypeCode?: string; code?: string },
): Promise<string> {
  const form = new FormData();
  form.set("filename", input.filename);
  form.set("system", UPLOAD_SYSTEM);
  if (input.documentTypeCode) form.set("documentTypeCode", input.documentTypeCode);
  if (input.code) form.set("code", input.code);
  form.set("file", input.file, input.filename);
  const answer = await apiJson(ctx, api`/api/fs/raw/bucket`, UploadAnswer, {
    method: "POST",
    body: form,
    timeoutMs: 120_000,
  });
  return answer;
}

/** base64 of the UTF-8 name, as the download path wants it. */
export const base64Name = (name: string) => Buffer.from(name, "utf8").toString("base64");

export function downloadFile(ctx: ApiContext, name: string, fileId: string): Promise<Response> {
  return apiRaw(ctx, api`/api/fs/bucket/${base64Name(name)}/${fileId}`, { timeoutMs: 120_000 });
}

export async function getPageCount(ctx: ApiContext, fileId: string): Promise<number> {
  return apiJson(ctx, api`/api/fs/viewer/getPageCount/${fileId}`, PageCountAnswer);
}

export function getPageAsPdf(ctx: ApiContext, fileId: string, page: number): Promise<Response> {
  return apiRaw(ctx, api`/api/fs/viewer/getPageAsPdf/${fileId}/${page}`, { timeoutMs: 60_000 });
}
