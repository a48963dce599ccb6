/**
 * `npm run bench` (decision 020): seeds a large data set, starts the production build and measures, on
 * SQLite and — when DATABASE_URL is set — on PostgreSQL:
 * - SSR throughput and p50/p97.5 of /digital, /procedures, /records, /records/manager for the
 *   heavy citizen and of a static signed-in page (/accesibilidad) at 10 and 100 connections
 *   (autocannon, after a warm-up), next to two baselines: a separate minimal Remix 2.17 app (one
 *   route, no loader, served by the same portal server; decision 020) and a bare page of our own
 *   build (/bench-baseline, decision 020); and the framework's floor, `/digital` of a bare Remix app
 *   with the portal's route table (scripts/bench/bare-routes.ts). Each page is measured `--rounds` times, the order
 *   rotated every round, and the median of the rounds is reported with its ratio to both baselines;
 * - the API calls behind them, directly with a bearer token (inbox first page, page 5,000, a
 *   common and a rare subject word, counts);
 * - JavaScript per route (gzip, from the build manifest, scripts/budgets.ts);
 * - a 50 MB upload through the portal: wall time and peak extra memory of the API and portal;
 * - mobile metrics of the inbox (system Chromium, 4x CPU slowdown, slow 4G): LCP, CLS, TBT.
 * Prints a table and writes bench/results.json. docs/performance.md explains how to read it.
 *
 * Options: --scale N (default 1: 10,000 citizens, 1,000,000 communications, one citizen with
 * 100,000, 10,000 instances, 1,000 records), --db sqlite|postgres (default: sqlite, and postgres
 * too when DATABASE_URL is set), --quick (short runs, one round), --rounds N (default 3),
 * --no-build, --reuse (keep the seeded data of a previous run with the same scale), --runtime
 * compiled|tsx (default compiled: dist/ with plain Node, decision 045; tsx: the API from TypeScript,
 * as before), --only-ssr (skip the API timings, the upload and the mobile metrics), --only-10 (the
 * pages at 10 connections only, where the targets are set: half the run), --accept-encoding
 * (what the pages are asked with; default a current Chromium's, "gzip, deflate, br, zstd"). Ports:
 * BENCH_PORTAL_PORT (3220), BENCH_API_PORT (4220), BENCH_OIDC_PORT (4221), BENCH_BARE_PORT (3223),
 * BENCH_FLOOR_PORT (3224).
 * The PostgreSQL database (DATABASE_URL, named bench*) is dropped and recreated.
 */
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { measure as measureBudgets } from "../budgets.js";
import { bareRoutesDir, makeBareRoutesApp } from "./bare-routes.js";
import { startStack, waitFor, type Stack } from "../stack.js";
import { apiToken, portalSession } from "./auth.js";
import { BROWSER_ACCEPT_ENCODING, measureLoad, pageHeaders, percentile, type LoadResult } from "./measure-load.js";
import { measureMobile, type MobileResult } from "./mobile.js";
import { printReport, targetsOf, type DbResult, type Results } from "./report.js";
import { COMMON_WORD, freshPostgresDatabase, HEAVY, HEAVY_PASSWORD, planFor, RARE_WORD, seedBench, type SeedResult } from "./seed.js";
import { measureUpload, UPLOAD_BYTES, writeBigPdf, type UploadResult } from "./upload.js";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");
const { values: args } = parseArgs({
  options: {
    scale: { type: "string", default: "1" },
    db: { type: "string" },
    quick: { type: "boolean", default: false },
    "no-build": { type: "boolean", default: false },
    reuse: { type: "boolean", default: false },
    rounds: { type: "string" },
    runtime: { type: "string", default: "compiled" },
    "only-ssr": { type: "boolean", default: false },
    "only-10": { type: "boolean", default: false },
    "accept-encoding": { type: "string", default: BROWSER_ACCEPT_ENCODING },
  },
});
const scale = Number(args.scale);
if (!(scale > 0 && scale <= 10)) throw new Error("--scale must be a number in (0, 10]");
const databaseUrl = process.env.DATABASE_URL;
const dbs = (args.db ? [args.db] : ["sqlite", ...(databaseUrl ? ["postgres"] : [])]) as ("sqlite" | "postgres")[];
for (const d of dbs) if (d !== "sqlite" && d !== "postgres") throw new Error(`--db ${d}: sqlite or postgres`);
if (dbs.includes("postgres") && !databaseUrl)
  throw new Error("--db postgres needs DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/bench)");

