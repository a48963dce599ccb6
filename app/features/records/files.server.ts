/** The record manager's file answers: a document, one page as a PDF or as an image, 'Descargar todo'. */
import { downloadRecordArchive } from "~/api/archive.server";
import { ApiError } from "~/api/client.server";
import { downloadFile, getPageAsPdf } from "~/api/files.server";
import { getPageImage, PAGE_IMAGE_WIDTHS, type PageImageWidth } from "~/api/renditions.server";
import { archiveResponse } from "~/features/download-all/response.server";
import { requireAdhered } from "~/lib/guards.server";
import { backendFile, DOCUMENT_TYPES } from "~/lib/backend-file.server";
import { errorPage, pageParam } from "~/lib/resource.server";
import { isId, managerHref } from "./url";
import type { RequestScope } from "~/lib/session.server";

/** Loader of /resources/records/download/{fileId}: a record document, streamed from `GET /api/fs/bucket/{base64 name}/{id}`. */
export async function documentResponse({ request, context }: RequestScope, fileId: string | undefined) {
  const { ctx } = await requireAdhered({ request, context }, "records");
  if (!isId(fileId)) throw errorPage(404);
  const name = (new URL(request.url).searchParams.get("name") ?? "documento").slice(0, 255) || "documento";
  return backendFile(await downloadFile(ctx, name, fileId), { accept: DOCUMENT_TYPES, name });
}

/**
 * Loader of /resources/records/page/{fileId}/{page}: one page of a document as a PDF
 * (`GET /api/fs/viewer/getPageAsPdf/{id}/{page}`), streamed: pdf.js renders it with JavaScript;
 * without it the browser's own viewer shows it in a frame.
 */
export async function pagePdfResponse({ request, context }: RequestScope, fileId: string | undefined, pageValue: string | undefined) {
  const { ctx } = await requireAdhered({ request, context }, "records");
  const page = pageParam(pageValue);
  if (!isId(fileId) || page === null) throw errorPage(404);
  const upstream = await getPageAsPdf(ctx, fileId, page);
  return backendFile(upstream, { accept: ["application/pdf"], name: `pagina-${page}`, inline: true });
}

/**
 * Loader of /resources/records/image/{fileId}/{page}: one page of a document as an image drawn on
 * the server (`GET /api/fs/viewer/getPageImage/{id}/{page}?width=`), streamed: the preview without
 * JavaScript (or without a PDF viewer) shows it. `?w=480|800|1200` (default 800). Not kept by the
 * browser (shared terminals, `no-store`): the server keeps the drawn page instead.
 */
export async function pageImageResponse({ request, context }: RequestScope, fileId: string | undefined, pageValue: string | undefined) {
  const { ctx } = await requireAdhered({ request, context }, "records");
  const page = pageParam(pageValue);
  if (!isId(fileId) || page === null) throw errorPage(404);
  const w = Number(new URL(request.url).searchParams.get("w") ?? 800);
  const width = ((PAGE_IMAGE_WIDTHS as readonly number[]).includes(w) ? w : 800) as PageImageWidth;
  const answer = await backendFile(await getPageImage(ctx, fileId, page, width), {
    accept: ["image/webp", "image/png", "image/jpeg"],
    name: `pagina-${page}`,
    inline: true,
  });
  if (answer.headers.get("Content-Type")!.startsWith("image/")) return answer;
  // Not waited for: the answer is an error page whether the backend lets go at once or not.
  answer.body?.cancel().catch(() => undefined);
  throw new ApiError(502, "MALFORMED", null);
}

/**
 * Loader of /resources/records/download-all/{recordId}, 'Descargar todo' of a record
 * (`GET /api/fs/archive/record/{id}`); a failure goes back to the manager.
 */
export async function recordArchive({ request, context }: RequestScope, recordId: string | undefined) {
  const { ctx } = await requireAdhered({ request, context }, "records");
  if (!isId(recordId)) throw new Response("No encontrado", { status: 404 });
  return archiveResponse(() => downloadRecordArchive(ctx, recordId), managerHref({ file: recordId }));
}
