import type { SerializeFrom } from "@remix-run/node";
import { useLocation, useNavigation } from "@remix-run/react";
import { tabItems } from "~/features/instances/tabs";
import type { RecordInstance } from "~/api/records.server";
import { InstanceFilters } from "~/features/instances/Filters";
import { formatDate } from "~/lib/dates";
import { common } from "~/lib/messages/common";
import { records as t } from "~/lib/messages/records";
import { Badge, EmptyState, LinkButton, OmittedNotice, Paginator, SkeletonCards, SkeletonTabs, Tabs, Toast } from "~/ui";
import type { loadRecords } from "./list.server";
import { listHref, type ListState } from "./url";

function Filters({ state, defaultTab }: { state: ListState; defaultTab: string }) {
  return (
    <InstanceFilters to="/records" prefix="rec" label={t.searchLabel} searchLabel={t.searchLabel} state={state} defaultTab={defaultTab} />
  );
}

function RecordCard({ record }: { record: RecordInstance }) {
  const titleId = `record-${record.id}-title`;
  return (
    <li className="card rec-card" aria-labelledby={titleId}>
      <div className="rec-card__head">
        <h2 className="card__title rec-card__title" id={titleId}>
          {record.title || record.code}
        </h2>
        {record.currentState ? <Badge color={record.currentState.color}>{record.currentState.text}</Badge> : null}
      </div>
      <dl className="rec-card__data">
        {record.payloadDescriptions.map((p, i) => (
          <div key={`${p.code ?? i}`}>
            <dt>{p.label}</dt>
            <dd>{p.value}</dd>
          </div>
        ))}
        {record.association_type && record.association_type in t.associationTypes ? (
          <div>
            <dt>{t.ui.association}</dt>
            <dd>{t.associationTypes[record.association_type as keyof typeof t.associationTypes]}</dd>
          </div>
        ) : null}
        <div>
          <dt>{common.sort.createdAt}</dt>
          <dd>{formatDate(record.createdAt)}</dd>
        </div>
        <div>
          <dt>{common.sort.arrivedOn}</dt>
          <dd>{formatDate(record.arrivedOn)}</dd>
        </div>
      </dl>
      <div className="rec-card__actions">
        <LinkButton to={`/records/manager/?file=${encodeURIComponent(record.id)}`} aria-describedby={titleId}>
          {t.enter}
        </LinkButton>
      </div>
    </li>
  );
}

/** The records list (/records): tabs with counts, search and sort, one page of record cards. */
export function RecordsListView({ data }: { data: SerializeFrom<typeof loadRecords> }) {
  const { state, defaultTab } = data;
  const navigation = useNavigation();
  const location = useLocation();
  const loadingList =
    navigation.state === "loading" &&
    navigation.location.pathname.replace(/\/$/, "") === "/records" &&
    navigation.location.search !== location.search;

  return (
    <section aria-labelledby="page-title" className="rec-tray">
      <div className="page-head">
        <h1 id="page-title" className="page-title">
          {t.title}
        </h1>
      </div>
      {data.notice ? <Toast toast={data.notice} /> : null}
      {loadingList ? (
        <SkeletonTabs count={2} />
      ) : (
        <Tabs
          label={t.tabsLabel}
          // Changing tab reloads the count and the first page (spec section 4).
          tabs={tabItems(data.tabs, state.tab, (tab) => listHref({ ...state, tab, page: 1 }, defaultTab))}
        />
      )}
      <Filters key={location.search} state={state} defaultTab={defaultTab} />
      {loadingList ? null : <OmittedNotice count={data.omitted} noun="record" />}
      {loadingList ? (
        <SkeletonCards count={6} />
      ) : data.instances.length === 0 ? (
        <EmptyState title={state.q ? t.ui.noResults : t.emptyTray} />
      ) : (
        <>
          <ul className="card-grid rec-cards" aria-label={t.ui.listLabel}>
            {data.instances.map((record) => (
              <RecordCard key={record.id} record={record} />
            ))}
          </ul>
          <Paginator
            page={state.page}
            lastPage={data.lastPage}
            label={t.ui.paginatorLabel}
            hrefFor={(page) => listHref({ ...state, page }, defaultTab)}
          />
        </>
      )}
    </section>
  );
}
