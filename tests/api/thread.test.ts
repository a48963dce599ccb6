/**
 * One thread between the modules (decision 026). A communication links to a procedure instance
 * and/or a record of the same citizen only; the citizen lists the communications about their own
 * instance / record, never about someone else's.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { leafInteractiveProcedure, operatorInstance, operatorOf, useStack } from "./fixtures.js";
import { linkedCommunications } from "../../server/domain/thread/service.js";
import { adheredCitizen, call, countingQueries } from "./harness.js";

const stack = useStack();
let procedureId: number;

const op = operatorOf(stack);

/** An adhered citizen with an e-mail, one procedure instance and one record, all made through the operator API. */
async function citizenWithItems() {
  const { cuil } = await adheredCitizen(op, "Hilo");
  const instance = await operatorInstance(op, cuil, procedureId, { title: `Trámite de ${cuil}` });
  expect(instance.status).toBe(201);
  const record = await op("POST", "/records", { ownerCuil: cuil, title: `Expediente de ${cuil}` });
  expect(record.status).toBe(201);
  const token = await stack.sign({ sub: cuil });
  const get = (path: string, headers: Record<string, string> = { "user-id": cuil }) => call(stack, path, { token, headers });
  return { cuil, instanceId: instance.json.id as string, recordId: (record.json.id ?? record.json.record?.id) as string, get };
}

const send = (cuil: string, over: Record<string, unknown> = {}) =>
  op("POST", "/digital/communications", {
    cuil,
    subject: "Aviso vinculado",
    client: "Dirección de Rentas",
    type: "aviso",
    message: "Texto",
    ...over,
  });

let a: Awaited<ReturnType<typeof citizenWithItems>>;
let b: Awaited<ReturnType<typeof citizenWithItems>>;

beforeAll(async () => {
  procedureId = await leafInteractiveProcedure(stack.db);
  a = await citizenWithItems();
  b = await citizenWithItems();
  expect(a.recordId).toMatch(/^[0-9a-f-]{36}$/);
});

