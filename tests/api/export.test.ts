/**
 * 'Descargar mis datos' (decision 073): one ZIP with everything the portal holds about
 * the signed-in citizen — `indice.html`, `datos.json` and the files — and nothing of anyone else;
 * built once and answered again within the hour; one build at a time per citizen; a failed build
 * leaves nothing; swept after it expires.
 */
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase } from "../../server/db/index.js";
import { demoCitizens } from "../../server/auth/oidc/demo-citizens.js";
import { EXPORTED, NOT_EXPORTED } from "../../server/domain/export/contents.js";
import { claimExport } from "../../server/domain/export/repository.js";
import { ensureExport, MAIL_AFTER_MS, startExport, SWEEP_AFTER_MS } from "../../server/domain/export/service.js";
import { makeTextPdf } from "../../server/domain/files/samples.js";
import { createOperator } from "../../server/domain/operators/service.js";
import { sweep } from "../../server/jobs/sweeper.js";
import { createDiskBlobStore } from "../../server/storage/index.js";
import { unzip, type Unzipped } from "../unzip.js";
import { call, startStack, type ApiJson, type TestStack } from "./harness.js";

let stack: TestStack;
let opToken: string;
let procedureId: number;
/** Keys the blob store was asked to write (the build counter of these tests). */
const puts: string[] = [];

const op = async (method: string, pathname: string, body?: unknown) => {
  const res = await call(stack, `/operator/api${pathname}`, {
    method,
    body,
    headers: { authorization: `Bearer ${opToken}`, "x-motivo": encodeURIComponent("Prueba de la exportación") },
  });
  expect(res.status, `${method} ${pathname}: ${res.text}`).toBeLessThan(300);
  return res.json as ApiJson;
};

const pdfBase64 = async (title: string) => (await makeTextPdf(title, 1)).toString("base64");

/** A fresh adhered citizen with data in every area, every text marked with `marker`. */
async function citizenWithData(marker: string) {
  const citizen = await op("POST", "/citizens", {
    givenName: `Nora ${marker}`,
    familyName: "Exporta",
    email: `${marker.toLowerCase()}@example.com`,
    password: "Prueba2026!",
    adhered: true,
  });
  const cuil: string = citizen.cuil;
  const instance = await op("POST", "/procedures/instances", {
    cuil,
    procedureId,
    tab: "pending",
    state: { text: "Pendiente", color: "#B45309" },
    title: `Trámite ${marker}`,
  });
  await op("POST", `/chat/instances/${instance.id}/messages`, { message: `Hola ${marker}` });
  await op("POST", `/chat/instances/${instance.id}/requests`, { documents: [{ description: `DNI ${marker}` }] });
  await op("POST", `/procedures/instances/${instance.id}/history`, { action: `Revisado ${marker}`, comment: "Todo en orden" });
  const attached = await op("POST", `/procedures/instances/${instance.id}/documents`, {
    fileName: `Constancia ${marker}.pdf`,
    status: "received",
  });
  const record = await op("POST", "/records", {
    ownerCuil: cuil,
    title: `Expediente ${marker}`,
    sample: { incorporated: 1, sent: 1, pending: 1 },
  });
  const communication = await op("POST", "/digital/communications", {
    cuil,
    subject: `<script>alert("${marker}")</script> Aviso ${marker}`,
    client: "Rentas",
    type: "aviso",
    message: `Mensaje ${marker}`,
    files: [{ name: `resolucion ${marker}.pdf`, contentBase64: await pdfBase64(`Resolución ${marker}`) }],
  });
  await op("GET", `/chat/instances/${instance.id}`);
  const token = await stack.sign({ sub: cuil });
  const receipt = await call(stack, "/api/receipts", { method: "POST", token, body: { kind: "procedure", ref: instance.id } });
  expect(receipt.status).toBe(201);
  return {
    cuil,
    token,
    marker,
    ids: [cuil, instance.id, record.id, record.code, communication.code, attached.fileId, receipt.json.result.number] as string[],
  };
}
type Citizen = Awaited<ReturnType<typeof citizenWithData>>;

