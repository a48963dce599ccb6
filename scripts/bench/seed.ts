/**
 * The bench's data set, written fast through the real schema:
 * 1. all migrations, then the demo seed (reference data, demo citizens with their demo data and files);
 * 2. bulk rows with the raw drivers — SQLite: one transaction, one prepared statement per table;
 *    PostgreSQL: one transaction, multi-row INSERTs of up to 1,000 rows.
 * The heavy citizen is the first demo citizen (María Laura Fernández, password of the demo), so the
 * pages show her demo data plus the bulk rows. The rows of communications, instances and documents
 * are made by the domain's own row functions (communicationRow, instanceRow, documentRow), and every
 * row is typed by the one `Database` interface: a column the schema adds or renames is a type error
 * here, not a bench that silently measures another shape.
 */
import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import SqliteDatabase from "better-sqlite3";
import pg from "pg";
import { hashPassword } from "../../server/auth/password.js";
import { createDatabase } from "../../server/db/index.js";
import { migrateToLatest } from "../../server/db/migrate.js";
import { demoCitizens, DEMO_PASSWORD } from "../../server/auth/oidc/demo-citizens.js";
import type { Insertable } from "kysely";
import type { Database } from "../../server/db/types.js";
import { communicationTypes, demoClients, minimalPdf, SUBJECTS } from "../../server/seed/digital.js";
import { seed } from "../../server/seed/index.js";
import { catalogueRows, STATES } from "../../server/seed/procedures.js";
import { cuilCheckDigit } from "../../common/cuil.js";
import { recreatePostgresDatabase } from "../../deploy/drill.js";
import { PG_BULK_LOAD_INBOX_COUNTS } from "../../server/domain/dd/inbox-repository.js";
import { communicationRow, HISTORY } from "../../server/domain/dd/service.js";
import { instanceRow } from "../../server/domain/procedures/service.js";
import type { InstanceButton } from "../../server/domain/procedures/tables.js";
import { documentRow, type NewDocument } from "../../server/domain/records/operator.js";
import { RECORD_STATUSES, type RecordStatus, type SentStatus } from "../../server/domain/records/service.js";
import { createDiskBlobStore } from "../../server/storage/index.js";

export type SeedPlan = {
  citizens: number;
  communications: number;
  heavyCommunications: number;
  instances: number;
  heavyInstances: number;
  records: number;
  heavyRecords: number;
};

/** Scale 1: 10,000 citizens, 1,000,000 communications (100,000 of the heavy citizen), 10,000 instances, 1,000 records. */
export function planFor(scale: number): SeedPlan {
  const n = (x: number) => Math.max(1, Math.round(x * scale));
  return {
    citizens: Math.max(10, n(10_000)),
    communications: n(1_000_000),
    heavyCommunications: n(100_000),
    instances: n(10_000),
    heavyInstances: n(2_000),
    records: n(1_000),
    heavyRecords: n(200),
  };
}

export const HEAVY = demoCitizens[0];
export const HEAVY_PASSWORD = DEMO_PASSWORD;
/** A word in about one subject in eight (common) and one in only three of the heavy citizen's communications (rare). */
export const COMMON_WORD = "impuesto";
export const RARE_WORD = "reempadronamiento";

const RARE_SUBJECT = "Reempadronamiento obligatorio de comercios";

type Row = Record<string, string | number | null>;

/** Bulk writer over the raw driver; `insert` buffers, `flush` writes. One transaction for the whole seed. */
interface Bulk {
  insert(table: string, columns: string[], rows: Row[]): Promise<void>;
  query<T>(text: string): Promise<T[]>;
  commit(): Promise<void>;
  close(): Promise<void>;
}

function sqliteBulk(file: string): Bulk {
  const db = new SqliteDatabase(file);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = OFF");
  db.pragma("foreign_keys = ON");
  db.pragma("cache_size = -200000");
  const statements = new Map<string, SqliteDatabase.Statement>();
  db.exec("begin");
  return {
    async insert(table, columns, rows) {
      const key = `${table}(${columns.join(",")})`;
      let stmt = statements.get(key);
      if (!stmt) {
        stmt = db.prepare(`insert into ${table} (${columns.join(", ")}) values (${columns.map((c) => `@${c}`).join(", ")})`);
        statements.set(key, stmt);
      }
      for (const row of rows) stmt.run(row);
    },
    async query<T>(text: string) {
      return db.prepare(text).all() as T[];
    },
    async commit() {
      db.exec("commit");
      db.exec("analyze");
      db.pragma("wal_checkpoint(TRUNCATE)");
    },
    async close() {
      if (db.inTransaction) db.exec("rollback");
      db.close();
    },
  };
}

