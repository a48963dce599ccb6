/**
 * Due dates (decision 014). The inbox sorts by due date (nulls last, both ways, on every page),
 * and the e-mail reminder goes out three days before each due day, exactly once, to adhered
 * citizens, queued in the mail outbox with its claim (decision 028) and written by the outbox
 * worker as .eml files here.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sendDueReminders } from "../../server/domain/deadlines/service.js";
import { leafInteractiveProcedure, operatorInstance, operatorOf, useStack } from "./fixtures.js";
import { adheredCitizen, call } from "./harness.js";

const stack = useStack();
const op = operatorOf(stack);

async function citizen() {
  const { cuil, email } = await adheredCitizen(op, "Plazo");
  const token = await stack.sign({ sub: cuil });
  const get = (p: string) => call(stack, p, { token, headers: { "user-id": cuil } });
  return { cuil, email, get };
}
const send = async (cuil: string, subject: string, dueDate: string | null) => {
  const res = await op("POST", "/digital/communications", {
    cuil,
    subject,
    client: "Dirección de Rentas",
    type: "aviso",
    message: "",
    dueDate,
  });
  expect(res.status).toBe(201);
  return res.json.code as string;
};

/** The reminders sent to `to`: the outbox worker runs, then its .eml files under DATA_DIR/outbox are read. */
async function reminders(to: string) {
  await stack.app.mailOutbox.drain();
  const dir = path.join(stack.config.dataDir, "outbox");
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith(".eml")) : [];
  return files
    .map((f) => fs.readFileSync(path.join(dir, f), "utf8"))
    .filter((m) => m.includes(`To: ${to}`) && /^Subject: .*Recordatorio/m.test(m));
}

describe("inbox sorted by due date", () => {
  it("puts the soonest first ascending, the latest first descending, and no due date last both ways, on every page", async () => {
    const c = await citizen();
    const dues = ["2032-01-10", null, "2032-01-01", "2032-01-05", null, "2032-01-07", "2032-01-03"];
    const codes = new Map<string, string | null>();
    for (const [i, due] of dues.entries()) codes.set(await send(c.cuil, `Plazo ${i}`, due), due);
    const order = async (o: string) => {
      const res = await c.get(`/api/dd/v1/communications/inbox/${c.cuil}?order=${o}`);
      expect(res.status).toBe(200);
      return res.json.communications.map((x: { due_date: string | null }) => x.due_date);
    };
    expect(await order("due_date")).toEqual(["2032-01-01", "2032-01-03", "2032-01-05", "2032-01-07", "2032-01-10", null, null]);
    expect(await order("-due_date")).toEqual(["2032-01-10", "2032-01-07", "2032-01-05", "2032-01-03", "2032-01-01", null, null]);

    // Paged with 2 per page: pages past the middle are read in reverse; the order must not change.
    // Through the operator's call, which the API's kept reference data follows at once (decision 023).
    const pageSize = async (size: number) => expect((await op("PUT", "/config/modules/digital", { pageSize: size })).status).toBe(200);
    await pageSize(2);
    try {
      for (const o of ["due_date", "-due_date"]) {
        const all: (string | null)[] = [];
        const seen: string[] = [];
        for (let page = 1; page <= 4; page++) {
          const res = await c.get(`/api/dd/v1/communications/inbox/${c.cuil}?order=${o}&page=${page}`);
          expect(res.json.communications).toHaveLength(page < 4 ? 2 : 1);
          all.push(...res.json.communications.map((x: { due_date: string | null }) => x.due_date));
          seen.push(...res.json.communications.map((x: { code: string }) => x.code));
        }
        expect(all).toEqual(
          o === "due_date"
            ? ["2032-01-01", "2032-01-03", "2032-01-05", "2032-01-07", "2032-01-10", null, null]
            : ["2032-01-10", "2032-01-07", "2032-01-05", "2032-01-03", "2032-01-01", null, null],
        );
        expect(new Set(seen).size).toBe(7);
      }
    } finally {
      await pageSize(10);
    }
  });

  it("refuses an impossible due date and an unknown order", async () => {
    const c = await citizen();
    const bad = await op("POST", "/digital/communications", {
      cuil: c.cuil,
      subject: "x",
      client: "y",
      type: "aviso",
      dueDate: "2032-02-30",
    });
    expect(bad.status).toBe(400);
    expect((await c.get(`/api/dd/v1/communications/inbox/${c.cuil}?order=due`)).status).toBe(400);
  });
});

