/**
 * Links between modules and due dates (decisions 026 and 014) in the portal's loaders (msw at the
 * network boundary): the tray and the record manager ask for the communications about what they show,
 * in one call, and keep working when that call fails; the summary and the inbox carry the links and
 * the due date; the inbox asks for the due-date order.
 */
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { API, communication as comm, configWithTabs, happy, RECORD_ID as FILE, recordHeader, tabCounts } from "../mocks/api";
import { failOnUnhandled, load } from "./helpers";
import { loader as trayLoader } from "~/routes/procedures._index";
import { loader as managerLoader } from "~/routes/records.manager";
import { loader as summaryLoader } from "~/routes/digital.summary";
import { loader as inboxLoader } from "~/routes/digital._index";
import { parseInboxState } from "~/features/digital/inbox-state.server";

const procConfig = configWithTabs("procedures", [{ code: "pending", description: "Pendientes", count: true, color: "#B45309" }]);
const instance = (id: string) => ({
  id,
  title: `Trámite ${id}`,
  description: [],
  payloadDescriptions: [],
  createdAt: "2026-01-05T12:00:00.000Z",
  arrivedOn: "2026-01-06T12:00:00.000Z",
  type: "interactive",
  currentState: { text: "Pendiente", color: "#B45309" },
  buttons: ["history"],
  hasAlert: false,
});
const linked = (code: string, over: Record<string, unknown> = {}) => ({
  code,
  subject: `Asunto ${code}`,
  client: "Dirección de Rentas",
  created_at: "2026-11-20T10:00:00.000Z",
  seen_date: null,
  archived: false,
  due_date: "2026-11-24",
  instance_id: null,
  record_id: null,
  ...over,
});

const seen: URL[] = [];
const server = setupServer(
  http.get(`${API}/api/v4/instances/config`, () => HttpResponse.json(procConfig)),
  // Before `happy`, whose default answers no communications.
  http.get(`${API}/api/dd/v1/communications/linked/:cuil`, ({ request }) => {
    const url = new URL(request.url);
    seen.push(url);
    const instances = url.searchParams.get("instance")?.split(",") ?? [];
    const record = url.searchParams.get("record");
    return HttpResponse.json({
      communications: [
        ...instances.map((id, i) => linked(`2026-00000${i + 1}`, { instance_id: id })),
        ...(record ? [linked("2026-000009", { record_id: record, due_date: null })] : []),
      ],
    });
  }),
  ...happy,
  ...tabCounts({ pending: 2 }),
  http.get(`${API}/api/v4/instances/:tab`, ({ params }) =>
    params.tab === "config" ? undefined : HttpResponse.json({ instances: [instance("i-1"), instance("i-2")], last_page: 1 }),
  ),
  http.get(`${API}/api/v4/filemanager/:id`, () => HttpResponse.json({ result: recordHeader })),
  http.get(`${API}/api/v4/filemanager/:id/incorporated`, () => HttpResponse.json({ documents: [] })),
  http.get(`${API}/api/v4/filemanager/:id/sent`, () => HttpResponse.json({ documents: [] })),
  http.get(`${API}/api/v4/filemanager/:id/pending`, () => HttpResponse.json({ documents: [] })),
  http.get(`${API}/api/dd/v1/communications/get_one/:code`, ({ params }) =>
    HttpResponse.json({
      communication: comm(String(params.code), {
        instance_id: "i-1",
        record_id: FILE,
        due_date: "2026-11-24",
        instance: { id: "i-1", title: "Trámite i-1" },
        record: { id: FILE, code: "EX-2025-1", title: "Expediente" },
      }),
    }),
  ),
  http.get(`${API}/api/dd/v1/communications/get_history/:code`, () => HttpResponse.json({ history: [] })),
  http.get(`${API}/api/dd/v1/communications/types/all`, () => HttpResponse.json({ types: [] })),
  http.get(`${API}/api/dd/v1/communications/inbox/:cuil`, ({ request }) => {
    seen.push(new URL(request.url));
    return HttpResponse.json({
      communications: [comm("2026-000001", { due_date: "2026-11-24" }), comm("2026-000002")],
      total: 2,
      unseen: 2,
      last_page: 1,
    });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: failOnUnhandled }));
afterEach(() => {
  server.resetHandlers();
  seen.length = 0;
});
afterAll(() => server.close());

const linkedFails = http.get(`${API}/api/dd/v1/communications/linked/:cuil`, () => HttpResponse.json({ code: "BOOM" }, { status: 500 }));

