/**
 * 'Tus datos' in the portal (decisions 071 and 073), msw at the network boundary: the loader asks the
 * API with the checked filters only, reports bad ones on their fields, hides the page when the
 * backend does not offer it (404), and the page renders a captioned table with links to the items.
 * 'Descargar mis datos': shown only when the backend offers it; its resource route streams the ZIP
 * through with its headers, and a build under way or failed comes back to /datos with a toast.
 */
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { AuthenticityTokenProvider } from "remix-utils/csrf/react";
import { renderWithRouter } from "../unit/render";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { API, happy, noExtensions } from "../mocks/api";
import { BASE, failOnUnhandled, load as loadRoute, post, settle, signedInRequest, toastOf, argsOf } from "./helpers";
import { loader } from "~/routes/datos";
import { action as startAction, loader as statusLoader } from "~/routes/datos_.descarga";
import { ExportStatusView } from "~/features/datos/ExportStatusView";
import { loader as exportZip } from "~/routes/resources.datos.export";
import { datos as D } from "~/lib/messages/datos";
import { DatosView } from "~/features/datos/DatosView";

import type { Access } from "~/api/accesses.server";

const access = (n: number, over: Partial<Access> = {}): Access => ({
  id: `a-${n}`,
  occurredAt: `2026-11-2${n % 10}T10:00:00.000Z`,
  operator: { name: "Ana Díaz", organismo: "Dirección de Rentas" },
  kind: "communication" as const,
  action: "communication.send",
  item: { ref: "2026-000012", label: "2026-000012" },
  purpose: "Notificación de deuda",
  ...over,
});

const seen: URL[] = [];
let answer: () => Response = () =>
  HttpResponse.json({
    accesses: [access(1), access(2, { kind: "procedure", action: "chat.read", item: { ref: "i-1", label: "Certificado" } })],
    total: 2,
    page: 1,
    last_page: 1,
    page_size: 20,
  });
const READY = {
  ready: { createdAt: "2026-11-25T14:05:00.000Z", expiresAt: "2026-11-25T15:05:00.000Z", size: 2_621_440 },
  building: false,
  startedAt: null,
  mailWhenReady: false,
};
const BUILDING = { ready: null, building: true, startedAt: "2026-11-25T14:05:07.000Z", mailWhenReady: false };
const NONE = { ready: null, building: false, startedAt: null, mailWhenReady: false };
let exportAnswer: () => Response = () => HttpResponse.json(READY);
const server = setupServer(
  http.get(`${API}/api/v1/me/accesses`, ({ request }) => {
    seen.push(new URL(request.url));
    return answer();
  }),
  http.get(`${API}/api/v1/me/export/status`, () => exportAnswer()),
  ...happy,
);
beforeAll(() => server.listen({ onUnhandledRequest: failOnUnhandled }));
afterEach(() => {
  server.resetHandlers();
  seen.length = 0;
  exportAnswer = () => HttpResponse.json(READY);
});
afterAll(() => server.close());

const load = async (query = "") => settle(async () => loader(argsOf(await signedInRequest(`http://localhost:3000/datos${query}`))));

