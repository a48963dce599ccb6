import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isValidCuil } from "../../server/domain/citizens/cuil.js";
import { call, startStack, type TestStack } from "./harness.js";

const OPERATOR = { authorization: "Bearer dev-operator-token-change-me" };

describe("operator API", () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(() => stack.close());

  it("refuses calls without the operator token, and a citizen's token", async () => {
    expect((await call(stack, "/operator/api/citizens", { method: "POST", body: {} })).status).toBe(401);
    const citizenToken = await stack.sign({ sub: "27293847563" });
    const res = await call(stack, "/operator/api/citizens", { method: "POST", token: citizenToken, body: {} });
    expect(res.status).toBe(401);
  });

  it("creates an adhered citizen with a valid random CUIL, who can then use the API", async () => {
    const res = await call(stack, "/operator/api/citizens", {
      method: "POST",
      headers: OPERATOR,
      body: { givenName: "Rosa", familyName: "Prueba", email: "rosa@example.com", password: "Prueba2026!", adhered: true },
    });
    expect(res.status).toBe(201);
    expect(isValidCuil(res.json.cuil)).toBe(true);
    const token = await stack.sign({ sub: res.json.cuil });
    const roles = await call(stack, "/api/security/user/get_roles", { token });
    expect(roles.json.data.data.cn).toBe("Rosa Prueba");
    const self = await call(stack, `/api/dd/v1/users/get-user-self-da/${res.json.cuil}`, { token, headers: { "User-ID": res.json.cuil } });
    expect(self.status).toBe(200);
  });

  it("creates a citizen who is not adhered, and refuses a duplicate CUIL or bad input", async () => {
    const res = await call(stack, "/operator/api/citizens", {
      method: "POST",
      headers: OPERATOR,
      body: { givenName: "Luis", familyName: "Prueba", password: "Prueba2026!" },
    });
    expect(res.status).toBe(201);
    const token = await stack.sign({ sub: res.json.cuil });
    const self = await call(stack, `/api/dd/v1/users/get-user-self-da/${res.json.cuil}`, { token, headers: { "User-ID": res.json.cuil } });
    expect(self.status).toBe(400);
    const again = await call(stack, "/operator/api/citizens", {
      method: "POST",
      headers: OPERATOR,
      body: { cuil: res.json.cuil, givenName: "Luis", familyName: "Prueba", password: "Prueba2026!" },
    });
    expect(again.status).toBe(409);
    const bad = await call(stack, "/operator/api/citizens", { method: "POST", headers: OPERATOR, body: { cuil: "20123456780", givenName: "", password: "x" } });
    expect(bad.status).toBe(400);
  });
});
