import type { LoaderFunctionArgs } from "@remix-run/node";
import { downloadFile } from "~/api/files.server";
import { isId } from "~/features/records/url";
import { requireAdhered } from "~/lib/guards.server";
import { errorPage, resource } from "~/lib/resource.server";

/** Download of a record document: streamed from `GET /api/fs/bucket/{base64 name}/{id}`. */
async function loaderHandler({ request, params }: LoaderFunctionArgs) {
  const { ctx } = await requireAdhered(request, "records");
  if (!isId(params.fileId)) throw errorPage(404);
  const name = (new URL(request.url).searchParams.get("name") ?? "documento").slice(0, 255) || "documento";
  const upstream = await downloadFile(ctx, name, params.fileId);
  const headers = new Headers({
    "Content-Type": upstream.headers.get("content-type") ?? "application/octet-stream",
    "Content-Disposition": upstream.headers.get("content-disposition") ?? "attachment",
    "Cache-Control": "no-store",
  });
  const length = upstream.headers.get("content-length");
  if (length) headers.set("Content-Length", length);
  return new Response(upstream.body, { status: 200, headers });
}

export const loader = resource(loaderHandler);
