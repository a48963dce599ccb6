import type { LoaderFunctionArgs } from "@remix-run/node";
import { ApiError } from "~/api/client.server";
import { getPageAsPdf } from "~/api/files.server";
import { isId } from "~/features/records/url";
import { requireAdhered } from "~/lib/guards.server";

/**
 * One page of a document as a PDF (`GET /api/fs/viewer/getPageAsPdf/{id}/{page}`), streamed:
 * pdf.js renders it with JavaScript; without it the browser's own viewer shows it in a frame.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { ctx } = await requireAdhered(request, "records");
  const page = Number(params.page);
  if (!isId(params.fileId) || !Number.isInteger(page) || page < 1) throw new Response("No encontrado", { status: 404 });
  try {
    const upstream = await getPageAsPdf(ctx, params.fileId, page);
    return new Response(upstream.body, {
      status: 200,
      headers: {
        "Content-Type": "application/pdf",
        "Content-Disposition": upstream.headers.get("content-disposition") ?? "inline",
        "Cache-Control": "private, no-store",
        "X-Content-Type-Options": "nosniff",
        "X-Frame-Options": "SAMEORIGIN",
      },
    });
  } catch (error) {
    if (error instanceof ApiError) throw new Response("No encontrado", { status: error.status === 404 ? 404 : 502 });
    throw error;
  }
}
