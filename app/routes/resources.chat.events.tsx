import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { ApiError, requireApiContext } from "~/api/client.server";
import { pollChat } from "~/features/chat/chat.server";
import { errorPage, resource, upstreamStatus } from "~/lib/resource.server";

/**
 * The conversation as JSON for the chat's live updates (polled with a fetcher). Being a
 * resource route, polling does not run the root loader, so an open chat does not keep an
 * idle session alive.
 */
async function loaderHandler({ request }: LoaderFunctionArgs) {
  const ctx = await requireApiContext(request);
  const url = new URL(request.url);
  const instance = url.searchParams.get("instance") ?? "";
  if (!/^[A-Za-z0-9-]{1,64}$/.test(instance)) throw new Response("No encontrado", { status: 404 });
  try {
    const chat = await pollChat(ctx, instance, url.searchParams.get("preview") === "1");
    return json(chat, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    if (error instanceof ApiError) throw errorPage(upstreamStatus(error));
    throw error;
  }
}

export const loader = resource(loaderHandler);
