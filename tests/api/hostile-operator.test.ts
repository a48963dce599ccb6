import net from "node:net";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, startStack, type TestStack } from "./harness.js";

/**
 * Issue 28: what an operator changes that reaches every citizen (the logout URL of 'Cerrar sesión', the
 * tenant, a module) is validated on write, needs a purpose and is written to the operator audit trail;
 * the purpose header is read as UTF-8 whichever way it comes, and never with bidirectional controls;
 * the audit tables stay append-only even against SQLite's INSERT OR REPLACE.
 */
const AUTH = { authorization: "Bearer dev-operator-token-change-me" };
const PURPOSE = "Cambio pedido por la mesa de ayuda";
let stack: TestStack;

beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());

const putLogoutUrl = (value: string, purpose: string | null = encodeURIComponent(PURPOSE)) =>
  call(stack, "/operator/api/config/settings/logout_url", {
    method: "PUT",
    headers: { ...AUTH, ...(purpose === null ? {} : { "x-motivo": purpose }) },
    body: { value },
  });

const changes = () => stack.db.selectFrom("operator_changes").selectAll().orderBy("occurred_at").execute();

describe("the logout URL an operator sets", () => {
  it("refuses anything but an https URL of an allowed origin, changing nothing", async () => {
    const before = await changes();
    for (const value of [
      "https://evil.example/logout",
      "http://evil.example/logout",
      "javascript:alert(1)",
      "//evil.example/",
      "/relative",
      "https://user:pass@evil.example/",
      `${new URL(stack.issuer).protocol}//user:pw@${new URL(stack.issuer).host}/session/end`,
    ]) {
      const res = await putLogoutUrl(value);
      expect(res.status, value).toBe(400);
    }
    expect(await changes()).toEqual(before);
  });

  it("needs a purpose (400, nothing changed)", async () => {
    const res = await putLogoutUrl(`${stack.issuer}/session/end`, null);
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("PURPOSE_REQUIRED");
  });

  it("an allowed one is saved, and the change is in the audit trail with its purpose and both values", async () => {
    const value = `${stack.issuer}/session/end?from=portal`;
    const res = await putLogoutUrl(value);
    expect(res.status, res.text).toBe(200);
    expect(res.json.logout_url).toBe(value);
    const last = (await changes()).at(-1)!;
    expect(last).toMatchObject({
      target: "setting:logout_url",
      new_value: value,
      purpose: PURPOSE,
      operator_name: "Operador de desarrollo",
    });
    expect(last.old_value).toMatch(/^http/);
    const listed = await call(stack, "/operator/api/config/changes", { headers: AUTH });
    expect(listed.json.changes[0]).toMatchObject({ target: "setting:logout_url", new_value: value });
  });

  it("a module switched off also needs a purpose and leaves its row", async () => {
    const without = await call(stack, "/operator/api/config/modules/records", { method: "PUT", headers: AUTH, body: { pageSize: 7 } });
    expect(without.status).toBe(400);
    const res = await call(stack, "/operator/api/config/modules/records", {
      method: "PUT",
      headers: { ...AUTH, "x-motivo": encodeURIComponent(PURPOSE) },
      body: { pageSize: 7 },
    });
    expect(res.status).toBe(200);
    const last = (await changes()).at(-1)!;
    expect(last.target).toBe("module:records");
    expect(JSON.parse(last.new_value)).toMatchObject({ pageSize: 7 });
  });
});

/** A raw request over a socket: header values sent as the given bytes (fetch refuses non-ASCII ones). */
function rawPut(path: string, headers: Record<string, string | Buffer>, body: unknown) {
  const url = new URL(stack.api);
  const payload = Buffer.from(JSON.stringify(body));
  const head = [
    Buffer.from(
      `PUT ${path} HTTP/1.1\r\nHost: ${url.host}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${payload.length}\r\n`,
    ),
    ...Object.entries(headers).map(([name, value]) => Buffer.concat([Buffer.from(`${name}: `), Buffer.from(value), Buffer.from("\r\n")])),
    Buffer.from("\r\n"),
  ];
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    // Written, not ended: a half-closed client may see the server close before its answer (Connection: close ends it).
    const socket = net.connect(Number(url.port), url.hostname, () => socket.write(Buffer.concat([...head, payload])));
    const chunks: Buffer[] = [];
    socket.on("data", (c: Buffer) => chunks.push(c));
    socket.on("error", reject);
    socket.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]), body: text.slice(text.indexOf("\r\n\r\n") + 4) });
    });
  });
}