describe("linking a communication (operator)", () => {
  it("links to the citizen's own instance and record, shown additively in get_one and the inbox", async () => {
    const sent = await send(a.cuil, {
      subject: "Intimación vinculada",
      instanceId: a.instanceId,
      recordId: a.recordId,
      dueDate: "2031-05-20",
    });
    expect(sent.status).toBe(201);
    expect(sent.json).toMatchObject({ instance_id: a.instanceId, record_id: a.recordId, due_date: "2031-05-20" });

    const one = await a.get(`/api/dd/v1/communications/get_one/${sent.json.code}`);
    expect(one.status).toBe(200);
    // The spec's fields are still there, the new ones are added.
    expect(one.json.communication).toMatchObject({
      code: sent.json.code,
      subject: "Intimación vinculada",
      archived: false,
      seen_date: expect.any(String),
    });
    expect(one.json.communication.instance).toEqual({ id: a.instanceId, title: `Trámite de ${a.cuil}` });
    expect(one.json.communication.record).toMatchObject({ id: a.recordId, title: `Expediente de ${a.cuil}` });

    const inbox = await a.get(`/api/dd/v1/communications/inbox/${a.cuil}`);
    const row = inbox.json.communications.find((c: { code: string }) => c.code === sent.json.code);
    expect(row).toMatchObject({ instance_id: a.instanceId, record_id: a.recordId, due_date: "2031-05-20" });
  });

  it("refuses another citizen's instance or record, and unknown ids, storing nothing", async () => {
    const before = await stack.db
      .selectFrom("dd_communications")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("cuil", "=", a.cuil)
      .executeTakeFirstOrThrow();
    for (const over of [
      { instanceId: b.instanceId },
      { recordId: b.recordId },
      { instanceId: "no-existe" },
      { recordId: "00000000-0000-0000-0000-000000000000" },
    ]) {
      const res = await send(a.cuil, over);
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(res.json.code).toBe("INVALID_LINK");
    }
    const after = await stack.db
      .selectFrom("dd_communications")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("cuil", "=", a.cuil)
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it("sets, refuses and clears links of an existing communication", async () => {
    const sent = await send(a.cuil);
    const code = sent.json.code as string;
    const bad = await op("PUT", `/digital/communications/${code}/thread`, { recordId: b.recordId });
    expect(bad.status).toBe(400);
    expect(bad.json.code).toBe("INVALID_LINK");
    const set = await op("PUT", `/digital/communications/${code}/thread`, { instanceId: a.instanceId, dueDate: "2031-06-01" });
    expect(set.status).toBe(200);
    expect(set.json).toMatchObject({ instance_id: a.instanceId, record_id: null, due_date: "2031-06-01" });
    const cleared = await op("PUT", `/digital/communications/${code}/thread`, { instanceId: null });
    expect(cleared.json).toMatchObject({ instance_id: null, due_date: "2031-06-01" });
    expect((await op("PUT", `/digital/communications/${code}/thread`, { dueDate: "2031-02-30" })).status).toBe(400);
    expect((await op("PUT", `/digital/communications/2099-999999/thread`, { dueDate: null })).status).toBe(404);
  });
});

describe("listing the communications about an instance or a record (citizen)", () => {
  it("lists the citizen's communications about their instance and their record, newest first", async () => {
    const first = await send(a.cuil, { subject: "Primera sobre el trámite", instanceId: a.instanceId });
    const second = await send(a.cuil, { subject: "Segunda sobre el trámite", instanceId: a.instanceId, dueDate: "2031-07-01" });
    const other = await send(a.cuil, { subject: "Sobre el expediente", recordId: a.recordId });

    const byInstance = await a.get(`/api/dd/v1/communications/linked/${a.cuil}?instance=${a.instanceId}`);
    expect(byInstance.status).toBe(200);
    const codes = byInstance.json.communications.map((c: { code: string }) => c.code);
    expect(codes.indexOf(second.json.code)).toBeLessThan(codes.indexOf(first.json.code));
    expect(codes).not.toContain(other.json.code);
    expect(byInstance.json.communications.find((c: { code: string }) => c.code === second.json.code)).toMatchObject({
      subject: "Segunda sobre el trámite",
      due_date: "2031-07-01",
      instance_id: a.instanceId,
      archived: false,
    });

    const byRecord = await a.get(`/api/dd/v1/communications/linked/${a.cuil}?record=${a.recordId}`);
    expect(byRecord.json.communications.map((c: { code: string }) => c.code)).toContain(other.json.code);
    expect(byRecord.json.communications.every((c: { record_id: string }) => c.record_id === a.recordId)).toBe(true);
  });

  it("answers 404 about another citizen's instance or record, 403 to a foreign cuil or User-ID, 400 without an item", async () => {
    await send(b.cuil, { subject: "De B", instanceId: b.instanceId, recordId: b.recordId });
    expect((await a.get(`/api/dd/v1/communications/linked/${a.cuil}?instance=${b.instanceId}`)).status).toBe(404);
    expect((await a.get(`/api/dd/v1/communications/linked/${a.cuil}?instance=${a.instanceId},${b.instanceId}`)).status).toBe(404);
    expect((await a.get(`/api/dd/v1/communications/linked/${a.cuil}?record=${b.recordId}`)).status).toBe(404);
    expect((await a.get(`/api/dd/v1/communications/linked/${b.cuil}?record=${b.recordId}`)).status).toBe(403);
    expect((await a.get(`/api/dd/v1/communications/linked/${a.cuil}?record=${a.recordId}`, { "user-id": b.cuil })).status).toBe(403);
    expect((await a.get(`/api/dd/v1/communications/linked/${a.cuil}`)).status).toBe(400);
    expect((await a.get(`/api/dd/v1/communications/linked/${a.cuil}?instance=${"x".repeat(40)}`)).status).toBe(400);
    // B sees their own.
    const own = await b.get(`/api/dd/v1/communications/linked/${b.cuil}?instance=${b.instanceId}`);
    expect(own.json.communications.map((c: { subject: string }) => c.subject)).toEqual(["De B"]);
  });

  it("answers 400 NOT_ADHERED to a citizen not adhered, before the query and the ids' owner are looked at", async () => {
    const created = await op("POST", "/citizens", {
      givenName: "Sin",
      familyName: "Adhesión",
      email: `sin.adhesion.${Date.now()}@example.com`,
      password: "Prueba2026!",
    });
    expect(created.status).toBe(201);
    const cuil = created.json.cuil as string;
    const own = await operatorInstance(op, cuil, procedureId);
    const token = await stack.sign({ sub: cuil });
    for (const query of [
      `?instance=${own.json.id}`,
      `?instance=${b.instanceId}`,
      `?record=${b.recordId}`,
      "",
      `?instance=${"x".repeat(40)}`,
    ]) {
      const res = await call(stack, `/api/dd/v1/communications/linked/${cuil}${query}`, { token, headers: { "user-id": cuil } });
      expect(res.status, query).toBe(400);
      expect(res.json.code, query).toBe("NOT_ADHERED");
    }
  });

  it("asks the adhesion and the ids' owner in one query, then the communications", async () => {
    const counting = countingQueries(stack.db);
    await linkedCommunications(counting.db, a.cuil, { instances: [a.instanceId], record: a.recordId });
    expect(counting.queries).toBe(2);
    await expect(linkedCommunications(counting.db, a.cuil, { instances: [a.instanceId, b.instanceId] })).rejects.toMatchObject({
      status: 404,
    });
    expect(counting.queries).toBe(3);
  });

  it("lists several instances of the tray in one call", async () => {
    const second = await op("POST", "/procedures/instances", {
      cuil: a.cuil,
      procedureId,
      tab: "pending",
      state: { text: "Pendiente", color: "#B45309" },
      title: "Otro",
    });
    const sent = await send(a.cuil, { subject: "Sobre el otro", instanceId: second.json.id });
    const res = await a.get(`/api/dd/v1/communications/linked/${a.cuil}?instance=${a.instanceId},${second.json.id}`);
    expect(res.status).toBe(200);
    const ids = new Set(res.json.communications.map((c: { instance_id: string }) => c.instance_id));
    expect(ids).toEqual(new Set([a.instanceId, second.json.id]));
    expect(res.json.communications.map((c: { code: string }) => c.code)).toContain(sent.json.code);
  });
});
