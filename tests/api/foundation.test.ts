import { generateKeyPair } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { demoCitizenByRole, demoCitizens } from "../../server/auth/oidc/demo-citizens.js";
import { CUIL_PATTERN, isValidCuil } from "../../common/cuil.js";
import { call, startStack, type TestStack } from "./harness.js";

const adhered = demoCitizenByRole.adhered;
const notAdhered = demoCitizenByRole.notAdhered;

const ErrorBody = z.object({ code: z.string(), message: z.string().min(1) }).strict();
const UserShape = z
  .object({
    data: z
      .object({
        data: z
          .object({
            cn: z.string(),
            email: z.string().nullable(),
            cuil: z.string().regex(CUIL_PATTERN),
            uid: z.string().min(1),
            telephone_number: z.string().nullable(),
          })
          .strict(),
      })
      .strict(),
  })
  .strict();
const ConfigShape = z
  .object({
    logout_url: z.string(),
    tenant: z.string(),
    modules: z.array(
      z
        .object({
          id: z.enum(["procedures", "records", "digital"]),
          enabled: z.boolean(),
          pageSize: z.number().int(),
          newButton: z.boolean(),
          tabs: z.array(z.object({ code: z.string(), description: z.string(), count: z.boolean(), color: z.string() }).strict()),
        })
        .strict(),
    ),
  })
  .strict();

let stack: TestStack;

beforeAll(async () => {
  stack = await startStack();
});

afterAll(async () => {
  await stack?.close();
});

describe("demo citizens", () => {
  it("have valid CUILs and cover adhered, not adhered and empty trays", () => {
    expect(demoCitizens.length).toBeGreaterThanOrEqual(3);
    for (const c of demoCitizens) expect(isValidCuil(c.cuil), c.cuil).toBe(true);
    expect(adhered.adhesion).not.toBeNull();
    expect(notAdhered.adhesion).toBeNull();
    expect(demoCitizenByRole.emptyTrays.adhesion).not.toBeNull();
  });
});

describe("database", () => {
  it("runs on the dialect the environment asks for", () => {
    expect(stack.dialect).toBe(process.env.TEST_DATABASE_URL ? "postgres" : "sqlite");
  });
});

describe("health", () => {
  it("live and ready answer ok without a token", async () => {
    const live = await call(stack, "/health/live");
    expect(live.status).toBe(200);
    expect(live.json).toEqual({ status: "ok" });
    const ready = await call(stack, "/health/ready");
    expect(ready.status).toBe(200);
    expect(ready.json).toEqual({ status: "ok" });
  });
});

describe("bearer authentication", () => {
  const expectSignIn = (res: Awaited<ReturnType<typeof call>>) => {
    expect(res.status).toBe(303);
    expect(res.json).toEqual({ location: "/auth/login" });
    expect(res.headers.get("location")).toBeNull();
  };

  it("303 with the sign-in location without a token", async () => {
    expectSignIn(await call(stack, "/api/security/user/get_roles"));
    expectSignIn(await call(stack, "/api/v4/instances/config", { headers: { authorization: "Basic abc" } }));
  });

  it("303 with an expired token", async () => {
    const token = await stack.sign({ sub: adhered.cuil }, { expiresIn: Math.floor(Date.now() / 1000) - 120 });
    expectSignIn(await call(stack, "/api/security/user/get_roles", { token }));
  });

  it("303 with a wrong audience or issuer", async () => {
    const wrongAud = await stack.sign({ sub: adhered.cuil }, { audience: "http://other.test/api" });
    expectSignIn(await call(stack, "/api/security/user/get_roles", { token: wrongAud }));
    const wrongIss = await stack.sign({ sub: adhered.cuil }, { issuer: "http://evil.test" });
    expectSignIn(await call(stack, "/api/security/user/get_roles", { token: wrongIss }));
  });

  it("303 with a bad signature", async () => {
    const { privateKey } = await generateKeyPair("ES256");
    const forged = await stack.sign({ sub: adhered.cuil }, { key: privateKey });
    expectSignIn(await call(stack, "/api/security/user/get_roles", { token: forged }));
    const good = await stack.sign({ sub: adhered.cuil });
    const [h, p, s] = good.split(".");
    const tampered = [
      h,
      Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p, "base64url").toString()), sub: notAdhered.cuil })).toString("base64url"),
      s,
    ].join(".");
    expectSignIn(await call(stack, "/api/security/user/get_roles", { token: tampered }));
  });

  it("303 for a token whose subject is not a cuil", async () => {
    const token = await stack.sign({ sub: "someone" });
    expectSignIn(await call(stack, "/api/security/user/get_roles", { token }));
  });

  it("logout revokes the token: 204, then 303", async () => {
    const token = await stack.sign({ sub: adhered.cuil });
    expect((await call(stack, "/api/security/user/get_roles", { token })).status).toBe(200);
    const out = await call(stack, "/api/security/logout", { method: "POST", token, headers: { "content-type": "application/json" } });
    expect(out.status).toBe(204);
    expect(out.text).toBe("");
    expectSignIn(await call(stack, "/api/security/user/get_roles", { token }));
    expectSignIn(await call(stack, "/api/security/logout", { method: "POST", token }));
    // another token of the same citizen is unaffected
    const other = await stack.sign({ sub: adhered.cuil });
    expect((await call(stack, "/api/security/user/get_roles", { token: other })).status).toBe(200);
  });
});

