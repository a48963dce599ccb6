/**
 * The shared files calls of spec section 7 (`/api/fs`): upload one file, download, page count
 * and one page as PDF. Downloads and pages are passed through as streams, never buffered.
 */
import { z } from "zod/v4";
import { apiJson, apiRaw, seg, type ApiContext } from "./client.server";

/** Fixed system code sent with uploads (spec section 9: value not shown). */
export const UPLOAD_SYSTEM = "AV";

const UploadAnswer = z.object({ result: z.union([z.string(), z.number()]).transform(String) });
const PageCountAnswer = z.object({ result: z.number().int().positive() });

/**
 * Uploads one file; answers its id. The file is a standard Blob (the portal's uploads are read
 * lazily from disk, decision 042), so the request streams it: never read whole.
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
  const answer = await apiJson(ctx, "/api/fs/raw/bucket", UploadAnswer, {
    method: "POST",
    body: form,
    timeoutMs: 120_000,
  });
  return answer.result;
}

/** base64 of the UTF-8 name, as the download path wants it. */
export const base64Name = (name: string) => Buffer.from(name, "utf8").toString("base64");

export function downloadFile(ctx: ApiContext, name: string, fileId: string): Promise<Response> {
  return apiRaw(ctx, `/api/fs/bucket/${seg(base64Name(name))}/${seg(fileId)}`, { timeoutMs: 120_000 });
}

export async function getPageCount(ctx: ApiContext, fileId: string): Promise<number> {
  return (await apiJson(ctx, `/api/fs/viewer/getPageCount/${seg(fileId)}`, PageCountAnswer)).result;
}

export function getPageAsPdf(ctx: ApiContext, fileId: string, page: number): Promise<Response> {
  return apiRaw(ctx, `/api/fs/viewer/getPageAsPdf/${seg(fileId)}/${seg(page)}`, { timeoutMs: 60_000 });
}
