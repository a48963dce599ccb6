import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  API,
  BACKENDS,
  chatDoc,
  chatEvent,
  chatOf,
  configWithTabs,
  countCallsInto,
  happy,
  noExtensions,
  tabCounts,
  tabCountsFail,
} from "../mocks/api";
import { failOnUnhandled, load, post, setCookieOf, toastOf } from "./helpers";
import { procedures as t } from "~/lib/messages";
import { action as trayAction, loader as trayLoader } from "~/routes/procedures._index";
import { loader as catalogueLoader } from "~/routes/procedures.available._index";
import { action as requirementsAction, loader as requirementsLoader } from "~/routes/procedures.available.requirements";
import { loader as downloadLoader } from "~/routes/resources.procedures.download";

const procConfig = configWithTabs("procedures", [
  { code: "pending", description: "Pendientes", count: true, color: "#B45309" },
  { code: "finished", description: "Finalizados", count: true, color: "#15803D" },
]);

const instance = {
  id: "i-1",
  title: "Certificado de discapacidad",
  description: ["Solicitud N° 1"],
  payloadDescriptions: [{ code: "n", label: "Número", value: "1" }],
  createdAt: "2026-01-05T12:00:00.000Z",
  arrivedOn: "2026-01-06T12:00:00.000Z",
  type: "interactive",
  currentState: { text: "Pendiente", color: "#B45309" },
  buttons: ["edit", "history", "attachments", "discard", "goToRecord"],
  hasAlert: true,
};

const requirements = {
  procedureDescription: "Certificado de discapacidad",
  procedureExplanation: "Explicación",
  procedureInformationUrl: null,
  enabledProcedureAcceptedTerms: true,
  acceptedTermsDescription: "Términos",
  instances: [],
  citizenData: { cn: "María", cuil: "20123456783", email: null, telephone_number: null },
  initialDocuments: [],
  procedureRequirements: [],
};

const fail = (status = 500) => HttpResponse.json({ code: "BOOM" }, { status });
/** The list path also matches /instances/config and /instances/counts: let those through. */
const notList = (tab: unknown) => tab === "config" || tab === "counts";
const listFails = () => http.get(`${API}/api/v4/instances/:tab`, ({ params }) => (notList(params.tab) ? undefined : fail()));

