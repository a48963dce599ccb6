import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { API, happy } from "../mocks/api";
import { failOnUnhandled, settle, signedInRequest, argsOf } from "./helpers";

/**
 * Every answer of a resource route (downloads, pages, images, receipts' PDFs, the chat's events),
 * errors included, carries the portal's security headers and no-store; an error is the spec's
 * Spanish error page (or the not-found screen) with a 4xx when the request was at fault, and an
 * absurd number is refused by the portal before any call to the API.
 */
const BASE = "http://localhost:3000";
const HUGE = "99999999999";
let apiStatus = 500;

const server = setupServer(
  ...happy,
  http.all(`${API}/api/*`, () => HttpResponse.json({ code: "X", message: "x" }, { status: apiStatus })),
);
beforeAll(() => server.listen({ onUnhandledRequest: failOnUnhandled }));
afterEach(() => {
  server.resetHandlers();
  apiStatus = 500;
});
afterAll(() => server.close());

type Handler = (args: unknown) => Promise<unknown>;
const modules = import.meta.glob<Record<string, unknown>>("../../app/routes/resources.*.{ts,tsx}");
const RESOURCE_PARAMS = {
  fileId: "f-1",
  page: "1",
  recordId: "r-1",
  instanceId: "i-1",
  id: "00000000-0000-4000-8000-000000000000",
  version: "9",
  file: "none",
};
const QUERY = "?instance=i-1&code=2026-000001&file=f-1&name=x.pdf";

function expectStrictHeaders(response: Response, where: string) {
  expect(response.headers.get("Cache-Control"), where).toBe("no-store");
  expect(response.headers.get("X-Content-Type-Options"), where).toBe("nosniff");
  expect(response.headers.get("X-Frame-Options"), where).toBe("SAMEORIGIN");
  expect(response.headers.get("Referrer-Policy"), where).toBe("same-origin");
}

async function expectErrorPage(response: Response, status: number, where: string) {
  expect(response.status, where).toBe(status);
  expectStrictHeaders(response, where);
  expect(response.headers.get("Content-Security-Policy"), where).toMatch(/default-src 'self'/);
  expect(response.headers.get("Content-Type"), where).toMatch(/^text\/html/);
  const html = await response.text();
  expect(html, where).toContain('lang="es"');
  expect(html, where).toMatch(status === 404 ? /Página no encontrada/ : /Hubo un error al cargar la página\./);
  expect(html, where).not.toMatch(/at .*\.(ts|js):\d+/);
}

const call = async (handler: Handler, path: string, params: Record<string, string>) =>
  settle(async () => handler(argsOf(await signedInRequest(`${BASE}${path}`), params)));

describe("resource routes' answers", () => {
  it("every error answer (bad id, the API failing) carries the strict headers and no-store", { timeout: 30_000 }, async () => {
    let checked = 0;
    for (const [file, importer] of Object.entries(modules)) {
      const loader = (await importer()).loader as Handler | undefined;
      if (!loader) continue;
      for (const status of [404, 500]) {
        apiStatus = status;
        const response = await call(loader, `/x${QUERY}`, RESOURCE_PARAMS);
        expectStrictHeaders(response, `${file} with the API answering ${status}`);
        checked++;
      }
      // Ids no route accepts.
      const bad = await call(loader, "/x?instance=%00&code=&file=", {
        ...RESOURCE_PARAMS,
        fileId: "../x",
        recordId: "../x",
        instanceId: "../x",
        id: "x",
        page: "0",
      });
      expectStrictHeaders(bad, `${file} with bad ids`);
    }
    expect(checked).toBeGreaterThan(15);
  });

  it("the API's 4xx stays a 4xx (not 502), shown as the Spanish error page", async () => {
    const { loader: page } = await import("~/routes/resources.records.page.$fileId.$page");
    const { loader: download } = await import("~/routes/resources.records.download.$fileId");
    const { loader: pdf } = await import("~/routes/resources.comprobantes.$id.pdf");
    for (const [name, handler, params] of [
      ["page", page, { fileId: "f-1", page: "3" }],
      ["download", download, { fileId: "f-1" }],
      ["receipt", pdf, { id: RESOURCE_PARAMS.id }],
    ] as const) {
      apiStatus = 400;
      await expectErrorPage(await call(handler as Handler, "/x", params), 400, `${name}, API 400`);
      apiStatus = 404;
      await expectErrorPage(await call(handler as Handler, "/x", params), 404, `${name}, API 404`);
      apiStatus = 500;
      await expectErrorPage(await call(handler as Handler, "/x", params), 502, `${name}, API 500`);
    }
  });

  it("absurd page numbers are 404 without a call to the API", async () => {
    const { loader: page } = await import("~/routes/resources.records.page.$fileId.$page");
    const { loader: image } = await import("~/routes/resources.records.image.$fileId.$page");
    server.use(http.all(`${API}/api/fs/*`, () => HttpResponse.error()));
    for (const value of [HUGE, "99999999999999999999999", "1e3", "1.5", "-1", "0", "0x10", "１"]) {
      await expectErrorPage(await call(page as Handler, "/x", { fileId: "f-1", page: value }), 404, `page ${value}`);
      await expectErrorPage(await call(image as Handler, "/x", { fileId: "f-1", page: value }), 404, `image ${value}`);
    }
  });

  it("successful answers carry the strict headers too", async () => {
    const { loader: download } = await import("~/routes/resources.records.download.$fileId");
    server.use(
      http.get(`${API}/api/fs/bucket/:name/:id`, () => new HttpResponse("%PDF-1.4", { headers: { "Content-Type": "application/pdf" } })),
    );
    const response = await call(download as Handler, "/x?name=a.pdf", { fileId: "f-1" });
    expect(response.status).toBe(200);
    expectStrictHeaders(response, "download");
  });
});
