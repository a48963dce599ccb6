/**
 * The access log (decision 071): every operator route that reads or changes a citizen's data
 * writes an entry naming the operator, the organismo, the item and the purpose; without a purpose
 * the call is refused; entries cannot be changed or deleted, not even with SQL.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOperator } from "../../server/domain/operators/service.js";
import { leafInteractiveProcedure, operatorInstance } from "./fixtures.js";
import { adheredCitizen, call, routesOf, startStack, type TestStack } from "./harness.js";

let stack: TestStack;
let token: string;
let procedureId: number;

const PURPOSE = "Revisión del trámite pedida por la ciudadana";
const headers = (purpose: string | null = PURPOSE) => ({
  authorization: `Bearer ${token}`,
  ...(purpose === null ? {} : { "x-motivo": encodeURIComponent(purpose) }),
});
const op = (method: string, path: string, body?: unknown, purpose: string | null = PURPOSE) =>
  call(stack, `/operator/api${path}`, { method, headers: headers(purpose), body });

async function entries(cuil: string) {
  return stack.db.selectFrom("operator_accesses").selectAll().where("citizen_cuil", "=", cuil).orderBy("occurred_at").execute();
}

/** A fresh adhered citizen with one procedure instance (with a requested document), one record and one communication. */
async function fixture() {
  const { cuil } = await adheredCitizen(op, "Ana");
  const instance = await operatorInstance(op, cuil, procedureId, { title: "Certificado" });
  const request = await op("POST", `/chat/instances/${instance.json.id}/requests`, { documents: [{ description: "DNI" }] });
  const record = await op("POST", "/records", { ownerCuil: cuil, title: "Expediente", sample: { incorporated: 0, sent: 1, pending: 1 } });
  const comm = await op("POST", "/digital/communications", { cuil, subject: "Aviso", client: "Rentas", type: "aviso" });
  expect([instance.status, request.status, record.status, comm.status]).toEqual([201, 201, 201, 201]);
  const docs = record.json.documents as { id: string; stage: string }[];
  return {
    cuil,
    instanceId: instance.json.id as string,
    chatDocumentId: request.json.documents[0].id as string,
    recordId: record.json.id as string,
    sentDocId: docs.find((d) => d.stage === "sent")!.id,
    pendingDocId: docs.find((d) => d.stage === "pending")!.id,
    code: comm.json.code as string,
  };
}
type Fixture = Awaited<ReturnType<typeof fixture>>;

/**
 * How to call each operator route that touches a citizen's data successfully, and the action its
 * entry records. A new operator route must be added here or to NOT_CITIZEN_DATA (with its reason).
 */
const AUDITED: Record<string, { action: string; call: (f: Fixture) => [string, string, unknown?] | Promise<[string, string, unknown?]> }> =
  {
    "POST /operator/api/citizens": {
      action: "citizen.create",
      call: () => ["POST", "/citizens", { givenName: "Otra", familyName: "Persona", password: "Prueba2026!" }],
    },
    "POST /operator/api/procedures/instances": {
      action: "procedure.create",
      call: (f) => [
        "POST",
        "/procedures/instances",
        { cuil: f.cuil, procedureId, tab: "pending", state: { text: "Pendiente", color: "#B45309" } },
      ],
    },
    "POST /operator/api/procedures/instances/:id/history": {
      action: "procedure.history",
      call: (f) => ["POST", `/procedures/instances/${f.instanceId}/history`, { action: "Nota" }],
    },
    "POST /operator/api/procedures/instances/:id/documents": {
      action: "procedure.document",
      call: (f) => ["POST", `/procedures/instances/${f.instanceId}/documents`, { fileName: "constancia.pdf", status: "received" }],
    },
    "GET /operator/api/chat/instances/:id": { action: "chat.read", call: (f) => ["GET", `/chat/instances/${f.instanceId}`] },
    "POST /operator/api/chat/instances/:id/messages": {
      action: "chat.message",
      call: (f) => ["POST", `/chat/instances/${f.instanceId}/messages`, { message: "Hola" }],
    },
    "POST /operator/api/chat/instances/:id/requests": {
      action: "chat.request",
      call: (f) => ["POST", `/chat/instances/${f.instanceId}/requests`, { documents: [{ description: "Recibo" }] }],
    },
    "POST /operator/api/chat/instances/:id/received": {
      action: "chat.received",
      call: async (f) => {
        await sentChatDocument(f);
        return ["POST", `/chat/instances/${f.instanceId}/received`, {}];
      },
    },
    "POST /operator/api/chat/instances/:id/approve": {
      action: "chat.approve",
      call: async (f) => {
        await sentChatDocument(f);
        return ["POST", `/chat/instances/${f.instanceId}/approve`, {}];
      },
    },
    "POST /operator/api/chat/instances/:id/reject": {
      action: "chat.reject",
      call: async (f) => {
        await sentChatDocument(f);
        return ["POST", `/chat/instances/${f.instanceId}/reject`, { reason: "No se lee" }];
      },
    },
    "POST /operator/api/chat/instances/:id/evaluating": {
      action: "chat.evaluating",
      call: (f) => ["POST", `/chat/instances/${f.instanceId}/evaluating`, {}],
    },
    "POST /operator/api/chat/instances/:id/finish": {
      action: "chat.finish",
      call: (f) => ["POST", `/chat/instances/${f.instanceId}/finish`, { approved: true }],
    },
    "PUT /operator/api/chat/documents/:id/due": {
      action: "chat.document-due",
      call: (f) => ["PUT", `/chat/documents/${f.chatDocumentId}/due`, { dueDate: "2030-01-10" }],
    },
    "POST /operator/api/digital/communications": {
      action: "communication.send",
      call: (f) => ["POST", "/digital/communications", { cuil: f.cuil, subject: "Otro aviso", client: "Rentas", type: "aviso" }],
    },
    "PUT /operator/api/digital/communications/:code/thread": {
      action: "communication.thread",
      call: (f) => ["PUT", `/digital/communications/${f.code}/thread`, { dueDate: "2030-01-10" }],
    },
    "POST /operator/api/records": {
      action: "record.create",
      call: (f) => ["POST", "/records", { ownerCuil: f.cuil, title: "Otro expediente" }],
    },
    "POST /operator/api/records/:id/documents/:documentId/incorporate": {
      action: "record.incorporate",
      call: (f) => ["POST", `/records/${f.recordId}/documents/${f.pendingDocId}/incorporate`, { description: "Nota", userName: "Mesa" }],
    },
    "PUT /operator/api/records/:id/documents/:documentId/status": {
      action: "record.document-status",
      call: (f) => ["PUT", `/records/${f.recordId}/documents/${f.sentDocId}/status`, { status: "approved" }],
    },
    "POST /operator/api/records/:id/associations": {
      action: "record.associate",
      call: (f) => ["POST", `/records/${f.recordId}/associations`, { code: "EX-2020-00000001-GDEPROV", type: "link_primary" }],
    },
  };

