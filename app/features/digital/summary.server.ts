import { json, redirect } from "@remix-run/node";
import { ApiError } from "~/api/client.server";
import { getCommunication, getHistory } from "~/api/digital.server";
import { requireAdhered } from "~/lib/guards.server";
import { richOrPlain } from "~/lib/rich-text.server";
import { communicationsAction } from "./inbox.server";

/** Loader of /digital/summary and /digital/archive/summary: opening marks the communication seen. */
export async function loadSummary(request: Request) {
  const { ctx } = await requireAdhered(request, "digital");
  const url = new URL(request.url);
  const code = url.searchParams.get("code")?.trim();
  if (!code || code.length > 32) throw redirect("/digital");
  try {
    const communication = await getCommunication(ctx, code, url.searchParams.has("refresh"));
    const history = await getHistory(ctx, code);
    // A message with markup is shown as sanitised HTML, never as raw tags (decision 011).
    return json({ communication, history, message: richOrPlain(communication.message) });
  } catch (error) {
    if (error instanceof ApiError) throw redirect("/error");
    throw error;
  }
}

export function summaryAction(request: Request) {
  return communicationsAction(request, (intent) => (intent === "archive" ? "/digital" : "/digital/archive"));
}
