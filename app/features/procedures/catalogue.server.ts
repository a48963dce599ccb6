import { json } from "@remix-run/node";
import { ApiError } from "~/api/client.server";
import { getCatalogue, type CatalogueItem } from "~/api/procedures.server";
import { env } from "~/env.server";
import { requireAdhered } from "~/lib/guards.server";
import { procedures as t } from "~/lib/messages/procedures";
import { CATALOGUE_PAGE_SIZE, paginateList } from "~/lib/paginate";
import { redirectWithToast } from "~/lib/toast.server";
import { parseCatalogueState } from "./url";
import { failedPage } from "~/lib/outage.server";
import type { RequestScope } from "~/lib/session.server";

/** Loader of /procedures/available: one page of a catalogue level, or of a search across it. */
export async function loadCatalogue({ request, context }: RequestScope) {
  const { ctx } = await requireAdhered({ request, context }, "procedures");
  const state = parseCatalogueState(new URL(request.url).searchParams);
  let items: CatalogueItem[];
  try {
    items = await getCatalogue(ctx, state.q ? { filter: state.q } : { parentId: state.parentId });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    // A failed search returns to the root with its toast; the root and a level load go to /error.
    if (state.q) throw await redirectWithToast("/procedures/available", { type: "ERROR", message: t.toasts.filterError });
    throw failedPage(error);
  }
  const paged = paginateList(items, state.page, CATALOGUE_PAGE_SIZE);
  // The level's chain: the parents of its children (the level itself is the last one).
  const chain = state.parentId ? (items[0]?.parents ?? []) : [];
  return json({ state, items: paged.items, page: paged.page, lastPage: paged.lastPage, chain, publicUrl: env.PUBLIC_PROCEDURES_URL });
}
