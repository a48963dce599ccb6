import { describe, expect, it } from "vitest";
import { catalogueHref, listKey, parseCatalogueState, parseSort, safeReturnTo, trayHref, withoutModal } from "~/features/procedures/url";
import { parseTrayState } from "~/features/procedures/tray-state.server";

const tabs = ["pending", "in_progress", "finished"];

describe("tray URL state", () => {
  it("defaults: first tab, -createdAt, page 1, no modal", () => {
    expect(parseTrayState(new URLSearchParams(""), tabs)).toEqual({
      tab: "pending",
      explicitTab: false,
      q: "",
      since: null,
      until: null,
      sort: "-createdAt",
      page: 1,
      modal: null,
      instance: null,
    });
  });

  it("reads every value, ignoring bad ones", () => {
    const state = parseTrayState(
      new URLSearchParams(
        "tab=finished&q=%20abc%20&since=2026-02-30&until=2026-03-01&sort=%2BarrivedOn&page=3&modal=historial&instance=i-1",
      ),
      tabs,
    );
    expect(state).toMatchObject({
      tab: "finished",
      explicitTab: true,
      q: "abc",
      since: null,
      until: "2026-03-01",
      sort: "+arrivedOn",
      page: 3,
      modal: "historial",
      instance: "i-1",
    });
    expect(parseTrayState(new URLSearchParams("tab=nope&modal=x&instance=i"), tabs)).toMatchObject({
      tab: "pending",
      explicitTab: false,
      modal: null,
    });
    expect(parseTrayState(new URLSearchParams("modal=historial"), tabs).modal).toBeNull();
    // A 'hasta' before its 'desde' is not applied, and is said on its box (issue 40; it was swapped silently).
    expect(parseTrayState(new URLSearchParams("since=2026-03-01&until=2026-02-01"), tabs)).toMatchObject({
      since: "2026-03-01",
      until: null,
      invalidUntil: { typed: "2026-02-01", problem: "range" },
    });
  });

  it("a raw '+' (a space) still means ascending", () => {
    expect(parseSort(" createdAt")).toBe("+createdAt");
    expect(parseSort("arrivedOn")).toBe("+arrivedOn");
    expect(parseSort("-title")).toBe("-createdAt");
  });

  it("builds short URLs and drops modal parameters", () => {
    expect(trayHref({ tab: "pending", sort: "-createdAt", page: 1 }, "pending")).toBe("/procedures");
    expect(trayHref({ tab: "finished", q: "x", sort: "+arrivedOn", page: 2, modal: "cancelar", instance: "i" }, "pending")).toBe(
      "/procedures?tab=finished&q=x&sort=%2BarrivedOn&page=2&modal=cancelar&instance=i",
    );
    expect(withoutModal("/procedures?tab=finished&modal=cancelar&instance=i")).toBe("/procedures?tab=finished");
    expect(listKey("?page=2&modal=adjuntos&instance=i")).toBe(listKey("?page=2"));
    expect(listKey("?page=2")).not.toBe(listKey("?page=3"));
  });

  it("return paths stay on the portal, under the prefix", () => {
    expect(safeReturnTo("/procedures?tab=x", "/procedures", "/procedures")).toBe("/procedures?tab=x");
    expect(safeReturnTo("//evil.example", "/procedures", "/procedures")).toBe("/procedures");
    expect(safeReturnTo("https://evil.example", "/procedures", "/procedures")).toBe("/procedures");
    expect(safeReturnTo("/procedures\\evil", "/procedures", "/procedures")).toBe("/procedures");
  });
});

describe("catalogue URL state", () => {
  it("a search restores the root; levels are URLs", () => {
    expect(parseCatalogueState(new URLSearchParams("parentId=100&q=salud"))).toMatchObject({ parentId: null, q: "salud" });
    expect(parseCatalogueState(new URLSearchParams("parentId=100&page=2"))).toMatchObject({ parentId: "100", page: 2 });
    // A backend's ids may be codes (issue 36); what could not be an id is no level.
    expect(parseCatalogueState(new URLSearchParams("parentId=SALUD-01")).parentId).toBe("SALUD-01");
    expect(parseCatalogueState(new URLSearchParams("parentId=a%20b")).parentId).toBeNull();
    expect(parseCatalogueState(new URLSearchParams("parentId=%3Cscript%3E")).parentId).toBeNull();
    expect(catalogueHref({ parentId: "100", page: 2 })).toBe("/procedures/available?parentId=100&page=2");
    expect(catalogueHref({ parentId: null })).toBe("/procedures/available");
  });
});

describe("tray dates typed that cannot be read (issue 40)", () => {
  it("are kept, as typed, to be said next to their box; the list is not filtered by them", () => {
    const state = parseTrayState(new URLSearchParams("since=31%2F02%2F2026&until=2026-03-01"), tabs);
    expect(state).toMatchObject({ since: null, until: "2026-03-01", invalidSince: { typed: "31/02/2026", problem: "day" } });
    expect(state.invalidUntil).toBeUndefined();
    expect(parseTrayState(new URLSearchParams("since=&until=04%2F03%2F2026"), tabs)).toMatchObject({ until: "2026-03-04" });
    expect(parseTrayState(new URLSearchParams("since=&until=04%2F03%2F2026"), tabs).invalidSince).toBeUndefined();
  });
});
