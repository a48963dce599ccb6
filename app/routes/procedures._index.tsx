import { json, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { z } from "zod";
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
import {
  AttachmentsModal,
  CancelModal,
  EmptyTray,
  HistoryModal,
  InstanceCard,
  NoResults,
  TrayFilters,
} from "~/features/procedures/Tray";
import { DEFAULT_SORT, listKey, parseTrayState, safeReturnTo, trayHref, withoutModal, type TrayState } from "~/features/procedures/url";
import { env } from "~/lib/env.server";
import { parseForm } from "~/lib/form.server";
import { moduleConfig, requireAdhered } from "~/lib/guards.server";
import { furniture } from "~/lib/messages/furniture";
import { MAX_MESSAGE_LENGTH } from "~/lib/messages/constants";
import { procedures as t } from "~/lib/messages/procedures";
import { pageTitle } from "~/lib/meta";
import { redirectWithToast } from "~/lib/toast.server";
import proceduresStyles from "~/styles/procedures.css";
import downloadAllStyles from "~/styles/download-all.css";
import { LinkButton, Paginator, SkeletonCards, SkeletonTabs, Tabs, Toast } from "~/ui";
import { getLinkedCommunications } from "~/api/thread.server";
import { ThreadList } from "~/features/thread/ThreadList";
import { thread } from "~/lib/messages/thread";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: proceduresStyles },
  { rel: "stylesheet", href: downloadAllStyles },
];

export const meta: MetaFunction = () => pageTitle(furniture.routeLabels.procedures);

const isApiError = (error: unknown) => error instanceof ApiError;

/** Where a failed list load goes (spec section 8): the toast of the filter that caused it, or /error. */
async function listFailure(state: TrayState, defaultTab: string): Promise<Response> {
  if (state.q) {
    return redirectWithToast(trayHref({ ...state, q: "", page: 1, modal: null }, defaultTab), { type: "ERROR", message: t.toasts.searchError });
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

export async function loader({ request }: LoaderFunctionArgs) {
  const { ctx, config } = await requireAdhered(request, "procedures");
  const module = moduleConfig(config, "procedures");
  if (!module) throw new Response("No encontrado", { status: 404 });
  const tabs = module.tabs;
  const defaultTab = tabs[0]?.code ?? "";
  const url = new URL(request.url);
  const state = parseTrayState(url.searchParams, tabs.map((tab) => tab.code));

  const counts: Record<string, number | null> = {};
  let notice: string | null = null;
  try {
    await Promise.all(
      tabs.filter((tab) => tab.count).map(async (tab) => {
        counts[tab.code] = await countInstances(ctx, tab.code);
      }),
    );
  } catch (error) {
    if (!isApiError(error)) throw error;
    // The first load goes to /error; a tab change keeps the page with the count's toast.
    if (!state.explicitTab) throw redirect("/error");
    notice = t.toasts.countError;
    for (const tab of tabs) counts[tab.code] = null;
  }

  let list: Awaited<ReturnType<typeof listInstances>> = { instances: [], last_page: 1 };
  if (state.tab) {
    try {
      list = await listInstances(ctx, state.tab, {
        pageNumber: state.page,
        searchTerm: state.q || undefined,
        sort: state.sort,
        since: state.since,
        until: state.until,
      });
    } catch (error) {
      if (!isApiError(error)) throw error;
      throw await listFailure(state, defaultTab);
    }
  }

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
      throw await redirectWithToast(closeHref, { type: "ERROR", message: (error as ApiError).serverMessage ?? t.toasts.historyError });
    }
  }
  if (state.modal === "adjuntos" && state.instance) {
    try {
      docs = await getReceivedDocs(ctx, state.instance);
    } catch (error) {
      if (!isApiError(error)) throw error;
      throw await redirectWithToast(closeHref, { type: "ERROR", message: (error as ApiError).serverMessage ?? t.toasts.documentsError });
    }
  }

  return json({
    state,
    defaultTab,
    tabs: tabs.map((tab) => ({ code: tab.code, description: tab.description, color: tab.color ?? undefined, count: tab.count ? counts[tab.code] ?? null : null })),
    instances: list.instances,
    related,
    lastPage: Math.max(1, list.last_page),
    newButton: module.newButton,
    history,
    docs,
    here,
    closeHref,
    notice: notice ? { id: `count-${Date.now()}`, type: "ERROR" as const, message: notice } : null,
    publicUrl: env.PUBLIC_PROCEDURES_URL,
  });
}

