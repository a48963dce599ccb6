import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sendCommunication } from "../../server/domain/dd/service.js";
import { minimalPdf } from "../../server/seed/digital.js";
import { insertCitizen, useStack } from "./fixtures.js";
import { call, type ApiJson } from "./harness.js";

const stack = useStack();
let seq = 0;

/** A fresh citizen (valid-looking 11-digit cuil, not checked by the API); adhered unless told. */
async function newCitizen(adhered = true) {
  const cuil = `209${String(Date.now() % 1e6).padStart(6, "0")}${String(seq++).padStart(2, "0")}`.slice(0, 11);
  const email = `ana${seq}@example.com`;
  await insertCitizen(
    stack.db,
    { cuil, givenName: "Ana", familyName: `Prueba ${seq}`, email, phone: { code: "261", number: "4555555" } },
    { adhered },
  );
  const token = await stack.sign({ sub: cuil });
  const get = (p: string, headers: Record<string, string> = { "user-id": cuil }) => call(stack, p, { token, headers });
  const send = (method: string, p: string, body: unknown, headers: Record<string, string> = { "user-id": cuil }) =>
    call(stack, p, { method, token, headers, body });
  return { cuil, token, get, send };
}

function comm(cuil: string, over: Partial<Parameters<typeof sendCommunication>[2]> = {}) {
  return sendCommunication(stack.db, stack.store, {
    cuil,
    subject: "Aviso de deuda",
    client: "Dirección de Rentas",
    type: "aviso",
    message: "Mensaje",
    notified: false,
    files: [{ name: "Resolución 1.pdf", mime: "application/pdf", body: minimalPdf("uno") }],
    ...over,
  });
}

describe("digital domicile: identity checks", () => {
  it("answers 403 to a missing or mismatched User-ID and to another cuil in the path", async () => {
    const a = await newCitizen();
    const b = await newCitizen();
    expect((await a.get(`/api/dd/v1/communications/inbox/${a.cuil}`, {})).status).toBe(403);
    expect((await a.get(`/api/dd/v1/communications/inbox/${a.cuil}`, { "user-id": b.cuil })).status).toBe(403);
    expect((await a.get(`/api/dd/v1/communications/inbox/${b.cuil}`)).status).toBe(403);
    expect((await a.get(`/api/dd/v1/users/get_contact_info/${b.cuil}`)).status).toBe(403);
    expect((await a.get(`/api/dd/v1/communications/types/all`, { "user-id": b.cuil })).status).toBe(403);
    const res = await call(stack, `/api/dd/v1/communications/inbox/${a.cuil}`, { headers: { "user-id": a.cuil } });
    expect(res.status).toBe(303);
  });

  it("answers 404 to another citizen's communication, history and file", async () => {
    const a = await newCitizen();
    const b = await newCitizen();
    const c = await comm(b.cuil);
    expect((await a.get(`/api/dd/v1/communications/get_one/${c.code}`)).status).toBe(404);
    expect((await a.get(`/api/dd/v1/communications/get_history/${c.code}`)).status).toBe(404);
    expect((await a.get(`/api/dd/v1/communications/get_file/${c.code}/${c.files[0].id}`)).status).toBe(404);
    expect((await a.send("PUT", `/api/dd/v1/communications/archive`, { communications: [c.code] })).status).toBe(404);
    expect((await a.send("PUT", `/api/dd/v1/communications/recover`, { communications: [c.code] })).status).toBe(404);
    // b's communication is untouched
    expect((await b.get(`/api/dd/v1/communications/get_history/${c.code}`)).json.history).toHaveLength(1);
  });
});