const server = setupServer(
  http.get(`${API}/api/v4/instances/config`, () => HttpResponse.json(procConfig)),
  ...happy,
  ...tabCounts({ pending: 1, finished: 1 }),
  http.get(`${API}/api/v4/instances/:tab`, ({ params }) =>
    notList(params.tab) ? undefined : HttpResponse.json({ instances: [instance], last_page: 3 }),
  ),
  http.get(`${API}/api/v4/instances/history/:id`, () =>
    HttpResponse.json({
      result: [
        { cn: "OP", excutedOn: "2026-01-05T12:00:00.000Z", action: "Inicio", comment: null, files: [] },
        { cn: "OP", action: null },
      ],
    }),
  ),
  http.get(`${API}/api/v4/instances/:id/received_docs`, () => HttpResponse.json({ result: [] })),
  // A form procedure has no conversation: its files are named by file name only.
  http.get(`${API}/api/v4/instances/:id/interactive/citizen`, () => HttpResponse.json({ code: "NOT_FOUND" }, { status: 404 })),
  http.get(`${API}/api/v4/procedures/`, () => HttpResponse.json({ result: [] })),
  http.get(`${API}/api/v4/procedures/:id/requirements`, () => HttpResponse.json({ result: requirements })),
  http.get(`${API}/api/v4/procedures/:id/docs_table`, () => HttpResponse.json({ result: [] })),
);
beforeAll(() => server.listen({ onUnhandledRequest: failOnUnhandled }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe("/procedures tray loader", () => {
  it("renders counts, the first page and its modal data", async () => {
    const response = await load(trayLoader, "/procedures?modal=historial&instance=i-1");
    expect(response.status).toBe(200);
    const data = await response.json();
    expect(data.tabs.map((tab: { count: number }) => tab.count)).toEqual([1, 1]);
    expect(data.instances[0].id).toBe("i-1");
    expect(data.lastPage).toBe(3);
    // Only history entries with an action.
    expect(data.history).toHaveLength(1);
  });

  it.each(BACKENDS)("goes to /error when the first load of counts or the list fails (a backend %s)", async (_, offered) => {
    server.use(...offered, ...tabCountsFail());
    expect((await load(trayLoader, "/procedures")).headers.get("Location")).toBe("/error");
    server.resetHandlers();
    server.use(listFails());
    expect((await load(trayLoader, "/procedures")).headers.get("Location")).toBe("/error");
  });

  it.each(BACKENDS)("a failed count on a tab change keeps the page with the count toast (a backend %s)", async (_, offered) => {
    server.use(...offered, ...tabCountsFail());
    const response = await load(trayLoader, "/procedures?tab=finished");
    expect(response.status).toBe(200);
    const data = await response.json();
    expect(data.notice.message).toBe(t.toasts.countError);
    expect(data.tabs.map((tab: { count: number | null }) => tab.count)).toEqual([null, null]);
  });

  it("asks every tab's count in one call where the backend offers tab-counts, again on a tab change", async () => {
    const asked: string[] = [];
    server.use(...countCallsInto(asked));
    let data = await (await load(trayLoader, "/procedures")).json();
    expect(asked.splice(0)).toEqual(["/api/v4/instances/counts?module=procedures"]);
    expect(data.tabs.map((tab: { count: number }) => tab.count)).toEqual([1, 1]);
    data = await (await load(trayLoader, "/procedures?tab=finished")).json();
    expect(asked).toEqual(["/api/v4/instances/counts?module=procedures"]);
    expect(data.tabs.map((tab: { count: number }) => tab.count)).toEqual([1, 1]);
  });

  it("asks one count call per counted tab of a backend of the spec", async () => {
    const asked: string[] = [];
    server.use(noExtensions, ...countCallsInto(asked));
    const data = await (await load(trayLoader, "/procedures")).json();
    expect(asked.sort()).toEqual([
      "/api/v4/instances/count/finished?module=procedures",
      "/api/v4/instances/count/pending?module=procedures",
    ]);
    expect(data.tabs.map((tab: { count: number }) => tab.count)).toEqual([1, 1]);
  });

  it("a count the answer cannot read, or leaves out, costs only its tab its count", async () => {
    server.use(http.get(`${API}/api/v4/instances/counts`, () => HttpResponse.json({ counts: { pending: "muchos", finished: "3" } })));
    let response = await load(trayLoader, "/procedures");
    expect(response.status).toBe(200);
    let data = await response.json();
    expect(data.tabs.map((tab: { count: number | null }) => tab.count)).toEqual([null, 3]);
    expect(data.notice).toBeNull();
    server.use(http.get(`${API}/api/v4/instances/counts`, () => HttpResponse.json({ result: { counts: { finished: { count: 2 } } } })));
    response = await load(trayLoader, "/procedures");
    data = await response.json();
    expect(data.tabs.map((tab: { count: number | null }) => tab.count)).toEqual([null, 2]);
  });

  it("search, sort/dates and page failures return with their toasts", async () => {
    server.use(listFails());
    let response = await load(trayLoader, "/procedures?q=abc&page=2");
    expect(response.headers.get("Location")).toBe("/procedures");
    expect((await toastOf(response))?.message).toBe(t.toasts.searchError);

    response = await load(trayLoader, "/procedures?sort=%2BarrivedOn");
    expect(response.headers.get("Location")).toBe("/procedures");
    expect((await toastOf(response))?.message).toBe(t.toasts.sortError);

    response = await load(trayLoader, "/procedures?since=2026-01-01&tab=finished");
    expect(response.headers.get("Location")).toBe("/procedures?tab=finished");
    expect((await toastOf(response))?.message).toBe(t.toasts.sortError);

    response = await load(trayLoader, "/procedures?page=3");
    expect(response.headers.get("Location")).toBe("/procedures");
    expect((await toastOf(response))?.message).toBe(t.toasts.pageError);
  });

  it("date filters typed dd/mm/yyyy (a text browser's plain box) reach the API as yyyy-mm-dd (issue 31)", async () => {
    let asked: URL | null = null;
    server.use(
      http.get(`${API}/api/v4/instances/:tab`, ({ params, request }) => {
        if (notList(params.tab)) return undefined;
        asked = new URL(request.url);
        return HttpResponse.json({ instances: [instance], last_page: 1 });
      }),
    );
    const data = await (await load(trayLoader, "/procedures?since=01%2F02%2F2026&until=28%2F02%2F2026")).json();
    expect(asked!.searchParams.get("since")).toBe("2026-02-01");
    expect(asked!.searchParams.get("until")).toBe("2026-02-28");
    expect(data.state).toMatchObject({ since: "2026-02-01", until: "2026-02-28" });
  });

  it("each attached file says which requested document it answered (issue 31: four 'dni.pdf' told apart)", async () => {
    const dni = (id: string, description: string, fileId: string, status: string) =>
      chatDoc(id, { description, file: { id: fileId, name: "dni.pdf" }, status });
    server.use(
      http.get(`${API}/api/v4/instances/:id/received_docs`, () =>
        HttpResponse.json({
          result: [
            { createdAt: "2026-01-05T12:00:00.000Z", fileName: "dni.pdf", fileId: "f-1", status: "rejected" },
            { createdAt: "2026-01-06T12:00:00.000Z", fileName: "dni.pdf", fileId: "f-2", status: "approved" },
          ],
        }),
      ),
      http.get(`${API}/api/v4/instances/history/:id`, () =>
        HttpResponse.json({
          result: [
            {
              cn: "OP",
              excutedOn: "2026-01-06T12:00:00.000Z",
              action: "Aprobado",
              comment: null,
              files: [{ fileId: "f-2", name: "dni.pdf" }],
            },
          ],
        }),
      ),
      http.get(`${API}/api/v4/instances/:id/interactive/citizen`, () =>
        HttpResponse.json({
          result: chatOf({
            events: [
              chatEvent("e1", "rejectedDocuments", { documents: [dni("d1", "DNI (frente)", "f-1", "rejected")] }),
              chatEvent("e2", "approvedDocuments", { documents: [dni("d2", "DNI (dorso)", "f-2", "approved")] }),
            ],
          }),
        }),
      ),
    );
    let data = await (await load(trayLoader, "/procedures?modal=adjuntos&instance=i-1")).json();
    expect(data.requested).toEqual({ "f-1": "DNI (frente)", "f-2": "DNI (dorso)" });
    data = await (await load(trayLoader, "/procedures?modal=historial&instance=i-1")).json();
    expect(data.requested["f-2"]).toBe("DNI (dorso)");
    // The plain tray does not ask for the conversation.
    expect((await (await load(trayLoader, "/procedures")).json()).requested).toEqual({});
  });

  it("history and documents failures close the modal with their toasts", async () => {
    server.use(
      http.get(`${API}/api/v4/instances/history/:id`, () => fail()),
      http.get(`${API}/api/v4/instances/:id/received_docs`, () => fail()),
    );
    let response = await load(trayLoader, "/procedures?page=2&modal=historial&instance=i-1");
    expect(response.headers.get("Location")).toBe("/procedures?page=2");
    expect((await toastOf(response))?.message).toBe(t.toasts.historyError);
    response = await load(trayLoader, "/procedures?modal=adjuntos&instance=i-1");
    expect(response.headers.get("Location")).toBe("/procedures");
    expect((await toastOf(response))?.message).toBe(t.toasts.documentsError);
  });

  it("a server message is preferred over the default", async () => {
    server.use(
      http.get(`${API}/api/v4/instances/history/:id`, () =>
        HttpResponse.json({ code: "X", message: "Mensaje del servidor" }, { status: 500 }),
      ),
    );
    const response = await load(trayLoader, "/procedures?modal=historial&instance=i-1");
    expect((await toastOf(response))?.message).toBe("Mensaje del servidor");
  });
});

describe("/procedures actions", () => {
  it("cancel: success and error toasts, back to the tray without the modal", async () => {
    let sent: unknown = null;
    server.use(
      http.post(`${API}/api/v4/instances/:id/discard`, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ success: true });
      }),
    );
    let response = await post(trayAction, "/procedures?index", {
      intent: "discard",
      instance: "i-1",
      message: "  Ya no lo necesito ",
      returnTo: "/procedures?tab=finished&modal=cancelar&instance=i-1",
    });
    expect(response.headers.get("Location")).toBe("/procedures?tab=finished");
    expect(await toastOf(response)).toMatchObject({ type: "SUCCESS", message: t.toasts.discardSuccess });
    expect(sent).toEqual({ message: "Ya no lo necesito" });

    server.use(http.post(`${API}/api/v4/instances/:id/discard`, () => fail()));
    response = await post(trayAction, "/procedures?index", { intent: "discard", instance: "i-1", message: "", returnTo: "//evil.example" });
    expect(response.headers.get("Location")).toBe("/procedures?modal=cancelar&instance=i-1");
    expect(await toastOf(response)).toMatchObject({ type: "ERROR", message: t.toasts.discardError });
  });

  it("cancel: a failure opens the modal again with the reason typed (JavaScript or not)", async () => {
    server.use(http.post(`${API}/api/v4/instances/:id/discard`, () => fail()));
    const response = await post(trayAction, "/procedures?index", {
      intent: "discard",
      instance: "i-1",
      message: "Me mudé de provincia",
      returnTo: "/procedures?tab=finished",
    });
    const again = response.headers.get("Location")!;
    expect(again).toBe("/procedures?tab=finished&modal=cancelar&instance=i-1");
    const draft = setCookieOf(response, "av_draft")!;
    const page = await (await load(trayLoader, again, {}, { Cookie: draft })).json();
    expect(page.cancelReason).toBe("Me mudé de provincia");
    // Kept for that page only: the tray without the modal does not carry it.
    expect((await (await load(trayLoader, "/procedures?tab=finished", {}, { Cookie: draft })).json()).cancelReason).toBeNull();
  });

  it("cancel: a reason over 1000 characters is refused", async () => {
    const response = await post(trayAction, "/procedures?index", { intent: "discard", instance: "i-1", message: "x".repeat(1001) });
    expect(await toastOf(response)).toMatchObject({ type: "ERROR", message: t.toasts.discardError });
  });

  it("go to record: to the record manager, or the error toast", async () => {
    server.use(http.get(`${API}/api/v4/filemanager/:id/redirectRecord`, () => HttpResponse.json({ result: { id: "r-9" } })));
    let response = await post(trayAction, "/procedures?index", { intent: "goToRecord", instance: "i-1", returnTo: "/procedures" });
    expect(response.headers.get("Location")).toBe("/records/manager/?file=r-9");
    server.use(http.get(`${API}/api/v4/filemanager/:id/redirectRecord`, () => fail(404)));
    response = await post(trayAction, "/procedures?index", { intent: "goToRecord", instance: "i-1", returnTo: "/procedures" });
    expect(await toastOf(response)).toMatchObject({ type: "ERROR", message: t.toasts.goToRecordError });
  });
});

