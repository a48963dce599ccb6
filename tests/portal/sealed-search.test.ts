import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { API, communication, happy, tabCounts } from "../mocks/api";
import { argsOf, BASE, failOnUnhandled, settle, type RouteFunction } from "./helpers";
import { inboxHref } from "~/features/digital/query";
import { csrf } from "~/lib/csrf.server";
import { openSearch, sealSearch } from "~/lib/sealed-search.server";
import { newSessionData, sessionStorage } from "~/lib/session.server";
import { loader as inboxLoader } from "~/routes/digital._index";
import { loader as trayLoader } from "~/routes/procedures._index";
import { action as searchAction, loader as searchLoader } from "~/routes/resources.search";

/**
 * Issue 40, decision 032: a list's search words are posted and come back sealed for the session
 * (`?sq=`), so a shared terminal's history keeps no word searched; a seal of another session (or
 * after 'Cerrar sesión') opens to nothing and the list shows unfiltered.
 */
const seenQueries: URL[] = [];
const server = setupServer(
  http.get(`${API}/api/dd/v1/communications/inbox/:cuil`, ({ request }) => {
    seenQueries.push(new URL(request.url));
    return HttpResponse.json({ communications: [communication("2026-000001")], total: 1, unseen: 1, last_page: 1 });
  }),
  http.get(`${API}/api/dd/v1/communications/types/all`, () => HttpResponse.json({ types: [] })),
  ...happy,
  ...tabCounts({ pending: 0 }),
  http.get(`${API}/api/v4/instances/:tab`, ({ request }) => {
    seenQueries.push(new URL(request.url));
    return HttpResponse.json({ instances: [], last_page: 1 });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: failOnUnhandled }));
afterEach(() => {
  server.resetHandlers();
  seenQueries.length = 0;
});
afterAll(() => server.close());

/** One signed-in session's cookie (the same session across requests, as a browser holds it). */
async function sessionCookie() {
  const session = await sessionStorage.getSession();
  const data = newSessionData({ cuil: "20123456783", accessToken: "token", idToken: "id" });
  for (const [k, v] of Object.entries(data)) session.set(k as keyof typeof data, v as never);
  return { cookie: (await sessionStorage.commitSession(session)).split(";")[0]!, sid: data.sid };
}

async function postSearch(fields: Record<string, string>, cookie: string | null, options: { token?: boolean; site?: string } = {}) {
  const [token, csrfCookie] = await csrf.commitToken();
  const body = new URLSearchParams(fields);
  if (options.token !== false) body.set("csrf", token);
  const request = new Request(`${BASE}/resources/search`, {
    method: "POST",
    body,
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      "Sec-Fetch-Site": options.site ?? "same-origin",
      Cookie: [cookie, csrfCookie!.split(";")[0]].filter(Boolean).join("; "),
    },
  });
  return settle(async () => searchAction(argsOf(request)));
}

const get = (loader: RouteFunction, path: string, cookie: string) =>
  settle(async () => loader(argsOf(new Request(`${BASE}${path}`, { headers: { Cookie: cookie } }))));

