import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { z } from "zod/v4";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { API, CUIL, config, happy, noExtensions } from "../mocks/api";
import { failOnUnhandled, load } from "./helpers";
import { api, apiJson, errorOf } from "~/api/client.server";
import { getCommunication, getInbox, getPolicies, getTerms } from "~/api/digital.server";
import { getChat, getFirstChat, getFormData } from "~/api/chat.server";
import { getLinkedCommunications } from "~/api/thread.server";
import { getConfig } from "~/api/security.server";
import { countTab, getCatalogue, PROCEDURES_MODULE } from "~/api/procedures.server";
import { count, flag, id } from "~/api/read.server";
import { apiContext } from "~/lib/session.server";
import { newLoadContext, type ApiObserver } from "~/api/load-context.server";
import { loader as trayLoader } from "~/routes/procedures._index";
import { loader as inboxLoader } from "~/routes/digital._index";
import { loader as requirementsLoader } from "~/routes/procedures.available.requirements";
import { loader as formLoader } from "~/routes/procedures.form";
import { apiObserver, createPortalMetrics } from "../../portal/metrics";

/**
 * The portal in front of a backend that honours the spec's calls in its own shapes (decision 098):
 * every answer below is one a backend written from the spec alone may reasonably send.
 */
const server = setupServer(...happy);
beforeAll(() => server.listen({ onUnhandledRequest: failOnUnhandled }));
afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
});
afterAll(() => server.close());

const ctx = (observe?: ApiObserver) =>
  apiContext({ request: new Request("http://localhost:3000/"), context: newLoadContext(observe) }, { accessToken: "token", cuil: CUIL });

describe("the tolerant pieces", () => {
  it("read ids, counts and flags in the shapes a backend may send; an id or a count that cannot be one is refused, a flag reads as its fallback", () => {
    expect(id.parse(7)).toBe("7");
    expect(id.safeParse("").success).toBe(false);
    expect(count.parse("12")).toBe(12);
    expect(count.safeParse(-1).success).toBe(false);
    expect([true, 1, "true", "1", "sí"].map((v) => flag().parse(v))).toEqual([true, true, true, true, true]);
    expect([false, 0, "false", "0", null, undefined].map((v) => flag().parse(v))).toEqual([false, false, false, false, false, false]);
    expect(flag(true).parse(undefined)).toBe(true);
    expect([flag().parse("quizás"), flag(true).parse({ a: 1 })]).toEqual([false, true]);
  });

  it("recognise a spec error code in `code` or, alone, in `message` (then no raw constant reaches a toast)", () => {
    expect(errorOf(409, { code: "REQUIRED_FILES_NOT_UPLOADED", message: "Faltan documentos" })).toMatchObject({
      code: "REQUIRED_FILES_NOT_UPLOADED",
      serverMessage: "Faltan documentos",
    });
    expect(errorOf(400, { message: "REQUIRED_FILES_NOT_UPLOADED" })).toMatchObject({
      code: "REQUIRED_FILES_NOT_UPLOADED",
      serverMessage: null,
    });
    expect(errorOf(400, { error: { code: "REQUIRED_FILES_NOT_UPLOADED" } })).toMatchObject({ code: "REQUIRED_FILES_NOT_UPLOADED" });
    expect(errorOf(500, { message: "Algo falló" })).toMatchObject({ code: null, serverMessage: "Algo falló" });
  });
});