describe("GET /api/security/user/get_roles", () => {
  it("answers the signed-in citizen as data.data", async () => {
    const token = await stack.sign({ sub: adhered.cuil });
    const res = await call(stack, "/api/security/user/get_roles", { token });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = UserShape.parse(res.json);
    expect(body.data.data).toEqual({
      cn: adhered.name,
      email: adhered.email,
      cuil: adhered.cuil,
      uid: adhered.uid,
      telephone_number: `+54 9 ${adhered.phone!.code} ${adhered.phone!.number}`,
    });
  });

  it("gives null for a missing phone", async () => {
    const token = await stack.sign({ sub: notAdhered.cuil });
    const body = UserShape.parse((await call(stack, "/api/security/user/get_roles", { token })).json);
    expect(body.data.data.cuil).toBe(notAdhered.cuil);
    expect(body.data.data.telephone_number).toBeNull();
  });

  it("404 when the token's citizen is unknown", async () => {
    const token = await stack.sign({ sub: "20111111112" });
    const res = await call(stack, "/api/security/user/get_roles", { token });
    expect(res.status).toBe(404);
    expect(ErrorBody.parse(res.json).code).toBe("NOT_FOUND");
  });
});

describe("GET /api/v4/instances/config", () => {
  it("answers modules in display order with their tabs", async () => {
    const token = await stack.sign({ sub: adhered.cuil });
    const res = await call(stack, "/api/v4/instances/config", { token });
    expect(res.status).toBe(200);
    const body = ConfigShape.parse(res.json);
    expect(body.logout_url).toBe(`${stack.issuer}/session/end`);
    expect(body.tenant).toBe("provincia");
    expect(body.modules.map((m) => m.id)).toEqual(["procedures", "records", "digital"]);
    const procedures = body.modules[0];
    expect(procedures).toMatchObject({ enabled: true, pageSize: 10, newButton: true });
    expect(procedures.tabs.map((t) => t.code)).toEqual(["pending", "in_progress", "finished", "cancelled"]);
    expect(procedures.tabs[0]).toEqual({ code: "pending", description: "Pendientes", count: true, color: "#B45309" });
    expect(body.modules[1].tabs.map((t) => t.description)).toEqual(["En trámite", "Archivados"]);
    expect(body.modules[2]).toMatchObject({ id: "digital", enabled: true, tabs: [] });
  });

  it("follows the database", async () => {
    const token = await stack.sign({ sub: adhered.cuil });
    await stack.db.updateTable("module_configs").set({ enabled: 0, page_size: 25 }).where("id", "=", "records").execute();
    await stack.db.updateTable("module_configs").set({ position: 0 }).where("id", "=", "digital").execute();
    await stack.db
      .updateTable("module_tabs")
      .set({ description: "Por hacer", position: 9 })
      .where("module_id", "=", "procedures")
      .where("code", "=", "pending")
      .execute();
    await stack.db.updateTable("app_settings").set({ value: "otra-provincia" }).where("key", "=", "tenant").execute();
    try {
      const body = ConfigShape.parse((await call(stack, "/api/v4/instances/config", { token })).json);
      expect(body.tenant).toBe("otra-provincia");
      expect(body.modules.map((m) => m.id)).toEqual(["digital", "procedures", "records"]);
      expect(body.modules[2]).toMatchObject({ id: "records", enabled: false, pageSize: 25 });
      const tabs = body.modules[1].tabs;
      expect(tabs.at(-1)).toMatchObject({ code: "pending", description: "Por hacer" });
    } finally {
      await stack.db.updateTable("module_configs").set({ enabled: 1, page_size: 10 }).where("id", "=", "records").execute();
      await stack.db.updateTable("module_configs").set({ position: 3 }).where("id", "=", "digital").execute();
      await stack.db
        .updateTable("module_tabs")
        .set({ description: "Pendientes", position: 1 })
        .where("module_id", "=", "procedures")
        .where("code", "=", "pending")
        .execute();
      await stack.db.updateTable("app_settings").set({ value: "provincia" }).where("key", "=", "tenant").execute();
    }
  });
});

