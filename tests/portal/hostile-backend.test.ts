import type { ServerBuild } from "@remix-run/node";
import { http, HttpResponse, passthrough } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { contentDisposition } from "@common/file-names";
import { API, happy } from "../mocks/api";
import { buildRoute, serverBuild } from "../unit/portal-build";
import { failOnUnhandled, servedPortal, signedInRequest } from "./helpers";
import * as entry from "~/entry.server";
import { applySecurityHeaders, completeSecurityHeaders, SANDBOX_POLICY } from "~/lib/headers.server";
import * as recordDownload from "~/routes/resources.records.download.$fileId";
import * as procedureDownload from "~/routes/resources.procedures.download";
import * as digitalFile from "~/routes/resources.digital.file";
import * as pagePdf from "~/routes/resources.records.page.$fileId.$page";
import * as pageImage from "~/routes/resources.records.image.$fileId.$page";
import * as recordZip from "~/routes/resources.records.download-all.$recordId";

/**
 * Issue 36, a hostile backend: whatever type and disposition the backend's answer claims, the portal's
 * real server (portal/server.ts over the real routes and entry module) answers a file with the type its
 * first bytes show (PDF, PNG, JPEG; the page routes their own), and anything else as an
 * `application/octet-stream` attachment; every such answer carries the sandbox policy and `nosniff`,
 * so no answer of a backend is ever drawn, or runs a script, as a page of the portal's origin.
 */
const FILE = "11111111-2222-3333-4444-555555555555";
const SCRIPT = `<script>fetch("/digital/settings").then((r) => r.text()).then((t) => parent.postMessage(t, "*"))</script>`;

/** What a hostile (or careless) backend serves: markup that a browser would draw and run, marked inline. */
const HOSTILE: readonly (readonly [string, string])[] = [
  ["image/svg+xml", `<svg xmlns="http://www.w3.org/2000/svg">${SCRIPT.replace("<script>", '<script type="text/javascript">')}</svg>`],
  ["application/xhtml+xml", `<html xmlns="http://www.w3.org/1999/xhtml"><body>${SCRIPT}</body></html>`],
  ["text/xml", `<?xml version="1.0"?><x:script xmlns:x="http://www.w3.org/1999/xhtml">alert(1)</x:script>`],
  ["application/xml", `<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml">${SCRIPT}</html>`],
  ["text/html", `<!DOCTYPE html><h1>Atención Virtual</h1><form action="https://evil.example">${SCRIPT}</form>`],
];

const bytes = (...values: number[]) => new Uint8Array(values);
const PDF = new TextEncoder().encode("%PDF-1.7\n% a document\n");
const PNG = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13);
const JPEG = bytes(0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46);
const WEBP = new TextEncoder().encode("RIFF\u0004\u0000\u0000\u0000WEBPVP8 ");
const ZIP = bytes(0x50, 0x4b, 0x03, 0x04, 20, 0, 0, 0);

/** The backend's next answer to every file call. */
let answer: { body: BodyInit; type: string; disposition: string } = { body: "", type: "", disposition: "" };
const served = () => new HttpResponse(answer.body, { headers: { "Content-Type": answer.type, "Content-Disposition": answer.disposition } });