describe("the spec's calls, read tolerantly", () => {
  it("configuration: tabs with counts as numbers, numeric flags, a wrapper, and an unknown module left out", async () => {
    server.use(
      http.get(`${API}/api/v4/instances/config`, () =>
        HttpResponse.json({
          data: {
            logout_url: "https://salir.provincia.example/fin",
            modules: [
              { id: "procedures", enabled: 1, pageSize: "10", tabs: [{ code: 1, description: "Pendientes", count: 3 }] },
              { id: "licencias", enabled: true, pageSize: 5 },
              { id: "digital", enabled: "true" },
            ],
          },
        }),
      ),
    );
    const read = await getConfig(ctx());
    expect(read.modules.map((m) => m.id)).toEqual(["procedures", "digital"]);
    expect(read.modules[0]).toMatchObject({ enabled: true, pageSize: 10, tabs: [{ code: "1", description: "Pendientes", count: true }] });
    expect(read.modules[1]).toMatchObject({ enabled: true, pageSize: 10, tabs: [] });
    expect(read.logout_url).toBe("https://salir.provincia.example/fin");
  });

  it("configuration: a logout URL that is not https (nor the provider's or the portal's) is not used", async () => {
    server.use(http.get(`${API}/api/v4/instances/config`, () => HttpResponse.json({ ...config, logout_url: "http://evil.example/" })));
    expect((await getConfig(ctx())).logout_url).toBeNull();
    server.use(http.get(`${API}/api/v4/instances/config`, () => HttpResponse.json({ ...config, logout_url: "javascript:alert(1)" })));
    expect((await getConfig(ctx())).logout_url).toBeNull();
  });

  it("the tray renders with numeric ids and counts and no wrapper", async () => {
    server.use(
      noExtensions, // a backend of the spec: one count call a tab
      http.get(`${API}/api/v4/instances/count/:tab`, () => HttpResponse.json(4)),
      http.get(`${API}/api/v4/instances/pending`, () =>
        HttpResponse.json({
          result: {
            instances: [
              { id: 41, title: "Licencia", description: "Una línea", type: "INTERACTIVE", buttons: [{ code: "edit" }], hasAlert: 1 },
            ],
          },
        }),
      ),
    );
    expect(await countTab(ctx(), PROCEDURES_MODULE, "pending")).toBe(4);
    const response = await load(trayLoader, "/procedures");
    expect(response.headers.get("Location")).toBeNull();
    expect(response.status).toBe(200);
    const data = await response.json();
    expect(data.instances[0]).toMatchObject({
      id: "41",
      description: ["Una línea"],
      type: "interactive",
      buttons: ["edit"],
      hasAlert: true,
    });
  });

  it("the tray fails small: a card without an id is left out and counted, a null line or button costs only itself", async () => {
    server.use(
      noExtensions, // a backend of the spec: one count call a tab
      http.get(`${API}/api/v4/instances/count/:tab`, () => HttpResponse.json(3)),
      http.get(`${API}/api/v4/instances/pending`, () =>
        HttpResponse.json({
          instances: [
            { id: 41, title: "Licencia", description: ["Una línea", null], buttons: [null, "EDIT"], createdAt: 1767225600000 },
            { id: null, title: "Sin id" },
            { id: "42", title: { text: "Beca" }, currentState: { state: "in_progress" }, hasAlert: "quizás" },
          ],
        }),
      ),
    );
    const response = await load(trayLoader, "/procedures");
    expect(response.status).toBe(200);
    const data = await response.json();
    expect(data.omitted).toBe(1);
    expect(data.instances.map((i: { id: string; title: string }) => [i.id, i.title])).toEqual([
      ["41", "Licencia"],
      ["42", "Beca"],
    ]);
    expect(data.instances[0]).toMatchObject({ description: ["Una línea"], buttons: ["edit"], createdAt: "2026-01-01T00:00:00.000Z" });
    expect(data.instances[1]).toMatchObject({ hasAlert: false, currentState: null });
  });

  it("the catalogue: numeric ids, bare array, numeric flags", async () => {
    server.use(
      http.get(`${API}/api/v4/procedures/`, () =>
        HttpResponse.json([
          { id: 3, description: "Salud", isParent: 1, parentId: null },
          { id: 4, description: "Turnos", isParent: false, parentId: 3 },
        ]),
      ),
    );
    const items = await getCatalogue(ctx());
    expect(items.map((i) => [i.id, i.isParent, i.parentId])).toEqual([
      ["3", true, null],
      ["4", false, "3"],
    ]);
  });

  it("the inbox: types as a bare array; a failing types call only empties the filter", async () => {
    server.use(
      http.get(`${API}/api/dd/v1/communications/inbox/:cuil`, () =>
        HttpResponse.json({
          communications: [
            { code: 2026001, subject: "Aviso", client: "Rentas", type: "aviso", created_at: "2026-01-02T10:00:00Z", files: [] },
          ],
          total: "1",
          unseen: 1,
          last_page: 1,
        }),
      ),
      http.get(`${API}/api/dd/v1/communications/types/all`, () => HttpResponse.json([{ id: 1, text: "Aviso" }])),
    );
    const inbox = await getInbox(ctx(), {});
    expect(inbox.communications[0]).toMatchObject({
      code: "2026001",
      type: { id: "aviso", text: "aviso" },
      seen_date: null,
      archived: false,
    });
    const ok = await load(inboxLoader, "/digital");
    expect(ok.status).toBe(200);
    expect((await ok.json()).types).toEqual([{ id: "1", text: "Aviso" }]);

    server.use(http.get(`${API}/api/dd/v1/communications/types/all`, () => HttpResponse.json({ code: "BOOM" }, { status: 500 })));
    const degraded = await load(inboxLoader, "/digital");
    expect(degraded.status).toBe(200);
    expect((await degraded.json()).types).toEqual([]);
  });

  it("a communication bare, wrapped in `communication` or in `result`", async () => {
    const comm = {
      code: "C-1",
      subject: "S",
      client: "Rentas",
      created_at: "2026-01-02T10:00:00Z",
      files: [{ id: 9, file_name: "a.pdf", downloaded: 0 }],
    };
    for (const body of [comm, { communication: comm }, { result: comm }]) {
      server.use(http.get(`${API}/api/dd/v1/communications/get_one/:code`, () => HttpResponse.json(body)));
      expect(await getCommunication(ctx(), "C-1")).toMatchObject({ code: "C-1", files: [{ id: "9", downloaded: false }] });
    }
  });

  it("terms and privacy as text/html, as a JSON text, or wrapped", async () => {
    server.use(
      http.get(`${API}/api/dd/v1/users/get_terms`, () => new HttpResponse("<p>Términos</p>", { headers: { "Content-Type": "text/html" } })),
      http.get(`${API}/api/dd/v1/users/get_policies`, () => HttpResponse.json({ result: { html: "<p>Privacidad</p>" } })),
    );
    expect(await getTerms(ctx())).toBe("<p>Términos</p>");
    expect(await getPolicies(ctx())).toBe("<p>Privacidad</p>");
    server.use(http.get(`${API}/api/dd/v1/users/get_terms`, () => HttpResponse.json("<p>Texto</p>")));
    expect(await getTerms(ctx())).toBe("<p>Texto</p>");
  });

  it("a chat with only the spec's fields: ids, statuses and what the citizen can act on are derived", async () => {
    server.use(
      http.get(`${API}/api/v4/instances/:id/interactive/citizen`, () =>
        HttpResponse.json({
          result: {
            procedureId: "licencia",
            procedureDescription: "Licencia de conducir",
            first: false,
            instanceId: "77",
            events: [
              { type: "dateSeparator", createdAt: "2026-01-02T00:00:00Z" },
              { type: "start", author: "user", message: "Hola", createdAt: "2026-01-02T10:00:00Z" },
              {
                type: "requestedDocuments",
                author: "operator",
                createdAt: "2026-01-02T11:00:00Z",
                commiter: { cn: "Ana" },
                documents: [{ spec: { id: 5, code: "DNI", description: "DNI (frente)", validExtensions: ".pdf,.jpg" }, isRequired: true }],
              },
            ],
          },
        }),
      ),
    );
    const chat = await getChat(ctx(), "77");
    expect(chat.procedureId).toBe("licencia");
    expect(chat.events.map((e) => e.id)).toEqual(["e0", "e1", "e2"]);
    expect(chat.events[2]).toMatchObject({ author: "operator", documents: [{ id: "5", status: "requested", isRequired: true }] });
    expect(chat.events[2]!.documents[0]!.spec.validExtensions).toEqual([".pdf", ".jpg"]);
    expect(chat.current).toMatchObject({ open: true, state: null, documents: [{ id: "5", status: "requested" }] });
  });

  it("a chat whose `current` is the state alone: its documents derived from the conversation, the state shown", async () => {
    server.use(
      http.get(`${API}/api/v4/instances/:id/interactive/citizen`, () =>
        HttpResponse.json({
          result: {
            procedureDescription: "Licencia",
            current: { text: "En curso", color: "#0b5394" },
            events: [
              {
                type: "requestedDocuments",
                author: "operator",
                createdAt: "2026-01-02T11:00:00Z",
                documents: [{ spec: { id: "12", description: "Certificado médico" }, isRequired: true }],
              },
            ],
          },
        }),
      ),
    );
    const chat = await getChat(ctx(), "77");
    expect(chat.current).toMatchObject({
      open: true,
      state: { text: "En curso", color: "#0b5394" },
      documents: [{ id: "12", status: "requested" }],
    });
  });

  it("a chat's `current` documents without a status: one with a file is to send, one without is requested", async () => {
    server.use(
      http.get(`${API}/api/v4/instances/:id/interactive/citizen`, () =>
        HttpResponse.json({
          result: {
            procedureDescription: "Licencia",
            events: [],
            current: {
              open: true,
              documents: [
                { spec: { id: "12", description: "Certificado" }, file: { id: 9, name: "certificado.pdf" }, isRequired: true },
                { spec: { id: "13", description: "DNI" }, isRequired: false },
              ],
            },
          },
        }),
      ),
    );
    const chat = await getChat(ctx(), "77");
    expect(chat.current.documents.map((d) => [d.id, d.status])).toEqual([
      ["12", "toSend"],
      ["13", "requested"],
    ]);
  });

  it("forms/first with only the form's header; formData without a field list makes a field of each value", async () => {
    server.use(
      http.get(`${API}/api/v4/procedures/:id/forms/first`, () =>
        HttpResponse.json({
          result: { procedureId: 8, procedureDescription: "Beca", events: [] },
          data: { spec: { header: { name: "Solicitud" } } },
        }),
      ),
      http.get(`${API}/api/v4/instances/:procedure/:instance/forms/:form/formData`, () =>
        HttpResponse.json({ result: { data: { nombre: "Ana", edad: 30 }, spec: { description: "Datos" } } }),
      ),
    );
    const first = await getFirstChat(ctx(), "8");
    expect(first.result.procedureId).toBe(8);
    expect(first.data).toEqual({ form: null, spec: { description: null, header: { name: "Solicitud" } }, procedureType: null });
    const form = await getFormData(ctx(), "8", null, "f1");
    expect(form.data).toEqual({ nombre: "Ana", edad: "30" });
    expect(form.spec.fields.map((f) => [f.name, f.type])).toEqual([
      ["nombre", "text"],
      ["edad", "text"],
    ]);
  });

  it("the requirements screen from docs_table and forms/first alone, where the backend offers no extension", async () => {
    let askedOurs = false;
    server.use(
      noExtensions,
      http.get(`${API}/api/v4/procedures/:id/requirements`, () => {
        askedOurs = true;
        return HttpResponse.json({ code: "NOT_FOUND" }, { status: 404 });
      }),
      http.get(`${API}/api/v4/procedures/:id/docs_table`, () => HttpResponse.json([{ name: "DNI", required: 1 }, { description: "Foto" }])),
      http.get(`${API}/api/v4/procedures/:id/forms/first`, () =>
        HttpResponse.json({
          result: { procedureDescription: "Licencia de conducir", events: [] },
          data: { spec: { header: { name: "x" } } },
        }),
      ),
      http.get(`${API}/api/security/user/get_roles`, () => HttpResponse.json({ cn: "Ana Pérez", cuil: Number(CUIL), email: null })),
    );
    const response = await load(requirementsLoader, "/procedures/available/requirements?procedure=12");
    expect(response.status).toBe(200);
    const data = await response.json();
    expect(askedOurs).toBe(false);
    expect(data.requirements.procedureDescription).toBe("Licencia de conducir");
    expect(data.requirements.citizenData).toMatchObject({ cn: "Ana Pérez", cuil: CUIL });
    expect(data.docs).toEqual([
      { name: "DNI", description: null, required: true },
      { name: "Foto", description: null, required: false },
    ]);
  });

  it("earlier instances named by their `link` alone; the form screen finds its form in the first chat's documents", async () => {
    server.use(
      noExtensions,
      http.get(`${API}/api/v4/procedures/:id/docs_table`, () =>
        HttpResponse.json({ procedureDescription: "Beca", instances: [{ link: 901, completable: true }, { cn: "sin enlace" }] }),
      ),
    );
    const ok = await load(requirementsLoader, "/procedures/available/requirements?procedure=12");
    // One with neither an id nor a link could not be completed: it is left out, the screen still shows.
    expect((await ok.json()).requirements.instances).toMatchObject([{ id: "901", link: "901", completable: true }]);

    let asked = "";
    server.use(
      http.get(`${API}/api/v4/procedures/:id/forms/first`, () =>
        HttpResponse.json({
          result: {
            procedureDescription: "Beca",
            events: [
              {
                type: "requestedDocuments",
                createdAt: "2026-01-02T10:00:00Z",
                documents: [{ spec: { id: 3, description: "Solicitud", form: { id: 31 } } }],
              },
            ],
          },
          data: { spec: { header: { name: "Solicitud" } } },
        }),
      ),
      http.get(`${API}/api/v4/instances/:procedure/:instance/forms/:form/formData`, ({ params }) => {
        asked = String(params.form);
        return HttpResponse.json({ result: { data: {}, spec: { header: { name: "Solicitud" } } } });
      }),
    );
    const form = await load(formLoader, "/procedures/form/?procedure=12");
    expect(form.headers.get("Location")).toBeNull();
    expect(asked).toBe("31");
  });

  it("an extension that is not offered is not asked for: no linked communications", async () => {
    let asked = false;
    server.use(
      noExtensions,
      http.get(`${API}/api/dd/v1/communications/linked/:cuil`, () => {
        asked = true;
        return HttpResponse.json({ communications: [] });
      }),
    );
    expect(await getLinkedCommunications(ctx(), { record: "r1" })).toEqual([]);
    expect(asked).toBe(false);
  });
});