const exportOf = (token: string) => fetch(`${stack.api}/api/v1/me/export`, { headers: { authorization: `Bearer ${token}` } });

async function download(token: string) {
  const res = await exportOf(token);
  expect(res.status, res.status === 200 ? "" : await res.clone().text()).toBe(200);
  const bytes = Buffer.from(await res.arrayBuffer());
  return { res, bytes, entries: await unzip(bytes) };
}

const entry = (entries: Unzipped, name: string) => entries.find((e) => e.name === name)!.data.toString("utf8");
const text = (entries: Unzipped) => entries.map((e) => e.data.toString("latin1") + e.data.toString("utf8")).join("\n");
const exportRow = (cuil: string) => stack.db.selectFrom("data_exports").selectAll().where("citizen_cuil", "=", cuil).executeTakeFirst();
async function blobKeys() {
  const keys: string[] = [];
  for await (const page of stack.store.list()) keys.push(...page.map((b) => b.key));
  return keys;
}

beforeAll(async () => {
  stack = await startStack();
  opToken = (await createOperator(stack.db, { name: "Ana Díaz", organismo: "Dirección de Rentas" })).token;
  const row = await stack.db.selectFrom("proc_catalogue").select("id").where("is_parent", "=", 0).orderBy("id").executeTakeFirstOrThrow();
  procedureId = Number(row.id);
  const put = stack.store.put.bind(stack.store);
  stack.store.put = (key, body, opts) => {
    puts.push(key);
    return put(key, body, opts);
  };
}, 60_000);
afterAll(() => stack?.close());

