/**
 * The daily e-mail digest of the access log (decision 071): written to the mail outbox at most once
 * per citizen and province day, only with accesses not in an earlier digest, never to a citizen who
 * switched it off or has no adhesion e-mail; concurrent workers write one; the
 * switch (`/api/v1/me/access-digest`) is the bearer's own.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIGEST_SETTLE_MS, sendAccessDigests } from "../../server/domain/accesses/digest.js";
import { recordAccess } from "../../server/domain/accesses/service.js";
import { createOperator } from "../../server/domain/operators/service.js";
import { createDatabase, type Db } from "../../server/db/index.js";
import { demoCitizens } from "../../server/auth/oidc/demo-citizens.js";
import { call, startStack, TEST_PORTAL, type TestStack } from "./harness.js";

let stack: TestStack;
let token: string;
let n = 0;

const PURPOSE = "Control de la documentación presentada";
const op = (method: string, path: string, body?: unknown) =>
  call(stack, `/operator/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, "x-motivo": encodeURIComponent(PURPOSE) },
    body,
  });

/** A fresh citizen (adhered with an e-mail unless told otherwise); creating them is already one access. */
async function citizen(adhered = true) {
  n++;
  const email = `resumen${n}@example.com`;
  const created = await op("POST", "/citizens", { givenName: "Rita", familyName: `Resumen ${n}`, email, password: "Prueba2026!", adhered });
  expect(created.status).toBe(201);
  return { cuil: created.json.cuil as string, email };
}

async function communicate(cuil: string) {
  const res = await op("POST", "/digital/communications", { cuil, subject: "Aviso de deuda", client: "Rentas", type: "aviso" });
  expect(res.status).toBe(201);
}

const digestsTo = (email: string) =>
  stack.db
    .selectFrom("mail_outbox")
    .selectAll()
    .where("kind", "=", "access-digest")
    .where("to_address", "=", email)
    .orderBy("created_at")
    .execute();

const DAY = 86_400_000;
/**
 * A run at `now` that counts what was written up to `now` (no settle margin: the tests' accesses are
 * committed before the run starts; the margin has a test of its own).
 */
const run = (now = new Date(), db: Db = stack.db) => sendAccessDigests(db, { portalUrl: TEST_PORTAL, now, settleMs: 0 });

beforeAll(async () => {
  stack = await startStack();
  token = (await createOperator(stack.db, { name: "Ana Díaz", organismo: "Dirección de Rentas" })).token;
});
afterAll(() => stack?.close());