describe("the procedure tray lists the communications about its cards", () => {
  it("asks once for every instance of the page and passes the list on", async () => {
    const res = await load(trayLoader, "/procedures");
    expect(res.status).toBe(200);
    const calls = seen.filter((u) => u.pathname.includes("/linked/"));
    expect(calls).toHaveLength(1);
    expect(calls[0].searchParams.get("instance")).toBe("i-1,i-2");
    const data = await res.json();
    expect(data.related.map((c: { instance_id: string }) => c.instance_id)).toEqual(["i-1", "i-2"]);
  });

  it("still shows the tray when the call fails (no list, no error page)", async () => {
    server.use(linkedFails);
    const res = await load(trayLoader, "/procedures");
    expect(res.status).toBe(200);
    const data = await res.json();
    expect(data.instances).toHaveLength(2);
    expect(data.related).toEqual([]);
  });
});

describe("the record manager lists the communications about the record", () => {
  it("asks for the record's communications", async () => {
    const res = await load(managerLoader, `/records/manager/?file=${FILE}`);
    expect(res.status).toBe(200);
    const data = await res.json();
    expect(data.ok).toBe(true);
    expect(seen.find((u) => u.pathname.includes("/linked/"))?.searchParams.get("record")).toBe(FILE);
    expect(data.related).toEqual([expect.objectContaining({ code: "2026-000009", record_id: FILE })]);
  });

  it("keeps the manager when the call fails, with null (the page says it could not load them)", async () => {
    server.use(linkedFails);
    const res = await load(managerLoader, `/records/manager/?file=${FILE}`);
    const data = await res.json();
    expect(data.ok).toBe(true);
    expect(data.related).toBeNull();
  });
});

describe("links and due dates in the digital domicile", () => {
  it("the summary carries what the communication concerns and its due date", async () => {
    const res = await load(summaryLoader, "/digital/summary?code=2026-000001", {}, { "Sec-Fetch-Site": "same-origin" });
    const data = await res.json();
    expect(data.communication).toMatchObject({
      due_date: "2026-11-24",
      instance: { id: "i-1", title: "Trámite i-1" },
      record: { id: FILE, code: "EX-2025-1" },
    });
  });

  it("links only into enabled modules (issue 31); with both disabled, the summary names them without links", async () => {
    const fromThePortal = { "Sec-Fetch-Site": "same-origin" };
    let data = await (await load(summaryLoader, "/digital/summary?code=2026-000001", {}, fromThePortal)).json();
    expect(data.linkable).toEqual({ procedures: true, records: true });
    server.use(
      http.get(`${API}/api/v4/instances/config`, () =>
        HttpResponse.json({ ...procConfig, modules: procConfig.modules.map((m) => (m.id === "digital" ? m : { ...m, enabled: false })) }),
      ),
    );
    data = await (await load(summaryLoader, "/digital/summary?code=2026-000001", {}, fromThePortal)).json();
    expect(data.linkable).toEqual({ procedures: false, records: false });
  });

  it("the manager and the tray ask for no communications while the digital module is disabled", async () => {
    server.use(
      http.get(`${API}/api/v4/instances/config`, () =>
        HttpResponse.json({ ...procConfig, modules: procConfig.modules.map((m) => (m.id === "digital" ? { ...m, enabled: false } : m)) }),
      ),
    );
    const manager = await (await load(managerLoader, `/records/manager/?file=${FILE}`)).json();
    expect(manager.digital).toBe(false);
    const tray = await (await load(trayLoader, "/procedures")).json();
    expect(tray.related).toEqual([]);
    expect(seen.filter((u) => u.pathname.includes("/linked/"))).toHaveLength(0);
  });

  it("the inbox asks the API for the due-date order and keeps each row's due date", async () => {
    const res = await load(inboxLoader, "/digital?order=due_date");
    expect(res.status).toBe(200);
    expect(seen.find((u) => u.pathname.includes("/inbox/"))?.searchParams.get("order")).toBe("due_date");
    const data = await res.json();
    expect(data.list.communications.map((c: { due_date?: string | null }) => c.due_date ?? null)).toEqual(["2026-11-24", null]);
  });

  it("the URL state accepts the due-date order both ways and drops unknown ones", () => {
    expect(parseInboxState(new URLSearchParams("order=due_date")).orderKey).toBe("due_date");
    expect(parseInboxState(new URLSearchParams("order=-due_date"))).toMatchObject({ orderKey: "due_date", desc: true });
    expect(parseInboxState(new URLSearchParams("order=vencimiento")).order).toBe("-created_at");
  });
});
