/**
 * View state of the records screens, all in the URL (pure helpers for loaders and components).
 *
 * /records?tab&q&sort&page
 * /records/manager/?file={id}&q&ipage&spage&ppage&modal=preview|details|upload|delete|send
 *   &set=incorporated|sent|pending&doc={id}&page={n}&zoom={z}&vista=texto&sel={specId}…
 */
import { DEFAULT_SORT, parseSort, type SortValue } from "~/features/instances/sort";
import { clampPage } from "~/lib/paginate";
import { putSearch, sealedOf } from "~/lib/search-param";

export { DEFAULT_SORT, parseSort };

const ID = /^[A-Za-z0-9_-]{1,64}$/;
export const isId = (value: string | null | undefined): value is string => !!value && ID.test(value);

/** `sq`: the search words sealed for this session, which the page's links carry instead of `q` (decision 032). */
export type ListState = { tab: string; explicitTab: boolean; q: string; sq?: string; sort: SortValue; page: number };

export function parseListState(params: URLSearchParams, tabCodes: readonly string[]): ListState {
  const rawTab = params.get("tab");
  const valid = Boolean(rawTab && tabCodes.includes(rawTab));
  return {
    tab: valid ? rawTab! : (tabCodes[0] ?? ""),
    explicitTab: valid,
    q: (params.get("q") ?? "").trim().slice(0, 200),
    ...(sealedOf(params) ? { sq: sealedOf(params) } : {}),
    sort: parseSort(params.get("sort")),
    page: clampPage(params.get("page")),
  };
}

export function listHref(state: Partial<ListState>, defaultTab?: string): string {
  const params = new URLSearchParams();
  if (state.tab && state.tab !== defaultTab) params.set("tab", state.tab);
  putSearch(params, "q", state.q, state.sq);
  if (state.sort && state.sort !== DEFAULT_SORT) params.set("sort", state.sort);
  if (state.page && state.page > 1) params.set("page", String(state.page));
  const query = params.toString();
  return query ? `/records?${query}` : "/records";
}

export const MODALS = ["preview", "details", "upload", "delete", "send"] as const;
export type ManagerModal = (typeof MODALS)[number];
export const DOC_SETS = ["incorporated", "sent", "pending"] as const;
export type DocSet = (typeof DOC_SETS)[number];

export const ZOOM_MIN = 1;
export const ZOOM_MAX = 4;
export const ZOOM_STEP = 0.5;
/** Zoom bounded to 1…4 in steps of 0.5 (spec sections 4 and 9). */
export function clampZoom(value: unknown): number {
  const n = typeof value === "number" ? value : Number.parseFloat(String(value ?? ""));
  if (!Number.isFinite(n)) return ZOOM_MIN;
  const stepped = Math.round(n / ZOOM_STEP) * ZOOM_STEP;
  return Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, stepped));
}

/** A page number within 1…count, or null when the input is not such an integer. */
export function validPage(value: unknown, count: number): number | null {
  const text = String(value ?? "").trim();
  if (!/^\d+$/.test(text)) return null;
  const n = Number(text);
  return n >= 1 && n <= count ? n : null;
}

export type ManagerState = {
  file: string;
  q: string;
  /** the search words sealed for this session (decision 032) */
  sq?: string;
  ipage: number;
  spage: number;
  ppage: number;
  modal: ManagerModal | null;
  set: DocSet;
  doc: string | null;
  page: number;
  zoom: number;
  /** the preview shows the page's text instead of the page ('Ver como texto') */
  vista: "texto" | null;
  sel: string[];
};

export function parseManagerState(params: URLSearchParams): ManagerState | null {
  const file = params.get("file");
  if (!isId(file)) return null;
  const modal = params.get("modal");
  const set = params.get("set");
  const doc = params.get("doc");
  return {
    file,
    q: (params.get("q") ?? "").trim().slice(0, 200),
    ...(sealedOf(params) ? { sq: sealedOf(params) } : {}),
    ipage: clampPage(params.get("ipage")),
    spage: clampPage(params.get("spage")),
    ppage: clampPage(params.get("ppage")),
    modal: modal && (MODALS as readonly string[]).includes(modal) ? (modal as ManagerModal) : null,
    set: set && (DOC_SETS as readonly string[]).includes(set) ? (set as DocSet) : "incorporated",
    doc: isId(doc) ? doc : null,
    page: clampPage(params.get("page")),
    zoom: clampZoom(params.get("zoom")),
    vista: params.get("vista") === "texto" ? "texto" : null,
    sel: [...new Set(params.getAll("sel").filter(isId))].slice(0, 200),
  };
}

/** The manager URL for a state; defaults are left out. Modal parameters only with a modal. */
export function managerHref(state: Partial<ManagerState> & { file: string }): string {
  const params = new URLSearchParams();
  params.set("file", state.file);
  putSearch(params, "q", state.q, state.sq);
  if (state.ipage && state.ipage > 1) params.set("ipage", String(state.ipage));
  if (state.spage && state.spage > 1) params.set("spage", String(state.spage));
  if (state.ppage && state.ppage > 1) params.set("ppage", String(state.ppage));
  if (state.modal) {
    params.set("modal", state.modal);
    if (state.set && (state.modal === "preview" || state.modal === "details") && state.set !== "incorporated") params.set("set", state.set);
    if (state.doc && state.modal !== "upload" && state.modal !== "send") params.set("doc", state.doc);
    if (state.modal === "preview") {
      if (state.page && state.page > 1) params.set("page", String(state.page));
      if (state.zoom && state.zoom !== 1) params.set("zoom", String(state.zoom));
      if (state.vista === "texto") params.set("vista", "texto");
    }
  }
  if (state.sel?.length && (state.modal === "send" || !state.modal)) for (const s of state.sel) params.append("sel", s);
  return `/records/manager/?${params.toString()}`;
}

/** The same screen without any modal. */
export function withoutModal(state: ManagerState): string {
  return managerHref({ ...state, modal: null, doc: null, sel: [] });
}

/** Keys whose change is a pure client-side view change (the preview's zoom). Paging and searching the lists ask the loader (issue 30). */
export const LOCAL_KEYS = new Set(["zoom"]);