const server = setupServer(
  ...happy,
  http.get(`${API}/api/fs/bucket/:name/:id`, served),
  http.get(`${API}/api/dd/v1/communications/get_file/:code/:file`, served),
  http.get(`${API}/api/dd/v1/communications/get_one/:code`, () => HttpResponse.json({ code: "C1" })),
  http.get(`${API}/api/fs/viewer/getPageAsPdf/:id/:page`, served),
  http.get(`${API}/api/fs/viewer/getPageImage/:id/:page`, served),
  http.get(`${API}/api/fs/archive/record/:id`, served),
  http.all(/^http:\/\/127\.0\.0\.1:\d+\//, () => passthrough()),
);

function routeOf(id: string, path: string, module: object) {
  return buildRoute(`routes/${id}`, path, "root", module);
}
const build: ServerBuild = serverBuild(
  {
    root: buildRoute("root", "", undefined, { default: () => null }),
    a: routeOf("resources.records.download.$fileId", "resources/records/download/:fileId", recordDownload),
    b: routeOf("resources.procedures.download", "resources/procedures/download", procedureDownload),
    c: routeOf("resources.digital.file", "resources/digital/file", digitalFile),
    d: routeOf("resources.records.page.$fileId.$page", "resources/records/page/:fileId/:page", pagePdf),
    e: routeOf("resources.records.image.$fileId.$page", "resources/records/image/:fileId/:page", pageImage),
    f: routeOf("resources.records.download-all.$recordId", "resources/records/download-all/:recordId", recordZip),
  },
  entry,
);
const portal = servedPortal(build);
beforeAll(() => server.listen({ onUnhandledRequest: failOnUnhandled }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** The three document routes of issue 36, as a citizen's browser asks for them. */
const DOCUMENT_ROUTES = {
  record: `/resources/records/download/${FILE}?name=${encodeURIComponent("Constancia")}`,
  procedure: `/resources/procedures/download?file=${FILE}&name=${encodeURIComponent("Constancia")}`,
  communication: `/resources/digital/file?code=C1&file=${FILE}&name=${encodeURIComponent("Constancia")}`,
};

async function get(path: string) {
  const signed = await signedInRequest(`${portal.base}${path}`);
  return fetch(`${portal.base}${path}`, {
    redirect: "manual",
    headers: { Cookie: signed.headers.get("Cookie")!, "Sec-Fetch-Site": "same-origin" },
  });
}

function expectSandboxed(response: Response) {
  expect(response.headers.get("content-security-policy")).toBe(SANDBOX_POLICY);
  expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  expect(response.headers.get("cache-control")).toMatch(/no-store/);
}

describe("a hostile backend's file is never drawn on the portal's origin", () => {
  for (const [route, path] of Object.entries(DOCUMENT_ROUTES)) {
    for (const [type, body] of HOSTILE) {
      it(`${route}: ${type} marked inline goes out as an octet-stream attachment, bytes untouched`, async () => {
        answer = { body, type, disposition: 'inline; filename="factura.svg"' };
        const response = await get(path);
        expect(response.status).toBe(200);
        expect(response.headers.get("content-type")).toBe("application/octet-stream");
        expect(response.headers.get("content-disposition")).toBe(contentDisposition("Constancia"));
        expectSandboxed(response);
        expect(await response.text()).toBe(body);
      });
    }
  }

  it("the page routes: markup is no page (an octet-stream attachment) and no image (a 502 error page)", async () => {
    for (const [type, body] of HOSTILE) {
      answer = { body, type, disposition: "inline" };
      const page = await get(`/resources/records/page/${FILE}/1`);
      expect(page.headers.get("content-type")).toBe("application/octet-stream");
      expect(page.headers.get("content-disposition")).toMatch(/^attachment;/);
      expectSandboxed(page);
      await page.arrayBuffer();
      const image = await get(`/resources/records/image/${FILE}/1`);
      expect(image.status).toBe(502);
      expect(image.headers.get("content-type")).toMatch(/^text\/html/);
      // The portal's own error page: its strict nonce policy, no script of the backend's.
      expect(image.headers.get("content-security-policy")).toMatch(/script-src 'self' 'nonce-/);
      expect(await image.text()).not.toContain("<script>fetch");
    }
  });

  it("'Descargar todo': a ZIP by its bytes under the backend's name; anything else an octet-stream", async () => {
    answer = { body: ZIP, type: "text/html", disposition: `inline; filename*=UTF-8''Documentos%20del%20expediente.zip` };
    const zip = await get(`/resources/records/download-all/${FILE}`);
    expect(zip.headers.get("content-type")).toBe("application/zip");
    expect(zip.headers.get("content-disposition")).toBe(contentDisposition("Documentos del expediente.zip"));
    expectSandboxed(zip);
    await zip.arrayBuffer();
    answer = { body: HOSTILE[0]![1], type: "image/svg+xml", disposition: "inline" };
    const other = await get(`/resources/records/download-all/${FILE}`);
    expect(other.headers.get("content-type")).toBe("application/octet-stream");
    expect(other.headers.get("content-disposition")).toBe(contentDisposition("documentos"));
    await other.arrayBuffer();
  });
});

describe("documents are typed by their first bytes, whatever the backend says", () => {
  const cases = [
    ["application/pdf", PDF, "Constancia.pdf"],
    ["image/png", PNG, "Constancia.png"],
    ["image/jpeg", JPEG, "Constancia.jpg"],
  ] as const;
  for (const [route, path] of Object.entries(DOCUMENT_ROUTES)) {
    for (const [type, body, name] of cases) {
      it(`${route}: ${type} sent as text/html is served as ${type}, an attachment named ${name}`, async () => {
        answer = { body, type: "text/html", disposition: 'inline; filename="x.html"' };
        const response = await get(path);
        expect(response.headers.get("content-type")).toBe(type);
        expect(response.headers.get("content-disposition")).toBe(contentDisposition(name));
        expectSandboxed(response);
        expect(new Uint8Array(await response.arrayBuffer())).toEqual(body);
      });
    }
  }

  it("a name that claims another type is given the type's extension; no name at all takes the backend's, then 'documento'", async () => {
    answer = { body: PNG, type: "application/pdf", disposition: 'attachment; filename="scan"' };
    const claimed = await get(`/resources/records/download/${FILE}?name=${encodeURIComponent("DNI.pdf")}`);
    expect(claimed.headers.get("content-disposition")).toBe(contentDisposition("DNI.png"));
    await claimed.arrayBuffer();
    const backendNamed = await get(`/resources/digital/file?code=C1&file=${FILE}`);
    expect(backendNamed.headers.get("content-disposition")).toBe(contentDisposition("scan.png"));
    await backendNamed.arrayBuffer();
    answer = { body: PDF, type: "application/pdf", disposition: "" };
    const nameless = await get(`/resources/digital/file?code=C1&file=${FILE}`);
    expect(nameless.headers.get("content-disposition")).toBe(contentDisposition("documento.pdf"));
    await nameless.arrayBuffer();
  });

  it("the page routes show a PDF page and a drawn page inline", async () => {
    answer = { body: PDF, type: "text/html", disposition: "attachment" };
    const page = await get(`/resources/records/page/${FILE}/2`);
    expect(page.headers.get("content-type")).toBe("application/pdf");
    expect(page.headers.get("content-disposition")).toBe(contentDisposition("pagina-2.pdf", "inline"));
    expectSandboxed(page);
    await page.arrayBuffer();
    for (const [type, body] of [
      ["image/webp", WEBP],
      ["image/png", PNG],
      ["image/jpeg", JPEG],
    ] as const) {
      answer = { body, type: "text/html", disposition: "attachment" };
      const image = await get(`/resources/records/image/${FILE}/1`);
      expect(image.headers.get("content-type")).toBe(type);
      expect(image.headers.get("content-disposition")).toMatch(/^inline;/);
      expectSandboxed(image);
      await image.arrayBuffer();
    }
  });

  it("a file that comes in one-byte chunks is typed all the same, and streamed on", async () => {
    const chunks = [...PDF].map((b) => bytes(b));
    answer = {
      body: new ReadableStream<Uint8Array>({
        pull(controller) {
          const next = chunks.shift();
          if (next) controller.enqueue(next);
          else controller.close();
        },
      }),
      type: "application/octet-stream",
      disposition: "",
    };
    const response = await get(DOCUMENT_ROUTES.record);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(PDF);
  });
});

describe("every non-HTML answer carries the sandbox policy, made in one place", () => {
  it("data, JSON and redirects get it; a page keeps its nonce policy; the portal's own scripts are left as they are", () => {
    expect(applySecurityHeaders(new Headers({ "Content-Type": "application/json" })).get("Content-Security-Policy")).toBe(SANDBOX_POLICY);
    expect(completeSecurityHeaders(new Headers()).get("Content-Security-Policy")).toBe(SANDBOX_POLICY);
    expect(completeSecurityHeaders(new Headers({ "Content-Type": "text/event-stream" })).get("Content-Security-Policy")).toBe(
      SANDBOX_POLICY,
    );
    expect(completeSecurityHeaders(new Headers({ "Content-Type": "text/html; charset=utf-8" })).get("Content-Security-Policy")).toMatch(
      /'nonce-/,
    );
    expect(completeSecurityHeaders(new Headers({ "Content-Type": "text/javascript" })).has("Content-Security-Policy")).toBe(false);
    for (const headers of [new Headers({ "Content-Type": "application/pdf" }), new Headers()]) {
      expect(applySecurityHeaders(headers).get("X-Content-Type-Options")).toBe("nosniff");
    }
  });
});
