import { describe, expect, it } from "vitest";
import { demoCitizens } from "../../server/auth/oidc/demo-citizens.js";
import { countInstancesByTab, createInstance } from "../../server/domain/procedures/service.js";
import { createRecord } from "../../server/domain/records/operator.js";
import { countRecordsByTab } from "../../server/domain/records/service.js";
import { leafInteractiveProcedure, signedIn, useStack } from "./fixtures.js";
import { call, countingQueries } from "./harness.js";

/**
 * `GET /api/v4/instances/counts?module=…` (ours, the `tab-counts` extension): every tab's count of a
 * module in one call and one query, each what `GET /api/v4/instances/count/{tab}` answers for it.
 */
const stack = useStack();
const maria = signedIn(stack, demoCitizens[0]!);
const lucia = signedIn(stack, demoCitizens[2]!);

const MODULES = ["procedures", "records"] as const;

/** The module's tabs, as the configuration lists them. */
async function tabsOf(module: string): Promise<string[]> {
  const config = await maria.get("/api/v4/instances/config");
  const found = (config.json.modules as { id: string; tabs: { code: string }[] }[]).find((m) => m.id === module);
  return found!.tabs.map((t) => t.code);
}

/** What one `count/{tab}` call answers for each tab. */
async function perTab(citizen: typeof maria, module: string, tabs: string[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const tab of tabs) counts[tab] = (await citizen.get(`/api/v4/instances/count/${tab}?module=${module}`)).json.count;
  return counts;
}

describe("GET /api/v4/instances/counts", () => {
  it.each(MODULES)("answers every tab of %s, each as its count/{tab} call does", async (module) => {
    const tabs = await tabsOf(module);
    const res = await maria.get(`/api/v4/instances/counts?module=${module}`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.json.counts).sort()).toEqual([...tabs].sort());
    expect(res.json.counts).toEqual(await perTab(maria, module, tabs));
    expect(Object.values(res.json.counts).some((n) => (n as number) > 0)).toBe(true);
  });

  it("answers the alias 'av' as 'procedures'", async () => {
    const procedures = await maria.get("/api/v4/instances/counts?module=procedures");
    expect((await maria.get("/api/v4/instances/counts?module=av")).json).toEqual(procedures.json);
  });

  it("counts only the signed-in citizen's instances and records (an empty tab is 0)", async () => {
    const before = await Promise.all(MODULES.map(async (m) => (await maria.get(`/api/v4/instances/counts?module=${m}`)).json.counts));
    const empty = (await lucia.get("/api/v4/instances/counts?module=procedures")).json.counts as Record<string, number>;
    expect(Object.values(empty).every((n) => n === 0)).toBe(true);

    await createInstance(stack.db, {
      ownerCuil: lucia.cuil,
      procedureId: await leafInteractiveProcedure(stack.db),
      tabCode: "pending",
      state: { text: "Pendiente", color: "#B45309" },
    });
    await createRecord(stack.db, { ownerCuil: lucia.cuil, title: "Expediente de Lucía" });
    const procedures = (await lucia.get("/api/v4/instances/counts?module=procedures")).json.counts;
    expect(procedures).toEqual({ ...empty, pending: 1 });
    expect(procedures).toEqual(await perTab(lucia, "procedures", await tabsOf("procedures")));
    const records = (await lucia.get("/api/v4/instances/counts?module=records")).json.counts;
    expect(records).toEqual({ in_process: 1, archived: 0 });
    expect(records).toEqual(await perTab(lucia, "records", await tabsOf("records")));

    const after = await Promise.all(MODULES.map(async (m) => (await maria.get(`/api/v4/instances/counts?module=${m}`)).json.counts));
    expect(after).toEqual(before);
  });

  it("asks the database once per module", async () => {
    for (const byTab of [countInstancesByTab, countRecordsByTab]) {
      const counting = countingQueries(stack.db);
      await byTab(counting.db, maria.cuil);
      expect(counting.queries).toBe(1);
    }
  });

  it("answers 400 for an unknown or missing module, 303 without a session", async () => {
    expect((await maria.get("/api/v4/instances/counts?module=nope")).status).toBe(400);
    expect((await maria.get("/api/v4/instances/counts")).status).toBe(400);
    expect((await call(stack, "/api/v4/instances/counts?module=procedures")).status).toBe(303);
  });
});