describe("/datos loader", () => {
  it("asks the API with the filters and the page, and answers the entries", async () => {
    const res = await load("?since=2026-11-01&until=2026-11-30&kind=procedure&page=1");
    expect(res.status).toBe(200);
    const data = await res.json();
    expect(data.page.accesses).toHaveLength(2);
    expect(data.errors).toEqual([]);
    const url = seen[0]!;
    expect(Object.fromEntries(url.searchParams)).toEqual({ page: "1", since: "2026-11-01", until: "2026-11-30", kind: "procedure" });
  });

  it("reports bad filters on their fields and leaves them out of the call", async () => {
    const res = await load("?since=2026-02-30&until=ayer&kind=otra&page=-3");
    const data = await res.json();
    expect(data.errors.map((e: { fieldId: string }) => e.fieldId)).toEqual(["datos-since", "datos-until", "datos-kind"]);
    expect(Object.fromEntries(seen[0]!.searchParams)).toEqual({ page: "1" });
    const range = await (await load("?since=2026-11-30&until=2026-11-01")).json();
    expect(range.errors).toEqual([{ fieldId: "datos-since", message: expect.stringContaining("anterior") }]);
  });

  it("a page past the last goes to the last one", async () => {
    answer = () => HttpResponse.json({ accesses: [], total: 25, page: 9, last_page: 2, page_size: 20 });
    const res = await load("?kind=record&page=9");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/datos?kind=record&page=2");
  });

  it("a backend that does not offer it (404): the page is not found", async () => {
    answer = () => HttpResponse.json({ code: "NOT_FOUND", message: "x" }, { status: 404 });
    expect((await load()).status).toBe(404);
  });

  it("a backend that offers no extension: the page is not found without asking for the log (decision 098)", async () => {
    server.use(noExtensions);
    let asked = false;
    answer = () => {
      asked = true;
      return HttpResponse.json({ accesses: [], total: 0, page: 1, last_page: 1, page_size: 20 });
    };
    expect((await load()).status).toBe(404);
    expect(asked).toBe(false);
  });

  it("'Descargar mis datos': its status when the backend offers it; null (hidden) when it answers 404 or fails", async () => {
    expect((await (await load()).json()).exportStatus).toEqual(READY);
    exportAnswer = () => HttpResponse.json({ code: "NOT_FOUND", message: "x" }, { status: 404 });
    expect((await (await load()).json()).exportStatus).toBeNull();
    exportAnswer = () => HttpResponse.json({ code: "BOOM" }, { status: 500 });
    const failing = await load();
    expect(failing.status).toBe(200);
    expect((await failing.json()).exportStatus).toBeNull();
  });

  it("a failing backend goes to /error", async () => {
    answer = () => HttpResponse.json({ code: "BOOM" }, { status: 500 });
    const res = await load();
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/error");
  });
});

describe("DatosView", () => {
  const render = (props: Partial<Parameters<typeof DatosView>[0]> = {}) =>
    renderWithRouter(
      <AuthenticityTokenProvider token="token-1">
        <DatosView
          page={{
            accesses: [
              access(1),
              access(2, { kind: "record", action: "record.incorporate", item: { ref: "r-1", label: "EX-2026-1" } }),
              access(3, { kind: "contact", action: "citizen.create", item: { ref: null, label: null } }),
            ],
            total: 3,
            page: 1,
            last_page: 1,
            page_size: 20,
          }}
          exportStatus={null}
          state={{ since: null, until: null, kind: null, page: 1 }}
          errors={[]}
          raw={{ since: "", until: "", kind: "" }}
          filtered={false}
          {...props}
        />
      </AuthenticityTokenProvider>,
      "/datos",
    );

  it("a table with a caption and column headers, each item linked to the citizen's own page", async () => {
    const html = await render();
    expect(html).toContain("<caption>");
    expect(html).toMatch(/<th scope="col">Fecha y hora \(UTC\)<\/th>/);
    expect(html).toContain('href="/digital/summary?code=2026-000012"');
    expect(html).toContain('href="/records/manager?file=r-1"');
    expect(html).toContain('href="/digital/settings"');
    expect(html).toContain("Dirección de Rentas");
    expect(html).toContain("Notificación de deuda");
    expect(html).toContain("Te envió la comunicación");
  });

  it("errors tied to their fields (aria-describedby, aria-invalid) and a summary", async () => {
    const html = await render({
      errors: [{ fieldId: "datos-since", message: "La fecha «Desde» no es válida. Usa el formato aaaa-mm-dd." }],
    });
    expect(html).toContain('id="datos-since-error"');
    expect(html).toMatch(/id="datos-since"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="datos-since"/);
    expect(html).toContain('href="#datos-since"');
  });

  it("'Descargar mis datos': a plain link to the ready file, described by what it holds and costs; none when not offered", async () => {
    const html = await render({ exportStatus: READY });
    expect(html).toMatch(/<h2 id="datos-download-title">Descargar mis datos<\/h2>/);
    expect(html).toMatch(
      /<a class="btn btn--primary" href="\/resources\/datos\/export" aria-describedby="datos-download-hint"[^>]*>Descargar mis datos \(ZIP\)<\/a>/,
    );
    expect(html).toContain('id="datos-download-hint"');
    expect(html).toContain("Incluye todos tus archivos");
    expect(html).toContain("Tu archivo del 25/11/2026 14:05 hs (2,5 MB) está listo");
    expect(html).toContain("hasta las 15:05 hs (UTC)");
    const building = await render({ exportStatus: BUILDING });
    expect(building).toContain("Estamos preparando tu archivo.");
    expect(building).toMatch(/<a class="btn btn--primary" href="\/datos\/descarga">Ver cómo va la preparación<\/a>/);
    // No file yet: a post (CSRF) to the status page, which starts it.
    const none = await render({ exportStatus: NONE });
    expect(none).toMatch(/<form method="post" action="\/datos\/descarga"/);
    expect(none).toContain('name="csrf"');
    expect(none).toMatch(
      /<button type="submit" class="btn btn--primary" aria-describedby="datos-download-hint"[^>]*>Descargar mis datos \(ZIP\)<\/button>/,
    );
    const hidden = await render();
    expect(hidden).not.toContain("Descargar mis datos");
    expect(hidden).not.toContain("/resources/datos/export");
  });
});

