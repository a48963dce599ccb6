/**
 * Issue 30: the record manager sends the page of each document list only, five documents each (spec
 * section 9), the page in the URL (`ipage`, `spage`, `ppage`), so that its HTML holds one page of
 * each list, its hydration data included. msw at the network boundary; the document through the
 * real entry module and root.
 */
import { createRequestHandler } from "@remix-run/node";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { API, happy, RECORD_ID as FILE, recordHeader } from "../mocks/api";
import { appBuild, buildRoute } from "../unit/portal-build";
import { allTags } from "../unit/render";
import { failOnUnhandled, load, signedInRequest } from "./helpers";
import * as entry from "~/entry.server";
import { records as t } from "~/lib/messages";
import * as rootModule from "~/root";
import * as managerModule from "~/routes/records.manager";
import { newLoadContext } from "~/api/load-context.server";

const two = (n: number) => String(n).padStart(2, "0");
/** 12 incorporated (pages of 5, 5, 2), 7 sent (5, 2; the last without any id), 8 pending (5, 3). */
const incorporated = Array.from({ length: 12 }, (_, i) => ({
  id: `inc-${two(i + 1)}`,
  file: { name: `Incorporado ${two(i + 1)}.pdf`, signedFileId: `file-inc-${two(i + 1)}` },
  spec: { description: i % 2 ? "Informe" : "Nota", date: "2025-01-01T00:00:00.000Z", user: "Mesa" },
  nroFolio: i + 1,
  details: [{ label: "Páginas", value: "1" }],
}));
const sent = Array.from({ length: 7 }, (_, i) => ({
  ...(i < 6 ? { id: `sent-${two(i + 1)}` } : {}),
  file: i < 6 ? { id: `file-sent-${two(i + 1)}`, name: `Enviado ${two(i + 1)}.pdf` } : { name: `Enviado ${two(i + 1)}.pdf` },
  updated_at: "2025-02-01T10:00:00.000Z",
  spec: { reference: `Presentación ${i + 1}` },
  status: { code: "received", description: "Recibido", color: "#1D4ED8" },
  details: [{ label: "Enviado por", value: `Persona ${i + 1}` }],
}));
const pending = Array.from({ length: 8 }, (_, i) => ({
  file: { id: `file-pend-${two(i + 1)}`, name: `Pendiente ${two(i + 1)}.pdf` },
  spec: { id: `p-${two(i + 1)}`, reference: `Ref ${i + 1}` },
}));

