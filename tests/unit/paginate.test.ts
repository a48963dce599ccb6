import { describe, expect, it } from "vitest";
import {
  CATALOGUE_PAGE_SIZE,
  PAGINATOR_WINDOW,
  clampPage,
  MAX_LIST_PAGE,
  estimatedTotal,
  pageWindow,
  paginateList,
} from "../../app/lib/paginate";

const E = "ellipsis" as const;

describe("pageWindow", () => {
  it("shows a single page", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 0)).toEqual([1]);
    expect(pageWindow(5, 1)).toEqual([1]);
  });

  it("shows two pages", () => {
    expect(pageWindow(1, 2)).toEqual([1, 2]);
    expect(pageWindow(2, 2)).toEqual([1, 2]);
  });

  it("shows every page when there are few", () => {
    for (let last = 3; last <= 6; last++) {
      for (let current = 1; current <= last; current++) {
        expect(pageWindow(current, last)).toEqual(Array.from({ length: last }, (_, i) => i + 1));
      }
    }
  });

  it("keeps first and last with the current page at the ends", () => {
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, 4, E, 10]);
    expect(pageWindow(2, 10)).toEqual([1, 2, 3, 4, E, 10]);
    expect(pageWindow(10, 10)).toEqual([1, E, 7, 8, 9, 10]);
    expect(pageWindow(9, 10)).toEqual([1, E, 7, 8, 9, 10]);
  });

  it("puts a window of 4 around the current page", () => {
    expect(pageWindow(5, 10)).toEqual([1, E, 4, 5, 6, 7, E, 10]);
    expect(pageWindow(500, 1000)).toEqual([1, E, 499, 500, 501, 502, E, 1000]);
  });

  it("shows a single hidden page instead of an ellipsis", () => {
    expect(pageWindow(4, 10)).toEqual([1, 2, 3, 4, 5, 6, E, 10]);
    expect(pageWindow(6, 10)).toEqual([1, E, 5, 6, 7, 8, 9, 10]);
  });

  it("handles large counts and keeps invariants", () => {
    for (const last of [7, 8, 13, 50, 10_000]) {
      for (const current of [1, 2, 3, 4, Math.floor(last / 2), last - 3, last - 2, last - 1, last]) {
        const items = pageWindow(current, last);
        const pages = items.filter((i): i is number => i !== E);
        expect(pages[0]).toBe(1);
        expect(pages[pages.length - 1]).toBe(last);
        expect(pages).toContain(current);
        expect([...pages].sort((a, b) => a - b)).toEqual(pages);
        expect(new Set(pages).size).toBe(pages.length);
        // The window: 4 consecutive pages including the current one.
        const window = Array.from({ length: PAGINATOR_WINDOW }, (_, i) => i);
        expect(window.some((shift) => window.every((k) => pages.includes(current - shift + k)))).toBe(true);
        // Ellipses only between numbers and never hide a single page.
        items.forEach((item, i) => {
          if (item !== E) return;
          const before = items[i - 1] as number;
          const after = items[i + 1] as number;
          expect(after - before).toBeGreaterThan(2);
        });
        expect(items.length).toBeLessThanOrEqual(8);
      }
    }
  });

  it("clamps an out-of-range current page", () => {
    expect(pageWindow(0, 10)).toEqual(pageWindow(1, 10));
    expect(pageWindow(99, 10)).toEqual(pageWindow(10, 10));
    expect(pageWindow(Number.NaN, 10)).toEqual(pageWindow(1, 10));
  });
});

describe("clampPage", () => {
  it("treats page numbers past what the API accepts as noise (page 1), so they are never forwarded", () => {
    expect(clampPage("99999999999")).toBe(1);
    expect(clampPage("99999999999999999999999")).toBe(1);
    expect(clampPage(String(MAX_LIST_PAGE))).toBe(MAX_LIST_PAGE);
    expect(clampPage(String(MAX_LIST_PAGE + 1))).toBe(1);
  });

  it("accepts positive integers within range", () => {
    expect(clampPage(3, 10)).toBe(3);
    expect(clampPage("7", 10)).toBe(7);
    expect(clampPage(" 2 ", 10)).toBe(2);
    expect(clampPage(12, 10)).toBe(10);
    expect(clampPage("5000")).toBe(5000);
  });

  it("falls back to 1 for anything else", () => {
    for (const bad of [0, -1, 2.5, "2.5", "abc", "", "1e3", "-3", null, undefined, Number.NaN, Infinity, {}, []]) {
      expect(clampPage(bad, 10), String(bad)).toBe(1);
    }
    expect(clampPage(4, 0)).toBe(1);
  });
});

describe("paginateList", () => {
  const items = Array.from({ length: 27 }, (_, i) => i + 1);
  it("slices a page out of the whole list, out-of-range pages clamped", () => {
    expect(paginateList(items, 1, CATALOGUE_PAGE_SIZE)).toEqual({
      items: items.slice(0, 12),
      page: 1,
      lastPage: 3,
      total: 27,
      offset: 0,
    });
    expect(paginateList(items, "3", 12)).toMatchObject({ items: [25, 26, 27], offset: 24 });
    expect(paginateList(items, 9, 12)).toMatchObject({ page: 3, offset: 24 });
    expect(paginateList(items, "x", 12)).toMatchObject({ page: 1, offset: 0 });
    expect(paginateList([], 1, 5)).toEqual({ items: [], page: 1, lastPage: 1, total: 0, offset: 0 });
  });
});

describe("estimatedTotal", () => {
  it("is last page times page size", () => {
    expect(estimatedTotal(4, 10)).toBe(40);
    expect(estimatedTotal(0, 10)).toBe(0);
  });
});
