import type { LoaderFunctionArgs } from "@remix-run/node";
import { ApiError } from "~/api/client.server";
import { downloadFile } from "~/api/procedures.server";
import { safeReturnTo } from "~/features/procedures/url";
import { requireAdhered } from "~/lib/guards.server";
import { procedures as t } from "~/lib/messages/procedures";
import { redirectWithToast } from "~/lib/toast.server";
import { resource } from "~/lib/resource.server";

/**
 * Attachment downloads of the procedures module: streams `GET /api/fs/bucket/{base64FileName}/{fileId}`
 * to the browser as a PDF attachment. A failure goes back to `back` (a /procedures URL) with
 * 'Algo salió mal al descargar el documento. Intente nuevamente.'.
 */
async function loaderHandler({ request }: LoaderFunctionArgs) {
  const { ctx } = await requireAdhered(request, "procedures");
  const url = new URL(request.url);
  const fileId = url.searchParams.get("file") ?? "";
  const name = (url.searchParams.get("name") ?? "documento.pdf").slice(0, 255);
  const back = safeReturnTo(url.searchParams.get("back"), "/procedures", "/procedures");
  const fail = () => redirectWithToast(back, { type: "ERROR", message: t.toasts.downloadError });
  if (!/^[A-Za-z0-9-]{1,64}$/.test(fileId)) return fail();
  const fileName = /\.pdf$/i.test(name) ? name : `${name}.pdf`;
  let upstream: Response;
  try {
    upstream = await downloadFile(ctx, fileId, fileName);
  } catch (error) {
    if (error instanceof ApiError) return fail();
    throw error;
  }
  if (!upstream.body) return fail();
  const headers = new Headers({
    "Content-Type": upstream.headers.get("Content-Type") ?? "application/pdf",
    // The API's RFC 6266 / 5987 header, made from the name in the path (one place for file names).
    "Content-Disposition": upstream.headers.get("Content-Disposition") ?? "attachment",
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
  });
  const length = upstream.headers.get("Content-Length");
  if (length) headers.set("Content-Length", length);
  return new Response(upstream.body, { status: 200, headers });
}

export const loader = resource(loaderHandler);
