import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOperator, hashToken, identify, operatorsList, revoke } from "../../server/domain/operators/service.js";
import { operatorAdminCommands } from "../../server/operator/operators.js";
import { call, startStack, type TestStack } from "./harness.js";

/** Named operators (decision 007): tokens per person, stored hashed, shown once, revocable. */
let stack: TestStack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());

const whoami = (token: string) => call(stack, "/operator/api/whoami", { headers: { authorization: `Bearer ${token}` } });

describe("named operators", () => {
  it("creates an operator whose token is shown once and kept only as its SHA-256", async () => {
    const created = await createOperator(stack.db, { name: "Ana Díaz", organismo: "Dirección de Rentas" });
    expect(created.token).toMatch(/^avop_[A-Za-z0-9_-]{43}$/);
    const row = await stack.db.selectFrom("operators").selectAll().where("id", "=", created.id).executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(hashToken(created.token));
    expect(JSON.stringify(row)).not.toContain(created.token);
    expect(JSON.stringify(await operatorsList(stack.db))).not.toContain(created.token);
    expect(JSON.stringify(await operatorsList(stack.db))).not.toContain(row.token_hash);
  });

  it("every call knows its operator: the named token answers with its name and organismo", async () => {
    const created = await createOperator(stack.db, { name: "Bruno Sosa", organismo: "Registro Civil" });
    const res = await whoami(created.token);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ id: created.id, name: "Bruno Sosa", organismo: "Registro Civil" });
    const dev = await whoami("dev-operator-token-change-me");
    expect(dev.json).toEqual({ id: "dev", name: "Operador de desarrollo", organismo: "Desarrollo" });
  });

  it("refuses a revoked token, an unknown one and a near miss; revoking twice is a 404", async () => {
    const created = await createOperator(stack.db, { name: "Carla Ruiz", organismo: "Catastro" });
    expect((await whoami(created.token)).status).toBe(200);
    await revoke(stack.db, created.id);
    expect((await whoami(created.token)).status).toBe(401);
    await expect(revoke(stack.db, created.id)).rejects.toMatchObject({ status: 404 });
    expect((await whoami(`${created.token.slice(0, -1)}A`)).status).toBe(401);
    expect((await whoami("avop_" + "x".repeat(43))).status).toBe(401);
    expect((await whoami("")).status).toBe(401);
    const list = await operatorsList(stack.db);
    expect(list.find((o) => o.id === created.id)?.revokedAt).toEqual(expect.any(String));
  });

  it("the CLI's operators:* commands create, list and revoke on the database", async () => {
    const created = (await operatorAdminCommands["operators:create"]!.run({ name: "Dora Paz", organismo: "ANSES local" }, stack.db)) as {
      id: string;
      token: string;
    };
    expect((await whoami(created.token)).json.name).toBe("Dora Paz");
    const list = (await operatorAdminCommands["operators:list"]!.run({}, stack.db)) as { id: string }[];
    expect(list.map((o) => o.id)).toContain(created.id);
    await operatorAdminCommands["operators:revoke"]!.run({ id: created.id }, stack.db);
    expect((await whoami(created.token)).status).toBe(401);
    await expect(operatorAdminCommands["operators:create"]!.run({ name: "", organismo: "X" }, stack.db)).rejects.toMatchObject({
      status: 400,
    });
    await expect(operatorAdminCommands["operators:revoke"]!.run({ id: "nope" }, stack.db)).rejects.toMatchObject({ status: 400 });
  });
});

describe("without the development token (production)", () => {
  it("the development token is just another wrong token", async () => {
    expect(await identify(stack.db, "dev-operator-token-change-me", undefined)).toBeNull();
    expect(await identify(stack.db, "dev-operator-token-change-me", "dev-operator-token-change-me")).toMatchObject({ id: "dev" });
    const created = await createOperator(stack.db, { name: "Eva Gil", organismo: "Salud" });
    expect(await identify(stack.db, created.token, undefined)).toMatchObject({ id: created.id, name: "Eva Gil" });
  });
});