describe("records module disabled (issue 31: gating covers every link into a module)", () => {
  const withoutRecords = () =>
    server.use(
      http.get(`${API}/api/v4/instances/config`, () =>
        HttpResponse.json({ ...procConfig, modules: procConfig.modules.map((m) => (m.id === "records" ? { ...m, enabled: false } : m)) }),
      ),
    );

  it("no card offers 'Ir al expediente'", async () => {
    const enabled = await (await load(trayLoader, "/procedures")).json();
    expect(enabled.instances[0].buttons).toContain("goToRecord");
    withoutRecords();
    const data = await (await load(trayLoader, "/procedures")).json();
    expect(data.instances[0].buttons).not.toContain("goToRecord");
    expect(data.instances[0].buttons).toContain("history");
  });

  it("a posted 'Ir al expediente' goes back with the error toast, never to the manager", async () => {
    withoutRecords();
    let asked = false;
    server.use(
      http.get(`${API}/api/v4/filemanager/:id/redirectRecord`, () => ((asked = true), HttpResponse.json({ result: { id: "r-9" } }))),
    );
    const response = await post(trayAction, "/procedures?index", { intent: "goToRecord", instance: "i-1", returnTo: "/procedures" });
    expect(response.headers.get("Location")).toBe("/procedures");
    expect(await toastOf(response)).toMatchObject({ type: "ERROR", message: t.toasts.goToRecordError });
    expect(asked).toBe(false);
  });
});

