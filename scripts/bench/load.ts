/**
 * `npm run bench:load` — load without loss (decision 020).
 *
 * Starts the full stack from the production build (API + development identity provider +
 * portal under remix-serve) on a fresh SQLite data directory, or on a dedicated PostgreSQL
 * database `load` when DATABASE_URL is set; creates the citizens through the operator API
 * (adhered, each with a procedure in progress, a record and three communications); then
 * LOAD_CITIZENS (default 200) simulated citizens sign in through the real OpenID Connect flow
 * and, for LOAD_SECONDS (default 60), mix reads (inbox, tray, records, a communication, a chat,
 * a record) with writes made through the portal's own form posts, as a browser without
 * JavaScript makes them: chat messages, uploads of a small PDF to a record, archive / recover
 * of a communication, sends of pending documents. Every write carries a unique marker.
 *
 * Afterwards it reads the database (Kysely, same database) and checks that every acknowledged
 * write is there exactly once and that each communication ended as its last acknowledged
 * action left it. Exit code 1 on any 5xx, any transport error, any missing or duplicated write.
 *
 * Options: --no-build, --citizens N, --seconds S, --think MS (mean pause between actions,
 * default 300), --keep (leave the data directory / database for inspection).
 * Env: LOAD_CITIZENS, LOAD_SECONDS, LOAD_THINK_MS, LOAD_TIMEOUT_MS (120000: a response slower
 * than that counts as a transport error), LOAD_PORTAL_PORT (3270), LOAD_API_PORT (4270),
 * LOAD_OIDC_PORT (4271), DATABASE_URL.
 */
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import pg from "pg";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { createDatabase } from "../../server/db/index.js";
import { startStack } from "../stack.js";
import { Browser, decode, forms, signIn, type Hop } from "./load-http.js";
import { verify, type Ledger } from "./load-verify.js";

const { values: opts } = parseArgs({
  options: {
    "no-build": { type: "boolean", default: false },
    citizens: { type: "string" },
    seconds: { type: "string" },
    think: { type: "string" },
    keep: { type: "boolean", default: false },
  },
});

const CITIZENS = Number(opts.citizens ?? process.env.LOAD_CITIZENS ?? 200);
const SECONDS = Number(opts.seconds ?? process.env.LOAD_SECONDS ?? 60);
const THINK_MS = Number(opts.think ?? process.env.LOAD_THINK_MS ?? 300);
const PORTAL_PORT = Number(process.env.LOAD_PORTAL_PORT ?? 3270);
const API_PORT = Number(process.env.LOAD_API_PORT ?? 4270);
const OIDC_PORT = Number(process.env.LOAD_OIDC_PORT ?? 4271);
/** How long a simulated citizen waits for one response before giving up (a browser waits minutes). */
const TIMEOUT_MS = Number(process.env.LOAD_TIMEOUT_MS ?? 120_000);
const PASSWORD = "CargaBench2026!";
/** One upload per citizen every 15 s at most: 4 a minute, well under the per-citizen limit. */
const UPLOAD_EVERY_MS = 15_000;
const OPERATOR_TOKEN = process.env.OPERATOR_TOKEN ?? "dev-operator-token-change-me";
/** Procedure 'Certificado de discapacidad' (interactive) of the reference catalogue. */
const PROCEDURE_ID = 102;
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");

const isInt = (n: number, min: number) => Number.isInteger(n) && n >= min;
if (!isInt(CITIZENS, 1) || !isInt(SECONDS, 1) || !isInt(THINK_MS, 0)) {
  console.error("citizens, seconds and think must be whole numbers (citizens, seconds ≥ 1)");
  process.exit(2);
}

// ---------------------------------------------------------------- database