const quick = args.quick;
const rounds = Number(args.rounds ?? (quick ? 1 : 3));
if (!(Number.isInteger(rounds) && rounds >= 1 && rounds <= 9)) throw new Error("--rounds must be 1 to 9");
if (args.runtime !== "compiled" && args.runtime !== "tsx") throw new Error("--runtime compiled|tsx");
const compiled = args.runtime === "compiled";
const acceptEncoding = args["accept-encoding"];
/** seconds of warm-up and of measurement per connection count (100 connections queue longer: longer runs) */
const SSR = {
  connections: args["only-10"] ? [10] : [10, 100],
  warmup: { 10: quick ? 1 : 3, 100: quick ? 2 : 5 } as Record<number, number>,
  duration: { 10: quick ? 3 : 10, 100: quick ? 5 : 15 } as Record<number, number>,
};
const API_RUNS = quick ? 30 : 100;
const MOBILE_RUNS = quick ? 1 : 3;
const ports = {
  portal: Number(process.env.BENCH_PORTAL_PORT ?? 3220),
  api: Number(process.env.BENCH_API_PORT ?? 4220),
  oidc: Number(process.env.BENCH_OIDC_PORT ?? 4221),
  bare: Number(process.env.BENCH_BARE_PORT ?? 3223),
  floor: Number(process.env.BENCH_FLOOR_PORT ?? 3224),
};
const log = (line: string) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${line}`);

// 1. The production build (portal, compiled programs, the bare Remix app) and its JavaScript per route.
const remixCli = path.join(root, "node_modules/@remix-run/dev/dist/cli.js");
const bareDir = path.join(root, "scripts/bench/bare-remix");
if (!args["no-build"]) {
  log("remix build");
  execFileSync(process.execPath, [remixCli, "build"], { cwd: root, stdio: "inherit" });
}
if (!args["no-build"] || !fs.existsSync(path.join(root, "dist/api.js")))
  execFileSync(process.execPath, ["scripts/build-server.mjs"], { cwd: root, stdio: "inherit" });
if (!args["no-build"] || !fs.existsSync(path.join(bareDir, "build/index.js"))) {
  log("remix build of the bare Remix app (decision 020)");
  execFileSync(process.execPath, [remixCli, "build", bareDir], { cwd: root, stdio: "inherit" });
}
if (!args["no-build"] || !fs.existsSync(path.join(bareRoutesDir, "build/index.js"))) {
  log("the framework's floor: a bare Remix app with the portal's route table (issue 39)");
  await makeBareRoutesApp();
}
const budgets = measureBudgets();
const ROUTES: Record<string, string> = {
  "/digital": "routes/digital._index",
  "/procedures": "routes/procedures._index",
  "/records": "routes/records._index",
  "/records/manager": "routes/records.manager",
};
const javascript = {
  sharedKb: kb(budgets.sharedBytes),
  routes: Object.entries(ROUTES).map(([page, id]) => {
    const own = budgets.routes.find((r) => r.id === id)?.ownBytes ?? NaN;
    return { page, route: id, ownKb: kb(own), totalKb: kb(budgets.sharedBytes + own) };
  }),
  largest: budgets.routes.slice(0, 5).map((r) => ({ route: r.id, ownKb: kb(r.ownBytes) })),
};

function kb(bytes: number) {
  return Math.round((bytes / 1024) * 10) / 10;
}

const plan = planFor(scale);
const benchDir = path.join(root, "bench");
const bigPdf = path.join(benchDir, "data", "upload-50mb.pdf");
fs.mkdirSync(path.dirname(bigPdf), { recursive: true });
if (!fs.existsSync(bigPdf) || fs.statSync(bigPdf).size !== UPLOAD_BYTES) await writeBigPdf(bigPdf);

const results: Results = {
  date: new Date().toISOString(),
  machine: {
    cpu: os.cpus()[0]?.model ?? "unknown",
    cores: os.cpus().length,
    memoryGb: Math.round(os.totalmem() / 1024 ** 3),
    node: process.version,
    platform: `${os.type()} ${os.release()}`,
    loadAverageAtStart: os.loadavg().map((x) => Math.round(x * 100) / 100),
  },
  options: { scale, quick, rounds, runtime: args.runtime, acceptEncoding, ssr: SSR, apiRuns: API_RUNS, mobileRuns: MOBILE_RUNS },
  plan,
  javascript,
  databases: [],
};

for (const dialect of dbs) {
  const dataDir = path.join(benchDir, "data", dialect);
  const marker = path.join(dataDir, "seeded.json");
  let seeded: SeedResult | null = null;
  const issuer = `http://localhost:${ports.oidc}`;
  if (args.reuse && fs.existsSync(marker)) {
    const previous = JSON.parse(fs.readFileSync(marker, "utf8")) as SeedResult;
    if (JSON.stringify(previous.plan) === JSON.stringify(plan)) seeded = previous;
  }
  if (!seeded) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.mkdirSync(dataDir, { recursive: true });
    if (dialect === "postgres") await freshPostgresDatabase(databaseUrl!);
    log(`${dialect}: seeding ${plan.communications.toLocaleString("en")} communications, ${plan.citizens.toLocaleString("en")} citizens…`);
    seeded = await seedBench(
      dialect === "postgres" ? { dialect, databaseUrl: databaseUrl! } : { dialect, sqliteFile: path.join(dataDir, "portal.sqlite") },
      { plan, dataDir, issuer, log: (l) => log(`${dialect}: ${l}`) },
    );
    fs.writeFileSync(marker, JSON.stringify(seeded, null, 2));
    log(`${dialect}: seeded in ${seeded.seconds.toFixed(1)} s`);
  }

  let stack: Stack | null = null;
  let bare: ReturnType<typeof startBare> | null = null;
  let floor: ReturnType<typeof startBare> | null = null;
  try {
    bare = startBare();
    await waitFor(`${bare.url}/`, bare.child);
    floor = startBare(bareRoutesDir, ports.floor);
    await waitFor(`${floor.url}/`, floor.child);
    stack = await startStack({
      compiled,
      dataDir,
      portalPort: ports.portal,
      apiPort: ports.api,
      oidcPort: ports.oidc,
      quiet: true,
      env: { BENCH_BASELINE: "1", DATABASE_URL: dialect === "postgres" ? databaseUrl! : "", LOG_LEVEL: process.env.LOG_LEVEL ?? "warn" },
    });
    log(`${dialect}: stack up (api pid ${stack.pids.api}, portal pid ${stack.pids.portal})`);
    const cookie = await portalSession(stack.portalUrl, HEAVY.cuil, HEAVY_PASSWORD);
    const token = await apiToken({ issuer: stack.issuer, portalUrl: stack.portalUrl }, HEAVY.cuil, HEAVY_PASSWORD);
    log(`${dialect}: signed in through the IdP`);

    // SSR under load: every page `rounds` times, the order rotated each round; the median per page.
    const pages: { name: string; url: string; signedIn: boolean }[] = [
      { name: "bare Remix app", url: `${bare.url}/`, signedIn: false },
      { name: "framework floor", url: `${floor.url}/digital`, signedIn: false },
      { name: "baseline", url: `${stack.portalUrl}/bench-baseline`, signedIn: false },
      { name: "/accesibilidad", url: `${stack.portalUrl}/accesibilidad`, signedIn: true },
      { name: "/digital", url: `${stack.portalUrl}/digital`, signedIn: true },
      { name: "/procedures", url: `${stack.portalUrl}/procedures`, signedIn: true },
      { name: "/records", url: `${stack.portalUrl}/records`, signedIn: true },
      { name: "/records/manager", url: `${stack.portalUrl}/records/manager?file=${seeded.heavy.managerRecordId}`, signedIn: true },
    ];
    for (const p of pages) {
      const check = await fetch(p.url, { headers: p.signedIn ? { cookie } : {}, redirect: "manual" });
      const html = await check.text();
      if (check.status !== 200) throw new Error(`${p.url} answered ${check.status} before the load`);
      if (p.signedIn && !html.includes(HEAVY.givenName)) throw new Error(`${p.url} does not show the signed-in citizen`);
    }
    const ssr: DbResult["ssr"] = [];
    for (const connections of SSR.connections) {
      const runs = new Map<string, LoadResult[]>();
      for (let round = 0; round < rounds; round++) {
        const order = [...pages.slice(round % pages.length), ...pages.slice(0, round % pages.length)];
        for (const p of order) {
          log(`${dialect}: SSR ${p.name} at ${connections} connections (round ${round + 1} of ${rounds})`);
          const r = await measureLoad({
            url: p.url,
            connections,
            duration: SSR.duration[connections],
            warmup: SSR.warmup[connections],
            headers: pageHeaders(acceptEncoding, p.signedIn ? cookie : undefined),
          });
          runs.set(p.name, [...(runs.get(p.name) ?? []), r]);
        }
      }
      for (const p of pages) ssr.push({ page: p.name, ...medianOf(runs.get(p.name)!), rounds: runs.get(p.name)! });
    }
    for (const row of ssr) {
      const of = (page: string) => ssr.find((b) => b.page === page && b.connections === row.connections)!;
      row.ratioToBaseline = Math.round((row.rps / of("baseline").rps) * 1000) / 1000;
      row.ratioToBare = Math.round((row.rps / of("bare Remix app").rps) * 1000) / 1000;
    }
    if (args["only-ssr"]) {
      results.databases.push({
        dialect,
        seed: { seconds: seeded.seconds, rows: seeded.rows, heavy: seeded.heavy },
        ssr,
        api: [],
        uploads: [],
        mobile: { error: "skipped (--only-ssr)" },
        targets: [],
      });
      continue;
    }

    // API calls behind the pages, one connection, API_RUNS each after a warm-up.
    const inbox = `${stack.apiUrl}/api/dd/v1/communications/inbox/${HEAVY.cuil}`;
    const apiCases: { name: string; url: string }[] = [
      { name: "inbox first page", url: `${inbox}?page=1&order=-created_at` },
      {
        name: "inbox page 5,000",
        url: `${inbox}?page=${Math.min(5000, Math.floor(seeded.heavy.communications / 10 / 2))}&order=-created_at`,
      },
      {
        name: `subject search, common ('${COMMON_WORD}')`,
        url: `${inbox}?page=1&order=-created_at&search=${encodeURIComponent(COMMON_WORD)}`,
      },
      { name: `subject search, rare ('${RARE_WORD}')`, url: `${inbox}?page=1&order=-created_at&search=${encodeURIComponent(RARE_WORD)}` },
      { name: "procedures count (in_progress)", url: `${stack.apiUrl}/api/v4/instances/count/in_progress?module=procedures` },
      { name: "procedures tray first page", url: `${stack.apiUrl}/api/v4/instances/in_progress?module=procedures&pageNumber=1` },
      { name: "records count (in_process)", url: `${stack.apiUrl}/api/v4/instances/count/in_process?module=records` },
      { name: "records first page", url: `${stack.apiUrl}/api/v4/instances/in_process?module=records&pageNumber=1` },
    ];
    const api: DbResult["api"] = [];
    const headers = { authorization: `Bearer ${token}`, "user-id": HEAVY.cuil, accept: "application/json" };
    for (const c of apiCases) {
      const check = await fetch(c.url, { headers });
      const body = (await check.json().catch(() => null)) as Record<string, unknown> | null;
      if (check.status !== 200) throw new Error(`${c.name}: ${check.status} ${JSON.stringify(body)}`);
      const r = await measureLoad({ url: c.url, connections: 1, amount: API_RUNS, headers, warmup: 1 });
      api.push({
        call: c.name,
        url: c.url.replace(stack.apiUrl, ""),
        p50: r.p50,
        p95: r.p95,
        p99: r.p99,
        runs: r.requests,
        non2xx: r.non2xx,
        sample: summary(body),
      });
    }
    log(`${dialect}: API timings done`);

    // 50 MB upload through the portal (twice: the first warms the code paths; both are kept).
    const uploads: UploadResult[] = [];
    for (let i = 0; i < 2; i++) {
      uploads.push(
        await measureUpload({
          portalUrl: stack.portalUrl,
          cookie,
          page: `/records/manager?file=${seeded.heavy.managerRecordId}`,
          file: bigPdf,
          pids: { api: stack.pids.api, portal: stack.pids.portal },
        }),
      );
      await new Promise((r) => setTimeout(r, 2000));
    }
    log(`${dialect}: upload done`);

    // Mobile metrics of the inbox.
    let mobile: MobileResult | { error: string };
    try {
      mobile = await measureMobile({ url: `${stack.portalUrl}/digital`, cookie, runs: MOBILE_RUNS });
    } catch (error) {
      mobile = { error: String(error) };
    }
    log(`${dialect}: mobile metrics done`);

    results.databases.push({
      dialect,
      seed: { seconds: seeded.seconds, rows: seeded.rows, heavy: seeded.heavy },
      ssr,
      api,
      uploads,
      mobile,
      targets: [],
    });
  } finally {
    await stack?.stop();
    await bare?.stop();
    await floor?.stop();
  }
}