describe("GET /api/dd/v1/users/get-user-self-da/:cuil", () => {
  const url = (cuil: string) => `/api/dd/v1/users/get-user-self-da/${cuil}`;

  it("200 with the adhesion of an adhered citizen", async () => {
    const token = await stack.sign({ sub: adhered.cuil });
    const res = await call(stack, url(adhered.cuil), { token, headers: { "User-ID": adhered.cuil } });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      data: {
        cuil: adhered.cuil,
        email: adhered.adhesion!.email,
        phone: adhered.adhesion!.phone,
        adhered_at: adhered.adhesion!.adheredAt,
      },
    });
  });

  it("phone is null when the adhesion has none", async () => {
    const c = demoCitizenByRole.emptyTrays;
    const token = await stack.sign({ sub: c.cuil });
    const res = await call(stack, url(c.cuil), { token, headers: { "User-ID": c.cuil } });
    expect(res.status).toBe(200);
    expect(res.json.data.phone).toBeNull();
  });

  it("400 NOT_ADHERED for a citizen without adhesion", async () => {
    const token = await stack.sign({ sub: notAdhered.cuil });
    const res = await call(stack, url(notAdhered.cuil), { token, headers: { "User-ID": notAdhered.cuil } });
    expect(res.status).toBe(400);
    expect(ErrorBody.parse(res.json).code).toBe("NOT_ADHERED");
  });

  it("403 when the User-ID header is not the token's cuil, or missing", async () => {
    const token = await stack.sign({ sub: adhered.cuil });
    const mismatch = await call(stack, url(adhered.cuil), { token, headers: { "User-ID": notAdhered.cuil } });
    expect(mismatch.status).toBe(403);
    expect(ErrorBody.parse(mismatch.json).code).toBe("FORBIDDEN");
    const missing = await call(stack, url(adhered.cuil), { token });
    expect(missing.status).toBe(403);
  });

  it("403 when the path cuil is not the token's, even with a matching header", async () => {
    const token = await stack.sign({ sub: notAdhered.cuil });
    const res = await call(stack, url(adhered.cuil), { token, headers: { "User-ID": notAdhered.cuil } });
    expect(res.status).toBe(403);
    expect(ErrorBody.parse(res.json).code).toBe("FORBIDDEN");
    expect(JSON.stringify(res.json)).not.toContain(adhered.adhesion!.email);
  });

  it("400 BAD_REQUEST for a malformed cuil", async () => {
    const token = await stack.sign({ sub: adhered.cuil });
    const res = await call(stack, url("27-29384756-3"), { token, headers: { "User-ID": adhered.cuil } });
    expect(res.status).toBe(400);
    expect(ErrorBody.parse(res.json).code).toBe("BAD_REQUEST");
  });

  it("303 without a token even for a valid path", async () => {
    const res = await call(stack, url(adhered.cuil), { headers: { "User-ID": adhered.cuil } });
    expect(res.status).toBe(303);
  });
});

describe("errors", () => {
  it("unknown routes answer 404 { code, message }", async () => {
    const res = await call(stack, "/nope");
    expect(res.status).toBe(404);
    expect(ErrorBody.parse(res.json).code).toBe("NOT_FOUND");
  });

  it("a malformed JSON body answers 400 without a stack trace", async () => {
    const token = await stack.sign({ sub: adhered.cuil });
    const res = await fetch(`${stack.api}/api/security/logout`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: "{not json",
    });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(ErrorBody.parse(body).code).toBe("BAD_REQUEST");
    expect(JSON.stringify(body)).not.toMatch(/at .*\.ts|stack/i);
  });
});