/** Built on demand, inside the action only, so zod stays out of the browser bundle. */
const actionSchema = () =>
  z.discriminatedUnion("intent", [
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

export async function action({ request }: ActionFunctionArgs) {
  const { ctx } = await requireAdhered(request, "procedures");
  const form = await parseForm(request, actionSchema());
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
      return redirectWithToast(back, { type: "ERROR", message: (error as ApiError).serverMessage ?? t.toasts.discardError });
    }
    return redirectWithToast(back, { type: "SUCCESS", message: t.toasts.discardSuccess });
  }
  try {
    const recordId = await redirectRecord(ctx, data.instance);
    return redirect(`/records/manager/?file=${encodeURIComponent(recordId)}`);
  } catch (error) {
    if (!isApiError(error)) throw error;
    return redirectWithToast(back, { type: "ERROR", message: (error as ApiError).serverMessage ?? t.toasts.goToRecordError });
  }
}

export default function ProceduresTray() {
  const data = useLoaderData<typeof loader>();
  const { state, defaultTab } = data;
  const navigation = useNavigation();
  const location = useLocation();
  const loadingList =
    navigation.state === "loading" &&
    navigation.location.pathname.replace(/\/$/, "") === "/procedures" &&
    listKey(navigation.location.search) !== listKey(location.search);
  const filtered = Boolean(state.q || state.since || state.until);
  const modalInstance = state.instance ? data.instances.find((i) => i.id === state.instance) : undefined;

  return (
    <section aria-labelledby="page-title" className="proc-tray">
      <div className="page-head">
        <h1 id="page-title" className="page-title">
          {t.title}
        </h1>
        <LinkButton to="/procedures/available">{t.newProcedure}</LinkButton>
      </div>
      {data.notice ? <Toast toast={data.notice} /> : null}
      {loadingList ? (
        <SkeletonTabs count={4} />
      ) : (
        <Tabs
          label={t.tabsLabel}
          tabs={data.tabs.map((tab) => ({
            key: tab.code,
            label: tab.description,
            count: tab.count,
            color: tab.color,
            active: tab.code === state.tab,
            // Changing tab reloads the count and the first page; filters stay.
            href: trayHref({ ...state, tab: tab.code, page: 1, modal: null }, defaultTab),
          }))}
        />
      )}
      <TrayFilters state={state} defaultTab={defaultTab} />
      {loadingList ? (
        <SkeletonCards count={6} />
      ) : data.instances.length === 0 ? (
        filtered ? (
          <NoResults publicUrl={data.publicUrl} />
        ) : (
          <EmptyTray />
        )
      ) : (
        <>
          <ul className="card-grid proc-cards" aria-label={t.ui.cardsLabel}>
            {data.instances.map((instance) => (
              <InstanceCard
                key={instance.id}
                instance={instance}
                state={state}
                defaultTab={defaultTab}
                related={
                  <ThreadList
                    communications={data.related.filter((c) => c.instance_id === instance.id)}
                    title={thread.listTitle}
                    level={3}
                    id={`instance-${instance.id}-thread`}
                    max={3}
                    className="proc-card__thread"
                    landmark={false}
                  />
                }
              />
            ))}
          </ul>
          <Paginator
            page={state.page}
            lastPage={data.lastPage}
            label={t.ui.paginatorLabel}
            hrefFor={(page) => trayHref({ ...state, page, modal: null }, defaultTab)}
          />
        </>
      )}
      {state.modal === "historial" && data.history ? (
        <HistoryModal entries={data.history} closeHref={data.closeHref} back={data.here} />
      ) : null}
      {state.modal === "adjuntos" && data.docs ? <AttachmentsModal docs={data.docs} closeHref={data.closeHref} back={data.here} instanceId={data.state.instance ?? undefined} /> : null}
      {state.modal === "cancelar" && state.instance ? (
        <CancelModal instanceId={state.instance} title={modalInstance?.title ?? null} closeHref={data.closeHref} />
      ) : null}
    </section>
  );
}
