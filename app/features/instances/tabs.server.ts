import { failedPage } from "~/lib/outage.server";
import { moduleConfig, requireAdhered } from "~/lib/guards.server";
import { readListSearch } from "~/lib/sealed-search.server";
import type { RequestScope } from "~/lib/session.server";
import { ApiError } from "~/api/client.server";
import type { TabConfig } from "~/api/schemas";
import type { TabView } from "./tabs";

/**
 * The counts of a list's tabs (procedures tray and records list), asked together (`count`: the counted
 * tabs' codes → their counts, in one call or one a tab, app/api/procedures.server.ts `countTabs`). When
 * that fails, the first load goes to /error (spec section 8); a tab the citizen chose keeps the page,
 * without counts and with the toast `countError`.
 */
async function loadTabCounts(
  tabs: readonly TabConfig[],
  explicitTab: boolean,
  count: (tabs: string[]) => Promise<ReadonlyMap<string, number | null>>,
  countError: string,
) {
  let counts: ReadonlyMap<string, number | null> = new Map();
  let notice: string | null = null;
  try {
    counts = await count(tabs.filter((tab) => tab.count).map((tab) => tab.code));
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (!explicitTab) throw failedPage(error);
    notice = countError;
  }
  return {
    tabs: tabs.map((tab): TabView => ({
      code: tab.code,
      description: tab.description,
      color: tab.color ?? undefined,
      count: tab.count ? (counts.get(tab.code) ?? null) : null,
    })),
    notice: notice ? { id: `count-${Date.now()}`, type: "ERROR" as const, message: notice } : null,
  };
}

/**
 * The tab counts and the chosen tab's page, asked in one round (decision 047): `page` is already on
 * its way, and its outcome is looked at once the counts are in, so a count failure still decides
 * first, as when the page was asked after the counts. The page's failure comes back when it is the
 * API's (the loader decides where it goes); anything else is thrown.
 */
export async function loadTabsWithPage<P>(
  tabs: readonly TabConfig[],
  explicitTab: boolean,
  count: (tabs: string[]) => Promise<ReadonlyMap<string, number | null>>,
  countError: string,
  page: Promise<P>,
) {
  page.catch(() => undefined); // looked at below, after the counts
  const counted = await loadTabCounts(tabs, explicitTab, count, countError);
  try {
    return { ...counted, page: { ok: true as const, value: await page } };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { ...counted, page: { ok: false as const, error } };
  }
}

/**
 * How a list of instances starts (the procedures tray, the records list): the adhered citizen, the
 * module's configuration and tabs (404 when the module has none), and the list's state as `parse`
 * reads it from the address, with the search words opened from their seal (decision 032): `sq`, the
 * sealed words the page's links carry.
 */
export async function openInstanceList<S>(
  scope: RequestScope,
  name: "procedures" | "records",
  parse: (params: URLSearchParams, tabs: string[]) => S,
) {
  const { ctx, config } = await requireAdhered(scope, name);
  const module = moduleConfig(config, name);
  if (!module) throw new Response("No encontrado", { status: 404 });
  const search = await readListSearch(scope, new URL(scope.request.url).searchParams, "q");
  const state = {
    ...parse(
      search.params,
      module.tabs.map((tab) => tab.code),
    ),
    sq: search.sealed,
  };
  return { ctx, config, module, tabs: module.tabs, defaultTab: module.tabs[0]?.code ?? "", state };
}
