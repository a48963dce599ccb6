import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API, happy } from "../mocks/api";
import { argsOf, failOnUnhandled, settle, signedInRequest } from "./helpers";
import { furniture } from "~/lib/messages/furniture";
import { isApiOutage } from "~/lib/outage.server";
import { ApiError } from "~/api/client.server";

/**
 * One outage costs one feature (issue 38): while the object store is away the API answers the calls
 * that need a file with 503 STORE_UNAVAILABLE and serves the rest. The portal shows 'No podemos
 * mostrar documentos en este momento' with 503 for a document, and every other page as usual.
 */
const BASE = "http://localhost:3000";
const storeAway = () =>
  HttpResponse.json(
    { code: "STORE_UNAVAILABLE", message: "No podemos mostrar documentos en este momento. Intente nuevamente más tarde." },
    { status: 503 },
  );

const server = setupServer(
  ...happy,
  http.all(`${API}/api/fs/*`, storeAway),
  http.get(`${API}/api/dd/v1/communications/inbox/:cuil`, () =>
    HttpResponse.json({ communications: [], total: 0, unseen: 0, last_page: 1 }),
  ),
  http.get(`${API}/api/dd/v1/communications/types/all`, () => HttpResponse.json({ types: [] })),
);
beforeAll(() => server.listen({ onUnhandledRequest: failOnUnhandled }));
afterAll(() => server.close());

type Handler = (args: unknown) => Promise<unknown>;
const call = async (handler: Handler, path: string, params: Record<string, string> = {}) =>
  settle(async () => handler(argsOf(await signedInRequest(`${BASE}${path}`), params)));

describe("the object store away (issue 38)", () => {
  it("a document answers 503 'No podemos mostrar documentos en este momento', with the strict headers and Retry-After", async () => {
    const { loader: page } = await import("~/routes/resources.records.page.$fileId.$page");
    const { loader: image } = await import("~/routes/resources.records.image.$fileId.$page");
    const { loader: download } = await import("~/routes/resources.records.download.$fileId");
    for (const [name, handler, params] of [
      ["page", page, { fileId: "f-1", page: "1" }],
      ["image", image, { fileId: "f-1", page: "1" }],
      ["download", download, { fileId: "f-1" }],
    ] as const) {
      const response = await call(handler as Handler, "/x?name=a.pdf", params);
      expect(response.status, name).toBe(503);
      expect(response.headers.get("Retry-After"), name).toBe("30");
      expect(response.headers.get("Cache-Control"), name).toBe("no-store");
      expect(response.headers.get("Content-Security-Policy"), name).toMatch(/default-src 'self'/);
      const html = await response.text();
      expect(html, name).toContain(`<h1 id="documents-title" class="page-title">${furniture.documentsUnavailable.title}</h1>`);
      expect(html, name).toContain("No podemos mostrar documentos en este momento.");
      expect(html, name).toContain('href="/procedures"');
    }
  });

  it("a page that needs no file is served (200), and the store's 503 is not an API outage", async () => {
    const { loader: inbox } = await import("~/routes/digital._index");
    expect((await call(inbox as Handler, "/digital")).status).toBe(200);
    expect(isApiOutage(new ApiError(503, "STORE_UNAVAILABLE", null))).toBe(false);
    expect(isApiOutage(new ApiError(503, "SERVICE_UNAVAILABLE", null))).toBe(true);
  });
});
