import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { getOwnedFile } from "../../domain/files/index.js";
import { createRenderPool, DEFAULT_WIDTH, IMAGE_WIDTHS, pageImage, pageText, type ImageWidth } from "../../domain/renditions/index.js";
import type { RouteDeps } from "../types.js";
import { parse } from "../validation.js";

const PageParams = z.object({ id: z.string().min(1).max(64), page: z.coerce.number().int().min(1).max(1_000_000) });
const ImageQuery = z
  .object({
    width: z.coerce
      .number()
      .int()
      .refine((w): w is ImageWidth => (IMAGE_WIDTHS as readonly number[]).includes(w))
      .optional(),
  })
  .strict();

/**
 * Readable pages (decision 009), next to the files layer's viewer calls:
 * - `GET /api/fs/viewer/getPageImage/:id/:page?width=480|800|1200` → the page as an image
 *   (image/webp drawn on the server; an image file is served as it is);
 * - `GET /api/fs/viewer/getPageText/:id/:page` → `{ result: { page, pageCount, source, paragraphs } }`.
 * Both are scoped to the signed-in citizen (another citizen's file: 404), computed on first
 * request by a bounded pool of worker threads and cached (table `file_renditions`); a page that
 * failed is refused (422) until it is due to be tried again (RENDER_RETRY_MINUTES).
 */
export const renditionsRoutes: FastifyPluginAsync<RouteDeps> = async (app, { db, store, config }) => {
  const pool = createRenderPool({ concurrency: config.RENDER_CONCURRENCY, timeoutMs: config.RENDER_TIMEOUT_MS });
  app.metrics?.watchRenderPool(pool);
  app.addHook("onClose", async () => pool.close());
  const deps = { db, store, pool, retryBaseMs: config.RENDER_RETRY_MINUTES * 60_000 };

  app.get("/fs/viewer/getPageImage/:id/:page", async (request, reply) => {
    const { id, page } = parse(PageParams, request.params);
    const { width } = parse(ImageQuery, request.query);
    const row = await getOwnedFile(db, request.citizen.cuil, id);
    const image = await pageImage(deps, row, page, width ?? DEFAULT_WIDTH);
    return reply
      .header("content-type", image.mime)
      .header("content-length", String(image.size))
      .header("x-content-type-options", "nosniff")
      .send(image.stream);
  });

  app.get("/fs/viewer/getPageText/:id/:page", async (request) => {
    const { id, page } = parse(PageParams, request.params);
    const row = await getOwnedFile(db, request.citizen.cuil, id);
    return { result: await pageText(deps, row, page) };
  });
};