async function pgBulk(url: string): Promise<Bulk> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query("begin");
  // The inbox counters' triggers off during the load, the counts made once before the commit.
  for (const statement of PG_BULK_LOAD_INBOX_COUNTS.before) await client.query(statement);
  return {
    async insert(table, columns, rows) {
      const per = Math.max(1, Math.min(1000, Math.floor(60_000 / columns.length)));
      for (let start = 0; start < rows.length; start += per) {
        const chunk = rows.slice(start, start + per);
        const params: unknown[] = [];
        const tuples = chunk.map((row) => `(${columns.map((c) => `$${params.push(row[c])}`).join(", ")})`);
        await client.query(`insert into ${table} (${columns.join(", ")}) values ${tuples.join(", ")}`, params);
      }
    },
    async query<T>(text: string) {
      return (await client.query(text)).rows as T[];
    },
    async commit() {
      for (const statement of PG_BULK_LOAD_INBOX_COUNTS.after) await client.query(statement);
      await client.query("commit");
      // What autovacuum does after a bulk load: statistics for the planner, and the visibility map,
      // without which an index-only scan (the inbox counts) visits the table for every row.
      await client.query("vacuum (analyze)");
    },
    async close() {
      await client.end();
    },
  };
}

/** Buffers rows per table and writes them in batches. */
class Writer {
  private buffers = new Map<string, { columns: string[]; rows: Row[] }>();
  readonly counts = new Map<string, number>();
  constructor(
    private bulk: Bulk,
    private batch = 5000,
  ) {}
  async add<T extends keyof Database & string>(table: T, row: Insertable<Database[T]>) {
    let b = this.buffers.get(table);
    if (!b) {
      b = { columns: Object.keys(row), rows: [] };
      this.buffers.set(table, b);
    }
    b.rows.push(row as Row);
    this.counts.set(table, (this.counts.get(table) ?? 0) + 1);
    // flush every table, in first-use order, so parents are written before their children
    if (b.rows.length >= this.batch) await this.flush();
  }
  async flush(table?: string) {
    for (const [name, b] of this.buffers) {
      if (table && name !== table) continue;
      if (b.rows.length) await this.bulk.insert(name, b.columns, b.rows);
      b.rows = [];
    }
  }
}

/** Deterministic pseudo-random numbers (the same data set on every run). */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const GIVEN = ["Juan", "María", "Carlos", "Ana", "Luis", "Sofía", "Pedro", "Lucía", "Jorge", "Valeria", "Diego", "Camila"];
const FAMILY = ["González", "Rodríguez", "Gómez", "Fernández", "López", "Díaz", "Martínez", "Pérez", "Sánchez", "Romero", "Sosa", "Torres"];

function bulkCuils(count: number, taken: Set<string>): string[] {
  const out: string[] = [];
  for (let dni = 30_000_000; out.length < count; dni++) {
    const ten = `20${dni}`;
    const check = cuilCheckDigit(ten);
    if (check === null) continue;
    const cuil = `${ten}${check}`;
    if (!taken.has(cuil)) out.push(cuil);
  }
  return out;
}

export type SeedTarget = { dialect: "sqlite"; sqliteFile: string } | { dialect: "postgres"; databaseUrl: string };

export type SeedResult = {
  plan: SeedPlan;
  seconds: number;
  rows: Record<string, number>;
  heavy: { cuil: string; password: string; managerRecordId: string; communications: number };
};

