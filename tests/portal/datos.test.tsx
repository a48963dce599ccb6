/**
 * 'Tus datos' in the portal (decisions 072, 073), msw at the network boundary: the loader asks the
 * API with the checked filters only, reports bad ones on their fields, hides the page when the
 * backend does not offer it (404), and the page renders a captioned table with links to the items.
 * 'Descargar mis datos': shown only when the backend offers it; its resource route streams the ZIP
 * through with its headers, and a build under way or failed comes back to /datos with a toast.
 */
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { renderWithRouter } from "../unit/render";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { API, happy } from "../mocks/api";
import { BASE, failOnUnhandled, load as loadRoute, settle, signedInRequest, toastOf } from "./helpers";
import { loader } from "~/routes/datos";
import { loader as exportZip } from "~/routes/resources.datos.export";
import { datos as D } from "~/lib/messages/datos";
import { DatosView } from "~/features/datos/DatosView";
import { forgetOffered, accessLogOffered } from "~/features/datos/offered.server";

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
const READY = { ready: { createdAt: "2026-11-25T14:05:00.000Z", expiresAt: "2026-11-25T15:05:00.000Z", size: 2_621_440 }, building: false };
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
  forgetOffered();
  exportAnswer = () => HttpResponse.json(READY);
});
afterAll(() => server.close());

const load = async (query = "") =>
  settle(async () => loader({ request: await signedInRequest(`http://localhost:3000/datos${query}`), params: {}, context: {} }));

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

  it("a backend that does not offer it (404): the page is not found, and the links are hidden", async () => {
    answer = () => HttpResponse.json({ code: "NOT_FOUND", message: "x" }, { status: 404 });
    expect((await load()).status).toBe(404);
    const ctx = { request: new Request("http://localhost:3000/"), accessToken: "t", cuil: "20123456783" };
    expect(await accessLogOffered(ctx)).toBe(false);
    forgetOffered();
    answer = () => HttpResponse.json({ accesses: [], total: 0, page: 1, last_page: 1, page_size: 20 });
    expect(await accessLogOffered(ctx)).toBe(true);
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
      />,
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

  it("'Descargar mis datos': a plain link described by what it holds and costs, and the ready file; none when not offered", async () => {
    const html = await render({ exportStatus: READY });
    expect(html).toMatch(/<h2 id="datos-download-title">Descargar mis datos<\/h2>/);
    expect(html).toMatch(
      /<a class="btn btn--primary" href="\/resources\/datos\/export" aria-describedby="datos-download-hint"[^>]*>Descargar mis datos \(ZIP\)<\/a>/,
    );
    expect(html).toContain('id="datos-download-hint"');
    expect(html).toContain("Incluye todos tus archivos");
    expect(html).toContain("Tu archivo del 25/11/2026 14:05 hs (2,5 MB) está listo");
    expect(html).toContain("hasta las 15:05 hs (UTC)");
    expect(await render({ exportStatus: { ready: null, building: true } })).toContain("Estamos preparando tu archivo.");
    const hidden = await render();
    expect(hidden).not.toContain("Descargar mis datos");
    expect(hidden).not.toContain("/resources/datos/export");
  });
});

describe("/resources/datos/export", () => {
  const DISPOSITION = `attachment; filename="Tus datos en Atencion Virtual (2026-11-25).zip"; filename*=UTF-8''Tus%20datos%20en%20Atenci%C3%B3n%20Virtual%20(2026-11-25).zip`;
  const zip = () => loadRoute(exportZip, "/resources/datos/export");

  it("streams the API's ZIP through with its name and length", async () => {
    server.use(
      http.get(
        `${API}/api/v1/me/export`,
        () =>
          new HttpResponse("PK-zip-bytes", {
            headers: { "Content-Type": "application/zip", "Content-Disposition": DISPOSITION, "Content-Length": "12", ETag: '"abc"' },
          }),
      ),
    );
    const response = await zip();
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/zip");
    expect(response.headers.get("Content-Disposition")).toBe(DISPOSITION);
    expect(response.headers.get("Content-Length")).toBe("12");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.text()).toBe("PK-zip-bytes");
  });

  it("a build under way or a failed one goes back to /datos with its toast; a backend without it is a 404", async () => {
    server.use(http.get(`${API}/api/v1/me/export`, () => HttpResponse.json({ code: "EXPORT_IN_PROGRESS", message: "x" }, { status: 409 })));
    const busy = await zip();
    expect(busy.status).toBe(302);
    expect(busy.headers.get("location")).toBe("/datos");
    expect(await toastOf(busy)).toMatchObject({ type: "ERROR", message: D.download.busy });

    server.use(http.get(`${API}/api/v1/me/export`, () => HttpResponse.json({ code: "INTERNAL", message: "x" }, { status: 500 })));
    const failed = await zip();
    expect(failed.headers.get("location")).toBe("/datos");
    expect(await toastOf(failed)).toMatchObject({ type: "ERROR", message: D.download.error });

    server.use(http.get(`${API}/api/v1/me/export`, () => HttpResponse.json({ code: "NOT_FOUND", message: "x" }, { status: 404 })));
    expect((await zip()).status).toBe(404);
  });

  it("without a session: to sign-in, keeping where the citizen was going", async () => {
    const response = await settle(async () =>
      exportZip({ request: new Request(`${BASE}/resources/datos/export`), params: {}, context: {} }),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toMatch(/^\/auth\/login/);
  });
});
