import type { LoaderFunctionArgs } from "@remix-run/node";
import { ApiError } from "~/api/client.server";
import { getPageImage, PAGE_IMAGE_WIDTHS, type PageImageWidth } from "~/api/renditions.server";
import { isId } from "~/features/records/url";
import { requireAdhered } from "~/lib/guards.server";
import { errorPage, pageParam, resource } from "~/lib/resource.server";

const IMAGE_TYPES = new Set(["image/webp", "image/png", "image/jpeg"]);

/**
 * One page of a document as an image drawn on the server
 * (`GET /api/fs/viewer/getPageImage/{id}/{page}?width=`), streamed: the preview without
 * JavaScript (or without a PDF viewer) shows it. `?w=480|800|1200` (default 800).
 * Not kept by the browser (shared terminals, `no-store`): the server keeps the drawn page instead.
 */
async function loaderHandler({ request, params }: LoaderFunctionArgs) {
  const { ctx } = await requireAdhered(request, "records");
  const page = pageParam(params.page);
  if (!isId(params.fileId) || page === null) throw errorPage(404);
  const w = Number(new URL(request.url).searchParams.get("w") ?? 800);
  const width = ((PAGE_IMAGE_WIDTHS as readonly number[]).includes(w) ? w : 800) as PageImageWidth;
  const upstream = await getPageImage(ctx, params.fileId, page, width);
  const type = upstream.headers.get("content-type") ?? "";
  if (!IMAGE_TYPES.has(type) || !upstream.body) throw new ApiError(502, "MALFORMED", null);
  const headers = new Headers({ "Content-Type": type, "Cache-Control": "no-store", "Content-Disposition": "inline" });
  const length = upstream.headers.get("content-length");
  if (length) headers.set("Content-Length", length);
  return new Response(upstream.body, { status: 200, headers });
}

export const loader = resource(loaderHandler);