describe("reminder three days before the due date", () => {
  // 2040-03-10 12:00 in Buenos Aires (UTC-3).
  const day10 = new Date("2040-03-10T15:00:00Z");
  const at = (days: number, hourUtc = 15) => new Date(Date.UTC(2040, 2, 10 + days, hourUtc));

  it("sends nothing four days before, once three days before, never again", async () => {
    const c = await citizen();
    const code = await send(c.cuil, "Intimacion TRES-DIAS", "2040-03-14");
    const early = await sendDueReminders(stack.db, { now: day10 });
    expect(early.communications).not.toContain(code);
    expect(await reminders(c.email)).toHaveLength(0);

    const due = await sendDueReminders(stack.db, { now: at(1) });
    expect(due.communications).toEqual([code]);
    const sent = await reminders(c.email);
    expect(sent).toHaveLength(1);
    const mail = sent[0];
    expect(mail).toContain(`To: ${c.email}`);
    expect(mail).toContain("TRES-DIAS");
    expect(mail).toMatch(/14\/03\/2040/);

    for (const when of [at(1, 20), at(2), at(4)]) {
      const again = await sendDueReminders(stack.db, { now: when });
      expect(again.communications).not.toContain(code);
    }
    expect(await reminders(c.email)).toHaveLength(1);
    const row = await stack.db
      .selectFrom("dd_communications")
      .select("reminder_sent_at")
      .where("code", "=", code)
      .executeTakeFirstOrThrow();
    expect(row.reminder_sent_at).toBe(at(1).toISOString());
  });

  it("counts days in Buenos Aires: 01:00 UTC is still the day before there", async () => {
    const c = await citizen();
    const code = await send(c.cuil, "Intimacion HUSO", "2040-04-04");
    // 2040-04-01 01:00 UTC = 2040-03-31 22:00 in Buenos Aires: four days before, nothing yet.
    expect((await sendDueReminders(stack.db, { now: new Date("2040-04-01T01:00:00Z") })).communications).not.toContain(code);
    expect((await sendDueReminders(stack.db, { now: new Date("2040-04-01T03:30:00Z") })).communications).toEqual([code]);
  });

  it("two runs at the same moment (two API processes) send exactly one mail", async () => {
    const c = await citizen();
    const codes = [await send(c.cuil, "Intimacion CARRERA-1", "2040-05-13"), await send(c.cuil, "Intimacion CARRERA-2", "2040-05-12")];
    const now = new Date("2040-05-10T15:00:00Z");
    const runs = await Promise.all([1, 2, 3].map(() => sendDueReminders(stack.db, { now })));
    const sent = runs.flatMap((r) => r.communications).filter((x) => codes.includes(x));
    expect(sent.sort()).toEqual([...codes].sort());
    // Both items of the citizen go in one mail, once.
    const mails = await reminders(c.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain("CARRERA-1");
    expect(mails[0]).toContain("CARRERA-2");
  });

  it("never reminds a past due date; the reminder is queued in the same transaction as its claim", async () => {
    const c = await citizen();
    const past = await send(c.cuil, "Intimacion PASADA", "2040-06-01");
    const code = await send(c.cuil, "Intimacion COLA", "2040-06-12");
    await stack.app.mailOutbox.drain();
    const now = new Date("2040-06-10T15:00:00Z");
    const run = await sendDueReminders(stack.db, { now });
    expect(run.communications).toContain(code);
    expect(run.communications).not.toContain(past);
    // Claimed and queued together: the row waits in the outbox until the worker sends it.
    const queued = await stack.db
      .selectFrom("mail_outbox")
      .select(["status", "body_text"])
      .where("to_address", "=", c.email)
      .where("kind", "=", "reminder")
      .execute();
    expect(queued).toHaveLength(1);
    expect(queued[0].status).toBe("pending");
    expect(queued[0].body_text).toContain("COLA");
    expect(queued[0].body_text).not.toContain("PASADA");
    expect(await reminders(c.email)).toHaveLength(1);
  });

  it("reminds a requested chat document, and not one already sent; the operator runs it through the API into the outbox", async () => {
    const c = await citizen();
    const inst = await operatorInstance(op, c.cuil, await leafInteractiveProcedure(stack.db), { title: "Habilitacion COMERCIAL" });
    expect(inst.status).toBe(201);
    const req = await op("POST", `/chat/instances/${inst.json.id}/requests`, {
      documents: [{ description: "Plano FIRMADO", dueDate: "2040-07-13" }, { description: "Sin vencimiento" }],
    });
    expect(req.status).toBe(201);
    expect(req.json.documents[0].dueDate).toBe("2040-07-13");
    expect(req.json.documents[1].dueDate).toBeNull();
    // The citizen's chat shows the due day of the requested document.
    const token = await stack.sign({ sub: c.cuil });
    const chat = await call(stack, `/api/v4/instances/${inst.json.id}/interactive/citizen`, { token });
    expect(chat.status).toBe(200);
    expect(JSON.stringify(chat.json)).toContain("2040-07-13");

    expect((await op("POST", "/reminders/send", { now: "not-a-date" })).status).toBe(400);
    const run = await op("POST", "/reminders/send", { now: "2040-07-10T12:00:00-03:00" });
    expect(run.status).toBe(200);
    expect(run.json.documents).toEqual([req.json.documents[0].id]);
    const sent = await reminders(c.email);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain("FIRMADO");
    expect(sent[0]).toContain("COMERCIAL");
    const again = await op("POST", "/reminders/send", { now: "2040-07-11T12:00:00-03:00" });
    expect(again.json.documents).toEqual([]);

    // Changing the due day re-arms the reminder.
    const moved = await op("PUT", `/chat/documents/${req.json.documents[0].id}/due`, { dueDate: "2040-07-20" });
    expect(moved.status).toBe(200);
    expect((await op("POST", "/reminders/send", { now: "2040-07-16T12:00:00-03:00" })).json.documents).toHaveLength(0);
    expect((await op("POST", "/reminders/send", { now: "2040-07-17T12:00:00-03:00" })).json.documents).toEqual([req.json.documents[0].id]);
  });
});