describe("attachment download", () => {
  it("streams the file as an attachment", async () => {
    let path = "";
    server.use(
      http.get(`${API}/api/fs/bucket/:name/:id`, ({ request }) => {
        path = new URL(request.url).pathname;
        return new HttpResponse("%PDF-1.4", { headers: { "Content-Type": "application/pdf" } });
      }),
    );
    const response = await load(downloadLoader, "/resources/procedures/download?file=f-1&name=DNI.pdf&back=%2Fprocedures");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Disposition")).toContain("attachment");
    expect(await response.text()).toBe("%PDF-1.4");
    expect(path).toBe(`/api/fs/bucket/${encodeURIComponent(Buffer.from("DNI.pdf").toString("base64"))}/f-1`);
  });

  it("a failure goes back with the download toast", async () => {
    server.use(http.get(`${API}/api/fs/bucket/:name/:id`, () => fail(404)));
    const response = await load(
      downloadLoader,
      "/resources/procedures/download?file=f-1&name=DNI.pdf&back=%2Fprocedures%3Fmodal%3Dadjuntos%26instance%3Di-1",
    );
    expect(response.headers.get("Location")).toBe("/procedures?modal=adjuntos&instance=i-1");
    expect(await toastOf(response)).toMatchObject({ type: "ERROR", message: t.toasts.downloadError });
  });
});

