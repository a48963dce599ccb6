/**
 * The mail outbox (decision 028) against a real SMTP server started here (smtp-server): a mail
 * is written with what caused it and survives the SMTP server being down; two API processes send
 * each mail once; a mail refused to the end is parked, listed and re-queued by the operator; a
 * claim is exact; a stopping worker releases what it has not sent; `mail:parked` shows a parked
 * mail's address only with a purpose, and then in the citizen's access log (decision 071).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app.js";
import { createMailer, type Mailer } from "../../server/mail/index.js";
import { claimDueMail, createOutboxWorker, enqueueMail, pruneSentMail, retryDelay } from "../../server/mail/outbox.js";
import { mailCommands } from "../../server/operator/mail.js";
import { call, startStack, type ApiJson, type TestStack } from "./harness.js";
import { startSmtpPeer, type SmtpPeer } from "./smtp-peer.js";
import { until } from "../until.js";

let stack: TestStack;
let smtp: SmtpPeer;
let n = 0;
const OPERATOR = { authorization: "Bearer dev-operator-token-change-me", "x-motivo": "Pruebas automaticas" };
const op = (method: string, path: string, body?: unknown) => call(stack, `/operator/api${path}`, { method, headers: OPERATOR, body });
const FAR = (days: number) => new Date(Date.now() + days * 86_400_000);

async function citizen(prefix = "correo") {
  n++;
  const email = `${prefix}${n}@example.com`;
  const created = await op("POST", "/citizens", {
    givenName: "Correo",
    familyName: `Prueba ${n}`,
    email,
    password: "Prueba2026!",
    adhered: true,
  });
  expect(created.status).toBe(201);
  return { cuil: created.json.cuil as string, email };
}
async function communicate(cuil: string, subject: string) {
  const res = await op("POST", "/digital/communications", { cuil, subject, client: "Dirección de Rentas", type: "aviso", message: "" });
  expect(res.status).toBe(201);
}
const rowsTo = (emails: string[]) => stack.db.selectFrom("mail_outbox").selectAll().where("to_address", "in", emails).execute();

beforeAll(async () => {
  smtp = await startSmtpPeer();
  stack = await startStack({
    env: {
      SMTP_URL: smtp.url,
      MAIL_RETRY_BASE_MS: "100",
      MAIL_RETRY_MAX_MS: "400",
      MAIL_MAX_ATTEMPTS: "100",
      MAIL_POLL_MS: "50",
      MAIL_SEND_TIMEOUT_MS: "2000",
      MAIL_LEASE_MS: "10000",
    },
  });
});
afterAll(async () => {
  await stack?.close();
  await smtp?.stop();
});

describe("mail outbox", () => {
  it("keeps every mail while the SMTP server is down; two API processes then deliver each exactly once", async () => {
    await smtp.stop();
    const citizens = [await citizen(), await citizen(), await citizen()];
    for (const c of citizens) for (let k = 1; k <= 4; k++) await communicate(c.cuil, `Aviso ${k}`);
    const emails = citizens.map((c) => c.email);
    // Written with the communications, although nothing could be sent.
    expect(await rowsTo(emails)).toHaveLength(12);

    const processes = [0, 1].map(() => buildApp({ config: stack.config, db: stack.db, logger: false, mailWorker: true }));
    const [a, b] = await Promise.all(processes);
    try {
      await Promise.all([a.ready(), b.ready()]);
      // Both workers try and fail for a while: every row retried at least twice, none lost or parked.
      await until(async () => (await rowsTo(emails)).every((r) => r.attempts >= 2 && r.status === "pending"), "retries during the outage");
      const tries = (await rowsTo(emails)).reduce((sum, r) => sum + r.attempts, 0);
      expect((await rowsTo(emails)).every((r) => /ECONNECTION|ECONNREFUSED/.test(r.last_error ?? ""))).toBe(true);

      const back = Date.now();
      await smtp.start();
      await until(async () => (await rowsTo(emails)).every((r) => r.status === "sent"), "delivery after the outage");
      console.info(
        `[figures] outage: ${tries} failed tries over 12 mails; all 12 delivered ${Date.now() - back} ms after the SMTP server returned`,
      );
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
    const rows = await rowsTo(emails);
    const counts = smtp.counts();
    for (const row of rows) expect(counts.get(`<${row.id}@atencionvirtual.gob.ar>`)).toBe(1);
    const ours = smtp.received.filter((m) => m.to.some((to) => emails.includes(to)));
    expect(ours).toHaveLength(12);
    expect(ours.every((m) => m.raw.includes("Dirección de Rentas") || m.raw.includes("Direcci=C3=B3n de Rentas"))).toBe(true);
  });

  it("parks a mail refused to the last try; the operator lists it and puts it back, and it is sent once", async () => {
    const c = await citizen("rechazo");
    await communicate(c.cuil, "Aviso rechazado");
    smtp.refuse(/^rechazo/);
    const worker = createOutboxWorker(stack.db, createMailer({ smtpUrl: smtp.url, outboxDir: stack.config.dataDir, timeoutMs: 2000 }), {
      settings: { maxAttempts: 2, baseDelayMs: 10, maxDelayMs: 10 },
    });
    expect(await worker.runOnce(FAR(1))).toEqual(["retry"]);
    expect(await worker.runOnce(FAR(2))).toEqual(["parked"]);
    expect(await worker.runOnce(FAR(3))).toEqual([]);

    const listed = await op("GET", "/mail/outbox");
    expect(listed.status).toBe(200);
    expect(listed.json.depth.parked).toBe(1);
    expect(listed.json.parked).toEqual([expect.objectContaining({ to_address: c.email, kind: "communication", attempts: 2 })]);
    expect(listed.json.parked[0].last_error).toContain("550");
    const id = listed.json.parked[0].id as string;

    expect((await op("POST", "/mail/requeue", {})).status).toBe(400);
    smtp.refuse(null);
    // The CLI's command, through the operator API.
    const requeue = await mailCommands["mail:requeue"].run(
      { id: [id] },
      async (method, path, body) => (await op(method, `${path}`, body)).json,
    );
    expect(requeue).toEqual({ requeued: 1 });
    expect((await op("POST", "/mail/requeue", { ids: [id] })).status).toBe(404);
    expect(await worker.runOnce()).toEqual(["sent"]);
    expect(smtp.counts().get(`<${id}@atencionvirtual.gob.ar>`)).toBe(1);
    expect((await op("GET", "/mail/outbox")).json.depth).toEqual({ pending: 0, sending: 0, parked: 0 });
  });

  it("claims exactly: callers at the same moment never share a row", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 60; i++)
      ids.push(await enqueueMail(stack.db, { kind: "updated", to: `lote${i}@example.com`, subject: "Lote", text: "Texto" }));
    const now = FAR(10);
    const claims = await Promise.all([1, 2, 3, 4, 5, 6].map(() => claimDueMail(stack.db, now, { leaseMs: 60_000, batch: 15 })));
    const claimed = claims
      .flat()
      .map((r) => r.id)
      .filter((id) => ids.includes(id));
    expect(new Set(claimed).size).toBe(claimed.length);
    expect(claimed.sort()).toEqual([...ids].sort());
    await stack.db.updateTable("mail_outbox").set({ status: "sent", claim_token: null }).where("id", "in", ids).execute();
  });

  it("a stopping worker finishes the send in flight and releases the rest; a dead process's claim is taken again after its lease", async () => {
    const ids = [];
    for (let i = 0; i < 3; i++)
      ids.push(await enqueueMail(stack.db, { kind: "adhered", to: `parada${i}@example.com`, subject: "Parada", text: "Texto" }));
    let release!: () => void;
    let started!: () => void;
    const inFlight = new Promise<void>((r) => (started = r));
    const sent: string[] = [];
    const slow: Mailer = {
      async send(message) {
        started();
        await new Promise<void>((r) => (release = r));
        sent.push(message.id!);
        return { messageId: message.id! };
      },
    };
    const worker = createOutboxWorker(stack.db, slow, { settings: { batch: 10 } });
    const run = worker.runOnce();
    await inFlight;
    const stopped = worker.stop();
    release();
    await Promise.all([run, stopped]);
    expect(sent).toHaveLength(1);
    const rows = await stack.db
      .selectFrom("mail_outbox")
      .select(["id", "status", "attempts", "claim_token"])
      .where("id", "in", ids)
      .execute();
    expect(rows.filter((r) => r.status === "sent").map((r) => r.id)).toEqual(sent);
    expect(rows.filter((r) => r.status === "pending")).toEqual(
      expect.arrayContaining(ids.filter((id) => id !== sent[0]).map((id) => ({ id, status: "pending", attempts: 0, claim_token: null }))),
    );

    // A process that dies holding rows: nobody else takes them until the lease runs out.
    const now = new Date();
    const held = (await claimDueMail(stack.db, now, { leaseMs: 60_000, batch: 10 })).map((r) => r.id);
    expect(held.sort()).toEqual(ids.filter((id) => id !== sent[0]).sort());
    expect(await claimDueMail(stack.db, new Date(now.getTime() + 59_000), { leaseMs: 60_000, batch: 10 })).toEqual([]);
    const again = await claimDueMail(stack.db, new Date(now.getTime() + 61_000), { leaseMs: 60_000, batch: 10 });
    expect(again.map((r) => r.id).sort()).toEqual(held.sort());
    expect(again.every((r) => r.attempts === 2)).toBe(true);
    await stack.db.updateTable("mail_outbox").set({ status: "sent", claim_token: null }).where("id", "in", ids).execute();
  });

  it("deletes sent mail past its keeping time, and never a mail still to be sent or parked", async () => {
    const ids: string[] = [];
    for (const subject of ["viejo", "reciente", "pendiente", "apartado"])
      ids.push(await enqueueMail(stack.db, { kind: "updated", to: `poda@example.com`, subject, text: "Texto" }));
    const [old, recent, pending, parked] = ids as [string, string, string, string];
    const daysAgo = (d: number) => new Date(Date.now() - d * 86_400_000).toISOString();
    await stack.db
      .updateTable("mail_outbox")
      .set({ status: "sent", sent_at: daysAgo(31) })
      .where("id", "=", old)
      .execute();
    await stack.db
      .updateTable("mail_outbox")
      .set({ status: "sent", sent_at: daysAgo(29) })
      .where("id", "=", recent)
      .execute();
    await stack.db
      .updateTable("mail_outbox")
      .set({ status: "parked", created_at: daysAgo(90) })
      .where("id", "=", parked)
      .execute();
    await stack.db
      .updateTable("mail_outbox")
      .set({ next_attempt_at: FAR(365).toISOString(), created_at: daysAgo(90) })
      .where("id", "=", pending)
      .execute();

    expect(await pruneSentMail(stack.db, new Date(Date.now() - 30 * 86_400_000))).toBe(1);
    const left = await stack.db.selectFrom("mail_outbox").select("id").where("id", "in", ids).execute();
    expect(left.map((r) => r.id).sort()).toEqual([recent, pending, parked].sort());
    await stack.db.deleteFrom("mail_outbox").where("id", "in", ids).execute();
  });

  it("waits longer after each failure, up to the ceiling", () => {
    const settings = { baseDelayMs: 1000, maxDelayMs: 10_000 };
    expect([1, 2, 3, 4, 5, 9].map((a) => retryDelay(a, settings, () => 0))).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000]);
    expect(retryDelay(1, settings, () => 1)).toBe(800);
  });
});

describe("mail:parked: the addresses behind a purpose and the access log (decision 071)", () => {
  const AUTH = { authorization: OPERATOR.authorization };
  /** `GET /mail/outbox` with this raw `X-Motivo` header, or none. */
  const list = (motivo: string | null) =>
    call(stack, "/operator/api/mail/outbox", { headers: { ...AUTH, ...(motivo === null ? {} : { "x-motivo": motivo }) } });
  const logged = (cuil: string) =>
    stack.db.selectFrom("operator_accesses").selectAll().where("citizen_cuil", "=", cuil).where("action", "=", "mail.parked").execute();
  const rejected = (address: string) => `EENVELOPE 550 5.1.1 <${address}>: Recipient address rejected`;

  it("without a purpose: masked addresses (in the last error too), nothing logged; with one: shown, one entry per citizen", async () => {
    const a = await citizen("apartada");
    const b = await citizen("apartada");
    await communicate(a.cuil, "Aviso A1");
    await communicate(a.cuil, "Aviso A2");
    await communicate(b.cuil, "Aviso B");
    // Each row names the citizen whose address it is (migration 0023).
    const domainRows = await rowsTo([a.email, b.email]);
    expect(domainRows.map((r) => [r.to_address, r.recipient_cuil]).sort()).toEqual(
      [
        [a.email, a.cuil],
        [a.email, a.cuil],
        [b.email, b.cuil],
      ].sort(),
    );
    // A row written before 0023 has no CUIL: matched by address (any case) to the citizen who holds it.
    const legacy = b.email.toUpperCase();
    await enqueueMail(stack.db, { kind: "updated", to: legacy, subject: "Antiguo", text: "Texto" });
    // One no citizen holds any more: never shown, there is nobody to log it for.
    const unheld = "ya.no.es.de.nadie@example.org";
    await enqueueMail(stack.db, { kind: "updated", to: unheld, subject: "Antiguo", text: "Texto" });
    const addresses = [a.email, b.email, legacy, unheld];
    const ids = (await rowsTo(addresses)).map((r) => r.id);
    expect(ids).toHaveLength(5);
    for (const row of await rowsTo(addresses))
      await stack.db
        .updateTable("mail_outbox")
        .set({ status: "parked", attempts: 8, last_error: rejected(row.to_address) })
        .where("id", "=", row.id)
        .execute();
    type Parked = { id: string; to_address: string; address_shown: boolean; last_error: string };
    const ours = (json: ApiJson): Parked[] => json.parked.filter((p: Parked) => ids.includes(p.id));

    // No purpose: the counts and the rows, every address masked, and no entry anywhere.
    const masked = await list(null);
    expect(masked.status).toBe(200);
    expect(masked.json.depth.parked).toBeGreaterThanOrEqual(5);
    expect(ours(masked.json)).toHaveLength(5);
    for (const address of addresses) {
      expect(masked.text.toLowerCase()).not.toContain(address.toLowerCase());
      expect(masked.text.toLowerCase()).not.toContain(address.slice(0, address.indexOf("@")).toLowerCase());
    }
    for (const row of ours(masked.json)) {
      expect(row.to_address).toMatch(/^[a-z]•••@example\.(com|org)$/i);
      expect(row.address_shown).toBe(false);
      expect(row.last_error).toBe(rejected(row.to_address));
    }
    expect(masked.json.note).toContain("--motivo");
    // The CLI's command without --motivo is the same call.
    const cli = (await mailCommands["mail:parked"].run(
      {},
      async (method, path) => (await call(stack, `/operator/api${path}`, { method, headers: AUTH })).json,
    )) as ApiJson;
    expect(JSON.stringify(cli)).not.toContain(a.email);
    expect(mailCommands["mail:parked"].usage).toContain("--motivo");

    // A purpose that is there but not valid is refused, as on every route: nothing shown or logged.
    for (const bad of ["", "ab", encodeURIComponent("Motivo \u202Eoculto"), "%E0%A4%A"]) {
      const res = await list(bad);
      expect(res.status, bad).toBe(400);
      expect(res.json.code).toBe("PURPOSE_REQUIRED");
      expect(res.text).not.toContain(a.email);
    }
    expect(await logged(a.cuil)).toEqual([]);
    expect(await logged(b.cuil)).toEqual([]);

    // With a purpose: the addresses of citizens, each citizen's access log has one entry.
    const purpose = "Revisión de correos rechazados";
    const shown = await list(encodeURIComponent(purpose));
    expect(shown.status).toBe(200);
    const byAddress = new Map(ours(shown.json).map((r) => [r.to_address, r]));
    for (const address of [a.email, b.email, legacy]) {
      expect(byAddress.get(address), address).toMatchObject({ address_shown: true, last_error: rejected(address) });
    }
    const hidden = ours(shown.json).find((r) => !r.address_shown)!;
    expect(hidden.to_address).toBe("y•••@example.org");
    expect(hidden.last_error).toBe(rejected("y•••@example.org"));
    expect(shown.text).not.toContain(unheld);
    expect(shown.json.note).toContain("ningún ciudadano");
    for (const c of [a, b]) {
      const entries = await logged(c.cuil);
      expect(entries, c.email).toHaveLength(1);
      expect(entries[0]).toMatchObject({ kind: "contact", purpose, operator_name: "Operador de desarrollo", item_ref: null });
      // … which the citizen reads in 'Tus datos'.
      const mine = await call(stack, "/api/v1/me/accesses", { token: await stack.sign({ sub: c.cuil }) });
      expect(mine.json.accesses).toEqual(
        expect.arrayContaining([expect.objectContaining({ kind: "contact", action: "mail.parked", purpose })]),
      );
    }

    await stack.db.deleteFrom("mail_outbox").where("id", "in", ids).execute();
  });
});
