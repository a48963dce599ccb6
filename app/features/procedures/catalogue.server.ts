import { json } from "@remix-run/node";
import { ApiError } from "~/api/client.server";
import { getCatalogue, type CatalogueItem, type CatalogueRef } from "~/api/catalogue.server";
import { env } from "~/env.server";
import { requireAdhered } from "~/lib/guards.server";
import { procedures as t } from "~/lib/messages/procedures";
import { CATALOGUE_PAGE_SIZE, paginateList } from "~/lib/paginate";
import { redirectWithToast } from "~/lib/toast.server";
import { catalogueHref, parseCatalogueState } from "./url";
import { readListSearch } from "~/lib/sealed-search.server";
import { failedPage } from "~/lib/outage.server";
import type { RequestScope } from "~/lib/session.server";

/**
 * The items of the level asked for. A backend that answers more than the level (the whole tree, say)
 * is narrowed to the items that name the level as their parent; one whose items name no parent is
 * taken at its word.
 */
export function levelItems(items: CatalogueItem[], parentId: string | null): CatalogueItem[] {
  const own = items.filter((item) => (parentId ? item.parentId === parentId : !item.parentId));
  return own.length ? own : items;
}

/** The drilled-down level: its name when the backend gives it, and the way back up (spec sections 2 and 4). */
export type Level = { description: string | null; backHref: string; backLabel: string };

/**
 * The level `parentId` from what its children say of their parents: the chain (`parents`, ids or
 * objects or texts) or the parent itself (`parentId` as `{ id, description }`). Whatever a backend
 * leaves out, there is a way back: to the level above when it is named, else to the catalogue's root.
 */
export function levelOf(items: CatalogueItem[], parentId: string): Level {
  const chain: CatalogueRef[] = items.find((item) => item.parents.length)?.parents ?? [];
  /** a text that is its own id names nothing */
  const nameOf = (p: CatalogueRef | null) => (p?.description && p.description !== p.id ? p.description : null);
  const at = chain.findIndex((p) => p.id === parentId);
  let here: string | null = null;
  let above: CatalogueRef | null = null;
  if (at >= 0) {
    // The chain names this level: the one before it is the way back.
    here = nameOf(chain[at]!);
    above = chain[at - 1] ?? null;
  } else if (chain.every((p) => p.id === p.description)) {
    // Texts that are not this level's id are names, down to this level's: nothing to go back to but the root.
    here = chain[chain.length - 1]?.description ?? null;
  } else above = chain[chain.length - 1] ?? null; // ids or objects of the levels above this one
  return {
    description: here ?? items.find((item) => item.parentName)?.parentName ?? null,
    backHref: above?.id ? catalogueHref({ parentId: above.id }) : "/procedures/available",
    backLabel: t.ui.backTo(above ? (nameOf(above) ?? t.ui.previousLevel) : t.available.title),
  };
}

/** Loader of /procedures/available: one page of a catalogue level, or of a search across it. */
export async function loadCatalogue({ request, context }: RequestScope) {
  const { ctx } = await requireAdhered({ request, context }, "procedures");
  // The search words come sealed for this session (decision 032); the page's links carry them so.
  const search = await readListSearch({ request, context }, new URL(request.url).searchParams, "q");
  const state = { ...parseCatalogueState(search.params), sq: search.sealed };
  let items: CatalogueItem[];
  try {
    items = await getCatalogue(ctx, state.q ? { filter: state.q } : { parentId: state.parentId });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    // A failed search returns to the root with its toast; the root and a level load go to /error.
    if (state.q) throw await redirectWithToast("/procedures/available", { type: "ERROR", message: t.toasts.filterError });
    throw failedPage(error);
  }
  if (!state.q) items = levelItems(items, state.parentId);
  const paged = paginateList(items, state.page, CATALOGUE_PAGE_SIZE);
  const level = state.parentId ? levelOf(items, state.parentId) : null;
  return json({ state, items: paged.items, page: paged.page, lastPage: paged.lastPage, level, publicUrl: env.PUBLIC_PROCEDURES_URL });
}