describe("/resources/datos/export", () => {
  const DISPOSITION = `attachment; filename="Tus datos en Atencion Virtual (2026-11-25).zip"; filename*=UTF-8''Tus%20datos%20en%20Atenci%C3%B3n%20Virtual%20(2026-11-25).zip`;
  /** The same name as the portal writes it again (RFC 5987: parentheses are escaped in `filename*`). */
  const WRITTEN = `attachment; filename="Tus datos en Atencion Virtual (2026-11-25).zip"; filename*=UTF-8''Tus%20datos%20en%20Atenci%C3%B3n%20Virtual%20%282026-11-25%29.zip`;
  const zip = () => loadRoute(exportZip, "/resources/datos/export");

  it("streams the API's ZIP through with its name and length", async () => {
    server.use(
      http.get(
        `${API}/api/v1/me/export`,
        () =>
          new HttpResponse("PK\u0003\u0004zip-byte", {
            headers: { "Content-Type": "application/zip", "Content-Disposition": DISPOSITION, "Content-Length": "12", ETag: '"abc"' },
          }),
      ),
    );
    const response = await zip();
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/zip");
    expect(response.headers.get("Content-Disposition")).toBe(WRITTEN);
    expect(response.headers.get("Content-Length")).toBe("12");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.text()).toBe("PK\u0003\u0004zip-byte");
  });

  it("a build still under way goes to its status page; a failed one back to /datos with its toast; a backend without it is a 404", async () => {
    server.use(http.get(`${API}/api/v1/me/export`, () => HttpResponse.json({ code: "EXPORT_IN_PROGRESS", message: "x" }, { status: 409 })));
    const busy = await zip();
    expect(busy.status).toBe(302);
    expect(busy.headers.get("location")).toBe("/datos/descarga");

    server.use(http.get(`${API}/api/v1/me/export`, () => HttpResponse.json({ code: "INTERNAL", message: "x" }, { status: 500 })));
    const failed = await zip();
    expect(failed.headers.get("location")).toBe("/datos");
    expect(await toastOf(failed)).toMatchObject({ type: "ERROR", message: D.download.error });

    server.use(http.get(`${API}/api/v1/me/export`, () => HttpResponse.json({ code: "NOT_FOUND", message: "x" }, { status: 404 })));
    expect((await zip()).status).toBe(404);
  });

  it("without a session: to sign-in, keeping where the citizen was going", async () => {
    const response = await settle(async () => exportZip(argsOf(new Request(`${BASE}/resources/datos/export`))));
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toMatch(/^\/auth\/login/);
  });
});

