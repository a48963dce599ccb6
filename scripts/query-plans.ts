/**
 * `npx tsx scripts/query-plans.ts`: prints the plan of every citizen listing query (the SQL the
 * domain functions really send, captured while they run) on a fresh database: all migrations, the
 * demo seed, and PLANS_ROWS (default 100,000) inbox communications for one citizen, analysed.
 * SQLite: EXPLAIN QUERY PLAN. PostgreSQL (DATABASE_URL=postgres://…, temporary schema dropped at
 * the end): EXPLAIN (ANALYZE, COSTS OFF); the small demo tables are planned with enable_seqscan
 * off, so the plan shows which index the query can use rather than a scan of a dozen rows.
 * docs/query-plans.md summarises its output.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql, type KyselyPlugin, type CompiledQuery } from "kysely";
import { createDatabase, type Db } from "../server/db/index.js";
import { migrateToLatest } from "../server/db/migrate.js";
import { seed } from "../server/seed/index.js";
import { demoCitizens } from "../server/auth/oidc/demo-citizens.js";
import { benchCommunication, inboxFilters as f } from "./bench/inbox-rows.js";
import { queryInbox } from "../server/domain/dd/inbox-repository.js";
import { countInstancesByTab, listInstances } from "../server/domain/procedures/service.js";
import { countRecordsByTab, listRecords } from "../server/domain/records/service.js";
import { findLinkedAccess } from "../server/domain/thread/repository.js";
import { createDiskBlobStore } from "../server/storage/index.js";

const ROWS = Number(process.env.PLANS_ROWS ?? 100_000);
const CUIL = "20300000001";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "av-plans-"));
const databaseUrl = process.env.DATABASE_URL || undefined;
const schema = databaseUrl ? `plans_${process.pid}` : undefined;
const handle = await createDatabase(databaseUrl ? { databaseUrl, schema } : { sqliteFile: path.join(dir, "plans.sqlite") });
const pgDialect = handle.dialect === "postgres";

/** Records every query the wrapped database compiles (without changing it). */
const captured: CompiledQuery[] = [];
const capture: KyselyPlugin = {
  transformQuery(args) {
    captured.push(handle.db.getExecutor().compileQuery(args.node, args.queryId));
    return args.node;
  },
  async transformResult(args) {
    return args.result;
  },
};
const db: Db = handle.db.withPlugin(capture);

