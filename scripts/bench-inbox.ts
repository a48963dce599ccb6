/**
 * `npm run bench:inbox`: seeds 100,000 communications for one citizen in a temporary SQLite
 * database (all migrations) and prints p50 / p95 of the inbox query (page + files + total and
 * unseen counts, what GET /api/dd/v1/communications/inbox answers) for: the first page, page
 * 5,000, the last page, subject searches (two common words, 'deuda' in 20 % of her subjects and
 * 'impuesto' in 10 %, and a rare one), an unseen-only filter, type + dates, and the counts alone.
 * Env: BENCH_ROWS (default 100000), BENCH_RUNS (default 50); DATABASE_URL (postgres://…): run on
 * PostgreSQL instead, in a temporary schema `bench_inbox_<pid>` that is dropped afterwards.
 * BENCH_OTHER_ROWS (default 0): that many communications of 1,000 other citizens, interleaved with
 * hers in insertion order (900000: the shape of `npm run bench`'s data set, where every tenth row is
 * hers), so that reading her rows from the table costs what it does in a shared table (her rows
 * spread over its pages) rather than in one that holds only hers.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { sql } from "kysely";
import { createDatabase } from "../server/db/index.js";
import { migrateToLatest } from "../server/db/migrate.js";
import { seedDigitalReference } from "../server/seed/digital.js";
import { benchCommunication, inboxFilters as f } from "./bench/inbox-rows.js";
import { PG_BULK_LOAD_INBOX_COUNTS, queryInbox } from "../server/domain/dd/inbox-repository.js";
import { inbox } from "../server/domain/dd/service.js";

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 50);
const OTHER_ROWS = Number(process.env.BENCH_OTHER_ROWS ?? 0);
const OTHER_CITIZENS = 1000;
const CUIL = "20300000001";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "av-bench-inbox-"));
const databaseUrl = process.env.DATABASE_URL || undefined;
const schema = databaseUrl ? `bench_inbox_${process.pid}` : undefined;
const { db, dialect } = await createDatabase(databaseUrl ? { databaseUrl, schema } : { sqliteFile: path.join(dir, "bench.sqlite") });
try {
  await migrateToLatest(db);
  await seedDigitalReference(db, "provincia");
  const now = new Date().toISOString();
  await db
    .insertInto("citizens")
    .values({
      cuil: CUIL,
      given_name: "Bench",
      family_name: "Ciudadano",
      email: "b@example.com",
      phone_code: null,
      phone_number: null,
      uid: "bench",
      password_hash: "x",
      created_at: now,
    })
    .execute();
  await db
    .insertInto("dd_adhesions")
    .values({ cuil: CUIL, email: "b@example.com", phone_code: null, phone_number: null, adhered_at: now })
    .execute();
  const others = OTHER_ROWS > 0 ? Array.from({ length: OTHER_CITIZENS }, (_, k) => `2040${String(k).padStart(7, "0")}`) : [];
  for (let start = 0; start < others.length; start += 500)
    await db
      .insertInto("citizens")
      .values(
        others.slice(start, start + 500).map((cuil) => ({
          cuil,
          given_name: "Otro",
          family_name: "Ciudadano",
          email: `${cuil}@example.com`,
          phone_code: null,
          phone_number: null,
          uid: `bench-${cuil}`,
          password_hash: "x",
          created_at: now,
        })),
      )
      .execute();
  const t0 = performance.now();
  const base = Date.UTC(2020, 0, 1);
  const batch = 500;
  const hers = (i: number) => {
    const createdAt = new Date(base + i * 600_000).toISOString();
    const seenAt = i % 4 !== 0 ? new Date(base + i * 600_000 + 3_600_000).toISOString() : null;
    const code = `B-${String(i).padStart(7, "0")}`;
    return benchCommunication(i, {
      code,
      cuil: CUIL,
      year: 1900,
      recipient: "Bench Ciudadano",
      message: "Mensaje de prueba",
      createdAt,
      notified: i % 5 === 0,
      seenAt,
    });
  };
  const another = (j: number) => {
    const createdAt = new Date(base + Math.floor((j * ROWS) / OTHER_ROWS) * 600_000).toISOString();
    const code = `O-${String(j).padStart(7, "0")}`;
    // As long as the bench's data set writes it.
    const message = `Le informamos que se ha emitido la comunicación ${code}. Puede consultar el detalle en el documento adjunto.`;
    const seenAt = j % 4 !== 0 ? createdAt : null;
    return benchCommunication(j, {
      code,
      cuil: others[j % others.length],
      year: 1901,
      recipient: "Otro Ciudadano",
      message,
      createdAt,
      notified: false,
      seenAt,
    });
  };
  await db.transaction().execute(async (tx) => {
    // PostgreSQL: the inbox counters' triggers off during the load, the counts made once before the commit.
    const onPostgres = async (statements: readonly string[]) => {
      if (dialect === "postgres") for (const statement of statements) await sql.raw(statement).execute(tx);
    };
    await onPostgres(PG_BULK_LOAD_INBOX_COUNTS.before);
    // In insertion order: each of her rows, then the other citizens' rows up to her next one.
    let values: (ReturnType<typeof hers> | ReturnType<typeof another>)[] = [];
    let otherDone = 0;
    for (let i = 0; i < ROWS; i++) {
      values.push(hers(i));
      for (const until = Math.round((OTHER_ROWS * (i + 1)) / ROWS); otherDone < until; otherDone++) values.push(another(otherDone));
      if (values.length >= batch || i === ROWS - 1) {
        await tx.insertInto("dd_communications").values(values).execute();
        values = [];
      }
    }
    await onPostgres(PG_BULK_LOAD_INBOX_COUNTS.after);
  });
  // PostgreSQL: vacuum too, as autovacuum would after the inserts (sets the visibility map that
  // index-only scans need).
  await (dialect === "postgres" ? sql`vacuum analyze dd_communications` : sql`analyze`).execute(db);
  console.log(
    `seeded ${ROWS.toLocaleString("en")} communications${OTHER_ROWS ? ` (+ ${OTHER_ROWS.toLocaleString("en")} of ${OTHER_CITIZENS.toLocaleString("en")} other citizens)` : ""} in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  const lastPage = (await inbox(db, CUIL, f({}))).last_page;
  const cases: [string, () => Promise<unknown>][] = [
    ["first page (-created_at)", () => inbox(db, CUIL, f({}))],
    ["page 5,000 (-created_at)", () => inbox(db, CUIL, f({ page: 5000 }))],
    ["last page (-created_at)", () => inbox(db, CUIL, f({ page: lastPage }))],
    ["search subject 'deuda'", () => inbox(db, CUIL, f({ search: "deuda" }))],
    ["search subject 'impuesto'", () => inbox(db, CUIL, f({ search: "impuesto" }))],
    ["search subject 'número 99999'", () => inbox(db, CUIL, f({ search: "número 99999" }))],
    ["unseen only, order subject", () => inbox(db, CUIL, f({ seen: false, order: { key: "subject", desc: false } }))],
    [
      "type + created range",
      () => inbox(db, CUIL, f({ types: ["aviso", "citacion"], created_since: "2020-06-01", created_until: "2020-12-31" })),
    ],
    ["counts only (total + unseen)", () => queryInbox(db, CUIL, f({ page: 1_000_000 }), 10)],
  ];
  const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)];
  console.log(
    `\n${"query".padEnd(34)} ${"p50 ms".padStart(8)} ${"p95 ms".padStart(8)}   (${RUNS} runs each, ${dialect === "postgres" ? "PostgreSQL" : "SQLite"})`,
  );
  for (const [name, run] of cases) {
    for (let i = 0; i < 3; i++) await run();
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const s = performance.now();
      await run();
      times.push(performance.now() - s);
    }
    times.sort((a, b) => a - b);
    console.log(`${name.padEnd(34)} ${pct(times, 50).toFixed(2).padStart(8)} ${pct(times, 95).toFixed(2).padStart(8)}`);
  }
} finally {
  if (schema) await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(db);
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
}
