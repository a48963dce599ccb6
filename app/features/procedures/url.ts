/**
 * The tray's and the catalogue's view state, all in the URL (pure helpers, used by loaders and
 * components alike; the tray's reading is in ./tray-state.server).
 */
import { safeReturnPath } from "~/lib/redirect";
import { DEFAULT_SORT, parseSort, type SortValue } from "~/features/instances/sort";
import { clampPage } from "~/lib/paginate";
import type { InvalidDay } from "~/features/instances/day-range";
import { putSearch, sealedOf } from "~/lib/search-param";

export { DEFAULT_SORT, parseSort };
export const MODALS = ["historial", "adjuntos", "cancelar"] as const;
export type TrayModal = (typeof MODALS)[number];

export type TrayState = {
  tab: string;
  /** the tab came from the URL (a tab change), not the default */
  explicitTab: boolean;
  q: string;
  /** the search words sealed for this session, which the page's links carry instead of `q` (decision 032) */
  sq?: string;
  since: string | null;
  until: string | null;
  /** A day typed that is not applied (said next to its box; the list is not filtered by it). */
  invalidSince?: InvalidDay;
  invalidUntil?: InvalidDay;
  sort: SortValue;
  page: number;
  modal: TrayModal | null;
  instance: string | null;
};

/** The tray URL for a state; defaults are left out so URLs stay short. */
export function trayHref(state: Partial<TrayState>, defaultTab?: string): string {
  const params = new URLSearchParams();
  if (state.tab && state.tab !== defaultTab) params.set("tab", state.tab);
  putSearch(params, "q", state.q, state.sq);
  if (state.since) params.set("since", state.since);
  if (state.until) params.set("until", state.until);
  if (state.sort && state.sort !== DEFAULT_SORT) params.set("sort", state.sort);
  if (state.page && state.page > 1) params.set("page", String(state.page));
  if (state.modal && state.instance) {
    params.set("modal", state.modal);
    params.set("instance", state.instance);
  }
  const query = params.toString();
  return query ? `/procedures?${query}` : "/procedures";
}

/** The list part of a query string (modal parameters left out): skeletons only when it changes. */
export function listKey(search: string): string {
  const params = new URLSearchParams(search);
  params.delete("modal");
  params.delete("instance");
  params.sort();
  return params.toString();
}

/** A same-origin path under `prefix`, or `fallback`. */
export function safeReturnTo(value: unknown, prefix: string, fallback: string): string {
  const path = safeReturnPath(value, "http://portal.invalid");
  if (!path) return fallback;
  const under = path === prefix || path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}?`);
  return under ? path : fallback;
}

/** A tray URL with `modal` open for `instance` (the parameters last, as trayHref writes them). */
export function withModal(href: string, modal: TrayModal, instance: string): string {
  const url = new URL(withoutModal(href), "http://x");
  url.searchParams.set("modal", modal);
  url.searchParams.set("instance", instance);
  return `${url.pathname}?${url.searchParams.toString()}`;
}

/** Drops the modal parameters of a tray URL. */
export function withoutModal(href: string): string {
  const url = new URL(href, "http://x");
  url.searchParams.delete("modal");
  url.searchParams.delete("instance");
  const query = url.searchParams.toString();
  return `${url.pathname}${query ? `?${query}` : ""}`;
}

export type CatalogueState = { parentId: string | null; q: string; sq?: string; page: number; filter: string | null };

export function parseCatalogueState(params: URLSearchParams): CatalogueState {
  const q = (params.get("q") ?? "").trim().slice(0, 200);
  const parentId = params.get("parentId");
  return {
    q,
    // A category's id as the backend wrote it: a number or a code (not only digits, decision 098).
    parentId: !q && parentId && /^[\p{L}\p{N}_.:-]{1,64}$/u.test(parentId) ? parentId : null,
    ...(sealedOf(params) ? { sq: sealedOf(params) } : {}),
    page: clampPage(params.get("page")),
    filter: null,
  };
}

export function catalogueHref(state: { parentId?: string | null; q?: string; sq?: string; page?: number }): string {
  const params = new URLSearchParams();
  if (state.q) putSearch(params, "q", state.q, state.sq);
  else if (state.parentId) params.set("parentId", state.parentId);
  if (state.page && state.page > 1) params.set("page", String(state.page));
  const query = params.toString();
  return query ? `/procedures/available?${query}` : "/procedures/available";
}

/**
 * A procedure's requirements screen. A form procedure's carries its type (`&type=form`, from the
 * catalogue item's `type`): 'Iniciar trámite' then opens its form (spec section 2,
 * `/procedures/form/?procedure=`), not a conversation.
 */
export function requirementsHref(procedure: string, type?: string | null): string {
  return `/procedures/available/requirements/?procedure=${encodeURIComponent(procedure)}${type === "form" ? "&type=form" : ""}`;
}