describe("what the ZIP holds", () => {
  let demo: { entries: Unzipped; res: Response };
  const cuil = demoCitizens[0]!.cuil;

  beforeAll(async () => {
    demo = await download(await stack.sign({ sub: cuil }));
  }, 60_000);

  it("the demo citizen's ZIP: the index, datos.json, and every file in its area's folder, each as stored", async () => {
    const { entries, res } = demo;
    expect(res.headers.get("content-type")).toBe("application/zip");
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="Tus datos en Atencion Virtual \(\d{4}-\d{2}-\d{2}\)\.zip"/,
    );
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(entries.slice(0, 2).map((e) => e.name)).toEqual(["indice.html", "datos.json"]);
    for (const e of entries.slice(2)) expect(e.name).toMatch(/^(comunicaciones|tramites|expedientes|otros)\/([^/]+\/)?\d{2,} - [^/]+$/);

    const data = JSON.parse(entry(entries, "datos.json"));
    expect(data).toMatchObject({ formato: "atencion-virtual/datos", version: 1, cuil });
    expect(Object.keys(data.tablas).sort()).toEqual(Object.keys(EXPORTED).sort());
    expect(data.tablas.citizens).toEqual([
      expect.objectContaining({ cuil, given_name: "María Laura", email: "maria.fernandez@example.com" }),
    ]);
    expect(data.tablas.dd_adhesions).toHaveLength(1);

    // Every row of every area, counted independently of the export's queries.
    const counts = {
      files: sql`select id from files where owner_cuil = ${cuil}`,
      dd_communications: sql`select code from dd_communications where cuil = ${cuil}`,
      dd_communication_files: sql`select f.id from dd_communication_files f join dd_communications c on c.code = f.communication_code where c.cuil = ${cuil}`,
      proc_instances: sql`select id from proc_instances where owner_cuil = ${cuil}`,
      chat_events: sql`select e.id from chat_events e join proc_instances p on p.id = e.instance_id where p.owner_cuil = ${cuil}`,
      records: sql`select id from records where owner_cuil = ${cuil}`,
      record_documents: sql`select d.id from record_documents d join records r on r.id = d.record_id where r.owner_cuil = ${cuil}`,
    };
    const own: Record<string, number> = {};
    for (const [table, query] of Object.entries(counts)) own[table] = (await query.execute(stack.db)).rows.length;
    for (const [table, n] of Object.entries(own)) {
      expect(n, table).toBeGreaterThan(0);
      expect(data.tablas[table], table).toHaveLength(n);
    }

    // No secret and no internal key; each file row names its entry, whose bytes are the stored file's.
    const all = JSON.stringify(data.tablas);
    expect(all).not.toMatch(/password_hash|storage_key|scrypt/);
    const names = new Set(entries.map((e) => e.name));
    for (const f of data.tablas.files) {
      expect(names.has(f.archivo), f.archivo).toBe(true);
      expect(
        createHash("sha256")
          .update(entries.find((e) => e.name === f.archivo)!.data)
          .digest("hex"),
      ).toBe(f.sha256);
    }
    for (const f of data.tablas.dd_communication_files) {
      expect(entries.find((e) => e.name === f.archivo)?.data.length, f.archivo).toBe(f.size);
    }
    // Nothing but those files besides the index and the data.
    expect(entries.length).toBe(2 + data.tablas.files.length + data.tablas.dd_communication_files.length);
  });

  it("indice.html: Spanish, captioned tables with header cells, and every link opens a file of the ZIP", () => {
    const html = entry(demo.entries, "indice.html");
    expect(html).toMatch(/^<!DOCTYPE html>\n<html lang="es">/);
    expect(html).not.toMatch(/<script|<link|src=|https?:\/\//i);
    expect(html.match(/<caption>/g)?.length).toBe(html.match(/<table/g)?.length);
    expect(html.match(/<th(?![^>]*scope="(col|row)")[ >]/g)).toBeNull();
    for (const h of ["Perfil y adhesión", "Comunicaciones", "Trámites", "Expedientes", "Comprobantes", "Accesos a tus datos"]) {
      expect(html).toContain(`>${h}</h2>`);
    }
    const names = new Set(demo.entries.map((e) => e.name));
    const links = [...html.matchAll(/href="([^"#][^"]*)"/g)].map((m) => decodeURIComponent(m[1]!.replace(/&amp;/g, "&")));
    expect(links.length).toBeGreaterThan(5);
    for (const link of links) expect(names.has(link), link).toBe(true);
  });

  it("every table of the database is exported or left out with its reason; omitted columns exist", async () => {
    const tables = await stack.db.introspection.getTables();
    const known = new Set([...Object.keys(EXPORTED), ...Object.keys(NOT_EXPORTED)]);
    const names = tables.map((t) => t.name.replace(/^(dd_comm_fts)_\w+$/, "$1"));
    expect(
      names.filter((n) => !known.has(n)),
      "a new table: export it or say why not (server/domain/export/contents.ts)",
    ).toEqual([]);
    for (const [table, spec] of Object.entries(EXPORTED)) {
      const columns = tables.find((t) => t.name === table)?.columns.map((c) => c.name);
      expect(columns, table).toBeDefined();
      for (const column of Object.keys(spec.omit ?? {})) expect(columns, `${table}.${column}`).toContain(column);
      const exported = columns!.filter((c) => !(c in (spec.omit ?? {})));
      expect(
        exported.filter((c) => /hash|token|secret|password|storage_key/.test(c)),
        table,
      ).toEqual([]);
    }
    const doc = fs.readFileSync(path.join(process.cwd(), "docs/data-export.md"), "utf8");
    for (const table of known) expect(doc, `docs/data-export.md names ${table}`).toContain(`\`${table}\``);
  });
});

describe("another citizen's data never enters", () => {
  it("two citizens with data in every area: each ZIP has its own and nothing of the other", { timeout: 90_000 }, async () => {
    const a: Citizen = await citizenWithData(`A${randomBytes(4).toString("hex")}`);
    const b: Citizen = await citizenWithData(`B${randomBytes(4).toString("hex")}`);
    const zips = { a: (await download(a.token)).entries, b: (await download(b.token)).entries };
    for (const [self, other, entries] of [
      [a, b, zips.a],
      [b, a, zips.b],
    ] as const) {
      const all = text(entries);
      for (const id of self.ids) expect(all, `own ${id}`).toContain(id);
      expect(all).toContain(self.marker);
      for (const id of other.ids) expect(all, `other's ${id}`).not.toContain(id);
      expect(all).not.toContain(other.marker);
      const data = JSON.parse(entry(entries, "datos.json"));
      for (const rows of Object.values(data.tablas) as Record<string, unknown>[][]) {
        for (const row of rows) expect(Object.values(row)).not.toContain(other.cuil);
      }
      // Every area has rows, so the leak check above looked at something.
      for (const table of [
        "dd_communications",
        "dd_communication_files",
        "dd_history",
        "proc_instances",
        "proc_history",
        "proc_received_docs",
        "chat_events",
        "chat_documents",
        "records",
        "record_documents",
        "files",
        "receipts",
        "operator_accesses",
      ]) {
        expect(data.tablas[table].length, table).toBeGreaterThan(0);
      }
    }
    // A subject with markup is text in the index, never markup.
    const html = entry(zips.b, "indice.html");
    expect(html).toContain(`&lt;script&gt;alert(&quot;${b.marker}&quot;)&lt;/script&gt;`);
    expect(html).not.toContain("<script");
  });
});

describe("one build an hour", () => {
  it(
    "a second request within the hour answers the same file without building; after the hour it builds again",
    { timeout: 60_000 },
    async () => {
      const c = await citizenWithData(`C${randomBytes(4).toString("hex")}`);
      const status = async () => (await call(stack, "/api/v1/me/export/status", { token: c.token })).json;
      expect(await status()).toEqual({ ready: null, building: false, startedAt: null, mailWhenReady: false });

      puts.length = 0;
      const first = await download(c.token);
      expect(puts).toHaveLength(1);
      const row = await exportRow(c.cuil);
      expect(row).toMatchObject({ status: "ready", id: puts[0] });
      expect(first.res.headers.get("etag")).toBe(`"${row!.sha256}"`);
      expect(Number(first.res.headers.get("content-length"))).toBe(first.bytes.length);
      expect(await status()).toEqual({
        ready: { createdAt: row!.created_at, expiresAt: row!.expires_at, size: first.bytes.length },
        building: false,
        startedAt: null,
        mailWhenReady: false,
      });
      expect(Date.parse(row!.expires_at!) - Date.parse(row!.created_at!)).toBe(3_600_000);

      // New data meanwhile: the second answer is still the first file (it was not built again).
      const later = await op("POST", "/digital/communications", {
        cuil: c.cuil,
        subject: "Aviso posterior",
        client: "Rentas",
        type: "aviso",
      });
      const second = await download(c.token);
      expect(puts).toHaveLength(1);
      expect(second.bytes.equals(first.bytes)).toBe(true);
      expect(second.res.headers.get("etag")).toBe(first.res.headers.get("etag"));
      expect(second.res.headers.get("last-modified")).toBe(first.res.headers.get("last-modified"));
      expect(text(second.entries)).not.toContain(later.code);

      // An hour later: built again, with the new data; the old blob is gone.
      await stack.db
        .updateTable("data_exports")
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where("citizen_cuil", "=", c.cuil)
        .execute();
      const third = await download(c.token);
      expect(puts).toHaveLength(2);
      expect(third.res.headers.get("etag")).not.toBe(first.res.headers.get("etag"));
      expect(text(third.entries)).toContain(later.code);
      expect(await blobKeys()).not.toContain(row!.id);
      expect((await exportRow(c.cuil))!.id).toBe(puts[1]);
    },
  );

  it("three requests at once build once and answer the same file", { timeout: 60_000 }, async () => {
    const d = await citizenWithData(`D${randomBytes(4).toString("hex")}`);
    puts.length = 0;
    const answers = await Promise.all([1, 2, 3].map(() => download(d.token)));
    expect(puts).toHaveLength(1);
    expect(new Set(answers.map((x) => x.res.headers.get("etag"))).size).toBe(1);
    expect(answers.every((x) => x.bytes.equals(answers[0]!.bytes))).toBe(true);
  });

  it(
    "two API processes (each its own database connection and store) asked at once: one builds, both answer its file",
    { timeout: 60_000 },
    async () => {
      const g = await citizenWithData(`G${randomBytes(4).toString("hex")}`);
      const { config } = stack;
      const other = await createDatabase(
        config.DATABASE_URL
          ? { databaseUrl: config.DATABASE_URL, schema: config.DATABASE_SCHEMA }
          : { sqliteFile: path.join(config.dataDir, "portal.sqlite") },
      );
      try {
        const otherStore = createDiskBlobStore(path.join(config.dataDir, "blobs"));
        const otherPuts: string[] = [];
        const put = otherStore.put.bind(otherStore);
        otherStore.put = (key, body, opts) => {
          otherPuts.push(key);
          return put(key, body, opts);
        };
        puts.length = 0;
        const [a, b] = await Promise.all([ensureExport(stack, g.cuil), ensureExport({ db: other.db, store: otherStore }, g.cuil)]);
        expect(puts.length + otherPuts.length).toBe(1);
        expect([a.built, b.built].sort()).toEqual([false, true]);
        expect(a.export).toEqual(b.export);
      } finally {
        await other.db.destroy();
      }
    },
  );

  it("the claim: of two at once exactly one wins; a live claim or a fresh file refuses it, an expired or abandoned one yields", async () => {
    const cuil = "20111111112"; // the claim is about the row alone
    const at = (ms: number) => new Date(Date.now() + ms).toISOString();
    const claim = (id: string, now = at(0)) => claimExport(stack.db, cuil, id, now, at(60_000));
    const ids = ["10000000-0000-4000-8000-000000000001", "10000000-0000-4000-8000-000000000002"];
    const won = await Promise.all(ids.map((id) => claim(id)));
    expect(won.filter(Boolean)).toHaveLength(1);
    const holder = ids[won.indexOf(true)]!;
    expect(await claim("10000000-0000-4000-8000-000000000003")).toBe(false);
    expect((await exportRow(cuil))!.id).toBe(holder);
    // Abandoned (past its lease): taken over.
    expect(await claim("10000000-0000-4000-8000-000000000004", at(61_000))).toBe(true);
    // Ready and fresh: refused; ready and expired: taken over.
    await stack.db
      .updateTable("data_exports")
      .set({ status: "ready", expires_at: at(3_600_000) })
      .where("citizen_cuil", "=", cuil)
      .execute();
    expect(await claim("10000000-0000-4000-8000-000000000005")).toBe(false);
    expect(await claim("10000000-0000-4000-8000-000000000006", at(3_600_001))).toBe(true);
    await stack.db.deleteFrom("data_exports").where("citizen_cuil", "=", cuil).execute();
  });

  it("a build under way elsewhere: waited for, then 409 EXPORT_IN_PROGRESS; an abandoned one is taken over", async () => {
    const cuil = demoCitizens[2]!.cuil;
    const now = Date.now();
    const building = {
      citizen_cuil: cuil,
      id: "00000000-0000-4000-8000-000000000017",
      status: "building" as const,
      started_at: new Date(now).toISOString(),
      lease_until: new Date(now + 60_000).toISOString(),
      created_at: null,
      expires_at: null,
      size: null,
      sha256: null,
    };
    await stack.db.insertInto("data_exports").values(building).execute();
    const started = Date.now();
    await expect(ensureExport(stack, cuil, { waitMs: 400, pollMs: 50 })).rejects.toMatchObject({ status: 409, code: "EXPORT_IN_PROGRESS" });
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
    expect((await call(stack, "/api/v1/me/export/status", { token: await stack.sign({ sub: cuil }) })).json).toEqual({
      ready: null,
      building: true,
      startedAt: building.started_at,
      mailWhenReady: false, // this citizen has no e-mail (and the build is young)
    });

    await stack.db
      .updateTable("data_exports")
      .set({ lease_until: new Date(now - 1).toISOString() })
      .where("citizen_cuil", "=", cuil)
      .execute();
    const taken = await ensureExport(stack, cuil, { waitMs: 400, pollMs: 50 });
    expect(taken.built).toBe(true);
    expect(taken.export.id).not.toBe(building.id);
    expect(await exportRow(cuil)).toMatchObject({ status: "ready", id: taken.export.id });
  });
});

describe("started without waiting, for the portal's status page (issue 32)", () => {
  const status = async (token: string) => (await call(stack, "/api/v1/me/export/status", { token })).json;
  const mails = (to: string) =>
    stack.db.selectFrom("mail_outbox").selectAll().where("to_address", "=", to).where("kind", "=", "data-export").execute();

  it(
    "POST answers 202 at once with the build under way, starts nothing more while it runs, and the build ends ready",
    { timeout: 60_000 },
    async () => {
      const e = await citizenWithData(`E${randomBytes(4).toString("hex")}`);
      puts.length = 0;
      const first = await call(stack, "/api/v1/me/export", { method: "POST", token: e.token });
      expect(first.status).toBe(202);
      expect(first.json.ready === null ? first.json.building : true).toBe(true);
      const again = await call(stack, "/api/v1/me/export", { method: "POST", token: e.token });
      expect(again.status).toBe(202);
      await expect.poll(async () => (await status(e.token)).ready !== null, { timeout: 30_000 }).toBe(true);
      expect(puts).toHaveLength(1);
      expect(await status(e.token)).toMatchObject({ building: false, startedAt: null, mailWhenReady: false });
      // The file it built is the one downloaded, not built again; a POST now starts nothing either.
      const zip = await download(e.token);
      expect(entry(zip.entries, "datos.json")).toContain(e.cuil);
      expect((await call(stack, "/api/v1/me/export", { method: "POST", token: e.token })).json.ready).not.toBeNull();
      expect(puts).toHaveLength(1);
      expect(await mails(`${e.marker.toLowerCase()}@example.com`)).toEqual([]);
    },
  );

  it("a build running past MAIL_AFTER_MS says the citizen will be mailed; only a citizen with an e-mail", async () => {
    const f = await citizenWithData(`F${randomBytes(4).toString("hex")}`);
    const long = new Date(Date.now() - MAIL_AFTER_MS - 1000).toISOString();
    const row = (cuil: string) => ({
      citizen_cuil: cuil,
      id: randomBytes(16).toString("hex"),
      status: "building" as const,
      started_at: long,
      lease_until: new Date(Date.now() + 60_000).toISOString(),
      created_at: null,
      expires_at: null,
      size: null,
      sha256: null,
    });
    const noMail = demoCitizens[1]!.cuil; // not adhered: no e-mail
    await stack.db
      .insertInto("data_exports")
      .values([row(f.cuil), row(noMail)])
      .execute();
    try {
      expect(await status(f.token)).toEqual({ ready: null, building: true, startedAt: long, mailWhenReady: true });
      expect(await status(await stack.sign({ sub: noMail }))).toMatchObject({ building: true, mailWhenReady: false });
    } finally {
      await stack.db.deleteFrom("data_exports").where("citizen_cuil", "in", [f.cuil, noMail]).execute();
    }
  });

  it(
    "a long build mails the citizen when the file is ready, with the page to fetch it; a short one does not",
    { timeout: 60_000 },
    async () => {
      const g = await citizenWithData(`G${randomBytes(4).toString("hex")}`);
      const to = `${g.marker.toLowerCase()}@example.com`;
      const failures: unknown[] = [];
      await startExport({ ...stack, portalUrl: "https://portal.test", mailAfterMs: 0 }, g.cuil, (error) => failures.push(error));
      await expect.poll(async () => (await exportRow(g.cuil))?.status, { timeout: 30_000 }).toBe("ready");
      const [mail, ...more] = await mails(to);
      expect(more).toEqual([]);
      expect(mail).toMatchObject({ status: "pending", subject: "Tu archivo con tus datos está listo" });
      expect(mail!.body_text).toContain("https://portal.test/datos/descarga");
      const until = (await exportRow(g.cuil))!.expires_at!.slice(11, 16);
      expect(mail!.body_text).toContain(`hasta las ${until} (UTC)`);

      const h = await citizenWithData(`H${randomBytes(4).toString("hex")}`);
      await startExport({ ...stack, portalUrl: "https://portal.test", mailAfterMs: 60_000 }, h.cuil, (error) => failures.push(error));
      await expect.poll(async () => (await exportRow(h.cuil))?.status, { timeout: 30_000 }).toBe("ready");
      expect(await mails(`${h.marker.toLowerCase()}@example.com`)).toEqual([]);
      expect(failures).toEqual([]);
    },
  );
});

describe("failures, sweeping and sessions", () => {
  it(
    "a build that cannot read a file fails cleanly: no row and no blob left, the next request builds again",
    { timeout: 60_000 },
    async () => {
      const e = await citizenWithData(`E${randomBytes(4).toString("hex")}`);
      const file = await stack.db
        .selectFrom("files")
        .select(["id", "storage_key"])
        .where("owner_cuil", "=", e.cuil)
        .executeTakeFirstOrThrow();
      const blob = await stack.store.get(file.storage_key);
      const chunks: Buffer[] = [];
      for await (const chunk of blob) chunks.push(chunk as Buffer);
      const before = await blobKeys();
      await stack.store.delete(file.storage_key);

      const res = await exportOf(e.token);
      expect(res.status).toBe(500);
      expect(await res.json()).toMatchObject({ code: "INTERNAL" });
      expect(await exportRow(e.cuil)).toBeUndefined();
      expect((await blobKeys()).sort()).toEqual(before.filter((k) => k !== file.storage_key).sort());
      expect(fs.readdirSync(path.join(stack.config.dataDir, "blobs", ".tmp"))).toEqual([]);

      await stack.store.put(file.storage_key, Buffer.concat(chunks));
      await download(e.token);
    },
  );

  it("the sweeper removes exports expired half an hour ago, row and blob, and leaves fresh ones", { timeout: 60_000 }, async () => {
    const f = await citizenWithData(`F${randomBytes(4).toString("hex")}`);
    await download(f.token);
    const row = (await exportRow(f.cuil))!;
    // Not expired, however old its blob: the orphan pass leaves a blob its row names.
    await stack.db.updateTable("data_exports").set({ expires_at: "2999-01-01T00:00:00.000Z" }).where("citizen_cuil", "=", f.cuil).execute();
    await sweep(stack, { graceMs: 86_400_000, now: new Date(Date.now() + 2 * 86_400_000) });
    expect(await exportRow(f.cuil)).toMatchObject({ id: row.id });
    expect(await blobKeys()).toContain(row.id);

    const expired = new Date(Date.now() - SWEEP_AFTER_MS - 1000).toISOString();
    await stack.db.updateTable("data_exports").set({ expires_at: expired }).where("citizen_cuil", "=", f.cuil).execute();
    const report = await sweep(stack, { graceMs: 86_400_000 });
    expect(report.exports).toBeGreaterThanOrEqual(1);
    expect(await exportRow(f.cuil)).toBeUndefined();
    expect(await blobKeys()).not.toContain(row.id);
  });

  it("without a session: 303 like every call; HEAD builds nothing", async () => {
    expect((await call(stack, "/api/v1/me/export")).status).toBe(303);
    expect((await call(stack, "/api/v1/me/export/status")).status).toBe(303);
    const cuil = demoCitizens[1]!.cuil;
    const head = await fetch(`${stack.api}/api/v1/me/export`, {
      method: "HEAD",
      headers: { authorization: `Bearer ${await stack.sign({ sub: cuil })}` },
    });
    expect(head.status).toBe(404);
    expect(await exportRow(cuil)).toBeUndefined();
  });
});