describe("a list's search, posted and sealed for the session (decision 032)", () => {
  it("answers 303 to the list with the words sealed, the rest of the form as its GET made it, and no page", async () => {
    const { cookie } = await sessionCookie();
    const response = await postSearch(
      { to: "/digital", search: "  deuda de patente ", tab: "unread", order: "subject", page: "3", client: "" },
      cookie,
    );
    expect(response.status).toBe(303);
    const location = response.headers.get("Location")!;
    expect(location).not.toMatch(/deuda|patente/);
    const url = new URL(location, BASE);
    expect(url.pathname).toBe("/digital");
    expect([...url.searchParams.keys()]).toEqual(["tab", "order", "sq"]);
    expect(url.searchParams.get("sq")!.length).toBeLessThan(200); // short enough for an address

    // The same session opens it: the API gets the words, the box shows them, the links carry the seal.
    const page = await get(inboxLoader, location, cookie);
    expect(page.status).toBe(200);
    const { state } = await page.json();
    expect(state).toMatchObject({ search: "deuda de patente", tab: "unread", orderKey: "subject" });
    expect(seenQueries.at(-1)!.searchParams.get("search")).toBe("deuda de patente");
    const link = inboxHref("/digital", state, { page: 2 });
    expect(link).not.toContain("deuda");
    expect(new URL(link, BASE).searchParams.get("sq")).toBe(url.searchParams.get("sq"));
  });

  it("another session (or the same browser after 'Cerrar sesión') opens nothing: the list, unfiltered, never a 5xx", async () => {
    const mine = await sessionCookie();
    const location = (await postSearch({ to: "/digital", search: "deuda" }, mine.cookie)).headers.get("Location")!;
    const other = await sessionCookie();
    const page = await get(inboxLoader, location, other.cookie);
    expect(page.status).toBe(200);
    expect((await page.json()).state.search).toBe("");
    expect(seenQueries.at(-1)!.searchParams.has("search")).toBe(false);
    // Its own seal does not open in another session either (the key is the session's).
    const token = await sealSearch(mine.sid, "deuda");
    expect(await openSearch(mine.sid, token)).toBe("deuda");
    expect(await openSearch(other.sid, token)).toBeNull();
  });

  it("a seal that is tampered, cut or not one at all shows the list unfiltered", async () => {
    const { cookie, sid } = await sessionCookie();
    const token = await sealSearch(sid, "deuda");
    // A character of the tag changed (never to itself: one token in 64 has an "A" there).
    const at = token.length - 3;
    const flipped = `${token.slice(0, at)}${token[at] === "A" ? "B" : "A"}${token.slice(at + 1)}`;
    for (const sq of [flipped, token.slice(0, 40), "no-es-un-sello", "a..b.c.d", "%00", "x".repeat(3000)]) {
      const page = await get(inboxLoader, `/digital?sq=${encodeURIComponent(sq)}`, cookie);
      expect(page.status, sq).toBe(200);
      expect((await page.json()).state.search).toBe("");
    }
  });

  it("a link with plain words still searches (links and bookmarks), and the page's own links carry them sealed", async () => {
    const { cookie } = await sessionCookie();
    const page = await get(inboxLoader, "/digital?search=deuda", cookie);
    const { state } = await page.json();
    expect(state.search).toBe("deuda");
    expect(seenQueries.at(-1)!.searchParams.get("search")).toBe("deuda");
    expect(inboxHref("/digital", state, { page: 2 })).not.toContain("deuda");
  });

  it("the tray: the days typed go on as typed (said next to their box), the words sealed", async () => {
    const { cookie } = await sessionCookie();
    const response = await postSearch({ to: "/procedures", q: "subsidio", since: "31/02/2026", until: "", sort: "-createdAt" }, cookie);
    const location = response.headers.get("Location")!;
    expect(location).not.toContain("subsidio");
    const url = new URL(location, BASE);
    expect(url.searchParams.get("since")).toBe("31/02/2026");
    const tray = await get(trayLoader, location, cookie);
    expect(tray.status).toBe(200);
    const data = await tray.json();
    expect(data.state).toMatchObject({ q: "subsidio", invalidSince: { typed: "31/02/2026", problem: "day" } });
    expect(seenQueries.at(-1)!.searchParams.get("searchTerm")).toBe("subsidio");
    expect(seenQueries.at(-1)!.searchParams.has("since")).toBe(false);
  });

  it("an empty search clears it; an unknown list goes home; without a session the list itself asks to sign in", async () => {
    const { cookie } = await sessionCookie();
    expect((await postSearch({ to: "/records", q: "   ", sort: "+arrivedOn" }, cookie)).headers.get("Location")).toBe(
      "/records?sort=%2BarrivedOn",
    );
    expect((await postSearch({ to: "https://evil.example/", q: "x" }, cookie)).headers.get("Location")).toBe("/");
    expect((await postSearch({ to: "/datos", q: "x" }, cookie)).headers.get("Location")).toBe("/");
    const signedOut = await postSearch({ to: "/procedures/available", q: "palabras" }, null);
    expect(signedOut.status).toBe(303);
    expect(signedOut.headers.get("Location")).toBe("/procedures/available");
  });

  it("is a post like every other: CSRF-checked (token and origin); a visit goes home", async () => {
    const { cookie } = await sessionCookie();
    expect((await postSearch({ to: "/digital", search: "x" }, cookie, { token: false })).status).toBe(403);
    expect((await postSearch({ to: "/digital", search: "x" }, cookie, { site: "cross-site" })).status).toBe(403);
    const visit = await settle(async () => searchLoader(argsOf(new Request(`${BASE}/resources/search?search=x`))));
    expect(visit.headers.get("Location")).toBe("/");
  });
});