/** Operator routes that touch no citizen's data, each with the reason (decision 071). */
const NOT_CITIZEN_DATA: Record<string, string> = {
  "GET /operator/api/whoami": "the operator's own identity",
  "GET /operator/api/config": "module configuration",
  "PUT /operator/api/config/modules/:id": "module configuration (needs a purpose; written to operator_changes, issue 28)",
  "PUT /operator/api/config/settings/:key": "instance settings (needs a purpose; written to operator_changes, issue 28)",
  "GET /operator/api/config/changes": "the operator audit trail of the configuration",
  "GET /operator/api/digital/types": "reference data",
  "POST /operator/api/chat/forms": "form definitions",
  "POST /operator/api/reminders/send": "the reminder job the API runs by itself; answers codes only",
  "GET /operator/api/mail/outbox":
    "mail queue: addresses masked without a purpose; with one, shown and logged per citizen (tests/api/mail-outbox.test.ts)",
  "POST /operator/api/mail/requeue": "mail queue",
  "POST /operator/api/storage/sweep": "orphan blobs, no row points to them",
  "POST /operator/api/renditions/retry": "failed page images: rows without content; answers a count",
};

/** The citizen attaches the requested document and sends it, so there is something to evaluate. */
async function sentChatDocument(f: Fixture) {
  const citizen = await stack.sign({ sub: f.cuil });
  const form = new FormData();
  const { minimalPdf } = await import("../../server/seed/digital.js");
  form.set("file", new Blob([new Uint8Array(minimalPdf("dni"))]), "dni.pdf");
  form.set("filename", "dni.pdf");
  form.set("system", "AV");
  const up = await fetch(`${stack.api}/api/fs/raw/bucket`, { method: "POST", headers: { authorization: `Bearer ${citizen}` }, body: form });
  const fileId = ((await up.json()) as { result: string }).result;
  const attach = await call(stack, `/api/v4/instances/${f.instanceId}/interactive/generic`, {
    method: "PUT",
    token: citizen,
    body: { action: "toSendDocument", data: { document: f.chatDocumentId, file: { id: fileId, name: "dni.pdf" } }, procedureId },
  });
  expect(attach.status).toBe(200);
  const send = await call(stack, `/api/v4/instances/${f.instanceId}/interactive/citizen/update`, {
    method: "PUT",
    token: citizen,
    body: { force: true },
  });
  expect(send.status).toBe(200);
}

beforeAll(async () => {
  stack = await startStack();
  token = (await createOperator(stack.db, { name: "Ana Díaz", organismo: "Dirección de Rentas" })).token;
  procedureId = await leafInteractiveProcedure(stack.db);
});
afterAll(() => stack?.close());

