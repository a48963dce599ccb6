import { describe, expect, it } from "vitest";
import { demoCitizens } from "../../server/auth/oidc/demo-citizens.js";
import { addHistoryEntry, createInstance } from "../../server/domain/procedures/service.js";
import { operatorOf, signedIn, useStack } from "./fixtures.js";
import { call } from "./harness.js";

const stack = useStack();
const maria = signedIn(stack, demoCitizens[0]!);
const lucia = signedIn(stack, demoCitizens[2]!);

const get = (path: string, token = maria.token) => call(stack, path, { token });

async function firstInstance(tab = "in_progress", token = maria.token) {
  const res = await get(`/api/v4/instances/${tab}?module=procedures`, token);
  expect(res.status).toBe(200);
  return res.json.instances[0] as { id: string; buttons: string[]; type: string };
}

async function leafProcedureId(): Promise<number> {
  const row = await stack.db
    .selectFrom("proc_catalogue")
    .select("id")
    .where("is_parent", "=", 0)
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
  return row.id;
}

describe("instances tray", () => {
  it("counts per tab, for the module 'procedures' and its alias 'av'", async () => {
    const counts: Record<string, number> = {};
    for (const tab of ["pending", "in_progress", "finished", "cancelled"]) {
      const res = await get(`/api/v4/instances/count/${tab}?module=procedures`);
      expect(res.status).toBe(200);
      counts[tab] = res.json.count;
      const alias = await get(`/api/v4/instances/count/${tab}?module=av`);
      expect(alias.json.count).toBe(res.json.count);
    }
    expect(counts.pending! + counts.in_progress! + counts.finished! + counts.cancelled!).toBeGreaterThanOrEqual(30);
    expect((await get(`/api/v4/instances/count/pending?module=procedures`, lucia.token)).json.count).toBe(0);
    expect((await get(`/api/v4/instances/count/nope?module=procedures`)).status).toBe(404);
  });

  it("pages with last_page from the module's page size, sorted by -createdAt by default", async () => {
    // Other seeds (the chat's) move demo instances between tabs: work from the count.
    const total = (await get(`/api/v4/instances/count/in_progress?module=procedures`)).json.count as number;
    expect(total).toBeGreaterThan(10);
    const page1 = await get(`/api/v4/instances/in_progress?module=procedures&pageNumber=1`);
    expect(page1.status).toBe(200);
    expect(page1.json.instances).toHaveLength(10);
    expect(page1.json.last_page).toBe(Math.ceil(total / 10));
    const dates = page1.json.instances.map((i: { createdAt: string }) => i.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    const page2 = await get(`/api/v4/instances/in_progress?module=procedures&pageNumber=2`);
    expect(page2.json.instances.length).toBeGreaterThan(0);
    const ids1 = new Set(page1.json.instances.map((i: { id: string }) => i.id));
    for (const i of page2.json.instances) expect(ids1.has(i.id)).toBe(false);
    const inst = page1.json.instances[0];
    expect(inst).toMatchObject({
      id: expect.any(String),
      title: expect.any(String),
      description: expect.any(Array),
      payloadDescriptions: expect.any(Array),
      currentState: { text: expect.any(String), color: expect.stringMatching(/^#/) },
      buttons: expect.any(Array),
      hasAlert: expect.any(Boolean),
    });
    expect(["interactive", "form"]).toContain(inst.type);
  });

  it("sorts by arrivedOn ascending and filters by search term and dates", async () => {
    const asc = await get(`/api/v4/instances/in_progress?module=procedures&sort=%2BarrivedOn`);
    const arrived = asc.json.instances.map((i: { arrivedOn: string }) => i.arrivedOn);
    expect([...arrived].sort()).toEqual(arrived);
    expect((await get(`/api/v4/instances/in_progress?module=procedures&sort=title`)).status).toBe(400);

    const all = await get(`/api/v4/instances/in_progress?module=procedures&pageNumber=1`);
    const target = all.json.instances[3];
    const number = target.payloadDescriptions[0].value as string;
    const found = await get(`/api/v4/instances/in_progress?module=procedures&searchTerm=${encodeURIComponent(number)}`);
    expect(found.json.instances.map((i: { id: string }) => i.id)).toEqual([target.id]);
    // Accent- and case-insensitive, and wildcards are literal.
    const word = (target.title as string)
      .split(" ")[0]!
      .toUpperCase()
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "");
    const byWord = await get(`/api/v4/instances/in_progress?module=procedures&searchTerm=${encodeURIComponent(word)}`);
    expect(byWord.json.instances.some((i: { id: string }) => i.id === target.id)).toBe(true);
    expect((await get(`/api/v4/instances/in_progress?module=procedures&searchTerm=%25`)).json.instances).toHaveLength(0);

    const day = (target.createdAt as string).slice(0, 10);
    const range = await get(`/api/v4/instances/in_progress?module=procedures&since=${day}&until=${day}`);
    expect(range.json.instances.length).toBeGreaterThan(0);
    for (const i of range.json.instances) expect(i.createdAt.slice(0, 10)).toBe(day);
    expect((await get(`/api/v4/instances/in_progress?module=procedures&since=2026-13-45`)).status).toBe(400);
  });
});

describe("history, received documents and downloads", () => {
  it("lists only history entries with an action", async () => {
    const inst = await firstInstance();
    const res = await get(`/api/v4/instances/history/${inst.id}`);
    expect(res.status).toBe(200);
    expect(res.json.result.length).toBeGreaterThan(0);
    for (const entry of res.json.result) {
      expect(entry.action).toBeTruthy();
      expect(entry).toHaveProperty("excutedOn");
      expect(entry).toHaveProperty("cn");
      expect(entry.files).toEqual(expect.any(Array));
    }
    const total = await stack.db.selectFrom("proc_history").select("id").where("instance_id", "=", inst.id).execute();
    expect(total.length).toBeGreaterThan(res.json.result.length);
  });

  it("lists received documents with statuses and downloads them", async () => {
    const rows = await stack.db
      .selectFrom("proc_received_docs")
      .innerJoin("proc_instances", "proc_instances.id", "proc_received_docs.instance_id")
      .select(["proc_instances.id as instanceId"])
      .where("proc_instances.owner_cuil", "=", maria.cuil)
      .executeTakeFirstOrThrow();
    const res = await get(`/api/v4/instances/${rows.instanceId}/received_docs`);
    expect(res.status).toBe(200);
    expect(res.json.result.length).toBeGreaterThan(0);
    const doc = res.json.result[0];
    expect(["received", "pending", "approved", "rejected"]).toContain(doc.status);
    const name = Buffer.from(doc.fileName).toString("base64");
    const download = await fetch(`${stack.api}/api/fs/bucket/${encodeURIComponent(name)}/${doc.fileId}`, {
      headers: { authorization: `Bearer ${maria.token}` },
    });
    expect(download.status).toBe(200);
    expect(
      Buffer.from(await download.arrayBuffer())
        .subarray(0, 5)
        .toString("latin1"),
    ).toBe("%PDF-");
  });
});

describe("another citizen's instance answers 404 on every call", () => {
  it("history, received_docs, discard, redirectRecord", async () => {
    const inst = await firstInstance();
    expect((await get(`/api/v4/instances/history/${inst.id}`, lucia.token)).status).toBe(404);
    expect((await get(`/api/v4/instances/${inst.id}/received_docs`, lucia.token)).status).toBe(404);
    expect((await get(`/api/v4/filemanager/${inst.id}/redirectRecord?module=procedures&redirectModule=records`, lucia.token)).status).toBe(
      404,
    );
    const discard = await call(stack, `/api/v4/instances/${inst.id}/discard`, {
      method: "POST",
      token: lucia.token,
      body: { message: "x" },
    });
    expect(discard.status).toBe(404);
    const still = await stack.db.selectFrom("proc_instances").select("discarded_at").where("id", "=", inst.id).executeTakeFirstOrThrow();
    expect(still.discarded_at).toBeNull();
    expect((await get(`/api/v4/instances/history/does-not-exist`)).status).toBe(404);
  });
});

describe("discard", () => {
  it("is final: moves the instance to the cancelled tab, records the reason, a second discard is 409", async () => {
    const procedureId = await leafProcedureId();
    const created = await createInstance(stack.db, {
      ownerCuil: lucia.cuil,
      procedureId,
      tabCode: "pending",
      state: { text: "Pendiente", color: "#B45309" },
      buttons: ["edit", "history", "attachments", "discard"],
    });
    expect((await get(`/api/v4/instances/count/pending?module=procedures`, lucia.token)).json.count).toBe(1);
    const tooLong = await call(stack, `/api/v4/instances/${created.id}/discard`, {
      method: "POST",
      token: lucia.token,
      body: { message: "x".repeat(1001) },
    });
    expect(tooLong.status).toBe(400);
    const res = await call(stack, `/api/v4/instances/${created.id}/discard`, {
      method: "POST",
      token: lucia.token,
      body: { message: "Me equivoqué de trámite" },
    });
    expect(res.status).toBe(200);
    expect((await get(`/api/v4/instances/count/pending?module=procedures`, lucia.token)).json.count).toBe(0);
    const cancelled = await get(`/api/v4/instances/cancelled?module=procedures`, lucia.token);
    expect(cancelled.json.instances[0]).toMatchObject({ id: created.id, buttons: ["history", "attachments"] });
    const history = await get(`/api/v4/instances/history/${created.id}`, lucia.token);
    expect(history.json.result[0].comment).toBe("Me equivoqué de trámite");
    const again = await call(stack, `/api/v4/instances/${created.id}/discard`, { method: "POST", token: lucia.token, body: {} });
    expect(again.status).toBe(409);
    await expect(
      addHistoryEntry(stack.db, { instanceId: created.id, ownerCuil: lucia.cuil, cn: "OP", action: "Mensaje", operatorMessage: true }),
    ).rejects.toMatchObject({ status: 409 });
  });

  it("two discards at once: exactly one succeeds", async () => {
    const procedureId = await leafProcedureId();
    const created = await createInstance(stack.db, {
      ownerCuil: lucia.cuil,
      procedureId,
      tabCode: "in_progress",
      state: { text: "En revisión", color: "#1D4ED8" },
    });
    const send = () =>
      call(stack, `/api/v4/instances/${created.id}/discard`, { method: "POST", token: lucia.token, body: { message: null } });
    const statuses = (await Promise.all([send(), send()])).map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409]);
  });
});