describe("digital domicile: communications", () => {
  it("get_one marks seen once, get_file marks downloaded and seen, with history", async () => {
    const a = await newCitizen();
    const c = await comm(a.cuil, {
      files: [
        { name: "uno.pdf", mime: "application/pdf", body: minimalPdf("uno") },
        { name: 'Año "2026".pdf', mime: "application/pdf", body: minimalPdf("dos") },
      ],
    });
    let inbox = await a.get(`/api/dd/v1/communications/inbox/${a.cuil}`);
    expect(inbox.json).toMatchObject({ total: 1, unseen: 1, last_page: 1 });
    expect(inbox.json.communications[0]).toMatchObject({ code: c.code, seen_date: null, archived: false });

    const one = await a.get(`/api/dd/v1/communications/get_one/${c.code}`);
    expect(one.status).toBe(200);
    expect(one.json.communication.seen_date).toEqual(expect.any(String));
    const again = await a.get(`/api/dd/v1/communications/get_one/${c.code}?refresh=true`);
    expect(again.json.communication.seen_date).toBe(one.json.communication.seen_date);

    const file = await a.get(`/api/dd/v1/communications/get_file/${c.code}/${c.files[1].id}`);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(file.text.startsWith("%PDF-1.4")).toBe(true);
    const disposition = file.headers.get("content-disposition")!;
    expect(disposition).toMatch(/^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''/);
    expect(disposition).not.toContain('"2026"');

    const after = await a.get(`/api/dd/v1/communications/get_one/${c.code}`);
    expect(after.json.communication.files.map((f: ApiJson) => f.downloaded)).toEqual([false, true]);
    const history = await a.get(`/api/dd/v1/communications/get_history/${c.code}`);
    expect(history.json.history.map((h: ApiJson) => h.description).sort()).toEqual(
      ['Archivo descargado: Año "2026".pdf', "Comunicación leída", "Comunicación recibida"].sort(),
    );
    for (const h of history.json.history) expect(Object.keys(h).sort()).toEqual(["date", "description", "user"]);
    inbox = await a.get(`/api/dd/v1/communications/inbox/${a.cuil}`);
    expect(inbox.json.unseen).toBe(0);
  });

  it("a download alone marks an unseen communication seen", async () => {
    const a = await newCitizen();
    const c = await comm(a.cuil);
    await a.get(`/api/dd/v1/communications/get_file/${c.code}/${c.files[0].id}`);
    const inbox = await a.get(`/api/dd/v1/communications/inbox/${a.cuil}`);
    expect(inbox.json.communications[0].seen_date).toEqual(expect.any(String));
    expect(inbox.json.communications[0].files[0].downloaded).toBe(true);
  });

  it("refuses archive and recover while a file is not downloaded, then archives and recovers", async () => {
    const a = await newCitizen();
    const c = await comm(a.cuil);
    const refused = await a.send("PUT", `/api/dd/v1/communications/archive`, { communications: [c.code] });
    expect(refused.status).toBe(409);
    expect(refused.json.code).toBe("FILES_NOT_DOWNLOADED");
    await a.get(`/api/dd/v1/communications/get_file/${c.code}/${c.files[0].id}`);
    const ok = await a.send("PUT", `/api/dd/v1/communications/archive`, { communications: [c.code] });
    expect(ok.status).toBe(200);
    expect((await a.get(`/api/dd/v1/communications/inbox/${a.cuil}`)).json.total).toBe(0);
    const archived = await a.get(`/api/dd/v1/communications/inbox/${a.cuil}?archived=true`);
    expect(archived.json.communications.map((x: ApiJson) => x.code)).toEqual([c.code]);
    const rec = await a.send("PUT", `/api/dd/v1/communications/recover`, { communications: [c.code] });
    expect(rec.status).toBe(200);
    expect((await a.get(`/api/dd/v1/communications/inbox/${a.cuil}`)).json.total).toBe(1);
    const history = (await a.get(`/api/dd/v1/communications/get_history/${c.code}`)).json.history.map((h: ApiJson) => h.description);
    expect(history).toContain("Comunicación archivada");
    expect(history).toContain("Comunicación recuperada");

    // archived with a pending file (state set by the operator side) cannot be recovered either
    const d = await comm(a.cuil, { archived: true });
    expect((await a.send("PUT", `/api/dd/v1/communications/recover`, { communications: [d.code] })).status).toBe(409);
  });

  it("filters, orders, pages and counts the inbox", async () => {
    const a = await newCitizen();
    const day = (d: number) => new Date(Date.UTC(2026, 0, d, 10)).toISOString();
    await comm(a.cuil, { subject: "Citación a audiencia", client: "Registro Civil", type: "citacion", createdAt: day(1), files: [] });
    await comm(a.cuil, {
      subject: "Resolución favorable",
      client: "Dirección de Rentas",
      type: "resolucion",
      createdAt: day(5),
      notified: true,
      files: [],
    });
    await comm(a.cuil, {
      subject: "Aviso de deuda 100%",
      client: "Dirección de Rentas",
      type: "aviso",
      createdAt: day(10),
      seenAt: day(11),
      files: [],
    });
    await comm(a.cuil, {
      subject: "Otra resolucion",
      client: "Ministerio de Salud",
      type: "resolucion",
      createdAt: day(20),
      seenAt: day(25),
      files: [],
    });
    const q = async (query: string) => {
      const res = await a.get(`/api/dd/v1/communications/inbox/${a.cuil}?${query}`);
      expect(res.status, query).toBe(200);
      return res.json as { communications: ApiJson[]; total: number; unseen: number; last_page: number };
    };
    const subjects = async (query: string) => (await q(query)).communications.map((c) => c.subject);

    expect(await subjects("")).toEqual(["Otra resolucion", "Aviso de deuda 100%", "Resolución favorable", "Citación a audiencia"]);
    expect(await subjects("order=created_at")).toEqual([
      "Citación a audiencia",
      "Resolución favorable",
      "Aviso de deuda 100%",
      "Otra resolucion",
    ]);
    expect(await subjects("order=subject")).toEqual([
      "Aviso de deuda 100%",
      "Citación a audiencia",
      "Otra resolucion",
      "Resolución favorable",
    ]);
    expect(await subjects("order=-subject")).toEqual([
      "Resolución favorable",
      "Otra resolucion",
      "Citación a audiencia",
      "Aviso de deuda 100%",
    ]);
    expect((await subjects("order=client"))[0]).toBe("Resolución favorable");
    expect((await subjects("order=-client"))[0]).toBe("Citación a audiencia");
    expect((await subjects("order=type"))[0]).toBe("Aviso de deuda 100%");
    expect((await subjects("order=-seen_date"))[0]).toBe("Otra resolucion");
    // search: accent- and case-insensitive, LIKE wildcards are literal
    expect((await subjects("search=RESOLUCION")).sort()).toEqual(["Otra resolucion", "Resolución favorable"]);
    expect(await subjects("search=100%25")).toEqual(["Aviso de deuda 100%"]);
    expect(await subjects("search=_")).toEqual([]);
    expect(await subjects("seen=false")).toEqual(["Resolución favorable", "Citación a audiencia"]);
    expect(await subjects("seen=true")).toEqual(["Otra resolucion", "Aviso de deuda 100%"]);
    expect(await subjects("client=Direcci%C3%B3n%20de%20Rentas")).toEqual(["Aviso de deuda 100%", "Resolución favorable"]);
    expect(await subjects("type=citacion,aviso")).toEqual(["Aviso de deuda 100%", "Citación a audiencia"]);
    expect(await subjects("created_since=2026-01-05&created_until=2026-01-10")).toEqual(["Aviso de deuda 100%", "Resolución favorable"]);
    expect(await subjects("selected=notify&created_since=2026-01-01&created_until=2026-01-31")).toEqual(["Resolución favorable"]);
    expect(await subjects("seen_since=2026-01-20&seen_until=2026-01-25")).toEqual(["Otra resolucion"]);
    const counted = await q("type=resolucion");
    expect(counted).toMatchObject({ total: 2, unseen: 1, last_page: 1 });
    expect((await q("seen=false")).unseen).toBe(2);
    expect((await q("archived=true")).total).toBe(0);

    for (const bad of [
      "order=password",
      "page=0",
      "created_since=2026-13-45",
      "seen=maybe",
      "selected=x",
      "created_since=2026-02-01&created_until=2026-01-01",
    ]) {
      expect((await a.get(`/api/dd/v1/communications/inbox/${a.cuil}?${bad}`)).status, bad).toBe(400);
    }
  });

  it("pages with the digital module's page size", async () => {
    const a = await newCitizen();
    for (let i = 0; i < 12; i++)
      await comm(a.cuil, {
        subject: `S${String(i).padStart(2, "0")}`,
        files: [],
        createdAt: new Date(Date.UTC(2026, 1, 1 + i)).toISOString(),
      });
    const p1 = await a.get(`/api/dd/v1/communications/inbox/${a.cuil}`);
    expect(p1.json).toMatchObject({ total: 12, unseen: 12, last_page: 2 });
    expect(p1.json.communications).toHaveLength(10);
    const p2 = await a.get(`/api/dd/v1/communications/inbox/${a.cuil}?page=2`);
    expect(p2.json.communications.map((c: ApiJson) => c.subject)).toEqual(["S01", "S00"]);
  });

  it("lists the communication types", async () => {
    const a = await newCitizen();
    const res = await a.get(`/api/dd/v1/communications/types/all`);
    expect(res.json.types).toContainEqual({ id: "aviso", text: "Aviso" });
  });

  it("answers 400 NOT_ADHERED to the inbox of a citizen who has not adhered", async () => {
    const a = await newCitizen(false);
    const res = await a.get(`/api/dd/v1/communications/inbox/${a.cuil}`);
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("NOT_ADHERED");
  });
});

