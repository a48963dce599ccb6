import { redirect } from "@remix-run/node";
import { ApiError } from "~/api/client.server";
import { requireApiContext, type RequestScope } from "~/lib/session.server";
import { downloadCommunicationFile, getCommunication } from "~/api/digital.server";
import { digital } from "~/lib/messages/digital";
import { backendFile, DOCUMENT_TYPES } from "~/lib/backend-file.server";
import { redirectWithToast } from "~/lib/toast.server";
import { isOwnAct } from "./own-act.server";

/**
 * Loader of /resources/digital/file, the download of a communication's file: streams the API's
 * answer (which marks the file downloaded and the communication seen) without buffering it, as a
 * type and under a name (`name`, else the backend's) the portal decides (issue 36). Once
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
    // Once the whole file has gone out, the communication is read again before the answer ends
    // (a failure of that read changes nothing for the citizen's file).
    return await backendFile(upstream, {
      accept: DOCUMENT_TYPES,
      name: url.searchParams.get("name"),
      afterBody: () => getCommunication(ctx, code, true),
    });
  } catch (error) {
    if (error instanceof ApiError) {
      return redirectWithToast(summary, { type: "ERROR", message: error.serverMessage ?? digital.toasts.downloadError });
    }
    throw error;
  }
}
