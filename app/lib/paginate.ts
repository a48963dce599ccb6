/**
 * Paging helpers (spec section 9): "Paginator window of 4 pages around the current one, first and
 * last always shown".
 *
 * The window is 4 consecutive pages containing the current one: one page before it and two after
 * (current-1 … current+2), slid back inside 1…last at the ends. Page 1 and the last page are always
 * added. A gap between them becomes an 'ellipsis' marker, except when the gap is a single page: then
 * that page is shown instead (an ellipsis that hides exactly one page only costs a click).
 *
 *   pageWindow(1, 10)  → [1, 2, 3, 4, 'ellipsis', 10]
 *   pageWindow(5, 10)  → [1, 'ellipsis', 4, 5, 6, 7, 'ellipsis', 10]
 *   pageWindow(6, 10)  → [1, 'ellipsis', 5, 6, 7, 8, 9, 10]   (9 alone is shown, not hidden)
 *   pageWindow(10, 10) → [1, 'ellipsis', 7, 8, 9, 10]
 */

export const PAGINATOR_WINDOW = 4;
/** Catalogue page size (spec: client paging; the loader sends the page only). */
export const CATALOGUE_PAGE_SIZE = 12;
/** Record document lists (spec: client paging; the loader sends each list's page only, issue 30). */
export const RECORD_DOCUMENTS_PAGE_SIZE = 5;

export type PageItem = number | "ellipsis";

/** The highest list page the API accepts (`pageNumber`): a higher one is not a page but noise. */
export const MAX_LIST_PAGE = 100_000;

/**
 * A page number from an untrusted value (query string, form field), inside 1…lastPage.
 * Anything that is not a positive integer up to MAX_LIST_PAGE gives 1 (never forwarded to the API). `lastPage` below 1 is treated as 1; leave it
 * out (or pass Infinity) when the last page is not known yet.
 */
export function clampPage(value: unknown, lastPage: number = Number.POSITIVE_INFINITY): number {
  const last = Number.isFinite(lastPage) ? Math.max(1, Math.floor(lastPage)) : Number.POSITIVE_INFINITY;
  let page: number;
  if (typeof value === "number") page = value;
  else if (typeof value === "string" && /^\s*\d+\s*$/.test(value)) page = Number(value);
  else return 1;
  if (!Number.isInteger(page) || page < 1 || page > MAX_LIST_PAGE) return 1;
  return Math.min(page, last);
}

/** The page numbers to show, with 'ellipsis' markers for hidden runs. */
export function pageWindow(current: number, last: number, size: number = PAGINATOR_WINDOW): PageItem[] {
  const lastPage = Number.isFinite(last) ? Math.max(1, Math.floor(last)) : 1;
  const page = clampPage(current, lastPage);
  const width = Math.max(1, Math.floor(size));

  let start = page - Math.floor((width - 1) / 2);
  let end = start + width - 1;
  if (end > lastPage) {
    end = lastPage;
    start = end - width + 1;
  }
  if (start < 1) {
    start = 1;
    end = Math.min(lastPage, width);
  }

  const items: PageItem[] = [1];
  if (start > 3) items.push("ellipsis");
  else if (start === 3) items.push(2);
  for (let p = Math.max(2, start); p <= Math.min(end, lastPage - 1); p++) items.push(p);
  if (end < lastPage - 2) items.push("ellipsis");
  else if (end === lastPage - 2) items.push(lastPage - 1);
  if (lastPage > 1) items.push(lastPage);
  return items;
}

/**
 * Paging of a whole list the API answers at once (catalogue, record documents), done by the loader:
 * only the page's items go to the browser. `offset` is the place of the page's first item in the list.
 */
export function paginateList<T>(
  items: readonly T[],
  page: unknown,
  pageSize: number,
): { items: T[]; page: number; lastPage: number; total: number; offset: number } {
  const size = Math.max(1, Math.floor(pageSize));
  const lastPage = Math.max(1, Math.ceil(items.length / size));
  const current = clampPage(page, lastPage);
  const offset = (current - 1) * size;
  return { items: items.slice(offset, offset + size), page: current, lastPage, total: items.length, offset };
}

/** Spec section 9: total items = last page × page size (the API gives no exact total). */
export function estimatedTotal(lastPage: number, pageSize: number): number {
  return Math.max(0, Math.floor(lastPage)) * Math.max(0, Math.floor(pageSize));
}
