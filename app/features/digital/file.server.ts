import { ApiError, requireApiContext } from "~/api/client.server";
import { downloadCommunicationFile } from "~/api/digital.server";
import { digital } from "~/lib/messages/digital";
import { redirectWithToast } from "~/lib/toast.server";

const PASS_HEADERS = ["content-type", "content-length", "content-disposition"];

/**
 * Loader of /resources/digital/file, the download of a communication's file: streams the API's
 * answer (which marks the file downloaded and the communication seen) without buffering it.
 * Failure: back to the summary with the toast.
 */
export async function communicationFileResponse(request: Request) {
  const ctx = await requireApiContext(request);
  const url = new URL(request.url);
  const code = url.searchParams.get("code") ?? "";
  const fileId = url.searchParams.get("file") ?? "";
  const summary = `${url.searchParams.get("from") === "archive" ? "/digital/archive/summary" : "/digital/summary"}?code=${encodeURIComponent(code)}`;
  if (!code || !fileId || code.length > 32 || fileId.length > 64) {
    return redirectWithToast(code ? summary : "/digital", { type: "ERROR", message: digital.toasts.downloadError });
  }
  try {
    const upstream = await downloadCommunicationFile(ctx, code, fileId);
    const headers = new Headers({ "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" });
    for (const name of PASS_HEADERS) {
      const value = upstream.headers.get(name);
      if (value) headers.set(name, value);
    }
    if (!headers.has("content-disposition")) headers.set("content-disposition", "attachment");
    return new Response(upstream.body, { status: 200, headers });
  } catch (error) {
    if (error instanceof ApiError) {
      return redirectWithToast(summary, { type: "ERROR", message: error.serverMessage ?? digital.toasts.downloadError });
    }
    throw error;
  }
}
