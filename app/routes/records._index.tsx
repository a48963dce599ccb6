import { json, redirect, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { ApiError } from "~/api/client.server";
import { countRecords, listRecords, type RecordInstance } from "~/api/records.server";
import { SortSelect } from "~/features/instances/sort";
import { DEFAULT_SORT, listHref, parseListState, type ListState } from "~/features/records/url";
import { formatDate } from "~/lib/dates";
import { moduleConfig, requireAdhered } from "~/lib/guards.server";
import { common } from "~/lib/messages/common";
import { furniture } from "~/lib/messages/furniture";
import { records as t } from "~/lib/messages/records";
import { pageTitle } from "~/lib/meta";
import { redirectWithToast } from "~/lib/toast.server";
import recordsStyles from "~/styles/records.css";
import { Badge, EmptyState, LinkButton, Paginator, SkeletonCards, SkeletonTabs, Tabs, Toast, useDebouncedSubmit } from "~/ui";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: recordsStyles }];

export const meta: MetaFunction = () => pageTitle(furniture.routeLabels.records);

const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

export async function loader({ request }: LoaderFunctionArgs) {
  const { ctx, config } = await requireAdhered(request, "records");
  const module = moduleConfig(config, "records");
  if (!module) throw new Response("No encontrado", { status: 404 });
  const tabs = module.tabs;
  const defaultTab = tabs[0]?.code ?? "";
  const state = parseListState(new URL(request.url).searchParams, tabs.map((tab) => tab.code));

  const counts: Record<string, number | null> = {};
  let notice: string | null = null;
  try {
    await Promise.all(
      tabs
        .filter((tab) => tab.count)
        .map(async (tab) => {
          counts[tab.code] = await countRecords(ctx, tab.code);
        }),
    );
  } catch (error) {
    if (!isApiError(error)) throw error;
    // The initial load goes to /error (spec section 8); a tab change keeps the page with a toast.
    if (!state.explicitTab) throw redirect("/error");
    notice = t.toasts.countError;
    for (const tab of tabs) counts[tab.code] = null;
  }

  let list: { instances: RecordInstance[]; last_page: number } = { instances: [], last_page: 1 };
  if (state.tab) {
    try {
      list = await listRecords(ctx, state.tab, { pageNumber: state.page, searchTerm: state.q || undefined, sort: state.sort });
    } catch (error) {
      if (!isApiError(error)) throw error;
      if (state.page > 1 || state.q || state.sort !== DEFAULT_SORT) {
        throw await redirectWithToast(listHref({ ...state, page: 1 }, defaultTab), {
          type: "ERROR",
          message: error.serverMessage ?? t.toasts.pageError,
        });
      }
      throw redirect("/error");
    }
  }

  return json({
    state,
    defaultTab,
    tabs: tabs.map((tab) => ({
      code: tab.code,
      description: tab.description,
      color: tab.color ?? undefined,
      count: tab.count ? counts[tab.code] ?? null : null,
    })),
    instances: list.instances,
    lastPage: Math.max(1, list.last_page),
    notice: notice ? { id: `count-${Date.now()}`, type: "ERROR" as const, message: notice } : null,
  });
}

function Filters({ state, defaultTab }: { state: ListState; defaultTab: string }) {
  const onSearch = useDebouncedSubmit();
  const onChangeNow = useDebouncedSubmit(0);
  return (
    <Form method="get" action="/records" className="toolbar rec-filters" role="search" aria-label={t.searchLabel}>
      {state.tab !== defaultTab ? <input type="hidden" name="tab" value={state.tab} /> : null}
      <div className="field rec-filters__search">
        <label className="field__label" htmlFor="rec-q">
          {t.searchLabel}
        </label>
        <input id="rec-q" className="field__input" type="search" name="q" defaultValue={state.q} maxLength={200} onChange={onSearch} />
      </div>
      <div className="field">
        <SortSelect id="rec-sort" value={state.sort} onChange={onChangeNow} />
      </div>
      <button type="submit" className="btn btn--secondary no-js-only">
        {common.actions.search}
      </button>
    </Form>
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

export default function RecordsIndex() {
  const data = useLoaderData<typeof loader>();
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
          tabs={data.tabs.map((tab) => ({
            key: tab.code,
            label: tab.description,
            count: tab.count,
            color: tab.color,
            active: tab.code === state.tab,
            // Changing tab reloads the count and the first page (spec section 4).
            href: listHref({ ...state, tab: tab.code, page: 1 }, defaultTab),
          }))}
        />
      )}
      <Filters key={location.search} state={state} defaultTab={defaultTab} />
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