describe("digital domicile: users", () => {
  const outbox = () => path.join(stack.config.dataDir, "outbox");
  /** The mails to `to`, once the outbox worker has sent what is due (.eml files here). */
  const mails = async (to: string) => {
    await stack.app.mailOutbox.drain();
    return fs.existsSync(outbox())
      ? fs
          .readdirSync(outbox())
          .filter((f) => f.endsWith(".eml"))
          .map((f) => fs.readFileSync(path.join(outbox(), f), "utf8"))
          .filter((t) => t.includes(to))
      : [];
  };

  it("contact info, enroll once (idempotent), then set-self-da, with e-mails", async () => {
    const a = await newCitizen(false);
    const info = await a.get(`/api/dd/v1/users/get_contact_info/${a.cuil}`);
    expect(info.status).toBe(200);
    const data = info.json.data;
    expect(data).toMatchObject({ user_id: a.cuil, first_name: "Ana", phones: [{ code: "261", number: "4555555" }] });
    expect(data.emails).toHaveLength(1);
    expect(data.hrefIdCiudadana).toMatch(/^https:\/\//);
    expect((await a.get(`/api/dd/v1/users/get-user-self-da/${a.cuil}`)).status).toBe(400);

    const payload = { user_id: a.cuil, first_name: "Ana", last_name: "Prueba", email: data.emails[0], phone: data.phones[0] };
    expect((await a.send("POST", `/api/dd/v1/users/enroll`, { ...payload, email: "otro@example.com" })).status).toBe(400);
    expect((await a.send("POST", `/api/dd/v1/users/enroll`, { ...payload, user_id: "20111111112" })).status).toBe(403);
    const [r1, r2] = await Promise.all([
      a.send("POST", `/api/dd/v1/users/enroll`, payload),
      a.send("POST", `/api/dd/v1/users/enroll`, payload),
    ]);
    expect([r1.status, r2.status]).toEqual([200, 200]);
    const self = await a.get(`/api/dd/v1/users/get-user-self-da/${a.cuil}`);
    expect(self.json.data).toMatchObject({ cuil: a.cuil, email: data.emails[0], phone: { code: "261", number: "4555555" } });
    expect(await mails(data.emails[0])).toHaveLength(1);

    const upd = await a.send("PUT", `/api/dd/v1/users/set-self-da`, { user_id: a.cuil, email: data.emails[0], phone: null });
    expect(upd.status).toBe(200);
    expect((await a.get(`/api/dd/v1/users/get-user-self-da/${a.cuil}`)).json.data.phone).toBeNull();
    const sent = await mails(data.emails[0]);
    expect(sent).toHaveLength(2);
    expect(sent.join("\n")).toMatch(/^Subject: /m);
  });

  it("set-self-da needs an adhesion", async () => {
    const a = await newCitizen(false);
    const res = await a.send("PUT", `/api/dd/v1/users/set-self-da`, { user_id: a.cuil, email: "x@example.com", phone: null });
    expect(res.status).toBe(400);
  });

  it("terms and privacy are HTML personalised for the citizen", async () => {
    const a = await newCitizen(false);
    const terms = await a.get(`/api/dd/v1/users/get_terms`);
    expect(terms.status).toBe(200);
    expect(terms.json.data.html).toContain(`CUIL ${a.cuil}`);
    const privacy = await a.get(`/api/dd/v1/users/get_policies`);
    expect(privacy.json.data.html).toContain("Protección de Datos Personales");
    expect((await a.get(`/api/dd/v1/users/get_terms`, {})).status).toBe(403);
  });
});

describe("operator: sending communications", () => {
  const op = (body: unknown, token = stack.config.OPERATOR_TOKEN) =>
    call(stack, "/operator/api/digital/communications", {
      method: "POST",
      body,
      headers: { authorization: `Bearer ${token}`, "x-motivo": "Pruebas" },
    });

  it("sends a communication with PDF files, which the citizen then reads, and mails the citizen", async () => {
    const a = await newCitizen();
    const res = await op({
      cuil: a.cuil,
      subject: "Resolución 12/2026",
      client: "Ministerio de Salud",
      type: "resolucion",
      message: "Texto",
      notified: true,
      files: [{ name: "resolucion.pdf", contentBase64: minimalPdf("x").toString("base64") }],
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      subject: "Resolución 12/2026",
      notified: true,
      files: [{ file_name: "resolucion.pdf", downloaded: false }],
    });
    expect(res.json.date_notified).toEqual(expect.any(String));
    const inbox = await a.get(`/api/dd/v1/communications/inbox/${a.cuil}`);
    expect(inbox.json.communications[0].code).toBe(res.json.code);
    const file = await a.get(`/api/dd/v1/communications/get_file/${res.json.code}/${res.json.files[0].id}`);
    expect(file.text.startsWith("%PDF-")).toBe(true);
    await stack.app.mailOutbox.drain();
    const outbox = path.join(stack.config.dataDir, "outbox");
    const mails = fs.readdirSync(outbox).map((f) => fs.readFileSync(path.join(outbox, f), "utf8"));
    const email = (await a.get(`/api/dd/v1/users/get-user-self-da/${a.cuil}`)).json.data.email as string;
    expect(mails.some((m) => m.includes(`To: ${email}`) && m.includes("Ministerio de Salud"))).toBe(true);
  });

  it("refuses a file that is not a PDF, an unknown type, a citizen who has not adhered and a wrong token", async () => {
    const a = await newCitizen();
    const base = { cuil: a.cuil, subject: "S", client: "C", type: "aviso" };
    expect((await op({ ...base, files: [{ name: "x.pdf", contentBase64: Buffer.from("hola").toString("base64") }] })).status).toBe(415);
    expect((await op({ ...base, type: "nope" })).status).toBe(400);
    const b = await newCitizen(false);
    expect((await op({ ...base, cuil: b.cuil })).json.code).toBe("NOT_ADHERED");
    expect((await op(base, "wrong-token-wrong-token")).status).toBeGreaterThanOrEqual(401);
    expect((await a.get(`/api/dd/v1/communications/inbox/${a.cuil}`)).json.total).toBe(0);
  });
});
