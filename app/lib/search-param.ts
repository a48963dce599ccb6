/**
 * Search words out of the address (issue 40, decision 032): a list's search is posted
 * (/resources/search) and comes back as `?sq=<sealed words>`, a token only this session opens
 * (app/lib/sealed-search.server.ts), so the browser's history of a shared terminal keeps no word
 * searched. Pure helpers for the URL builders and the forms (browser and server alike).
 */

/** The query parameter that carries a list's sealed search words. */
export const SEALED_SEARCH = "sq";

/** What a sealed search looks like (a compact JWE of the `dir` kind: its key part is empty); anything else is dropped. */
const SEALED_SHAPE = /^[\w-]{10,200}\.\.[\w-]{10,40}\.[\w-]{1,1200}\.[\w-]{10,40}$/;

/** The sealed search of a URL's query, when it has that shape (opened only by the server). */
export function sealedOf(params: URLSearchParams): string | undefined {
  const value = params.get(SEALED_SEARCH);
  return value && SEALED_SHAPE.test(value) ? value : undefined;
}

/**
 * Puts a list's search into a URL's query: the sealed words when the page has them (always, when the
 * loader read them), else the plain words under `name` (a link made without a loader's state).
 */
export function putSearch(params: URLSearchParams, name: string, words: string | null | undefined, sealed: string | undefined) {
  if (!words) return;
  if (sealed) params.set(SEALED_SEARCH, sealed);
  else params.set(name, words);
}

/** The paths whose search form posts to /resources/search, and the name their loader reads the words under. */
export const SEARCH_LISTS = {
  "/procedures": "q",
  "/procedures/available": "q",
  "/records": "q",
  "/records/manager/": "q",
  "/digital": "search",
  "/digital/archive": "search",
} as const;
export type SearchList = keyof typeof SEARCH_LISTS;

/** Where a search form posts. */
export const SEARCH_ACTION = "/resources/search";
