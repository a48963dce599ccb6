import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoCitizens } from "../../server/auth/oidc/demo-citizens.js";
import { createInstance } from "../../server/domain/procedures/service.js";
import { createRecord } from "../../server/domain/records/operator.js";
import { call, startStack, type TestStack } from "./harness.js";

/**
 * Procedures and records are listed by one query (decision 023): the same search rule for both,
 * case and accents aside, whichever way the term or the stored text is written.
 */
const owner = demoCitizens[2].cuil;

let stack: TestStack;
let token: string;
let procedureId: number;

beforeAll(async () => {
  stack = await startStack();
  token = await stack.sign({ sub: owner });
  const leaf = await stack.db.selectFrom("proc_catalogue").select("id").where("is_parent", "=", 0).orderBy("id").executeTakeFirstOrThrow();
  procedureId = leaf.id;
  await createRecord(stack.db, { ownerCuil: owner, title: "Habilitación de Señalética Pública", tab: "in_process" });
  await createRecord(stack.db, { ownerCuil: owner, title: "HABILITACIÓN ÚNICA DE OBRA", tab: "in_process" });
  await createRecord(stack.db, { ownerCuil: owner, title: "Otro pedido", tab: "in_process" });
  for (const title of ["Inscripción de Señalética Pública", "INSCRIPCIÓN ÚNICA DE OBRA", "Otro pedido"]) {
    await createInstance(stack.db, {
      ownerCuil: owner,
      procedureId,
      tabCode: "in_progress",
      state: { text: "En revisión", color: "#1D4ED8" },
      title,
    });
  }
});
afterAll(async () => stack?.close());

async function titles(module: "records" | "procedures", tab: string, term: string) {
  const res = await call(stack, `/api/v4/instances/${tab}?module=${module}&searchTerm=${encodeURIComponent(term)}`, { token });
  expect(res.status).toBe(200);
  return (res.json.instances as { title: string }[]).map((i) => i.title).sort();
}

describe("one search rule for procedures and records", () => {
  it.each(["habilitacion", "HABILITACION", "Habilitación", "hábílítácíón"])("records: '%s' finds both spellings", async (term) => {
    expect(await titles("records", "in_process", term)).toEqual(["HABILITACIÓN ÚNICA DE OBRA", "Habilitación de Señalética Pública"]);
  });

  it.each(["inscripcion", "INSCRIPCION", "Inscripción", "ínscrípcíón"])("procedures: '%s' finds both spellings", async (term) => {
    expect(await titles("procedures", "in_progress", term)).toEqual(["INSCRIPCIÓN ÚNICA DE OBRA", "Inscripción de Señalética Pública"]);
  });

  it("reads ñ and ü as n and u, and a wildcard as a plain character, in both", async () => {
    expect(await titles("records", "in_process", "senaletica")).toEqual(["Habilitación de Señalética Pública"]);
    expect(await titles("procedures", "in_progress", "SENALETICA")).toEqual(["Inscripción de Señalética Pública"]);
    expect(await titles("records", "in_process", "unica de%")).toEqual([]);
    expect(await titles("procedures", "in_progress", "unica de%")).toEqual([]);
    expect(await titles("records", "in_process", "única de obra")).toEqual(["HABILITACIÓN ÚNICA DE OBRA"]);
  });
});
