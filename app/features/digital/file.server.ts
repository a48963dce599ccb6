import { redirect } from "@remix-run/node";
import { ApiError } from "~/api/client.server";
import { requireApiContext, type RequestScope } from "~/lib/session.server";
import { downloadCommunicationFile, getCommunication } from "~/api/digital.server";
import { digital } from "~/lib/messages/digital";
import { redirectWithToast } from "~/lib/toast.server";
import { isOwnAct } from "./own-act.server";

const PASS_HEADERS = ["content-type", "content-length", "content-disposition"];

/**
 * Loader of /resources/digital/file, the download of a communication's file: streams the API's
 * answer (which marks the file downloaded and the communication seen) without buffering it. Once
 * the whole file has gone out, the communication is read again with `refresh` (spec sections 4 and
 * 7: a backend may mark the file downloaded on that call). Failure: back to the summary with the toast.
 */
export async function communicationFileResponse({ request, context }: RequestScope) {
  const ctx = await requireApiContext({ request, context });
  const url = new URL(request.url);
  const code = url.searchParams.get("code") ?? "";
  const fileId = url.searchParams.get("file") ?? "";
  const summary = `${url.searchParams.get("from") === "archive" ? "/digital/archive/summary" : "/digital/summary"}?code=${encodeURIComponent(code)}`;
  if (!code || !fileId || code.length > 32 || fileId.length > 64) {
    return redirectWithToast(code ? summary : "/digital", { type: "ERROR", message: digital.toasts.downloadError });
  }
  // A download marks the communication seen, as opening it does: only on the citizen's own act (decision 102).
  if (!(await isOwnAct(request, code)).own) return redirect(summary);
  try {
    const upstream = await downloadCommunicationFile(ctx, code, fileId);
    const headers = new Headers({ "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" });
    for (const name of PASS_HEADERS) {
      const value = upstream.headers.get(name);
      if (value) headers.set(name, value);
    }
    if (!headers.has("content-disposition")) headers.set("content-disposition", "attachment");
    if (!upstream.body) return new Response(null, { status: 200, headers });
    // The body passed on chunk by chunk; once it has all gone out, the communication is read again
    // before the answer ends (a failure of that read changes nothing for the citizen's file).
    const reader = upstream.body.getReader();
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const { done, value } = await reader.read();
        if (!done) return controller.enqueue(value);
        await getCommunication(ctx, code, true).catch(() => undefined);
        controller.close();
      },
      cancel(reason) {
        return reader.cancel(reason);
      },
    });
    return new Response(body, { status: 200, headers });
  } catch (error) {
    if (error instanceof ApiError) {
      return redirectWithToast(summary, { type: "ERROR", message: error.serverMessage ?? digital.toasts.downloadError });
    }
    throw error;
  }
}