describe("every operator route on a citizen's data writes the access log", () => {
  it("lists every operator route as audited or as not about a citizen", () => {
    const routes = routesOf(stack.app.printRoutes({ commonPrefix: false })).filter((r) => r.includes(" /operator/api/"));
    expect(routes.length).toBeGreaterThan(25);
    const unknown = routes.filter((r) => !AUDITED[r] && !NOT_CITIZEN_DATA[r]);
    expect(unknown).toEqual([]);
    const gone = [...Object.keys(AUDITED), ...Object.keys(NOT_CITIZEN_DATA)].filter((r) => !routes.includes(r));
    expect(gone).toEqual([]);
  });

  it(
    "each audited route answers 2xx with one more entry for the citizen: operator, organismo, item, purpose",
    { timeout: 180_000 },
    async () => {
      for (const [route, spec] of Object.entries(AUDITED)) {
        const f = await fixture();
        const before = (await stack.db.selectFrom("operator_accesses").select("id").execute()).length;
        const [method, path, body] = await spec.call(f);
        const res = await op(method, path, body);
        expect(res.status, `${route}: ${res.text}`).toBeLessThan(300);
        const after = await stack.db.selectFrom("operator_accesses").selectAll().orderBy("occurred_at", "desc").execute();
        expect(after.length, route).toBeGreaterThan(before);
        const entry = after.find((e) => e.action === spec.action);
        expect(entry, route).toBeDefined();
        expect(entry).toMatchObject({ operator_name: "Ana Díaz", organismo: "Dirección de Rentas", purpose: PURPOSE });
        if (route !== "POST /operator/api/citizens") expect(entry!.citizen_cuil, route).toBe(f.cuil);
      }
    },
  );

  it("refuses a call on a citizen's data without a purpose (400, nothing changed, nothing logged)", async () => {
    const f = await fixture();
    const before = await entries(f.cuil);
    for (const purpose of [null, "", "  ", "ab", "x".repeat(501), "%E0%A4%A"]) {
      const res = await call(stack, `/operator/api/chat/instances/${f.instanceId}/messages`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, ...(purpose === null ? {} : { "x-motivo": purpose }) },
        body: { message: "sin motivo" },
      });
      expect(res.status).toBe(400);
      expect(res.json.code).toBe("PURPOSE_REQUIRED");
    }
    expect((await op("GET", `/chat/instances/${f.instanceId}`, undefined, null)).status).toBe(400);
    expect(await entries(f.cuil)).toHaveLength(before.length);
    const chat = await op("GET", `/chat/instances/${f.instanceId}`, undefined, "Control");
    expect(JSON.stringify(chat.json)).not.toContain("sin motivo");
    // Routes not about a citizen need no purpose.
    expect((await op("GET", "/config", undefined, null)).status).toBe(200);
  });

  it("a failed write leaves no entry; an item that does not exist is a 404 without an entry", async () => {
    const f = await fixture();
    await op("POST", `/chat/instances/${f.instanceId}/finish`, { approved: true });
    const before = await entries(f.cuil);
    expect((await op("POST", `/chat/instances/${f.instanceId}/messages`, { message: "tarde" })).status).toBe(409);
    expect(await entries(f.cuil)).toHaveLength(before.length);
    expect((await op("GET", "/chat/instances/00000000-0000-4000-8000-000000000000")).status).toBe(404);
  });

  it("an association with another citizen's record writes an entry for each citizen", async () => {
    const a = await fixture();
    const b = await fixture();
    const code = (await stack.db.selectFrom("records").select("code").where("id", "=", b.recordId).executeTakeFirstOrThrow()).code;
    const res = await op("POST", `/records/${a.recordId}/associations`, { code, otherId: b.recordId, type: "link_primary" });
    expect(res.status).toBe(201);
    expect((await entries(a.cuil)).some((e) => e.action === "record.associate")).toBe(true);
    expect((await entries(b.cuil)).some((e) => e.action === "record.associate" && e.item_ref === b.recordId)).toBe(true);
  });
});

describe("a route that forgets the log", () => {
  let leaky: TestStack;
  beforeAll(async () => {
    const { operatorRoutePlugins } = await import("../../server/operator/plugin.js");
    const plugin: (typeof operatorRoutePlugins)[number] = async (app, { db }) => {
      app.get("/leaky/:cuil", async (request) =>
        db
          .selectFrom("citizens")
          .select("given_name")
          .where("cuil", "=", (request.params as { cuil: string }).cuil)
          .execute(),
      );
    };
    operatorRoutePlugins.push(plugin);
    try {
      leaky = await startStack();
    } finally {
      operatorRoutePlugins.pop();
    }
  });
  afterAll(() => leaky?.close());

  it("needs a purpose (undeclared routes count as citizen data) and never answers its data: 500", async () => {
    const cuil = "27293847563";
    const res = await call(leaky, `/operator/api/leaky/${cuil}`, { headers: { authorization: "Bearer dev-operator-token-change-me" } });
    expect(res.status).toBe(400);
    const withPurpose = await call(leaky, `/operator/api/leaky/${cuil}`, {
      headers: { authorization: "Bearer dev-operator-token-change-me", "x-motivo": "Prueba" },
    });
    expect(withPurpose.status).toBe(500);
    expect(withPurpose.text).not.toContain("María");
  });
});