describe("diagnostics for whoever integrates a backend", () => {
  it("an answer that cannot be read: logged once per call and field, types only, and counted by call", async () => {
    const metrics = createPortalMetrics();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    server.use(
      http.get(`${API}/api/dd/v1/communications/get_history/:code`, () =>
        HttpResponse.json({ history: [{ description: { secreto: "Juana Pérez 27123456789" }, date: "x", user: "y" }] }),
      ),
    );
    const History = z.object({ history: z.array(z.object({ description: z.string() })) });
    for (let i = 0; i < 3; i++)
      await apiJson(ctx(apiObserver(metrics)), api`/api/dd/v1/communications/get_history/${`C-${i}`}`, History).catch(() => null);
    const lines = warn.mock.calls.map((c) => String(c[0]));
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]!);
    expect(line).toMatchObject({
      msg: "unreadable backend answer",
      call: "GET /api/dd/v1/communications/get_history/{}",
      path: "history[0].description",
      expected: "string",
      received: "object",
    });
    expect(lines[0]).not.toContain("Juana");
    expect(lines[0]).not.toContain("C-1");
    const text = await metrics.registry.metrics();
    expect(text).toMatch(/^portal_api_unreadable_answers_total\{call="GET \/api\/dd\/v1\/communications\/get_history\/\{\}"\} 3$/m);
  });

  it("an answer read with degrades: each field and item logged once per call and path (no index, no value), counted by call and kind", async () => {
    const metrics = createPortalMetrics();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const communication = (code: unknown, client: unknown) => ({ code, subject: "S", client, created_at: "2026-01-02T10:00:00Z" });
    server.use(
      http.get(`${API}/api/dd/v1/communications/inbox/:cuil`, () =>
        HttpResponse.json({
          communications: [
            communication("C-1", ["Juana Pérez"]),
            communication("C-2", ["Juana Pérez"]),
            communication(null, "Rentas"),
            null,
            communication("C-3", { id: 3, name: "Rentas" }),
          ],
        }),
      ),
    );
    for (let i = 0; i < 2; i++) {
      const inbox = await getInbox(ctx(apiObserver(metrics)), {});
      expect(inbox.communications.map((c) => [c.code, c.client])).toEqual([
        ["C-1", ""],
        ["C-2", ""],
        ["C-3", "Rentas"],
      ]);
      expect(inbox.omitted).toBe(2);
    }
    const lines = warn.mock.calls.map((c) => JSON.parse(String(c[0])) as Record<string, string>);
    expect(lines.map((l) => [l.msg, l.path, l.kind]).sort()).toEqual([
      ["backend answer: field read as empty", "communications[].client", "field"],
      ["backend answer: item left out", "communications[]", "item"],
      ["backend answer: item left out", "communications[].code", "item"],
    ]);
    expect(JSON.stringify(lines)).not.toContain("Juana");
    const text = await metrics.registry.metrics();
    const call = 'call="GET /api/dd/v1/communications/inbox/{}"';
    expect(text).toContain(`portal_api_degraded_answers_total{${call},kind="item"} 2`);
    expect(text).toContain(`portal_api_degraded_answers_total{${call},kind="field"} 2`);
  });

  it("the calls' series stay bounded whatever codes citizens send (1,500 different codes, one series)", async () => {
    const metrics = createPortalMetrics();
    const observe = apiObserver(metrics);
    server.use(
      http.get(`${API}/api/dd/v1/communications/get_one/:code`, ({ params }) =>
        HttpResponse.json({ communication: { code: params.code, subject: "S", client: "C", created_at: "2026-01-01T00:00:00Z" } }),
      ),
    );
    for (let i = 0; i < 1500; i++) await getCommunication(ctx(observe), `odd-${i}-${"x".repeat(i % 7)}`);
    const text = await metrics.registry.metrics();
    const series = text.split("\n").filter((l) => l.startsWith("portal_api_calls_total{"));
    expect(series).toEqual(['portal_api_calls_total{call="GET /api/dd/v1/communications/get_one/{}",status="200"} 1500']);
    expect(text).not.toContain("odd-");
  }, 120_000);
});