describe("the daily digest", () => {
  it("is written once a day with the counts by organismo and kind and a link to Tus datos; the outbox sends it", async () => {
    const c = await citizen();
    await communicate(c.cuil);
    await communicate(c.cuil);
    const now = new Date();
    const first = await run(now);
    expect(first.mails).toBeGreaterThanOrEqual(1);
    let rows = await digestsTo(c.email);
    expect(rows).toHaveLength(1);
    const text = rows[0]!.body_text;
    expect(rows[0]!.subject).toBe("Resumen diario: accedieron a tus datos");
    expect(text).toContain(": 3 accesos.");
    expect(text).toContain("- Dirección de Rentas: 3 accesos (comunicaciones: 2; datos de contacto: 1)");
    expect(text).toContain(`${TEST_PORTAL}/datos\n`);
    expect(text).toContain(`${TEST_PORTAL}/digital/settings\n`);
    // Nothing the citizen does not already have in their own words: no operator, purpose, item or cuil.
    for (const secret of ["Ana Díaz", PURPOSE, "Aviso de deuda", c.cuil]) expect(text).not.toContain(secret);

    // More accesses the same day: no second digest that day.
    await communicate(c.cuil);
    await run(new Date());
    expect(await digestsTo(c.email)).toHaveLength(1);

    // The next day: one more, with only what came after the first.
    await run(new Date(now.getTime() + DAY));
    rows = await digestsTo(c.email);
    expect(rows).toHaveLength(2);
    expect(rows[1]!.body_text).toContain("- Dirección de Rentas: 1 acceso (comunicaciones: 1)");

    // Written first, sent later by the outbox worker, like every mail.
    expect(rows.map((r) => r.status)).toEqual(["pending", "pending"]);
    await stack.app.mailOutbox.drain();
    const sent = await digestsTo(c.email);
    expect(sent.map((r) => r.status)).toEqual(["sent", "sent"]);
    const eml = fs.readFileSync(path.join(stack.config.dataDir, "outbox", `${sent[0]!.id}.eml`), "utf8");
    expect(eml).toContain(`To: ${c.email}`);
    expect(eml).toContain("Subject: Resumen diario: accedieron a tus datos");
  });

  it("is not written without new accesses", async () => {
    const c = await citizen();
    const now = new Date();
    await run(now);
    expect(await digestsTo(c.email)).toHaveLength(1);
    await run(new Date(now.getTime() + DAY));
    await run(new Date(now.getTime() + 2 * DAY));
    expect(await digestsTo(c.email)).toHaveLength(1);
    // A citizen nobody accessed (the seeded, adhered María) gets none at all.
    const maria = await stack.db
      .selectFrom("dd_adhesions")
      .select("email")
      .where("cuil", "=", demoCitizens[0]!.cuil)
      .executeTakeFirstOrThrow();
    expect(await digestsTo(maria.email)).toEqual([]);
  });

  it("waits for accesses younger than the settle margin (a transaction may still be open)", async () => {
    const c = await citizen();
    const settled = (now: Date) => sendAccessDigests(stack.db, { portalUrl: TEST_PORTAL, now });
    await settled(new Date());
    expect(await digestsTo(c.email)).toEqual([]);
    await settled(new Date(Date.now() + DIGEST_SETTLE_MS + 1_000));
    expect(await digestsTo(c.email)).toHaveLength(1);
  });

  it("is not written to a citizen who switched it off, and is again once they switch it back on", async () => {
    const c = await citizen();
    const bearer = await stack.sign({ sub: c.cuil });
    expect((await call(stack, "/api/v1/me/access-digest", { method: "PUT", token: bearer, body: { enabled: false } })).json).toEqual({
      enabled: false,
    });
    await communicate(c.cuil);
    const now = new Date();
    await run(now);
    await run(new Date(now.getTime() + DAY));
    expect(await digestsTo(c.email)).toEqual([]);
    expect((await call(stack, "/api/v1/me/access-digest", { method: "PUT", token: bearer, body: { enabled: true } })).status).toBe(200);
    await run(new Date(now.getTime() + DAY));
    expect(await digestsTo(c.email)).toHaveLength(1);
  });

  it("is not written to a citizen without an adhesion e-mail", async () => {
    const c = await citizen(false);
    await communicate(c.cuil).catch(() => undefined);
    expect(
      (await stack.db.selectFrom("operator_accesses").select("id").where("citizen_cuil", "=", c.cuil).execute()).length,
    ).toBeGreaterThan(0);
    await run();
    expect(await digestsTo(c.email)).toEqual([]);
    expect(await stack.db.selectFrom("access_digests").select("cuil").where("cuil", "=", c.cuil).execute()).toEqual([]);
  });

  it("is not written while the digital domicile module is off (its Configuración holds the switch)", async () => {
    const c = await citizen();
    const off = await op("PUT", "/config/modules/digital", { enabled: false });
    expect(off.status).toBe(200);
    try {
      expect((await run()).mails).toBe(0);
      expect(await digestsTo(c.email)).toEqual([]);
    } finally {
      await op("PUT", "/config/modules/digital", { enabled: true });
    }
    await run();
    expect(await digestsTo(c.email)).toHaveLength(1);
  });

  it("counts the day in the province's time zone, not UTC", async () => {
    const c = await citizen();
    const actor = { operator: { id: "t", name: "Ana Díaz", organismo: "Registro Civil" }, purpose: PURPOSE, recorded: 0 };
    const item = { cuil: c.cuil, ref: null, label: null };
    const at = (iso: string) => new Date(iso);
    // 22:00 and 23:59 of 9 March in Buenos Aires (UTC−3) are 01:00 and 02:59 of 10 March in UTC.
    await recordAccess(stack.db, actor, "citizen.create", item, at("2031-03-10T01:00:00.000Z"));
    await run(at("2031-03-10T02:59:00.000Z"));
    expect(await digestsTo(c.email)).toHaveLength(1);
    // 00:30 of 10 March in Buenos Aires: a new province day (the same UTC day), so a new digest.
    await recordAccess(stack.db, actor, "citizen.create", item, at("2031-03-10T03:10:00.000Z"));
    await run(at("2031-03-10T03:30:00.000Z"));
    const rows = await digestsTo(c.email);
    expect(rows).toHaveLength(2);
    expect(rows[0]!.body_text).toContain("el 09/03/2031");
    expect(rows[1]!.body_text).toContain("el 10/03/2031");
    expect(rows[1]!.body_text).toContain("- Registro Civil: 1 acceso (datos de contacto: 1)");
    // 20:00 of 10 March in Buenos Aires (23:00 UTC): the same province day, none.
    await recordAccess(stack.db, actor, "citizen.create", item, at("2031-03-10T22:00:00.000Z"));
    await run(at("2031-03-10T23:00:00.000Z"));
    expect(await digestsTo(c.email)).toHaveLength(2);
  });

  it("concurrent workers (on PostgreSQL each with its own pool) write one digest per citizen", { timeout: 60_000 }, async () => {
    // Half of them have their row already (they set the switch): then no INSERT conflict holds the
    // second worker back, only the row lock does.
    const citizens = [];
    for (let i = 0; i < 8; i++) {
      const c = await citizen();
      await communicate(c.cuil);
      if (i % 2 === 0) {
        const put = await call(stack, "/api/v1/me/access-digest", {
          method: "PUT",
          token: await stack.sign({ sub: c.cuil }),
          body: { enabled: true },
        });
        expect(put.status).toBe(200);
      }
      citizens.push(c);
    }
    // PostgreSQL: a pool of its own, as another API process has. SQLite: the same handle (one writer;
    // two synchronous connections in one process would wait on each other's open transaction).
    const other = stack.config.DATABASE_URL
      ? await createDatabase({ databaseUrl: stack.config.DATABASE_URL, schema: stack.config.DATABASE_SCHEMA })
      : null;
    try {
      const now = new Date();
      const second = other?.db ?? stack.db;
      const runs = await Promise.all([run(now), run(now, second), run(now), run(now, second)]);
      for (const c of citizens) expect(await digestsTo(c.email), c.email).toHaveLength(1);
      const ours = runs.reduce((sum, r) => sum + r.mails, 0);
      expect(ours).toBeGreaterThanOrEqual(citizens.length);
      const rows = await stack.db
        .selectFrom("access_digests")
        .select(["cuil", "last_mail_id"])
        .where(
          "cuil",
          "in",
          citizens.map((c) => c.cuil),
        )
        .execute();
      const mailIds = (await Promise.all(citizens.map((c) => digestsTo(c.email)))).map((r) => r[0]!.id).sort();
      expect(rows.map((r) => r.last_mail_id).sort()).toEqual(mailIds);
    } finally {
      await other?.db.destroy();
    }
  });
});

