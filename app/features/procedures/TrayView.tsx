import type { SerializeFrom } from "@remix-run/node";
import { useLocation, useNavigation } from "@remix-run/react";
import { tabItems } from "~/features/instances/tabs";
import { ThreadList } from "~/features/thread/ThreadList";
import { procedures as t } from "~/lib/messages/procedures";
import { thread } from "~/lib/messages/thread";
import { LinkButton, OmittedNotice, Paginator, SkeletonCards, SkeletonTabs, Tabs, Toast } from "~/ui";
import type { loadTray } from "./tray.server";
import { AttachmentsModal, CancelModal, EmptyTray, HistoryModal, InstanceCard, NoResults, TrayFilters } from "./Tray";
import { listKey, trayHref } from "./url";

/** The procedures tray (/procedures): tabs with counts, filters, one page of instance cards and the open modal. */
export function TrayView({ data }: { data: SerializeFrom<typeof loadTray> }) {
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
          // Changing tab reloads the count and the first page; filters stay.
          tabs={tabItems(data.tabs, state.tab, (tab) => trayHref({ ...state, tab, page: 1, modal: null }, defaultTab))}
        />
      )}
      <TrayFilters state={state} defaultTab={defaultTab} />
      {loadingList ? null : <OmittedNotice count={data.omitted} noun="procedure" />}
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
        <HistoryModal entries={data.history} requested={data.requested} closeHref={data.closeHref} back={data.here} />
      ) : null}
      {state.modal === "adjuntos" && data.docs ? (
        <AttachmentsModal
          docs={data.docs}
          requested={data.requested}
          closeHref={data.closeHref}
          back={data.here}
          instanceId={data.state.instance ?? undefined}
          archives={data.archives}
        />
      ) : null}
      {state.modal === "cancelar" && state.instance ? (
        <CancelModal
          instanceId={state.instance}
          title={modalInstance?.title ?? null}
          closeHref={data.closeHref}
          reason={data.cancelReason}
        />
      ) : null}
    </section>
  );
}
