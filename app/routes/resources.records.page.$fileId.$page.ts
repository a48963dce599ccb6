import type { LoaderFunctionArgs } from "@remix-run/node";
import { getPageAsPdf } from "~/api/files.server";
import { isId } from "~/features/records/url";
import { requireAdhered } from "~/lib/guards.server";
import { errorPage, pageParam, resource } from "~/lib/resource.server";

/**
 * One page of a document as a PDF (`GET /api/fs/viewer/getPageAsPdf/{id}/{page}`), streamed:
 * pdf.js renders it with JavaScript; without it the browser's own viewer shows it in a frame.
 */
async function loaderHandler({ request, params }: LoaderFunctionArgs) {
  const { ctx } = await requireAdhered(request, "records");
  const page = pageParam(params.page);
  if (!isId(params.fileId) || page === null) throw errorPage(404);
  const upstream = await getPageAsPdf(ctx, params.fileId, page);
  return new Response(upstream.body, {
    status: 200,
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": upstream.headers.get("content-disposition") ?? "inline",
      "Cache-Control": "private, no-store",
    },
  });
}

export const loader = resource(loaderHandler);
