import { describe, expect, it } from "vitest";
import { isValidCuil } from "../../common/cuil.js";
import { OPERATOR, useStack } from "./fixtures.js";
import { call } from "./harness.js";

describe("operator API", () => {
  const stack = useStack();

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
    const bad = await call(stack, "/operator/api/citizens", {
      method: "POST",
      headers: OPERATOR,
      body: { cuil: "20123456780", givenName: "", password: "x" },
    });
    expect(bad.status).toBe(400);
  });
});

describe("operator configuration", () => {
  const stack = useStack();

  it("disables a module and changes its page size without code; the citizen's config call reflects it", async () => {
    const put = await call(stack, "/operator/api/config/modules/records", {
      method: "PUT",
      headers: OPERATOR,
      body: { enabled: false, pageSize: 5 },
    });
    expect(put.status).toBe(200);
    const token = await stack.sign({ sub: "27293847563" });
    const config = await call(stack, "/api/v4/instances/config", { token });
    const records = config.json.modules.find((m: { id: string }) => m.id === "records");
    expect(records).toMatchObject({ enabled: false, pageSize: 5 });
    const bad = await call(stack, "/operator/api/config/modules/records", { method: "PUT", headers: OPERATOR, body: { pageSize: 0 } });
    expect(bad.status).toBe(400);
    const unknown = await call(stack, "/operator/api/config/modules/other", { method: "PUT", headers: OPERATOR, body: {} });
    expect(unknown.status).toBe(400);
  });

  it("changes the logout URL", async () => {
    const put = await call(stack, "/operator/api/config/settings/logout_url", {
      method: "PUT",
      headers: OPERATOR,
      body: { value: `${stack.issuer}/session/end?v=2` },
    });
    expect(put.status).toBe(200);
    const token = await stack.sign({ sub: "27293847563" });
    expect((await call(stack, "/api/v4/instances/config", { token })).json.logout_url).toBe(`${stack.issuer}/session/end?v=2`);
  });
});
