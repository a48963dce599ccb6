import { json } from "@remix-run/node";
import { countTabs } from "~/api/procedures.server";
import { listRecords, RECORDS_MODULE, type RecordInstance } from "~/api/records.server";
import { records as t } from "~/lib/messages/records";
import { redirectWithToast } from "~/lib/toast.server";
import { loadTabsWithPage, openInstanceList } from "~/features/instances/tabs.server";
import { DEFAULT_SORT, listHref, parseListState } from "./url";
import { failedPage } from "~/lib/outage.server";
import type { RequestScope } from "~/lib/session.server";

/** Loader of /records: the module's tabs with their counts and one page of the chosen tab. */
export async function loadRecords({ request, context }: RequestScope) {
  const { ctx, tabs, defaultTab, state } = await openInstanceList({ request, context }, "records", parseListState);

  const counted = await loadTabsWithPage(
    tabs,
    state.explicitTab,
    (codes) => countTabs(ctx, RECORDS_MODULE, codes),
    t.toasts.countError,
    state.tab
      ? listRecords(ctx, state.tab, { pageNumber: state.page, searchTerm: state.q || undefined, sort: state.sort })
      : Promise.resolve({ instances: [] as RecordInstance[], last_page: 1, omitted: 0 }),
  );
  if (!counted.page.ok) {
    const { error } = counted.page;
    if (state.page > 1 || state.q || state.sort !== DEFAULT_SORT) {
      throw await redirectWithToast(listHref({ ...state, page: 1 }, defaultTab), {
        type: "ERROR",
        message: error.serverMessage ?? t.toasts.pageError,
      });
    }
    throw failedPage(error);
  }
  const list = counted.page.value;

  return json({
    state,
    defaultTab,
    tabs: counted.tabs,
    instances: list.instances,
    /** the cards of this page the backend sent and the portal could not read (the page says so) */
    omitted: list.omitted,
    lastPage: Math.max(1, list.last_page),
    notice: counted.notice,
  });
}
