/**
 * Readable pages (decision 009): a page drawn as an image on the server, and its text.
 * `GET /api/fs/viewer/getPageImage/{id}/{page}?width=` (streamed through, never buffered) and
 * `GET /api/fs/viewer/getPageText/{id}/{page}`.
 */
import { z } from "zod/v4";
import { api, apiJson, apiRaw, type ApiContext } from "./client.server";

export const PAGE_IMAGE_WIDTHS = [480, 800, 1200] as const;
export type PageImageWidth = (typeof PAGE_IMAGE_WIDTHS)[number];

export function getPageImage(ctx: ApiContext, fileId: string, page: number, width: PageImageWidth): Promise<Response> {
  return apiRaw(ctx, api`/api/fs/viewer/getPageImage/${fileId}/${page}`, { query: { width }, timeoutMs: 60_000 });
}

const PageTextSchema = z.object({
  result: z.object({
    page: z.number().int().positive(),
    pageCount: z.number().int().positive(),
    source: z.enum(["pdf", "image"]),
    paragraphs: z.array(z.array(z.string().max(20_000)).max(2_000)).max(2_000),
  }),
});
export type PageText = z.infer<typeof PageTextSchema>["result"];

export async function getPageText(ctx: ApiContext, fileId: string, page: number): Promise<PageText> {
  return (await apiJson(ctx, api`/api/fs/viewer/getPageText/${fileId}/${page}`, PageTextSchema, { timeoutMs: 60_000 })).result;
}