describe("GET/PUT /api/v1/me/access-digest (the citizen's switch)", () => {
  it("is on by default and only ever the bearer's own", async () => {
    const a = await citizen();
    const b = await citizen();
    const tokenA = await stack.sign({ sub: a.cuil });
    const tokenB = await stack.sign({ sub: b.cuil });
    expect((await call(stack, "/api/v1/me/access-digest", { token: tokenA })).json).toEqual({ enabled: true });
    const put = await call(stack, "/api/v1/me/access-digest", { method: "PUT", token: tokenA, body: { enabled: false } });
    expect(put.status).toBe(200);
    expect(put.headers.get("cache-control")).toBe("no-store");
    expect((await call(stack, "/api/v1/me/access-digest", { token: tokenA })).json).toEqual({ enabled: false });
    expect((await call(stack, "/api/v1/me/access-digest", { token: tokenB })).json).toEqual({ enabled: true });
    // A body naming someone else is refused, not obeyed.
    const other = await call(stack, "/api/v1/me/access-digest", { method: "PUT", token: tokenB, body: { enabled: false, cuil: a.cuil } });
    expect(other.status).toBe(400);
    expect((await call(stack, "/api/v1/me/access-digest", { token: tokenB })).json).toEqual({ enabled: true });
    // Switching it off does not touch the digest already recorded.
    expect((await call(stack, "/api/v1/me/access-digest", { method: "PUT", token: tokenA, body: { enabled: true } })).json).toEqual({
      enabled: true,
    });
  });

  it("answers 400 to odd bodies and 303 without a session", async () => {
    const t = await stack.sign({ sub: demoCitizens[0]!.cuil });
    for (const body of [{}, { enabled: "false" }, { enabled: 0 }, { enabled: null }, [true], "true"]) {
      const res = await call(stack, "/api/v1/me/access-digest", { method: "PUT", token: t, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const res = await fetch(`${stack.api}/api/v1/me/access-digest`, {
      method: "PUT",
      headers: { authorization: `Bearer ${t}`, "content-type": "text/plain" },
      body: "enabled=false",
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect((await call(stack, "/api/v1/me/access-digest", { method: "PUT", token: t })).status).toBe(400);
    expect((await call(stack, "/api/v1/me/access-digest")).status).toBe(303);
    expect((await call(stack, "/api/v1/me/access-digest", { method: "PUT", body: { enabled: false } })).status).toBe(303);
    expect((await call(stack, "/api/v1/me/access-digest", { token: t })).json).toEqual({ enabled: true });
  });
});