const server = setupServer(
  ...happy,
  http.get(`${API}/api/v4/filemanager/:id`, () => HttpResponse.json({ result: recordHeader })),
  http.get(`${API}/api/v4/filemanager/:id/incorporated`, () => HttpResponse.json({ documents: incorporated })),
  http.get(`${API}/api/v4/filemanager/:id/sent`, () => HttpResponse.json({ documents: sent })),
  http.get(`${API}/api/v4/filemanager/:id/pending`, () => HttpResponse.json({ documents: pending })),
);
beforeAll(() => server.listen({ onUnhandledRequest: failOnUnhandled }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const manager = (extra = "") => `/records/manager/?file=${FILE}${extra}`;
const names = (docs: { file: { name?: string } }[]) => docs.map((d) => d.file.name);
const loadData = async (extra = "") => (await load(managerModule.loader, manager(extra))).json();

describe("/records/manager loader: the visible page of each list", () => {
  it("sends the first page of each list and how many documents each holds", async () => {
    const data = await loadData();
    expect(data.counts).toEqual({ incorporated: 12, sent: 7, pending: 8 });
    expect(data.incorporated).toMatchObject({ page: 1, lastPage: 3, total: 12, offset: 0 });
    expect(names(data.incorporated.items)).toEqual(["01", "02", "03", "04", "05"].map((n) => `Incorporado ${n}.pdf`));
    expect(data.sent).toMatchObject({ page: 1, lastPage: 2, total: 7 });
    expect(data.sent.items).toHaveLength(5);
    expect(data.pending).toMatchObject({ page: 1, lastPage: 2, total: 8 });
    expect(data.pending.items).toHaveLength(5);
    expect(data.toDelete).toBeNull();
    expect(data.toSend).toEqual([]);
  });

  it("each list's page from the URL; out of range or not a number, clamped as every paged list", async () => {
    let data = await loadData("&ipage=3&spage=2&ppage=2");
    expect(names(data.incorporated.items)).toEqual(["Incorporado 11.pdf", "Incorporado 12.pdf"]);
    expect(names(data.sent.items)).toEqual(["Enviado 06.pdf", "Enviado 07.pdf"]);
    expect(data.sent.offset).toBe(5);
    expect(names(data.pending.items)).toEqual(["Pendiente 06.pdf", "Pendiente 07.pdf", "Pendiente 08.pdf"]);
    data = await loadData("&ipage=99&spage=abc&ppage=-2");
    expect([data.incorporated.page, data.sent.page, data.pending.page]).toEqual([3, 1, 1]);
  });

  it("the search picks the incorporated documents before they are paged", async () => {
    const data = await loadData("&q=informe&ipage=2");
    expect(data.counts.incorporated).toBe(12);
    expect(data.incorporated).toMatchObject({ page: 2, lastPage: 2, total: 6 });
    expect(names(data.incorporated.items)).toEqual(["Incorporado 12.pdf"]);
    expect((await loadData("&q=nada")).incorporated).toMatchObject({ items: [], total: 0 });
  });

  it("the delete and send dialogs get their documents from any page", async () => {
    expect((await loadData("&modal=delete&doc=p-07")).toDelete).toMatchObject({ spec: { id: "p-07" } });
    const data = await loadData("&modal=send&sel=p-02&sel=p-08");
    expect(data.toSend.map((d: { spec: { id: string } }) => d.spec.id)).toEqual(["p-02", "p-08"]);
    expect(names(data.pending.items)).toHaveLength(5);
  });

  it("a sent document without ids is known by its place in the whole list", async () => {
    const data = await loadData("&spage=2&modal=details&set=sent&doc=6");
    expect(data.details).toMatchObject({ name: "Enviado 07.pdf", details: [{ label: "Enviado por", value: "Persona 7" }] });
  });
});

/** A server build of the real root and manager route, rendered by the real entry module. */
function managerBuild() {
  const routes = {
    root: buildRoute("root", "", undefined, rootModule),
    "routes/records.manager": buildRoute("routes/records.manager", "records/manager", "root", managerModule),
  };
  return createRequestHandler(appBuild(routes, entry), "production");
}

async function page(extra = "") {
  const response = await managerBuild()(await signedInRequest(`http://localhost:3000${manager(extra)}`), newLoadContext());
  expect(response.status).toBe(200);
  return response.text();
}

const NAMES = [...names(incorporated), ...names(sent), ...names(pending)] as string[];
/** Which documents' names the whole HTML holds, anywhere: tables, dialogs or the hydration data. */
const namesIn = (html: string) => NAMES.filter((name) => html.includes(name));

describe("/records/manager HTML", () => {
  it("holds one page of each list, its hydration data included", async () => {
    const html = await page();
    expect(html).toContain("window.__remixContext");
    expect(namesIn(html)).toEqual([
      ...["01", "02", "03", "04", "05"].map((n) => `Incorporado ${n}.pdf`),
      ...["01", "02", "03", "04", "05"].map((n) => `Enviado ${n}.pdf`),
      ...["01", "02", "03", "04", "05"].map((n) => `Pendiente ${n}.pdf`),
    ]);
  });

  it("a list's page links keep the other lists' pages, land on the list and mark the current page", async () => {
    const html = await page("&spage=2");
    expect(namesIn(html).filter((n) => n.startsWith("Enviado"))).toEqual(["Enviado 06.pdf", "Enviado 07.pdf"]);
    expect(namesIn(html).filter((n) => n.startsWith("Incorporado"))).toHaveLength(5);
    const navs = allTags(html, "nav").map((n) => n["aria-label"]);
    expect(navs).toEqual(
      expect.arrayContaining([
        t.ui.documentsPaginator(t.manager.incorporated),
        t.ui.documentsPaginator(t.manager.sent),
        t.ui.documentsPaginator(t.manager.pending),
      ]),
    );
    const links = allTags(html, "a").filter((a) => a.class?.includes("paginator__page"));
    const link = (label: string, hash: string) => links.find((a) => a["aria-label"] === label && a.href.endsWith(hash));
    expect(link("Página 2", "#rec-incorporated")?.href).toBe(`/records/manager/?file=${FILE}&amp;ipage=2&amp;spage=2#rec-incorporated`);
    expect(link("Página 2", "#rec-pending")?.href).toBe(`/records/manager/?file=${FILE}&amp;spage=2&amp;ppage=2#rec-pending`);
    expect(link("Página 2", "#rec-sent")?.["aria-current"]).toBe("page");
    expect(link("Página 1", "#rec-sent")?.["aria-current"]).toBeUndefined();
    expect(link("Página 1", "#rec-incorporated")?.["aria-current"]).toBe("page");
  });
});