describe("X-Motivo", () => {
  it("raw UTF-8 is stored as the text it is, never as mojibake", async () => {
    const res = await rawPut(
      "/operator/api/config/settings/tenant",
      { ...AUTH, "x-motivo": Buffer.from("Revisión de configuración", "utf8") },
      { value: "provincia" },
    );
    expect(res.status, res.body).toBe(200);
    expect((await changes()).at(-1)!.purpose).toBe("Revisión de configuración");
  });

  it("bytes that are not UTF-8 and bidirectional controls are refused", async () => {
    for (const purpose of [
      Buffer.from([0x52, 0x65, 0x76, 0xe9, 0x20, 0x78, 0x78]),
      encodeURIComponent("Motivo \u202Eoculto"),
      encodeURIComponent("Motivo \u2066x\u2069"),
    ]) {
      const res = await rawPut("/operator/api/config/settings/tenant", { ...AUTH, "x-motivo": purpose }, { value: "provincia" });
      expect(res.status).toBe(400);
      expect(JSON.parse(res.body).code).toBe("PURPOSE_REQUIRED");
    }
  });
});

describe("append-only audit tables", () => {
  it("INSERT OR REPLACE (SQLite) or ON CONFLICT DO UPDATE cannot rewrite an entry", async () => {
    const [entry] = await changes();
    expect(entry).toBeDefined();
    const replace =
      stack.dialect === "postgres"
        ? sql`insert into operator_changes (id, occurred_at, operator_id, operator_name, organismo, target, new_value, purpose)
              values (${entry!.id}, ${entry!.occurred_at}, 'x', 'x', 'x', 'x', 'x', 'x')
              on conflict (id) do update set purpose = 'cambiado'`
        : sql`insert or replace into operator_changes (id, occurred_at, operator_id, operator_name, organismo, target, new_value, purpose)
              values (${entry!.id}, ${entry!.occurred_at}, 'x', 'x', 'x', 'x', 'x', 'cambiado')`;
    await expect(replace.execute(stack.db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from operator_changes where id = ${entry!.id}`.execute(stack.db)).rejects.toThrow(/append-only/);
    expect((await changes()).find((c) => c.id === entry!.id)?.purpose).toBe(entry!.purpose);
  });

  it("the access log too", async () => {
    const id = "00000000-0000-4000-8000-000000000028";
    await sql`insert into operator_accesses (id, occurred_at, operator_id, operator_name, organismo, citizen_cuil, kind, action, purpose)
              values (${id}, '2026-01-01T00:00:00.000Z', 'dev', 'Operador', 'Desarrollo', '20123456783', 'contact', 'contact.read', 'Prueba')`.execute(
      stack.db,
    );
    const replace =
      stack.dialect === "postgres"
        ? sql`insert into operator_accesses (id, occurred_at, operator_id, operator_name, organismo, citizen_cuil, kind, action, purpose)
              values (${id}, '2026-01-01T00:00:00.000Z', 'x', 'x', 'x', '20123456783', 'contact', 'contact.read', 'x')
              on conflict (id) do update set purpose = 'cambiado'`
        : sql`insert or replace into operator_accesses (id, occurred_at, operator_id, operator_name, organismo, citizen_cuil, kind, action, purpose)
              values (${id}, '2026-01-01T00:00:00.000Z', 'x', 'x', 'x', '20123456783', 'contact', 'contact.read', 'cambiado')`;
    await expect(replace.execute(stack.db)).rejects.toThrow(/append-only/);
    const row = await stack.db.selectFrom("operator_accesses").select("purpose").where("id", "=", id).executeTakeFirst();
    expect(row?.purpose).toBe("Prueba");
  });
});
