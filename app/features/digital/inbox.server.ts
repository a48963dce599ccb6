import { json, redirect } from "@remix-run/node";
import { z } from "zod/v4";
import { ApiError } from "~/api/client.server";
import {
  archiveCommunications,
  getInbox,
  getTypes,
  recoverCommunications,
  type CommunicationType,
  type InboxQuery,
} from "~/api/digital.server";
import { parseForm } from "~/lib/form.server";
import { requireAdhered } from "~/lib/guards.server";
import { digital } from "~/lib/messages/digital";
import { redirectWithToast } from "~/lib/toast.server";
import { inboxHref, seenFilter } from "./query";
import { parseInboxState } from "./inbox-state.server";
import { readListSearch } from "~/lib/sealed-search.server";
import { failedPage } from "~/lib/outage.server";
import type { RequestScope } from "~/lib/session.server";

const T = digital.toasts;

/** Loader of /digital and /digital/archive. */
export async function loadInbox({ request, context }: RequestScope, archived: boolean) {
  const { ctx } = await requireAdhered({ request, context }, "digital");
  const url = new URL(request.url);
  // The search words come sealed for this session (decision 032); the page's links carry them so.
  const search = await readListSearch({ request, context }, url.searchParams, "search");
  const state = { ...parseInboxState(search.params), sq: search.sealed };
  const query: InboxQuery = {
    page: state.page,
    order: state.order,
    search: state.search || undefined,
    seen: seenFilter(state),
    archived,
    client: state.client || undefined,
    type: state.type,
    created_since: state.created_since || undefined,
    created_until: state.created_until || undefined,
    seen_since: state.seen_since || undefined,
    seen_until: state.seen_until || undefined,
    selected: state.selected,
  };
  try {
    const [list, types, all] = await Promise.all([
      getInbox(ctx, query),
      // The types only label a filter: without them the inbox still shows (the filter offers none).
      getTypes(ctx).catch((error: unknown): CommunicationType[] => {
        if (error instanceof Response) throw error;
        return [];
      }),
      // 'Todos (n)' on the unread tab: the same filters without the seen one.
      state.tab === "unread" ? getInbox(ctx, { ...query, seen: undefined, page: 1 }) : null,
    ]);
    if (state.page > Math.max(1, list.last_page)) throw redirect(inboxHref(url.pathname, state, { page: Math.max(1, list.last_page) }));
    return json({
      archived,
      // The view reads the state the loader read (one reading of the URL, on the server).
      state,
      list,
      types,
      counts: { all: all ? all.total : list.total, unread: list.unseen },
    });
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof ApiError && state.page > 1) {
      throw await redirectWithToast(inboxHref(url.pathname, state, { page: 1 }), {
        type: "ERROR",
        message: error.serverMessage ?? T.pageError,
      });
    }
    throw failedPage(error);
  }
}

const ActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("archive"), code: z.string().min(1).max(32) }),
  z.object({ intent: z.literal("recover"), code: z.string().min(1).max(32) }),
  z.object({ intent: z.literal("recoverMany") }),
]);

/** Action of the lists and the summary: archive / recover one, recover many; PRG with a toast. */
export async function communicationsAction({ request, context }: RequestScope, successTo?: (intent: string) => string) {
  const { ctx } = await requireAdhered({ request, context }, "digital");
  const url = new URL(request.url);
  url.searchParams.delete("index");
  const back = `${url.pathname}${url.search}`;
  const to = successTo ?? (() => back);
  const form = await parseForm(request, ActionSchema);
  if (!form.ok) return redirectWithToast(back, { type: "ERROR", message: T.archiveError });
  const data = form.data;
  if (data.intent === "archive") {
    try {
      await archiveCommunications(ctx, [data.code]);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return redirectWithToast(back, { type: "ERROR", message: error.serverMessage ?? T.archiveError });
    }
    return redirectWithToast(to("archive"), { type: "SUCCESS", message: T.archiveSuccess(data.code) });
  }
  const codes =
    data.intent === "recover"
      ? [data.code]
      : [...new Set(form.formData.getAll("code").filter((c): c is string => typeof c === "string" && c.length > 0 && c.length <= 32))];
  const many = data.intent === "recoverMany" && codes.length > 1;
  if (codes.length === 0) return redirectWithToast(back, { type: "ERROR", message: T.recoverManyError });
  try {
    await recoverCommunications(ctx, codes);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return redirectWithToast(back, { type: "ERROR", message: error.serverMessage ?? (many ? T.recoverManyError : T.recoverError) });
  }
  return redirectWithToast(to("recover"), {
    type: "SUCCESS",
    message: many ? T.recoverManySuccess : T.recoverSuccess(codes[0]),
  });
}
