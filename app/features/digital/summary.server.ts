import { json, redirect } from "@remix-run/node";
import { z } from "zod/v4";
import { ApiError } from "~/api/client.server";
import { getCommunication, getHistory } from "~/api/digital.server";
import { parseForm, postedIntent } from "~/lib/form.server";
import { moduleEnabled, requireAdhered } from "~/lib/guards.server";
import { richOrPlain } from "~/lib/rich-text.server";
import { communicationsAction } from "./inbox.server";
import { isOwnAct, openedCookie, usedCookie } from "./own-act.server";
import { failedPage } from "~/lib/outage.server";
import type { RequestScope } from "~/lib/session.server";

const CODE = /^[A-Za-z0-9_.-]{1,32}$/;

/**
 * Loader of /digital/summary and /digital/archive/summary: opening marks the communication seen, so it
 * is opened only on the citizen's own act (own-act.server.ts, decision 102). Any other arrival gets
 * the envelope: the number the address carries and 'Abrir comunicación', and no call to the API
 * about the communication.
 */
export async function loadSummary({ request, context }: RequestScope) {
  const { ctx, config } = await requireAdhered({ request, context }, "digital");
  const url = new URL(request.url);
  const code = url.searchParams.get("code")?.trim();
  if (!code || code.length > 32) throw redirect("/digital");
  const act = await isOwnAct(request, code);
  if (!act.own) {
    if (!CODE.test(code)) throw redirect("/digital");
    return json({ envelope: { code }, communication: null, history: [], message: null });
  }
  try {
    const communication = await getCommunication(ctx, code, url.searchParams.has("refresh"));
    const history = await getHistory(ctx, code);
    // A message with markup is shown as sanitised HTML, never as raw tags (decision 011).
    // Links into a disabled module are not offered (issue 31): the procedure or record is named only.
    const linkable = { procedures: moduleEnabled(config, "procedures"), records: moduleEnabled(config, "records") };
    return json(
      { envelope: null, communication, history, message: richOrPlain(communication.message), linkable },
      act.fromPost ? { headers: { "Set-Cookie": await usedCookie() } } : undefined,
    );
  } catch (error) {
    if (error instanceof ApiError) throw failedPage(error);
    throw error;
  }
}

const OpenSchema = z.object({ intent: z.literal("open"), code: z.string().regex(CODE) });

export async function summaryAction({ request, context }: RequestScope) {
  if ((await postedIntent(request)) === "open") {
    await requireAdhered({ request, context }, "digital");
    const form = await parseForm(request, OpenSchema);
    if (!form.ok) throw redirect("/digital");
    // Back to the same summary (Post/Redirect/Get), which the cookie lets open.
    const url = new URL(request.url);
    url.searchParams.set("code", form.data.code);
    url.searchParams.delete("index");
    return redirect(`${url.pathname}${url.search}`, { headers: { "Set-Cookie": await openedCookie(form.data.code) } });
  }
  return communicationsAction({ request, context }, (intent) => (intent === "archive" ? "/digital" : "/digital/archive"));
}