export async function seedBench(
  target: SeedTarget,
  options: { plan: SeedPlan; dataDir: string; issuer: string; tenant?: string; log?: (line: string) => void },
): Promise<SeedResult> {
  const log = options.log ?? (() => {});
  const { plan } = options;
  const t0 = performance.now();
  const store = createDiskBlobStore(`${options.dataDir}/blobs`);

  // 1. The real schema and the demo seed, through Kysely like `npm run db:seed`.
  const handle = await createDatabase(
    target.dialect === "postgres" ? { databaseUrl: target.databaseUrl } : { sqliteFile: target.sqliteFile },
  );
  try {
    await migrateToLatest(handle.db);
    await seed(handle.db, { issuer: options.issuer, tenant: options.tenant ?? "provincia", store });
  } finally {
    await handle.db.destroy();
  }
  log(`schema and demo seed: ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  // 2. Bulk rows.
  const bulk = target.dialect === "postgres" ? await pgBulk(target.databaseUrl) : sqliteBulk(target.sqliteFile);
  const w = new Writer(bulk);
  const random = rng(20261121);
  let managerRecordId = "";
  try {
    const existing = new Set((await bulk.query<{ cuil: string }>("select cuil from citizens")).map((r) => r.cuil));
    const others = bulkCuils(Math.max(1, plan.citizens - existing.size), existing);
    const passwordHash = await hashPassword(`bench-${randomUUID()}`); // nobody signs in as them
    const heavyName = HEAVY.name;
    const names = new Map<string, string>();
    for (const [i, cuil] of others.entries()) {
      const given = GIVEN[i % GIVEN.length];
      const family = `${FAMILY[(i * 7) % FAMILY.length]} ${FAMILY[(i * 11 + 3) % FAMILY.length]}`;
      names.set(cuil, `${given} ${family}`);
      const email = `ciudadano${i}@example.com`;
      await w.add("citizens", {
        cuil,
        given_name: given,
        family_name: family,
        email,
        phone_code: "261",
        phone_number: String(4_000_000 + i),
        uid: randomUUID(),
        password_hash: passwordHash,
        created_at: "2024-01-02T12:00:00.000Z",
      });
      await w.add("dd_adhesions", {
        cuil,
        email,
        phone_code: "261",
        phone_number: String(4_000_000 + i),
        adhered_at: "2024-02-01T12:00:00.000Z",
      });
    }
    await w.flush();
    log(`citizens: ${others.length.toLocaleString("en")} more`);

    // Communications: spread over 2016-01-01 .. 2026-11-01 in creation order; every n-th is the heavy citizen's.
    const maxSeq = new Map<number, number>(
      (await bulk.query<{ year: number; m: number }>("select year, max(sequence) as m from dd_communications group by year")).map((r) => [
        Number(r.year),
        Number(r.m),
      ]),
    );
    const start = Date.UTC(2016, 0, 1);
    const span = Date.UTC(2026, 10, 1) - start;
    const total = plan.communications;
    const every = Math.max(1, Math.floor(total / plan.heavyCommunications));
    const heavyPlanted = new Set([0.2, 0.55, 0.9].map((f) => Math.floor(f * plan.heavyCommunications)));
    let heavyCount = 0;
    let otherIndex = 0;
    const blobFrom = Math.max(0, plan.heavyCommunications - 1000); // real attachment blobs for the newest 1,000
    for (let i = 0; i < total; i++) {
      const created = new Date(start + Math.floor((i / total) * span) + Math.floor(random() * 600_000));
      const createdAt = created.toISOString();
      const year = created.getUTCFullYear();
      const sequence = (maxSeq.get(year) ?? 0) + 1;
      maxSeq.set(year, sequence);
      const code = `${year}-${String(sequence).padStart(6, "0")}`;
      const heavy = i % every === 0 && heavyCount < plan.heavyCommunications;
      const cuil = heavy ? HEAVY.cuil : others[otherIndex++ % others.length];
      const k = heavy ? heavyCount : i;
      const subject = heavy && heavyPlanted.has(heavyCount) ? `${RARE_SUBJECT} N° ${k}` : `${SUBJECTS[k % SUBJECTS.length]} N° ${k + 1}`;
      const age = total - i; // the newest rows are the least likely to be seen
      const seen = age > 40 && random() < 0.85;
      const seenAt = seen ? new Date(created.getTime() + 86_400_000).toISOString() : null;
      const archived = seen && random() < 0.05;
      const withFile = heavy && k % 4 === 3;
      const downloaded = withFile && seen && random() < 0.5;
      const notified = k % 5 === 0;
      const recipient = heavy ? heavyName : names.get(cuil)!;
      const message = `Le informamos que se ha emitido la comunicación ${code}. Puede consultar el detalle en el documento adjunto.`;
      await w.add(
        "dd_communications",
        communicationRow(
          {
            cuil,
            subject,
            client: demoClients[k % demoClients.length],
            type: communicationTypes[k % communicationTypes.length].id,
            message,
            notified,
            createdAt,
            seenAt,
            archived,
          },
          { code, sequence, year, recipient, filesPending: withFile && !downloaded ? 1 : 0 },
        ),
      );
      if (heavy) {
        if (withFile) {
          const key = randomUUID();
          const body = minimalPdf(`Comunicacion ${code}`);
          if (heavyCount >= blobFrom) await store.put(key, body);
          await w.add("dd_communication_files", {
            id: randomUUID(),
            communication_code: code,
            position: 0,
            file_name: `comunicacion-${code}.pdf`,
            mime: "application/pdf",
            size: body.length,
            storage_key: key,
            downloaded: downloaded ? 1 : 0,
            downloaded_at: downloaded ? seenAt : null,
          });
        }
        const history = (description: string, user: string, date: string) =>
          w.add("dd_history", { id: randomUUID(), communication_code: code, date, description, user_name: user });
        await history(HISTORY.received, demoClients[k % demoClients.length], createdAt);
        if (seenAt) await history(HISTORY.seen, heavyName, seenAt);
        if (archived) await history(HISTORY.archived, heavyName, seenAt ?? createdAt);
        heavyCount++;
      }
      if (i % 100_000 === 99_999) log(`communications: ${(i + 1).toLocaleString("en")} of ${total.toLocaleString("en")}`);
    }
    await w.flush();

    // Procedure instances: the heavy citizen's share first, the rest round-robin over the others.
    const leaves = catalogueRows().filter((r) => r.is_parent === 0);
    const tabs = (
      [
        ["pending", 0.25],
        ["in_progress", 0.4],
        ["finished", 0.25],
        ["cancelled", 0.1],
      ] as const
    ).map(([tab, share]) => ({ tab, share, states: STATES[tab] }));
    const tabOf = (x: number) => {
      let acc = 0;
      for (const t of tabs) if (x < (acc += t.share)) return t;
      return tabs[tabs.length - 1];
    };
    const instStart = Date.UTC(2020, 0, 1);
    const instSpan = Date.UTC(2026, 10, 1) - instStart;
    for (let i = 0; i < plan.instances; i++) {
      const heavy = i < plan.heavyInstances;
      const owner = heavy ? HEAVY.cuil : others[i % others.length];
      const t = tabOf(random());
      const state = t.states[i % t.states.length];
      const procedure = leaves[(i * 7) % leaves.length];
      const interactive = procedure.type === "INTERACTIVE";
      const created = new Date(instStart + Math.floor(random() * instSpan));
      const arrived = new Date(created.getTime() + Math.floor(random() * 20) * 86_400_000);
      const number = `${created.getUTCFullYear()}-${String(100_000 + i).padStart(6, "0")}`;
      const description = [`Solicitud N° ${number}`, `${procedure.organism}`];
      const payload = [
        { code: "numero", label: "Número de trámite", value: number },
        { code: "ubicacion", label: "Localidad", value: ["Capital", "Godoy Cruz", "San Rafael", "Luján de Cuyo"][i % 4] },
      ];
      const open = t.tab === "pending" || t.tab === "in_progress";
      const buttons: InstanceButton[] = [
        ...(open && interactive ? (["edit"] as const) : []),
        "history",
        "attachments",
        ...(interactive ? (["preview"] as const) : []),
        ...(open ? (["discard"] as const) : []),
      ];
      const id = randomUUID();
      const row = instanceRow(procedure, {
        id,
        ownerCuil: owner,
        procedureId: procedure.id,
        tabCode: t.tab,
        state,
        description,
        payloadDescriptions: payload,
        buttons,
        createdAt: created.toISOString(),
        arrivedOn: arrived.toISOString(),
      });
      await w.add("proc_instances", {
        ...row,
        has_alert: i % 9 === 0 ? 1 : 0,
        discarded_at: t.tab === "cancelled" ? arrived.toISOString() : null,
        discard_reason: t.tab === "cancelled" ? "Ya no necesito el trámite." : null,
      });
      await w.add("proc_history", {
        id: randomUUID(),
        instance_id: id,
        cn: heavy ? heavyName : names.get(owner)!,
        excuted_on: created.toISOString(),
        action: "Inicio del trámite",
        comment: null,
        files: "[]",
        operator_message: 0,
      });
    }
    await w.flush();
    log(`instances: ${plan.instances.toLocaleString("en")}`);

    // Records with documents. Each owner gets a pool of small PDF files (real blobs); the heavy
    // citizen's first bulk record is the big one the record manager is measured on.
    const pools = new Map<string, { id: string; name: string }[]>();
    const poolOf = async (owner: string, size: number) => {
      let pool = pools.get(owner);
      if (!pool) {
        pool = [];
        pools.set(owner, pool);
      }
      while (pool.length < size) {
        const id = randomUUID();
        const name = `Documento ${pool.length + 1}.pdf`;
        const body = minimalPdf(name);
        const { sha256 } = await store.put(id, body);
        await w.add("files", {
          id,
          owner_cuil: owner,
          name,
          mime: "application/pdf",
          size: body.length,
          sha256,
          storage_key: id,
          page_count: 1,
          created_at: "2025-01-02T12:00:00.000Z",
        });
        pool.push({ id, name });
      }
      return pool;
    };
    const statuses: RecordStatus[] = ["in_process", "awaiting_documents", "initiated", "in_process", "resolved"];
    const sentStatuses: SentStatus[] = ["received", "pending", "approved", "rejected"];
    const recStart = Date.UTC(2019, 0, 1);
    const recSpan = Date.UTC(2026, 10, 1) - recStart;
    for (let i = 0; i < plan.records; i++) {
      const heavy = i < plan.heavyRecords;
      const owner = heavy ? HEAVY.cuil : others[(i * 13) % others.length];
      const big = heavy && i === 0;
      const archived = i % 6 === 5;
      const status: RecordStatus = archived ? "archived" : statuses[i % statuses.length];
      const readOnly = archived || i % 10 === 4;
      const title = `Expediente de prueba ${i + 1}: ${SUBJECTS[i % SUBJECTS.length].toLowerCase()}`;
      const created = new Date(recStart + Math.floor(random() * recSpan));
      const updated = new Date(created.getTime() + Math.floor(random() * 90) * 86_400_000);
      const id = randomUUID();
      if (big) managerRecordId = id;
      const code = `EX-${created.getUTCFullYear()}-${String(2_000_000 + i).padStart(8, "0")}-GDEPROV`;
      await w.add("records", {
        id,
        code,
        owner_cuil: owner,
        tab_code: archived ? "archived" : "in_process",
        status_code: status,
        status_description: RECORD_STATUSES[status].description,
        status_color: RECORD_STATUSES[status].color,
        read_only: big ? 0 : readOnly ? 1 : 0,
        title,
        description: JSON.stringify([title, `Iniciado por ${heavy ? heavyName : names.get(owner)}`]),
        header: JSON.stringify([
          { code: "subject", key: "Asunto", value: title },
          { code: "agency", key: "Organismo", value: demoClients[i % demoClients.length] },
          { code: "initiator", key: "Iniciador", value: heavy ? heavyName : names.get(owner) },
        ]),
        created_at: created.toISOString(),
        updated_at: updated.toISOString(),
      });
      const counts = big ? { incorporated: 40, sent: 12, pending: 8 } : { incorporated: 3, sent: 1, pending: readOnly ? 0 : 1 };
      const pool = await poolOf(owner, counts.incorporated + counts.sent + counts.pending);
      let f = 0;
      const doc = (stage: NewDocument["stage"], k: number, extra: Partial<NewDocument> = {}) => {
        const file = pool[f++];
        const at = new Date(created.getTime() + k * 3_600_000).toISOString();
        const fields = { recordId: id, fileId: file.id, stage, name: file.name, reference: `Referencia ${k + 1}`, createdAt: at };
        return w.add("record_documents", documentRow({ ...fields, ...extra }));
      };
      for (let k = 0; k < counts.incorporated; k++) {
        await doc("incorporated", k, {
          description: k === 0 ? "Carátula del expediente" : `Documento incorporado ${k + 1}`,
          userName: "Mesa de Entradas",
          nroFolio: k + 1,
          details: [
            { label: "Tipo de documento", value: "Documento PDF" },
            { label: "Páginas", value: "1" },
          ],
        });
      }
      for (let k = 0; k < counts.sent; k++) {
        const status = sentStatuses[(i + k) % sentStatuses.length];
        await doc("sent", k, { status, details: [{ label: "Enviado por", value: heavy ? heavyName : names.get(owner)! }] });
      }
      for (let k = 0; k < counts.pending; k++) await doc("pending", k);
    }
    await w.flush();
    log(`records: ${plan.records.toLocaleString("en")}`);
    await bulk.commit();
    const heavyTotal = await bulk.query<{ n: number | string }>(`select count(*) as n from dd_communications where cuil = '${HEAVY.cuil}'`);
    const rows = Object.fromEntries(w.counts);
    return {
      plan,
      seconds: (performance.now() - t0) / 1000,
      rows,
      heavy: { cuil: HEAVY.cuil, password: HEAVY_PASSWORD, managerRecordId, communications: Number(heavyTotal[0].n) },
    };
  } finally {
    await bulk.close();
  }
}

/** Creates (or empties) the bench's PostgreSQL database; refuses any database whose name does not start with "bench". */
export async function freshPostgresDatabase(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.replace(/^\//, ""));
  if (!/^bench[a-z0-9_]*$/.test(name)) throw new Error(`The bench drops and recreates its database: use one named bench* (got "${name}").`);
  const admin = new URL(databaseUrl);
  admin.pathname = "/postgres";
  await recreatePostgresDatabase(admin.toString(), name);
}