describe("/datos/descarga, the status page of 'Descargar mis datos' (issue 32)", () => {
  const view = (status: typeof READY | typeof BUILDING | typeof NONE) =>
    renderWithRouter(
      <AuthenticityTokenProvider token="token-1">
        <ExportStatusView status={status} />
      </AuthenticityTokenProvider>,
      "/datos/descarga",
    );

  it("the post starts the build without waiting for it and shows the status page; a refusal of the backend goes back with a toast", async () => {
    const started: Request[] = [];
    server.use(
      http.post(`${API}/api/v1/me/export`, ({ request }) => {
        started.push(request);
        return HttpResponse.json(BUILDING, { status: 202 });
      }),
    );
    const response = await post(startAction, "/datos/descarga", {});
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/datos/descarga");
    expect(started).toHaveLength(1);
    expect(started[0]!.headers.get("authorization")).toBe("Bearer token");

    server.use(http.post(`${API}/api/v1/me/export`, () => HttpResponse.json({ code: "INTERNAL", message: "x" }, { status: 500 })));
    const failed = await post(startAction, "/datos/descarga", {});
    expect(failed.headers.get("location")).toBe("/datos");
    expect(await toastOf(failed)).toMatchObject({ type: "ERROR", message: D.download.error });
  });

  it("the post needs its CSRF token", async () => {
    const request = await signedInRequest(`${BASE}/datos/descarga`, {
      method: "POST",
      body: new URLSearchParams({ csrf: "not-the-token" }),
      headers: { "Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Site": "same-origin" },
    });
    const response = await settle(async () => startAction(argsOf(request)));
    expect(response.status).toBe(403);
  });

  it("the loader answers the status; a backend without the export is a 404", async () => {
    exportAnswer = () => HttpResponse.json(BUILDING);
    const response = await loadRoute(statusLoader, "/datos/descarga");
    expect(await response.json()).toEqual({ status: BUILDING });
    exportAnswer = () => HttpResponse.json({ code: "NOT_FOUND", message: "x" }, { status: 404 });
    expect((await loadRoute(statusLoader, "/datos/descarga")).status).toBe(404);
  });

  it("while building: a polite status, when it started, and a refresh that only a browser without JavaScript does", async () => {
    const html = await view(BUILDING);
    expect(html).toMatch(
      /<div role="status"[^>]*><p>Estamos preparando tu archivo. Puede tardar unos minutos.<\/p><p>Empezamos a prepararlo a las 14:05 hs \(UTC\).<\/p><\/div>/,
    );
    expect(html).toContain('<noscript><meta http-equiv="refresh" content="5"/></noscript>');
    expect(html).toContain("Esta página se actualiza sola cada 5 segundos.");
    expect(html).toMatch(/<a[^>]*href="\/datos\/descarga"[^>]*>Actualizar ahora<\/a>/);
    expect(html).not.toContain("correo");
    expect(await view({ ...BUILDING, mailWhenReady: true })).toContain(
      "Está tardando: te enviaremos un correo cuando esté listo. Puedes cerrar esta página.",
    );
  });

  it("ready: the file with its size and until when, no refresh; with nothing, the form that asks for it", async () => {
    const ready = await view(READY);
    expect(ready).toContain("Tu archivo (2,5 MB) está listo. Puedes descargarlo hasta las 15:05 hs (UTC).");
    expect(ready).toMatch(/<a class="btn btn--primary" href="\/resources\/datos\/export"[^>]*>Descargar el archivo \(ZIP, 2,5 MB\)<\/a>/);
    expect(ready).not.toContain("refresh");
    const none = await view(NONE);
    expect(none).toContain("No hay un archivo preparado con tus datos: pídelo y lo preparamos.");
    expect(none).toMatch(/<form method="post" action="\/datos\/descarga"/);
    expect(none).not.toContain("refresh");
  });
});