describe("redirectRecord", () => {
  it("returns result.id of the linked record, 404 when there is none", async () => {
    const linked = await stack.db
      .selectFrom("proc_instances")
      .select(["id", "record_id"])
      .where("owner_cuil", "=", maria.cuil)
      .where("record_id", "is not", null)
      .executeTakeFirstOrThrow();
    const res = await get(`/api/v4/filemanager/${linked.id}/redirectRecord?module=procedures&redirectModule=records`);
    expect(res.status).toBe(200);
    expect(res.json.result.id).toBe(linked.record_id);
    const unlinked = await stack.db
      .selectFrom("proc_instances")
      .select("id")
      .where("owner_cuil", "=", maria.cuil)
      .where("record_id", "is", null)
      .executeTakeFirstOrThrow();
    expect((await get(`/api/v4/filemanager/${unlinked.id}/redirectRecord?module=procedures`)).status).toBe(404);
  });
});

describe("catalogue", () => {
  it("has at least 40 procedures in a tree of three levels", async () => {
    const leaves = await stack.db.selectFrom("proc_catalogue").select(["id", "type", "terms_enabled"]).where("is_parent", "=", 0).execute();
    expect(leaves.length).toBeGreaterThanOrEqual(40);
    expect(leaves.some((l) => l.type === "FORM")).toBe(true);
    expect(leaves.some((l) => l.type === "INTERACTIVE")).toBe(true);
    expect(leaves.some((l) => l.terms_enabled === 1)).toBe(true);
  });

  it("root, children by parentId (three levels deep) and search by filter", async () => {
    const root = await get(`/api/v4/procedures/`);
    expect(root.status).toBe(200);
    const salud = root.json.result.find((i: { description: string }) => i.description === "Salud");
    expect(salud).toMatchObject({ isParent: true, parentId: null, parents: [] });
    const level2 = await get(`/api/v4/procedures/?parentId=${salud.id}`);
    const certs = level2.json.result.find((i: { description: string }) => i.description === "Certificados");
    expect(certs).toMatchObject({ isParent: true, parentId: salud.id });
    const level3 = await get(`/api/v4/procedures/?parentId=${certs.id}`);
    const disc = level3.json.result.find((i: { description: string }) => i.description === "Certificado de discapacidad");
    expect(disc).toMatchObject({ isParent: false, type: "INTERACTIVE", highlighted: true, parentId: certs.id });
    expect(disc.parents.map((p: { description: string }) => p.description)).toEqual(["Salud", "Certificados"]);
    expect(disc.theme).toBe("Salud");
    expect(disc.organism).toBeTruthy();
    expect(disc.recipient).toBeTruthy();

    const search = await get(`/api/v4/procedures/?filter=${encodeURIComponent("DISCAPACIDAD")}`);
    expect(search.json.result.length).toBeGreaterThan(0);
    for (const item of search.json.result) expect(item.isParent).toBe(false);
    expect(search.json.result.some((i: { id: number }) => i.id === disc.id)).toBe(true);
    expect((await get(`/api/v4/procedures/?parentId=${disc.id}`)).status).toBe(404);
    expect((await get(`/api/v4/procedures/?parentId=abc`)).status).toBe(400);

    const facets = await get(`/api/v4/procedures/facets`);
    expect(facets.json.result.highlighted.length).toBeGreaterThan(0);
    expect(facets.json.result.themes).toContain("Salud");
  });

  it("docs_table and requirements, with the citizen's earlier instances", async () => {
    const inst = await stack.db
      .selectFrom("proc_instances")
      .select(["procedure_id"])
      .where("owner_cuil", "=", maria.cuil)
      .executeTakeFirstOrThrow();
    const docs = await get(`/api/v4/procedures/${inst.procedure_id}/docs_table`);
    expect(docs.status).toBe(200);
    expect(docs.json.result[0]).toMatchObject({ name: expect.any(String), required: expect.any(Boolean) });
    const req = await get(`/api/v4/procedures/${inst.procedure_id}/requirements`);
    expect(req.status).toBe(200);
    expect(req.json.result).toMatchObject({
      procedureDescription: expect.any(String),
      procedureExplanation: expect.any(String),
      enabledProcedureAcceptedTerms: expect.any(Boolean),
      citizenData: { cuil: maria.cuil, cn: maria.name, email: maria.email },
    });
    expect(req.json.result.instances.length).toBeGreaterThan(0);
    const other = await get(`/api/v4/procedures/${inst.procedure_id}/requirements`, lucia.token);
    expect(other.json.result.instances).toEqual([]);
    expect((await get(`/api/v4/procedures/999999/requirements`)).status).toBe(404);
    const parent = await stack.db.selectFrom("proc_catalogue").select("id").where("is_parent", "=", 1).executeTakeFirstOrThrow();
    expect((await get(`/api/v4/procedures/${parent.id}/requirements`)).status).toBe(404);
  });

  it("needs a session (303)", async () => {
    const res = await call(stack, `/api/v4/procedures/`);
    expect(res.status).toBe(303);
  });
});

