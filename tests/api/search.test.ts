/**
 * Inbox subject search on the full-text index (migration 0008, decision 023) and paging from
 * either end: same answers as the plain definitions ("normalised subject contains the normalised
 * term"; "page n is rows (n-1)·size … n·size-1 of the whole ordered listing"), scoped to the
 * citizen and the tab. Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { sql, type Updateable } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "../../server/db/migrate.js";
import { seedDigitalReference } from "../../server/seed/digital.js";
import { normaliseSubject, ORDER_COLUMNS, queryInbox, type InboxFilters, type OrderKey } from "../../server/domain/dd/inbox-repository.js";
import { sendCommunication } from "../../server/domain/dd/service.js";
import type { DdCommunicationsTable } from "../../server/domain/dd/tables.js";
import { insertCitizen, migratedUpTo, useStack } from "./fixtures.js";
import { call, type ApiJson } from "./harness.js";

const stack = useStack();
let seq = 0;

async function newCitizen() {
  const cuil = `208${String(Date.now() % 1e6).padStart(6, "0")}${String(seq++).padStart(2, "0")}`.slice(0, 11);
  await insertCitizen(stack.db, { cuil, givenName: "Eva", familyName: `Busca ${seq}`, email: `eva${seq}@example.com` });
  return cuil;
}

const day = (d: number, h = 10) => new Date(Date.UTC(2026, 0, d, h)).toISOString();

function comm(cuil: string, subject: string, over: Partial<Parameters<typeof sendCommunication>[2]> = {}) {
  return sendCommunication(stack.db, stack.store, {
    cuil,
    subject,
    client: "Dirección de Rentas",
    type: "aviso",
    message: "Mensaje",
    notified: false,
    files: [],
    ...over,
  });
}

const filters = (over: Partial<InboxFilters> = {}): InboxFilters => ({
  page: 1,
  order: { key: "created_at", desc: true },
  archived: false,
  selected: "received",
  ...over,
});

describe("subject search", () => {
  const subjects = [
    "Resolución favorable",
    "Otra RESOLUCION",
    "Aviso de deuda 100%",
    "Deuda de 100 pesos",
    "Citación a audiencia",
    'Nota "urgente" de Rentas',
    "Inscripción_2026 aprobada",
    "Ñandú güemes",
  ];
  let cuil: string;
  let other: string;
  beforeAll(async () => {
    cuil = await newCitizen();
    other = await newCitizen();
    for (const [i, s] of subjects.entries()) await comm(cuil, s, { createdAt: day(i + 1) });
    // Another citizen with the same subjects, and an archived one of this citizen: never in the answer.
    for (const s of subjects) await comm(other, s);
    await comm(cuil, "Resolución archivada", { archived: true, seenAt: day(20) });
  });

  const found = async (term: string, over: Partial<InboxFilters> = {}) =>
    (await queryInbox(stack.db, cuil, filters({ search: term, ...over }), 50)).rows.map((r) => r.subject).sort();
  const expected = (term: string) => subjects.filter((s) => normaliseSubject(s).includes(normaliseSubject(term))).sort();

  it("matches the normalised subject as a substring: accents, case, inside words, phrases", async () => {
    expect(await found("resolucion")).toEqual(["Otra RESOLUCION", "Resolución favorable"]);
    expect(await found("RESOLUCIÓN")).toEqual(["Otra RESOLUCION", "Resolución favorable"]);
    expect(await found("soluci")).toEqual(["Otra RESOLUCION", "Resolución favorable"]);
    expect(await found("nandu GUEMES")).toEqual(["Ñandú güemes"]);
    expect(await found("deuda 100")).toEqual(["Aviso de deuda 100%"]);
    expect(await found("deuda   de")).toEqual(["Deuda de 100 pesos"]);
    expect(await found("100%")).toEqual(["Aviso de deuda 100%"]);
    expect(await found("_2026")).toEqual(["Inscripción_2026 aprobada"]);
    expect(await found('"urgente"')).toEqual(['Nota "urgente" de Rentas']);
    expect(await found("de")).toEqual(expected("de")); // shorter than a trigram
    expect(await found("%")).toEqual(["Aviso de deuda 100%"]);
    expect(await found("_")).toEqual(["Inscripción_2026 aprobada"]);
    expect(await found("no existe")).toEqual([]);
    for (const term of [
      "a",
      "au",
      "aud",
      "ion",
      "de 1",
      "rentas",
      "100 pesos",
      "ñ",
      "Ü",
      "ue",
      "zz",
      'e "u',
      "AND",
      "OR",
      "*",
      "NEAR(a b)",
    ]) {
      expect(await found(term), term).toEqual(expected(term));
    }
  });

  it("keeps the citizen's and the tab's scope and counts", async () => {
    const r = await queryInbox(stack.db, cuil, filters({ search: "resolucion" }), 50);
    expect(r.rows.every((row) => row.cuil === cuil && row.archived === 0)).toBe(true);
    expect(r).toMatchObject({ total: 2, unseen: 2, last_page: 1 });
    const archived = await queryInbox(stack.db, cuil, filters({ search: "resolucion", archived: true }), 50);
    expect(archived.rows.map((x) => x.subject)).toEqual(["Resolución archivada"]);
    expect(await found("resolucion", { seen: true })).toEqual([]);
    expect(await found("aviso", { types: ["citacion"] })).toEqual([]);

    // Through the API: the other citizen's token sees only theirs.
    const token = await stack.sign({ sub: other });
    const res = await call(stack, `/api/dd/v1/communications/inbox/${other}?search=RESOLUCION`, { token, headers: { "user-id": other } });
    expect(res.status).toBe(200);
    expect(res.json.total).toBe(2);
    expect(res.json.communications.map((c: ApiJson) => c.code).sort()).toEqual(
      (
        await stack.db
          .selectFrom("dd_communications")
          .select("code")
          .where("cuil", "=", other)
          .where("subject_norm", "like", "%resolucion%")
          .execute()
      )
        .map((c) => c.code)
        .sort(),
    );
  });

  it("follows deletes (the index row goes with the communication)", async () => {
    const cuil2 = await newCitizen();
    const c = await comm(cuil2, "Borrable quimera");
    expect((await queryInbox(stack.db, cuil2, filters({ search: "quimera" }), 10)).total).toBe(1);
    await stack.db.deleteFrom("dd_communications").where("code", "=", c.code).execute();
    expect((await queryInbox(stack.db, cuil2, filters({ search: "quimera" }), 10)).total).toBe(0);
    if (stack.dialect === "sqlite") {
      const { rows } = await sql<{ n: number }>`select count(*) as n from dd_comm_fts where dd_comm_fts match '"quimera"'`.execute(
        stack.db,
      );
      expect(Number(rows[0].n)).toBe(0);
    }
  });
});

describe("paging from either end", () => {
  it("every page equals the slice of the whole ordered listing, for every order, with and without filters", async () => {
    const cuil = await newCitizen();
    // 23 rows, ties on created_at and on subject, half of them unseen (null seen_date), a third
    // without a due day (null due_date).
    for (let i = 0; i < 23; i++) {
      await comm(cuil, `Asunto ${i % 4} ${i % 3 ? "deuda" : "multa"}`, {
        createdAt: day(1 + (i % 7)),
        seenAt: i % 2 ? day(10 + (i % 5)) : undefined,
        client: i % 2 ? "Registro Civil" : "Dirección de Rentas",
        dueDate: i % 3 ? `2026-03-${String(10 + (i % 4)).padStart(2, "0")}` : null,
      });
    }
    const size = 5;
    const keys = Object.keys(ORDER_COLUMNS) as OrderKey[]; // every sortable column, nullable ones included
    for (const key of keys) {
      for (const desc of [false, true]) {
        for (const extra of [{}, { search: "deuda" }, { seen: false }] as Partial<InboxFilters>[]) {
          const all = (await queryInbox(stack.db, cuil, filters({ order: { key, desc }, ...extra }), 1000)).rows.map((r) => r.code);
          const pages = Math.max(1, Math.ceil(all.length / size));
          for (let page = 1; page <= pages + 1; page++) {
            const r = await queryInbox(stack.db, cuil, filters({ order: { key, desc }, page, ...extra }), size);
            const label = `${desc ? "-" : ""}${key} ${JSON.stringify(extra)} page ${page}`;
            expect(
              r.rows.map((x) => x.code),
              label,
            ).toEqual(all.slice((page - 1) * size, page * size));
            expect(r.total, label).toBe(all.length);
            expect(r.last_page, label).toBe(pages);
          }
        }
      }
    }
  });
});

describe("the inbox counts the database keeps (decision 023)", () => {
  it("follow every insert, reading, archiving, move to another citizen and delete, as counting the rows would", async () => {
    const cuil = await newCitizen();
    const other = await newCitizen();
    const codes: string[] = [];
    for (let i = 0; i < 6; i++) codes.push((await comm(cuil, `Aviso ${i}`, { createdAt: day(i + 1) })).code);
    await comm(cuil, "Ya archivada", { archived: true, seenAt: day(9) });
    const set = (code: string, values: Updateable<DdCommunicationsTable>) =>
      stack.db.updateTable("dd_communications").set(values).where("code", "=", code).execute();
    await set(codes[0]!, { seen_date: day(10) });
    await set(codes[1]!, { seen_date: day(10) });
    await set(codes[1]!, { seen_date: null }); // marked unread again
    await set(codes[2]!, { archived: 1 });
    await set(codes[3]!, { seen_date: day(11), archived: 1 });
    await set(codes[4]!, { cuil: other });
    await stack.db.deleteFrom("dd_communications").where("code", "=", codes[5]!).execute();

    for (const who of [cuil, other])
      for (const archived of [false, true])
        for (const seen of [undefined, true, false]) {
          const kept = await queryInbox(stack.db, who, filters({ archived, seen }), 50);
          // The same listing with a filter that matches every row: counted from the rows themselves.
          const counted = await queryInbox(stack.db, who, filters({ archived, seen, created_since: "2000-01-01" }), 50);
          const label = `${who === cuil ? "cuil" : "other"} archived=${archived} seen=${seen}`;
          expect({ total: kept.total, unseen: kept.unseen }, label).toEqual({ total: counted.total, unseen: counted.unseen });
          expect(kept.total, label).toBe(counted.rows.length);
        }
    const inbox = await queryInbox(stack.db, cuil, filters(), 50);
    expect([inbox.total, inbox.unseen]).toEqual([2, 1]); // 0 (read) and 1 (unread again); two archived, one moved, one deleted
  });
});

describe("a search's counts from the subject index (migration 0019, decision 023)", () => {
  it("are the matching rows' total and unseen, for every tray and read/unread", async () => {
    const cuil = await newCitizen();
    for (let i = 0; i < 16; i++)
      await comm(cuil, i % 3 ? `Vencimiento de impuesto ${i}` : `Citación ${i}`, {
        createdAt: day(i + 1),
        seenAt: i % 4 ? day(20) : undefined,
        archived: i % 5 === 0,
      });
    const rows = await stack.db
      .selectFrom("dd_communications")
      .select(["subject_norm", "seen_date", "archived"])
      .where("cuil", "=", cuil)
      .execute();
    for (const archived of [false, true])
      for (const seen of [undefined, true, false]) {
        const label = `archived=${archived} seen=${seen}`;
        const matching = rows.filter(
          (r) =>
            r.archived === (archived ? 1 : 0) &&
            r.subject_norm.includes("impuesto") &&
            (seen === undefined || (r.seen_date !== null) === seen),
        );
        const r = await queryInbox(stack.db, cuil, filters({ search: "IMPUESTO", archived, seen }), 4);
        expect({ total: r.total, unseen: r.unseen, last_page: r.last_page }, label).toEqual({
          total: matching.length,
          unseen: seen === true ? 0 : matching.filter((x) => x.seen_date === null).length,
          last_page: Math.max(1, Math.ceil(matching.length / 4)),
        });
      }
  });

  it("the index holds subject_norm and seen_date after the tray's columns; SQLite counts from it alone", async () => {
    if (stack.dialect === "postgres") {
      const { rows } = await sql<{ name: string; def: string }>`select indexname as name, indexdef as def from pg_indexes
        where schemaname = current_schema() and indexname in ('dd_comm_subject_idx', 'dd_comm_subject_seen_idx')`.execute(stack.db);
      expect(rows.map((r) => r.name)).toEqual(["dd_comm_subject_seen_idx"]);
      expect(rows[0]!.def).toContain("(cuil, archived, subject_norm, code, seen_date)");
      return;
    }
    const info = sql<{ name: string }>`select name from pragma_index_info('dd_comm_subject_seen_idx') order by seqno`;
    const { rows: columns } = await info.execute(stack.db);
    expect(columns.map((c) => c.name)).toEqual(["cuil", "archived", "subject_norm", "code", "seen_date"]);
    // The shape of queryInbox's count with a search on the LIKE path.
    const { rows: plan } = await sql<{ detail: string }>`explain query plan select count(*) as n,
      sum(case when seen_date is null then 1 else 0 end) as unseen from dd_communications
      where cuil = ${"20300000001"} and archived = ${0} and subject_norm like ${"%impuesto%"} escape ${"\\"}`.execute(stack.db);
    expect(plan.map((p) => p.detail).join("\n")).toContain("USING COVERING INDEX dd_comm_subject_seen_idx");
  });
});

describe("migrations 0008 and 0018 backfill", () => {
  it("index and count communications that existed before they ran", async () => {
    await migratedUpTo("0007_chat", async (db) => {
      await seedDigitalReference(db, "provincia");
      const now = new Date().toISOString();
      await db
        .insertInto("citizens")
        .values({
          cuil: "20111111112",
          given_name: "A",
          family_name: "B",
          email: "a@example.com",
          phone_code: null,
          phone_number: null,
          uid: "u1",
          password_hash: "x",
          created_at: now,
        })
        .execute();
      await db
        .insertInto("dd_communications")
        .values({
          code: "2026-000001",
          cuil: "20111111112",
          sequence: 1,
          year: 2026,
          recipient: "A B",
          subject: "Intimación previa",
          subject_norm: normaliseSubject("Intimación previa"),
          client: "Rentas",
          type_id: "aviso",
          message: "m",
          notified: 0,
          created_at: now,
          date_notified: null,
          seen_date: null,
          archived: 0,
          files_pending: 0,
        })
        .execute();
      await migrateToLatest(db);
      const r = await queryInbox(db, "20111111112", filters({ search: "INTIMACION" }), 10);
      expect(r.rows.map((x) => x.code)).toEqual(["2026-000001"]);
      const all = await queryInbox(db, "20111111112", filters(), 10);
      expect([all.total, all.unseen]).toEqual([1, 1]);
    });
  });
});
