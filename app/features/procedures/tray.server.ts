import { json, redirect } from "@remix-run/node";
import { z } from "zod/v4";
import { ApiError, type ApiContext } from "~/api/client.server";
import { getChat } from "~/api/chat.server";
import {
  countTabs,
  discardInstance,
  getHistory,
  getReceivedDocs,
  listInstances,
  PROCEDURES_MODULE,
  redirectRecord,
  type AttachedDocument,
  type HistoryEntry,
} from "~/api/procedures.server";
import { getLinkedCommunications } from "~/api/thread.server";
import { offers } from "~/api/extensions.server";
import { env } from "~/env.server";
import { parseForm } from "~/lib/form.server";
import { moduleEnabled, requireAdhered } from "~/lib/guards.server";
import { MAX_MESSAGE_LENGTH } from "~/lib/messages/constants";
import { procedures as t } from "~/lib/messages/procedures";
import { redirectWithToast } from "~/lib/toast.server";
import { loadTabsWithPage, openInstanceList } from "~/features/instances/tabs.server";
import { parseTrayState } from "./tray-state.server";
import { DEFAULT_SORT, safeReturnTo, trayHref, withModal, withoutModal, type TrayState } from "./url";
import { keepDraftHeader, restoreDraft } from "~/features/session/drafts.server";
import { failedPage } from "~/lib/outage.server";
import type { RequestScope } from "~/lib/session.server";

const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** Where a failed list load goes (spec section 8): the toast of the filter that caused it, or /error. */
async function listFailure(error: ApiError, state: TrayState, defaultTab: string): Promise<Response> {
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
  return failedPage(error);
}

/** Loader of /procedures: the tabs with their counts, one page of the chosen tab, its communications and the open modal's data. */
export async function loadTray({ request, context }: RequestScope) {
  const { ctx, config, module, tabs, defaultTab, state } = await openInstanceList({ request, context }, "procedures", parseTrayState);

  const counted = await loadTabsWithPage(
    tabs,
    state.explicitTab,
    (codes) => countTabs(ctx, PROCEDURES_MODULE, codes),
    t.toasts.countError,
    state.tab
      ? listInstances(ctx, state.tab, {
          pageNumber: state.page,
          searchTerm: state.q || undefined,
          sort: state.sort,
          since: state.since,
          until: state.until,
        })
      : Promise.resolve({ instances: [], last_page: 1, omitted: 0 }),
  );
  if (!counted.page.ok) throw await listFailure(counted.page.error, state, defaultTab);
  const list = counted.page.value;
  // Module gating covers every link into a module (issue 31): no 'Ir al expediente' while the
  // records module is disabled, no communications while the digital one is.
  const instances = moduleEnabled(config, "records")
    ? list.instances
    : list.instances.map((i) => ({ ...i, buttons: i.buttons.filter((b) => b !== "goToRecord") }));

  // The communications about the cards of this page (decision 026), in one call (a failure hides them).
  const related =
    list.instances.length && moduleEnabled(config, "digital")
      ? await getLinkedCommunications(ctx, { instances: list.instances.map((i) => i.id) }).catch((error: unknown) => {
          if (!isApiError(error)) throw error;
          return [];
        })
      : [];

  const here = trayHref(state, defaultTab);
  const closeHref = withoutModal(here);
  let history: HistoryEntry[] | null = null;
  let docs: AttachedDocument[] | null = null;
  // Which requested document each file answered, from the conversation (issue 31); none when it fails.
  const requested = (state.modal === "historial" || state.modal === "adjuntos") && state.instance ? requestedOf(ctx, state.instance) : null;
  requested?.catch(() => undefined); // answered below, unless a modal's failure ends the page first
  if (state.modal === "historial" && state.instance) {
    try {
      history = await getHistory(ctx, state.instance);
    } catch (error) {
      if (!isApiError(error)) throw error;
      throw await redirectWithToast(closeHref, { type: "ERROR", message: error.serverMessage ?? t.toasts.historyError });
    }
  }
  // 'Descargar todo' is ours beyond the spec (decision 098): shown where the backend offers it.
  const archives = state.modal === "adjuntos" && (await offers(ctx, "archives"));
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
    instances,
    /** the cards of this page the backend sent and the portal could not read (the page says so) */
    omitted: list.omitted,
    related,
    lastPage: Math.max(1, list.last_page),
    newButton: module.newButton,
    history,
    docs,
    archives,
    requested: requested ? await requested : {},
    here,
    closeHref,
    cancelReason: state.modal === "cancelar" ? await keptReason({ request, context }, here) : null,
    notice: counted.notice,
    publicUrl: env.PUBLIC_PROCEDURES_URL,
  });
}

/**
 * The description of the requested document each file of an instance answered, by file id: from its
 * conversation's documents (spec section 3, chat document: spec.description and file.id). A form
 * procedure has no conversation, and a failure names no document: the modals still show the files.
 */
async function requestedOf(ctx: ApiContext, instanceId: string): Promise<Record<string, string>> {
  try {
    const chat = await getChat(ctx, instanceId);
    const named: Record<string, string> = {};
    for (const doc of [...chat.events.flatMap((e) => e.documents), ...chat.current.documents]) {
      if (doc.file?.id && doc.spec.description) named[doc.file.id] = doc.spec.description;
    }
    return named;
  } catch (error) {
    if (error instanceof Response || !isApiError(error)) throw error;
    return {};
  }
}

/** The cancel reason a failed 'Cancelar trámite' kept for the modal it opens again. */
async function keptReason(scope: RequestScope, page: string): Promise<string | null> {
  const message = (await restoreDraft(scope, page))?.message;
  return typeof message === "string" ? message.slice(0, MAX_MESSAGE_LENGTH) : null;
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
export async function trayAction({ request, context }: RequestScope) {
  const { ctx, config } = await requireAdhered({ request, context }, "procedures");
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
      // The modal opens again with the reason typed, JavaScript or not (issue 36).
      const again = withModal(back, "cancelar", data.instance);
      const response = await redirectWithToast(again, { type: "ERROR", message: error.serverMessage ?? t.toasts.discardError });
      const kept = data.message.trim() ? await keepDraftHeader(ctx.cuil, again, { message: data.message }) : null;
      if (kept) response.headers.append("Set-Cookie", kept);
      return response;
    }
    return redirectWithToast(back, { type: "SUCCESS", message: t.toasts.discardSuccess });
  }
  if (!moduleEnabled(config, "records")) return redirectWithToast(back, { type: "ERROR", message: t.toasts.goToRecordError });
  try {
    const recordId = await redirectRecord(ctx, data.instance);
    return redirect(`/records/manager/?file=${encodeURIComponent(recordId)}`);
  } catch (error) {
    if (!isApiError(error)) throw error;
    return redirectWithToast(back, { type: "ERROR", message: error.serverMessage ?? t.toasts.goToRecordError });
  }
}