async function prepareDatabase(): Promise<{ env: Record<string, string>; url?: string; dataDir: string; cleanup: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "av-bench-load-"));
  const removeDir = async () => fs.rmSync(dataDir, { recursive: true, force: true });
  const given = process.env.DATABASE_URL;
  if (!given) return { env: {}, dataDir, cleanup: removeDir };
  // A database of its own: created fresh here, dropped at the end (never `test`).
  const admin = new URL(given);
  admin.pathname = "/postgres";
  const target = new URL(given);
  target.pathname = "/load";
  const client = new pg.Client({ connectionString: admin.href });
  await client.connect();
  try {
    await client.query("drop database if exists load with (force)");
    await client.query("create database load");
  } finally {
    await client.end();
  }
  return {
    env: { DATABASE_URL: target.href },
    url: target.href,
    dataDir,
    cleanup: async () => {
      await removeDir();
      const c = new pg.Client({ connectionString: admin.href });
      await c.connect();
      try {
        await c.query("drop database if exists load with (force)");
      } finally {
        await c.end();
      }
    },
  };
}

// ---------------------------------------------------------------- set-up through the operator API

async function operator<T>(apiUrl: string, method: "POST" | "GET", route: string, body?: unknown): Promise<T> {
  const response = await fetch(`${apiUrl}/operator/api${route}`, {
    method,
    headers: {
      authorization: `Bearer ${OPERATOR_TOKEN}`,
      "x-motivo": "Medicion de carga",
      ...(body ? { "content-type": "application/json" } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`operator ${method} ${route} → ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

type Seeded = { cuil: string; instanceId: string; recordId: string; codes: string[] };

async function seedCitizen(apiUrl: string, i: number, run: string): Promise<Seeded> {
  const { cuil } = await operator<{ cuil: string }>(apiUrl, "POST", "/citizens", {
    givenName: "Carga",
    familyName: `Ciudadano ${i + 1}`,
    email: `carga.${run}.${i + 1}@example.com`,
    phone: { code: "261", number: String(4_000_000 + i) },
    password: PASSWORD,
    adhered: true,
  });
  const instance = await operator<{ id: string }>(apiUrl, "POST", "/procedures/instances", {
    cuil,
    procedureId: PROCEDURE_ID,
    tab: "pending",
    state: { text: "En curso", color: "#1D4ED8" },
    buttons: ["edit", "history", "attachments", "preview"],
  });
  const record = await operator<{ id: string }>(apiUrl, "POST", "/records", { ownerCuil: cuil, title: `Expediente de carga ${i + 1}` });
  const codes: string[] = [];
  for (let k = 0; k < 3; k++) {
    const c = await operator<{ code: string }>(apiUrl, "POST", "/digital/communications", {
      cuil,
      subject: `Comunicación de carga ${k + 1}`,
      client: "Dirección de Rentas",
      type: "aviso",
      message: "Mensaje de la prueba de carga.",
    });
    codes.push(c.code);
  }
  return { cuil, instanceId: instance.id, recordId: record.id, codes };
}

async function inBatches<T>(n: number, width: number, work: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = new Array(n);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, n) }, async () => {
      while (next < n) {
        const i = next++;
        out[i] = await work(i);
      }
    }),
  );
  return out;
}

// ---------------------------------------------------------------- measurements

const hopsByKind = new Map<string, Map<number, number>>();
const statusCounts = new Map<number, number>();
const actionTimes = new Map<string, number[]>();
const actionOutcomes = new Map<string, Map<string, number>>();
const samples5xx: string[] = [];
let measuring = false;

function recordHop(hop: Hop) {
  if (!measuring) return;
  const byStatus = hopsByKind.get(hop.kind) ?? new Map<number, number>();
  byStatus.set(hop.status, (byStatus.get(hop.status) ?? 0) + 1);
  hopsByKind.set(hop.kind, byStatus);
  statusCounts.set(hop.status, (statusCounts.get(hop.status) ?? 0) + 1);
  if ((hop.status >= 500 || hop.status === 0) && samples5xx.length < 20) samples5xx.push(`${hop.status} ${hop.kind} ${hop.url}`);
}

function recordAction(kind: string, ms: number, outcome: string) {
  if (!measuring) return;
  const times = actionTimes.get(kind) ?? [];
  times.push(ms);
  actionTimes.set(kind, times);
  const o = actionOutcomes.get(kind) ?? new Map<string, number>();
  o.set(outcome, (o.get(outcome) ?? 0) + 1);
  actionOutcomes.set(kind, o);
}

const ledger: Ledger = { messages: [], uploads: [], sends: [], archive: new Map() };

// ---------------------------------------------------------------- one simulated citizen

let pdfBody: ArrayBuffer;
async function makePdf() {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([300, 200]).drawText("Documento de la prueba de carga", { x: 20, y: 100, size: 12, font });
  const bytes = await doc.save();
  pdfBody = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)]!;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const succeeded = (first: Hop | undefined) => first !== undefined && first.status >= 300 && first.status < 400;
const hasText = (html: string, text: string) => decode(html).includes(text);

/** What a browser sends on a click inside the portal (decision 102: only then does a summary open). */
const SAME_ORIGIN = { "sec-fetch-site": "same-origin" };

type Citizen = Seeded & { browser: Browser; lastUpload: number; pending: string[] };

type Action = (c: Citizen) => Promise<string>;

const reads: Record<string, Action> = {
  "read:digital": async (c) => ok(await c.browser.go("read:digital", "/digital")),
  "read:procedures": async (c) => ok(await c.browser.go("read:procedures", "/procedures")),
  "read:records": async (c) => ok(await c.browser.go("read:records", "/records")),
  // A click on an inbox row: the browser says same-origin, and the summary opens (decision 102).
  "read:communication": async (c) =>
    ok(await c.browser.go("read:communication", `/digital/summary/?code=${pick(c.codes)}`, { headers: SAME_ORIGIN })),
  "read:chat": async (c) => ok(await c.browser.go("read:chat", `/procedures/chat/?instance=${c.instanceId}`)),
  "read:record": async (c) => {
    const page = await c.browser.go("read:record", `/records/manager/?file=${c.recordId}`);
    c.pending = pendingOnPage(page.html);
    return ok(page);
  },
};

function ok(page: { status: number }) {
  return page.status === 200 ? "ok" : `status ${page.status}`;
}

function pendingOnPage(html: string): string[] {
  const form = forms(html).find((f) => f.method === "get" && f.fields.some(([k, v]) => k === "modal" && v === "send"));
  return form ? form.fields.filter(([k]) => k === "sel").map(([, v]) => v) : [];
}

function formWithIntent(html: string, intent: string) {
  return forms(html).find((f) => f.method === "post" && f.fields.some(([k, v]) => k === "intent" && v === intent));
}

const writes: Record<string, Action> = {
  "write:message": async (c) => {
    const page = await c.browser.go("write:message:page", `/procedures/chat/?instance=${c.instanceId}`);
    const form = formWithIntent(page.html, "send");
    if (!form) return "no form";
    const marker = randomUUID();
    const body = new URLSearchParams(form.fields.filter(([k]) => k !== "message"));
    body.set("message", `Consulta de carga [${marker}]`);
    const result = await c.browser.post("write:message", new URL(form.action || page.url, page.url).href, body);
    const acked = succeeded(result.hops[0]) && result.status === 200 && new URL(result.url).pathname.replace(/\/$/, "") === "/procedures";
    ledger.messages.push({ marker, instanceId: c.instanceId, acked });
    return acked ? "acknowledged" : `refused ${result.hops[0]?.status}`;
  },
  "write:upload": async (c) => {
    const page = await c.browser.go("write:upload:page", `/records/manager/?file=${c.recordId}&modal=upload`);
    const form = formWithIntent(page.html, "upload");
    if (!form) return "no form";
    const marker = randomUUID();
    const body = new FormData();
    for (const [k, v] of form.fields) body.append(k, v);
    body.append("file_0", new Blob([pdfBody], { type: "application/pdf" }), `carga-${marker}.pdf`);
    body.append("name_0", `Carga ${marker}`);
    body.append("reference_0", "Prueba de carga");
    c.lastUpload = Date.now();
    const result = await c.browser.post("write:upload", new URL(form.action || page.url, page.url).href, body);
    const limited = result.hops.some((h) => h.status === 429) || hasText(result.html, "Se alcanzó el máximo");
    const landed = new URL(result.url);
    const acked =
      !limited &&
      succeeded(result.hops[0]) &&
      result.status === 200 &&
      landed.pathname === "/records/manager/" &&
      !landed.searchParams.has("modal") &&
      !/toast--error|role="alert"[^>]*>[^<]*Error/.test(result.html);
    ledger.uploads.push({ marker, name: `Carga ${marker}`, recordId: c.recordId, acked, limited });
    if (acked) c.pending = pendingOnPage(result.html);
    return limited ? "rate-limited" : acked ? "acknowledged" : `refused ${result.hops[0]?.status}`;
  },
  "write:archive-recover": async (c) => {
    const code = pick(c.codes);
    let page = await c.browser.go("write:archive-recover:page", `/digital/summary/?code=${code}`, { headers: SAME_ORIGIN });
    // An archived communication is read (and recovered) from the archive's summary.
    let form = formWithIntent(page.html, "archive") ?? formWithIntent(page.html, "recover");
    if (!form) {
      page = await c.browser.go("write:archive-recover:page", `/digital/archive/summary/?code=${code}`, { headers: SAME_ORIGIN });
      form = formWithIntent(page.html, "recover") ?? formWithIntent(page.html, "archive");
    }
    if (!form) return "no form";
    const intent = form.fields.find(([k]) => k === "intent")![1] as "archive" | "recover";
    const kind = `write:${intent}`;
    const result = await c.browser.post(kind, new URL(form.action || page.url, page.url).href, new URLSearchParams(form.fields));
    const text = intent === "archive" ? `Éxito al archivar comunicación ${code}.` : `Éxito al recuperar la comunicación ${code}.`;
    const acked = succeeded(result.hops[0]) && result.status === 200 && hasText(result.html, text);
    const entry = ledger.archive.get(code) ?? { archived: null, uncertain: false, acknowledged: 0 };
    if (acked) {
      entry.archived = intent === "archive";
      entry.uncertain = false;
      entry.acknowledged++;
    } else if ((result.hops[0]?.status ?? 0) >= 500 || result.hops[0]?.status === 0) entry.uncertain = true;
    ledger.archive.set(code, entry);
    return acked ? "acknowledged" : `refused ${result.hops[0]?.status}`;
  },
  "write:send": async (c) => {
    if (c.pending.length === 0) {
      const page = await c.browser.go("write:send:page", `/records/manager/?file=${c.recordId}`);
      c.pending = pendingOnPage(page.html);
      if (c.pending.length === 0) return "nothing pending";
    }
    const chosen = c.pending.slice(0, 1 + Math.floor(Math.random() * Math.min(3, c.pending.length)));
    const query = new URLSearchParams({ file: c.recordId, modal: "send" });
    for (const id of chosen) query.append("sel", id);
    const confirm = await c.browser.go("write:send:page", `/records/manager/?${query}`);
    const form = formWithIntent(confirm.html, "send");
    if (!form) return "no form";
    const ids = form.fields.filter(([k]) => k === "sel").map(([, v]) => v);
    const result = await c.browser.post(
      "write:send",
      new URL(form.action || confirm.url, confirm.url).href,
      new URLSearchParams(form.fields),
    );
    const acked = succeeded(result.hops[0]) && result.status === 200 && hasText(result.html, "Éxito al enviar");
    ledger.sends.push({ documentIds: ids, recordId: c.recordId, acked });
    c.pending = acked ? pendingOnPage(result.html) : [];
    return acked ? "acknowledged" : `refused ${result.hops[0]?.status}`;
  },
};

/** 60 % reads, 40 % writes; an upload only every UPLOAD_EVERY_MS per citizen, a send only with something pending. */
function chooseAction(c: Citizen): [string, Action] {
  const r = Math.random();
  if (r < 0.6) {
    const kind = pick(Object.keys(reads));
    return [kind, reads[kind]!];
  }
  const w = Math.random();
  if (w < 0.25 && Date.now() - c.lastUpload >= UPLOAD_EVERY_MS) return ["write:upload", writes["write:upload"]!];
  if (w < 0.45 && c.pending.length > 0) return ["write:send", writes["write:send"]!];
  if (w < 0.7) return ["write:archive-recover", writes["write:archive-recover"]!];
  return ["write:message", writes["write:message"]!];
}

async function citizenLoop(c: Citizen, until: number) {
  // Spread the starts over the first second, like people arriving.
  await sleep(Math.random() * 1000);
  while (Date.now() < until) {
    const [kind, action] = chooseAction(c);
    const start = performance.now();
    let outcome: string;
    try {
      outcome = await action(c);
    } catch (error) {
      outcome = `error: ${(error as Error).message.slice(0, 80)}`;
    }
    recordAction(kind, performance.now() - start, outcome);
    if (THINK_MS > 0) await sleep(Math.random() * 2 * THINK_MS);
  }
}

// ---------------------------------------------------------------- report

const pct = (xs: number[], p: number) => (xs.length ? xs[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)]! : NaN);

function printReport(elapsedS: number) {
  const total = [...statusCounts.values()].reduce((a, b) => a + b, 0);
  console.log(
    `\nrequests: ${total} in ${elapsedS.toFixed(1)} s = ${(total / elapsedS).toFixed(1)} req/s (every HTTP exchange, redirects included)`,
  );
  console.log(
    `by status: ${[...statusCounts.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([s, n]) => `${s === 0 ? "transport error" : s}: ${n}`)
      .join(", ")}`,
  );
  console.log(`\n${"request kind".padEnd(28)} ${"count".padStart(7)}  statuses`);
  for (const [kind, byStatus] of [...hopsByKind.entries()].sort()) {
    const n = [...byStatus.values()].reduce((a, b) => a + b, 0);
    console.log(
      `${kind.padEnd(28)} ${String(n).padStart(7)}  ${[...byStatus.entries()]
        .sort((a, b) => a[0] - b[0])
        .map(([s, c]) => `${s}×${c}`)
        .join(" ")}`,
    );
  }
  const actions = [...actionTimes.values()].reduce((a, b) => a + b.length, 0);
  console.log(
    `\n${"action (incl. its page loads)".padEnd(28)} ${"count".padStart(7)} ${"p50 ms".padStart(8)} ${"p95 ms".padStart(8)}  outcomes`,
  );
  for (const [kind, times] of [...actionTimes.entries()].sort()) {
    times.sort((a, b) => a - b);
    const outcomes = [...(actionOutcomes.get(kind) ?? new Map()).entries()].map(([o, n]) => `${o}: ${n}`).join(", ");
    console.log(
      `${kind.padEnd(28)} ${String(times.length).padStart(7)} ${pct(times, 50).toFixed(0).padStart(8)} ${pct(times, 95).toFixed(0).padStart(8)}  ${outcomes}`,
    );
  }
  console.log(`actions: ${actions} = ${(actions / elapsedS).toFixed(1)} actions/s`);
}

// ---------------------------------------------------------------- main

const database = await prepareDatabase();
if (!opts["no-build"]) {
  console.log("building the portal…");
  execFileSync(process.execPath, ["node_modules/@remix-run/dev/dist/cli.js", "build"], { cwd: root, stdio: "inherit" });
}
const dialect = database.url ? "PostgreSQL (database load)" : "SQLite";
console.log(`starting the stack (${dialect}) on ${PORTAL_PORT}/${API_PORT}/${OIDC_PORT}…`);
const stack = await startStack({
  dataDir: database.dataDir,
  portalPort: PORTAL_PORT,
  apiPort: API_PORT,
  oidcPort: OIDC_PORT,
  quiet: true,
  env: { SEED: "1", LOG_LEVEL: process.env.LOG_LEVEL ?? "warn", ...database.env },
});

let failed = false;
try {
  await makePdf();
  const run = randomUUID().slice(0, 8);
  let t = performance.now();
  const seeded = await inBatches(CITIZENS, 8, (i) => seedCitizen(stack.apiUrl, i, run));
  console.log(
    `seeded ${CITIZENS} citizens (adhered; a procedure in progress, a record and 3 communications each) in ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );

  t = performance.now();
  const citizens: Citizen[] = seeded.map((s) => ({
    ...s,
    browser: new Browser(stack.portalUrl, recordHop, TIMEOUT_MS),
    lastUpload: 0,
    pending: [],
  }));
  await inBatches(citizens.length, 20, (i) => signIn(citizens[i]!.browser, citizens[i]!.cuil, PASSWORD, "signin:credentials"));
  console.log(`${citizens.length} citizens signed in through the identity provider in ${((performance.now() - t) / 1000).toFixed(1)} s`);

  console.log(`running ${CITIZENS} simulated citizens for ${SECONDS} s (mean pause ${THINK_MS} ms)…`);
  measuring = true;
  const startedAt = performance.now();
  const until = Date.now() + SECONDS * 1000;
  await Promise.all(citizens.map((c) => citizenLoop(c, until)));
  measuring = false;
  const elapsed = (performance.now() - startedAt) / 1000;
  printReport(elapsed);

  const { db } = await createDatabase(database.url ? { databaseUrl: database.url } : { dataDir: database.dataDir });
  let result;
  try {
    result = await verify(db, ledger);
  } finally {
    await db.destroy();
  }
  console.log(
    `\nacknowledged writes: ${result.acknowledged} (messages ${result.byKind.messages.acknowledged}, uploads ${result.byKind.uploads.acknowledged}, sends ${result.byKind.sends.acknowledged}, archive/recover ${result.byKind.archive.acknowledged})`,
  );
  console.log(`verified exactly once: ${result.verified}   missing: ${result.missing}   duplicated: ${result.duplicated}`);
  console.log(
    `archive / recover end states checked: ${result.archiveChecked} (${result.archiveMismatched} differ from the last acknowledged action)`,
  );
  console.log(
    `not acknowledged: ${result.unacknowledged} (of which present anyway: ${result.unacknowledgedPresent}); uploads refused by the rate limit (429): ${result.rateLimited}`,
  );
  for (const problem of result.problems.slice(0, 20)) console.log(`  ! ${problem}`);

  const fiveXX = [...statusCounts.entries()].filter(([s]) => s >= 500).reduce((a, [, n]) => a + n, 0);
  const transport = statusCounts.get(0) ?? 0;
  console.log(`5xx responses: ${fiveXX}; transport errors / timeouts (> ${TIMEOUT_MS / 1000} s): ${transport}`);
  for (const s of samples5xx) console.log(`  ! ${s}`);
  failed = fiveXX > 0 || transport > 0 || result.missing > 0 || result.duplicated > 0 || result.archiveMismatched > 0;
  console.log(failed ? "\nRESULT: FAIL" : "\nRESULT: PASS — no 5xx, every acknowledged write exactly once");
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  await stack.stop();
  if (opts.keep) console.log(`kept: ${database.url ?? database.dataDir}`);
  else await database.cleanup();
}
process.exit(failed ? 1 : 0);