async function explain(label: string, run: (db: Db) => Promise<unknown>, opts: { small?: boolean } = {}) {
  captured.length = 0;
  await run(db);
  const queries = captured.filter(
    (q) =>
      /^\s*select/i.test(q.sql) &&
      !/module_configs|dd_communication_types|record_associations|count\(\*\) as n from \(select rowid/i.test(q.sql),
  );
  console.log(`\n### ${label}`);
  for (const q of queries) {
    console.log(`\n${q.sql.replace(/\s+/g, " ")}`);
    if (pgDialect) {
      await handle.db.connection().execute(async (c) => {
        if (opts.small) await sql`set enable_seqscan = off`.execute(c);
        const { rows } = await c.executeQuery<Record<string, string>>({
          ...q,
          sql: `explain (analyze, costs off, timing off, summary off) ${q.sql}`,
        } as CompiledQuery<Record<string, string>>);
        if (opts.small) await sql`reset enable_seqscan`.execute(c);
        for (const r of rows) console.log(`  ${r["QUERY PLAN"]}`);
      });
    } else {
      const { rows } = await handle.db.executeQuery<{ detail: string }>({ ...q, sql: `explain query plan ${q.sql}` } as CompiledQuery<{
        detail: string;
      }>);
      for (const r of rows) console.log(`  ${r.detail}`);
    }
  }
}

try {
  await migrateToLatest(handle.db);
  await seed(handle.db, { issuer: "http://127.0.0.1:4001", tenant: "provincia", store: createDiskBlobStore(path.join(dir, "blobs")) });
  const now = new Date().toISOString();
  await handle.db
    .insertInto("citizens")
    .values({
      cuil: CUIL,
      given_name: "Plan",
      family_name: "Ciudadano",
      email: "p@example.com",
      phone_code: null,
      phone_number: null,
      uid: "plans",
      password_hash: "x",
      created_at: now,
    })
    .execute();
  const base = Date.UTC(2020, 0, 1);
  await handle.db.transaction().execute(async (tx) => {
    for (let start = 0; start < ROWS; start += 500) {
      const values = [];
      for (let i = start; i < Math.min(ROWS, start + 500); i++) {
        const createdAt = new Date(base + i * 600_000).toISOString();
        const seenAt = i % 4 ? new Date(base + i * 600_000 + 3_600_000).toISOString() : null;
        const code = `P-${String(i).padStart(7, "0")}`;
        values.push(
          benchCommunication(i, {
            code,
            cuil: CUIL,
            year: 1900,
            recipient: "Plan Ciudadano",
            message: "m",
            createdAt,
            notified: i % 5 === 0,
            seenAt,
          }),
        );
      }
      await tx.insertInto("dd_communications").values(values).execute();
    }
  });
  if (pgDialect) {
    // Only this schema's tables (a bare VACUUM / ANALYZE would visit the whole database).
    await sql`vacuum analyze dd_communications`.execute(handle.db);
    await sql`analyze proc_instances, records, record_documents, chat_events, chat_documents`.execute(handle.db);
  } else await sql`analyze`.execute(handle.db);
  console.log(`${handle.dialect}: ${ROWS.toLocaleString("en")} communications for one citizen plus the demo seed`);

  await explain("inbox: first page, -created_at (+ counts)", (d) => queryInbox(d, CUIL, f({}), 10));
  await explain("inbox: page 3,000 of 9,500, -created_at", (d) => queryInbox(d, CUIL, f({ page: 3000 }), 10));
  await explain("inbox: page 9,000 (read from the other end)", (d) => queryInbox(d, CUIL, f({ page: 9000 }), 10));
  await explain("inbox: order subject, unseen only, page 2", (d) =>
    queryInbox(d, CUIL, f({ page: 2, seen: false, order: { key: "subject", desc: false } }), 10),
  );
  await explain("inbox: order seen_date", (d) => queryInbox(d, CUIL, f({ order: { key: "seen_date", desc: true } }), 10));
  await explain("inbox: search, frequent term 'deuda'", (d) => queryInbox(d, CUIL, f({ search: "deuda" }), 10));
  await explain("inbox: search, rare term 'número 99999'", (d) => queryInbox(d, CUIL, f({ search: "número 99999" }), 10));
  await explain("inbox: type + created range", (d) =>
    queryInbox(d, CUIL, f({ types: ["aviso"], created_since: "2020-06-01", created_until: "2020-12-31" }), 10),
  );

  const demo = demoCitizens[0].cuil;
  const options = {
    pageNumber: 2,
    pageSize: 10,
    searchTerm: "licencia",
    sort: { field: "createdAt" as const, direction: "desc" as const },
    since: "2025-01-01",
    until: null,
  };
  await explain("procedures tray: tab pending, search + since, page 2", (d) => listInstances(d, demo, "pending", options), { small: true });
  await explain(
    "procedures tray: order arrivedOn",
    (d) => listInstances(d, demo, "pending", { ...options, searchTerm: null, since: null, sort: { field: "arrivedOn", direction: "asc" } }),
    { small: true },
  );
  await explain(
    "records list: search + since, page 2",
    (d) =>
      listRecords(d, {
        cuil: demo,
        tab: "in_progress",
        pageNumber: 2,
        pageSize: 10,
        searchTerm: "obra",
        sort: "-createdAt",
        since: "2025-01-01",
      }),
    { small: true },
  );
  await explain(
    "records list: -arrivedOn",
    (d) => listRecords(d, { cuil: demo, tab: "in_progress", pageNumber: 1, pageSize: 10, searchTerm: "", sort: "-arrivedOn" }),
    { small: true },
  );
  await explain("procedures tray: every tab's count (tab-counts)", (d) => countInstancesByTab(d, demo), { small: true });
  await explain("records list: every tab's count (tab-counts)", (d) => countRecordsByTab(d, demo), { small: true });
  await explain(
    "linked communications: adhesion and owner of two instances and a record",
    (d) => findLinkedAccess(d, demo, { instances: ["x", "y"], record: "z" }),
    { small: true },
  );
  // The chat view and the record manager read whole lists of one parent (no paging); same shapes as
  // server/domain/chat/service.ts and server/domain/records/service.ts.
  await explain(
    "chat: events of one instance",
    (d) => d.selectFrom("chat_events").selectAll().where("instance_id", "=", "x").orderBy("created_at").orderBy("seq").execute(),
    { small: true },
  );
  await explain(
    "chat: documents of one instance",
    (d) => d.selectFrom("chat_documents").selectAll().where("instance_id", "=", "x").orderBy("created_at").orderBy("id").execute(),
    { small: true },
  );
  await explain(
    "record manager: documents of one record by stage",
    (d) => d.selectFrom("record_documents").selectAll().where("record_id", "=", "x").where("stage", "=", "incorporated").execute(),
    { small: true },
  );
} finally {
  if (schema) await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(handle.db);
  await handle.db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
}