describe("operator side", () => {
  const op = (path: string, body: unknown) => operatorOf(stack)("POST", path, body);

  it("creates an instance, adds an operator message (alert) and a document; nothing after a discard", async () => {
    const citizen = await op("/citizens", {
      givenName: "Rosa",
      familyName: "Trámites",
      email: "rosa.t@example.com",
      password: "Prueba2026!",
      adhered: true,
    });
    const token = await stack.sign({ sub: citizen.json.cuil });
    const procedureId = await leafProcedureId();
    const created = await op("/procedures/instances", {
      cuil: citizen.json.cuil,
      procedureId,
      tab: "pending",
      state: { text: "Pendiente", color: "#B45309" },
      buttons: ["edit", "history", "attachments", "discard"],
    });
    expect(created.status).toBe(201);
    const id = created.json.id as string;
    expect(
      (await op(`/procedures/instances/${id}/history`, { action: "Documentación solicitada", comment: "Adjunta tu DNI." })).status,
    ).toBe(201);
    const doc = await op(`/procedures/instances/${id}/documents`, { fileName: "Resolución.pdf", status: "received" });
    expect(doc.status).toBe(201);
    const page = await get(`/api/v4/instances/pending?module=procedures`, token);
    expect(page.json.instances[0]).toMatchObject({ id, hasAlert: true });
    const docs = await get(`/api/v4/instances/${id}/received_docs`, token);
    expect(docs.json.result).toEqual([
      expect.objectContaining({ fileName: "Resolución.pdf", status: "received", fileId: doc.json.fileId }),
    ]);
    expect((await op(`/procedures/instances/nope/history`, { action: "x" })).status).toBe(404);
    expect(
      (
        await op(`/procedures/instances`, {
          cuil: citizen.json.cuil,
          procedureId: 100,
          tab: "pending",
          state: { text: "x", color: "#000000" },
        })
      ).status,
    ).toBe(404);

    expect((await call(stack, `/api/v4/instances/${id}/discard`, { method: "POST", token, body: { message: "fin" } })).status).toBe(200);
    expect((await op(`/procedures/instances/${id}/history`, { action: "Tarde" })).status).toBe(409);
    expect((await op(`/procedures/instances/${id}/documents`, { fileName: "Tarde.pdf", status: "received" })).status).toBe(409);
  });
});