describe("/procedures/available", () => {
  it("a failed search returns to the root with the filter toast", async () => {
    server.use(http.get(`${API}/api/v4/procedures/`, () => fail()));
    const response = await load(catalogueLoader, "/procedures/available?q=salud");
    expect(response.headers.get("Location")).toBe("/procedures/available");
    expect(await toastOf(response)).toMatchObject({ type: "ERROR", message: t.toasts.filterError });
  });

  it("a failed root or level load goes to /error", async () => {
    server.use(http.get(`${API}/api/v4/procedures/`, () => fail()));
    expect((await load(catalogueLoader, "/procedures/available")).headers.get("Location")).toBe("/error");
    expect((await load(catalogueLoader, "/procedures/available?parentId=100")).headers.get("Location")).toBe("/error");
  });
});

describe("/procedures/available/requirements", () => {
  it("a failed load goes to /error", async () => {
    server.use(http.get(`${API}/api/v4/procedures/:id/requirements`, () => fail()));
    expect((await load(requirementsLoader, "/procedures/available/requirements/?procedure=101")).headers.get("Location")).toBe("/error");
    expect((await load(requirementsLoader, "/procedures/available/requirements/")).headers.get("Location")).toBe("/error");
  });

  it("'Iniciar trámite' is refused without the terms and carries them to the chat", async () => {
    let response = await post(requirementsAction, "/procedures/available/requirements/?procedure=101", { intent: "start" });
    expect(response.status).toBe(400);
    expect((await response.json()).termsError).toBeTruthy();
    response = await post(requirementsAction, "/procedures/available/requirements/?procedure=101", { intent: "start", terms: "on" });
    expect(response.headers.get("Location")).toBe("/procedures/available/chat/?procedure=101&terms=1");
  });
});