describe("append-only", () => {
  it(`the database refuses UPDATE and DELETE of an entry`, async () => {
    const f = await fixture();
    const [entry] = await entries(f.cuil);
    expect(entry).toBeDefined();
    await expect(sql`update operator_accesses set purpose = 'cambiado' where id = ${entry!.id}`.execute(stack.db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`delete from operator_accesses where id = ${entry!.id}`.execute(stack.db)).rejects.toThrow(/append-only/);
    await expect(stack.db.deleteFrom("operator_accesses").execute()).rejects.toThrow(/append-only/);
    if (stack.dialect === "postgres") await expect(sql`truncate operator_accesses`.execute(stack.db)).rejects.toThrow(/append-only/);
    const again = await entries(f.cuil);
    expect(again.find((e) => e.id === entry!.id)?.purpose).toBe(entry!.purpose);
  });
});

describe("GET /api/v1/me/accesses (the citizen's side)", () => {
  it("lists only the bearer's own entries, newest first, paged by 20, filtered by kind and day", { timeout: 60_000 }, async () => {
    const a = await fixture();
    const b = await fixture();
    for (let i = 0; i < 22; i++) await op("GET", `/chat/instances/${a.instanceId}`, undefined, `Lectura ${i}`);
    const tokenA = await stack.sign({ sub: a.cuil });
    const tokenB = await stack.sign({ sub: b.cuil });
    const own = (await entries(a.cuil)).length;

    const first = await call(stack, "/api/v1/me/accesses", { token: tokenA });
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ total: own, page: 1, page_size: 20, last_page: Math.ceil(own / 20) });
    expect(first.json.accesses).toHaveLength(20);
    expect(first.json.accesses[0]).toMatchObject({
      operator: { name: "Ana Díaz", organismo: "Dirección de Rentas" },
      kind: "procedure",
      action: "chat.read",
      item: { ref: a.instanceId, label: "Certificado" },
    });
    // Newest first: the last read, or one written in the same millisecond (ties go by id).
    const last = first.json.accesses.find((x: { purpose: string }) => x.purpose === "Lectura 21");
    expect(last).toBeDefined();
    expect(first.json.accesses[0].occurredAt).toBe(last.occurredAt);
    const times = first.json.accesses.map((x: { occurredAt: string }) => x.occurredAt);
    expect([...times].sort().reverse()).toEqual(times);
    const second = await call(stack, "/api/v1/me/accesses?page=2", { token: tokenA });
    const ids = new Set([...first.json.accesses, ...second.json.accesses].map((x: { id: string }) => x.id));
    expect(ids.size).toBe(first.json.accesses.length + second.json.accesses.length);
    expect((await call(stack, "/api/v1/me/accesses?page=99", { token: tokenA })).json.accesses).toEqual([]);

    const comms = await call(stack, "/api/v1/me/accesses?kind=communication", { token: tokenA });
    expect(comms.json.accesses.map((x: { item: { label: string } }) => x.item.label)).toEqual([a.code]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await call(stack, `/api/v1/me/accesses?since=${today}&until=${today}`, { token: tokenA })).json.total).toBe(own);
    expect((await call(stack, "/api/v1/me/accesses?until=2001-01-01", { token: tokenA })).json.total).toBe(0);
    expect((await call(stack, "/api/v1/me/accesses?since=&until=&kind=&page=", { token: tokenA })).status).toBe(200);

    const other = await call(stack, "/api/v1/me/accesses", { token: tokenB });
    expect(other.json.accesses.every((x: { item: { ref: string | null } }) => x.item.ref !== a.instanceId)).toBe(true);
    expect(JSON.stringify(other.json)).not.toContain(a.cuil);
  });

  it("answers 400 to odd filters and 303 without a session", async () => {
    const t = await stack.sign({ sub: "27293847563" });
    for (const q of [
      "page=0",
      "page=-1",
      "page=1.5",
      "page=9999999",
      "since=2026-02-30",
      "since=26-01-01",
      "kind=otra",
      "since=2026-03-02&until=2026-03-01",
      "page=1&page=2",
    ]) {
      expect((await call(stack, `/api/v1/me/accesses?${q}`, { token: t })).status, q).toBe(400);
    }
    expect((await call(stack, "/api/v1/me/accesses")).status).toBe(303);
  });
});