for (const d of results.databases) d.targets = targetsOf(d, results.databases);
fs.mkdirSync(benchDir, { recursive: true });
fs.writeFileSync(path.join(benchDir, "results.json"), `${JSON.stringify(results, null, 2)}\n`);
printReport(results);
log(`written ${path.relative(process.cwd(), path.join(benchDir, "results.json"))}`);

/** The bare Remix app (decision 020) under the same portal server as the portal, compiled or through tsx like the stack. */
function startBare(dir = bareDir, port = ports.bare) {
  const args = compiled
    ? [path.join(root, "dist/portal-server.js"), "build/index.js"]
    : ["--import", "tsx", path.join(root, "portal/server.ts"), "build/index.js"];
  const child = spawn(process.execPath, args, {
    cwd: dir,
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "localhost" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
  return { url: `http://localhost:${port}`, child, stop };
}

/** The median run of several (by throughput; latencies are the medians of each percentile). */
function medianOf(runs: LoadResult[]): LoadResult {
  const mid = <T>(xs: T[], key: (x: T) => number) => [...xs].map(key).sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
  const byRps = [...runs].sort((a, b) => a.rps - b.rps)[Math.floor((runs.length - 1) / 2)];
  return {
    ...byRps,
    rps: mid(runs, (r) => r.rps),
    p50: mid(runs, (r) => r.p50),
    p95: mid(runs, (r) => r.p95),
    p975: mid(runs, (r) => r.p975),
    p99: mid(runs, (r) => r.p99),
  };
}

/** What an API answer held (so the figures can be checked against real work). */
function summary(body: Record<string, unknown> | null) {
  if (!body) return null;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body)) out[k] = Array.isArray(v) ? `${v.length} items` : typeof v === "object" ? "{…}" : v;
  return out;
}

export { percentile, type LoadResult };
