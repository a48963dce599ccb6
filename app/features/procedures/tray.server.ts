import { json, redirect } from "@remix-run/node";
import { z } from "zod/v4";
import { ApiError } from "~/api/client.server";
import {
  countInstances,
  discardInstance,
  getHistory,
  getReceivedDocs,
  listInstances,
  redirectRecord,
  type AttachedDocument,
  type HistoryEntry,
} from "~/api/procedures.server";
import { getLinkedCommunications } from "~/api/thread.server";
import { env } from "~/lib/env.server";
import { parseForm } from "~/lib/form.server";
import { moduleConfig, requireAdhered } from "~/lib/guards.server";
import { MAX_MESSAGE_LENGTH } from "~/lib/messages/constants";
import { procedures as t } from "~/lib/messages/procedures";
import { redirectWithToast } from "~/lib/toast.server";
import { loadTabsWithPage } from "~/features/instances/tabs.server";
import { DEFAULT_SORT, parseTrayState, safeReturnTo, trayHref, withoutModal, type TrayState } from "./url";

const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** Where a failed list load goes (spec section 8): the toast of the filter that caused it, or /error. */
async function listFailure(state: TrayState, defaultTab: string): Promise<Response> {
  if (state.q) {
    return redirectWithToast(trayHref({ ...state, q: "", page: 1, modal: null }, defaultTab), {
      type: "ERROR",
      message: t.toasts.searchError,
    });
  }
  if (state.sort !== DEFAULT_SORT || state.since || state.until) {
    return redirectWithToast(trayHref({ ...state, sort: DEFAULT_SORT, since: null, until: null, page: 1, modal: null }, defaultTab), {
      type: "ERROR",
      message: t.toasts.sortError,
    });
  }
  if (state.page > 1) {
    return redirectWithToast(trayHref({ ...state, page: 1, modal: null }, defaultTab), { type: "ERROR", message: t.toasts.pageError });
  }
  return redirect("/error");
}

/** Loader of /procedures: the tabs with their counts, one page of the chosen tab, its communications and the open modal's data. */
export async function loadTray(request: Request) {
  const { ctx, config } = await requireAdhered(request, "procedures");
  const module = moduleConfig(config, "procedures");
  if (!module) throw new Response("No encontrado", { status: 404 });
  const tabs = module.tabs;
  const defaultTab = tabs[0]?.code ?? "";
  const url = new URL(request.url);
  const state = parseTrayState(
    url.searchParams,
    tabs.map((tab) => tab.code),
  );

  const counted = await loadTabsWithPage(
    tabs,
    state.explicitTab,
    (tab) => countInstances(ctx, tab),
    t.toasts.countError,
    state.tab
      ? listInstances(ctx, state.tab, {
          pageNumber: state.page,
          searchTerm: state.q || undefined,
          sort: state.sort,
          since: state.since,
          until: state.until,
        })
      : Promise.resolve({ instances: [], last_page: 1 }),
  );
  if (!counted.page.ok) throw await listFailure(state, defaultTab);
  const list = counted.page.value;

  // The communications about the cards of this page (decision 026), in one call (a failure hides them).
  const related = list.instances.length
    ? await getLinkedCommunications(ctx, { instances: list.instances.map((i) => i.id) }).catch((error: unknown) => {
        if (!isApiError(error)) throw error;
        return [];
      })
    : [];

  const here = trayHref(state, defaultTab);
  const closeHref = withoutModal(here);
  let history: HistoryEntry[] | null = null;
  let docs: AttachedDocument[] | null = null;
  if (state.modal === "historial" && state.instance) {
    try {
      history = await getHistory(ctx, state.instance);
    } catch (error) {
      if (!isApiError(error)) throw error;
      throw await redirectWithToast(closeHref, { type: "ERROR", message: error.serverMessage ?? t.toasts.historyError });
    }
  }
  if (state.modal === "adjuntos" && state.instance) {
    try {
      docs = await getReceivedDocs(ctx, state.instance);
    } catch (error) {
      if (!isApiError(error)) throw error;
      throw await redirectWithToast(closeHref, { type: "ERROR", message: error.serverMessage ?? t.toasts.documentsError });
    }
  }

  return json({
    state,
    defaultTab,
    tabs: counted.tabs,
    instances: list.instances,
    related,
    lastPage: Math.max(1, list.last_page),
    newButton: module.newButton,
    history,
    docs,
    here,
    closeHref,
    notice: counted.notice,
    publicUrl: env.PUBLIC_PROCEDURES_URL,
  });
}

const actionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("discard"),
    instance: z.string().regex(/^[A-Za-z0-9-]{1,64}$/),
    message: z.string().max(MAX_MESSAGE_LENGTH).optional().default(""),
    returnTo: z.string().optional(),
  }),
  z.object({
    intent: z.literal("goToRecord"),
    instance: z.string().regex(/^[A-Za-z0-9-]{1,64}$/),
    returnTo: z.string().optional(),
  }),
]);

/** Action of /procedures: discard an instance, or go to the record it became. */
export async function trayAction(request: Request) {
  const { ctx } = await requireAdhered(request, "procedures");
  const form = await parseForm(request, actionSchema);
  const back = withoutModal(safeReturnTo(form.ok ? form.data.returnTo : form.values.returnTo, "/procedures", "/procedures"));
  if (!form.ok) {
    const message = form.values.intent === "goToRecord" ? t.toasts.goToRecordError : t.toasts.discardError;
    return redirectWithToast(back, { type: "ERROR", message });
  }
  const { data } = form;
  if (data.intent === "discard") {
    try {
      await discardInstance(ctx, data.instance, data.message.trim());
    } catch (error) {
      if (!isApiError(error)) throw error;
      return redirectWithToast(back, { type: "ERROR", message: error.serverMessage ?? t.toasts.discardError });
    }
    return redirectWithToast(back, { type: "SUCCESS", message: t.toasts.discardSuccess });
  }
  try {
    const recordId = await redirectRecord(ctx, data.instance);
    return redirect(`/records/manager/?file=${encodeURIComponent(recordId)}`);
  } catch (error) {
    if (!isApiError(error)) throw error;
    return redirectWithToast(back, { type: "ERROR", message: error.serverMessage ?? t.toasts.goToRecordError });
  }
}
