/**
 * The reference data the API process keeps for `REFERENCE_CACHE_MS` (decision 023): a module's page
 * size, its tabs and the communication types' texts. A change made in the database directly is not
 * seen while they are kept, and is once the time is up; an operator's change through the API is seen
 * at once; with 0, every call reads the tables.
 */
import { describe, expect, it } from "vitest";
import { operatorOf, useStack } from "./fixtures.js";
import { adheredCitizen, call, type TestStack } from "./harness.js";
import { until } from "../until.js";

const KEPT_MS = 300;

async function citizenWithMail(stack: TestStack) {
  const op = operatorOf(stack);
  const { cuil } = await adheredCitizen(op, "Referencia");
  for (let i = 0; i < 3; i++) {
    const sent = await op("POST", "/digital/communications", { cuil, subject: `Aviso ${i}`, client: "Rentas", type: "aviso", message: "" });
    expect(sent.status).toBe(201);
  }
  const token = await stack.sign({ sub: cuil });
  const get = (p: string) => call(stack, p, { token, headers: { "user-id": cuil } });
  return {
    op,
    /** the inbox's first page: how many communications, and the first one's type text */
    inbox: async () => {
      const res = await get(`/api/dd/v1/communications/inbox/${cuil}`);
      expect(res.status).toBe(200);
      return { shown: res.json.communications.length as number, type: res.json.communications[0].type.text as string };
    },
    tabStatus: async (code: string) => (await get(`/api/v4/instances/count/${code}?module=procedures`)).status,
  };
}

async function typeText(stack: TestStack, text: string) {
  await stack.db.updateTable("dd_communication_types").set({ text }).where("id", "=", "aviso").execute();
}
async function pageSize(stack: TestStack, size: number) {
  await stack.db.updateTable("module_configs").set({ page_size: size }).where("id", "=", "digital").execute();
}

async function changeDirectly(stack: TestStack) {
  await pageSize(stack, 1);
  await typeText(stack, "Aviso cambiado");
  await stack.db
    .insertInto("module_tabs")
    .values({ module_id: "procedures", code: "otra", description: "Otra", count: 1, color: "#000000", position: 9 })
    .execute();
}

/** A stack of the block's own, whose API keeps the reference data `ms` long. */
const stackKeeping = (ms: number) => useStack({ env: { REFERENCE_CACHE_MS: String(ms) } });

describe("kept (REFERENCE_CACHE_MS a minute)", () => {
  const stack = stackKeeping(60_000);

  it("a change made in the database directly is not seen yet", async () => {
    const c = await citizenWithMail(stack);
    const before = await c.inbox();
    expect(before.shown).toBe(3);
    expect(await c.tabStatus("otra")).toBe(404);
    await changeDirectly(stack);
    expect(await c.inbox()).toEqual(before);
    expect(await c.tabStatus("otra")).toBe(404);
  });

  it("an operator's change of a module through this API is seen at once", async () => {
    const c = await citizenWithMail(stack);
    expect((await c.op("PUT", "/config/modules/digital", { pageSize: 10 })).status).toBe(200);
    expect((await c.inbox()).shown).toBe(3);
    expect((await c.op("PUT", "/config/modules/digital", { pageSize: 2 })).status).toBe(200);
    expect((await c.inbox()).shown).toBe(2);
  });
});

describe(`REFERENCE_CACHE_MS=${KEPT_MS}`, () => {
  const stack = stackKeeping(KEPT_MS);

  it("a change made in the database directly is seen once the time is up", async () => {
    const c = await citizenWithMail(stack);
    expect((await c.inbox()).shown).toBe(3);
    await changeDirectly(stack);
    await until(async () => (await c.inbox()).shown === 1, "the kept page size to expire", { timeoutMs: 10_000 });
    expect(await c.inbox()).toEqual({ shown: 1, type: "Aviso cambiado" });
    expect(await c.tabStatus("otra")).toBe(200);
  });
});

describe("REFERENCE_CACHE_MS=0", () => {
  const stack = stackKeeping(0);

  it("reads the tables on every call", async () => {
    const c = await citizenWithMail(stack);
    expect((await c.inbox()).shown).toBe(3);
    expect(await c.tabStatus("otra")).toBe(404);
    await changeDirectly(stack);
    expect(await c.inbox()).toEqual({ shown: 1, type: "Aviso cambiado" });
    expect(await c.tabStatus("otra")).toBe(200);
  });
});
