/**
 * `npm run deploy:rolling-restart` — a rolling restart nobody notices, tried (issue 29, decision 018).
 *
 * Starts two API processes and two portal processes from the production build (`npm run build`
 * first) on one database — a fresh SQLite file under a temporary DATA_DIR shared by both APIs, or
 * a fresh PostgreSQL database `rolling` on the server of DATABASE_URL — behind HAProxy with the
 * production configuration of deploy/haproxy/haproxy.cfg (active checks on /health/ready, retries of
 * idempotent requests). Creates ROLLING_CITIZENS citizens through the operator API, signs each in
 * through the real OpenID Connect flow, then keeps them browsing (inbox, tray, a chat) and writing
 * chat messages with unique markers through the portal's forms, as a browser without JavaScript,
 * while it restarts API A, API B, portal A and portal B one after the other: SIGTERM, wait for the
 * exit, start again, wait until HAProxy has it back in rotation.
 *
 * Reports the page views and how many failed (any answer other than the page, a 5xx, a refused or
 * broken connection, a redirect to /error), and the acknowledged writes missing or duplicated in
 * the database. Exit 1 unless both are 0.
 *
 * Env: ROLLING_CITIZENS (12), ROLLING_THINK_MS (150), ROLLING_BASE_PORT (3690: the portal's balancer;
 * portals on + 1, + 2; the API's balancer on 1000 + base, APIs on + 1, + 2, the IdP on + 3,
 * HAProxy's metrics on + 5), SHUTDOWN_NOT_READY_MS (5000), DATABASE_URL.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createDatabase } from "../server/db/index.js";
import { Browser, signIn, type Hop } from "../scripts/bench/load-http.js";
import { verify, type Ledger } from "../scripts/bench/load-verify.js";
import { answers, citizenWithChat, drillEnv, operatorApi, recreatePostgresDatabase, sleep, until, writeThroughChat } from "./drill.js";
import { balancerState, startHaproxy } from "./haproxy.js";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const CITIZENS = Number(process.env.ROLLING_CITIZENS ?? 12);
const THINK_MS = Number(process.env.ROLLING_THINK_MS ?? 150);
const BASE = Number(process.env.ROLLING_BASE_PORT ?? 3690);
const NOT_READY_MS = process.env.SHUTDOWN_NOT_READY_MS ?? "5000";
const PASSWORD = "Reinicio2026!";

const ports = {
  portal: BASE,
  portalA: BASE + 1,
  portalB: BASE + 2,
  api: BASE + 1000,
  apiA: BASE + 1001,
  apiB: BASE + 1002,
  idp: BASE + 1003,
  metrics: BASE + 1005,
};
const portalUrl = `http://localhost:${ports.portal}`;
const metrics = `127.0.0.1:${ports.metrics}`;
const apiUrl = `http://127.0.0.1:${ports.api}`;

for (const file of ["build/index.js", "dist/api.js", "dist/portal-server.js"]) {
  if (!fs.existsSync(path.join(root, file))) {
    console.error(`${file} is missing: run npm run build first`);
    process.exit(2);
  }
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "av-rolling-"));
const children = new Set<ChildProcess>();
const logs = fs.openSync(path.join(dataDir, "processes.log"), "a");

async function database(): Promise<Record<string, string>> {
  const given = process.env.DATABASE_URL;
  if (!given) return {};
  const url = new URL(given);
  await recreatePostgresDatabase(given, "rolling");
  url.pathname = "/rolling";
  return { DATABASE_URL: url.href };
}

function start(name: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: ["ignore", logs, logs] });
  children.add(child);
  child.once("exit", () => children.delete(child));
  child.once("exit", (code, signal) => fs.writeSync(logs, `${name} exited ${code ?? signal}\n`));
  return child;
}

const dbEnv = await database();
const shared: NodeJS.ProcessEnv = {
  ...drillEnv({
    dataDir,
    portalUrl,
    apiUrl,
    idpPort: ports.idp,
    sessionSecret: "rolling-restart-key-5d0e9c1b7a3f2468ace0",
    notReadyMs: NOT_READY_MS,
    dbEnv,
  }),
  NODE_ENV: "development",
};
// API A runs the development IdP (its keys under the shared DATA_DIR); B verifies with its keys.
const apiEnv = (which: "A" | "B"): NodeJS.ProcessEnv => ({
  ...shared,
  API_HOST: "127.0.0.1",
  API_PORT: String(which === "A" ? ports.apiA : ports.apiB),
  OIDC_PORT: String(ports.idp),
  OIDC_DEV_PROVIDER: which === "A" ? "1" : "0",
  SEED: which === "A" ? "1" : "0",
});
const portalEnv = (port: number): NodeJS.ProcessEnv => ({
  ...shared,
  NODE_ENV: "production",
  LOCAL_TRIAL: "1",
  HOST: "127.0.0.1",
  PORT: String(port),
});

const processes: Record<string, { start: () => ChildProcess; child?: ChildProcess; backend: string; server: string; ready: string }> = {
  "API A": {
    start: () => start("api-a", ["dist/api.js"], apiEnv("A")),
    backend: "api",
    server: "api-a",
    ready: `http://127.0.0.1:${ports.apiA}/health/ready`,
  },
  "API B": {
    start: () => start("api-b", ["dist/api.js"], { ...apiEnv("B"), SEED: "0" }),
    backend: "api",
    server: "api-b",
    ready: `http://127.0.0.1:${ports.apiB}/health/ready`,
  },
  "portal A": {
    start: () => start("portal-a", ["dist/portal-server.js", "build/index.js"], portalEnv(ports.portalA)),
    backend: "portal",
    server: "portal-a",
    ready: `http://127.0.0.1:${ports.portalA}/health/ready`,
  },
  "portal B": {
    start: () => start("portal-b", ["dist/portal-server.js", "build/index.js"], portalEnv(ports.portalB)),
    backend: "portal",
    server: "portal-b",
    ready: `http://127.0.0.1:${ports.portalB}/health/ready`,
  },
};

async function stopAll() {
  for (const child of children) child.kill("SIGKILL");
}
process.once("SIGINT", () => void stopAll().then(() => process.exit(130)));

let exitCode = 1;
try {
  // The stack: API A first (migrates, seeds the reference data), then the others, then HAProxy.
  const a = processes["API A"]!;
  a.child = a.start();
  await until("API A ready", () => answers(a.ready), 180_000, 100);
  for (const name of ["API B", "portal A", "portal B"]) {
    const p = processes[name]!;
    p.child = p.start();
  }
  const haproxy = startHaproxy(
    {
      portal: `127.0.0.1:${ports.portal}`,
      api: `127.0.0.1:${ports.api}`,
      metrics,
      portalA: `127.0.0.1:${ports.portalA}`,
      portalB: `127.0.0.1:${ports.portalB}`,
      apiA: `127.0.0.1:${ports.apiA}`,
      apiB: `127.0.0.1:${ports.apiB}`,
    },
    path.join(dataDir, "haproxy.log"),
  );
  children.add(haproxy);
  for (const p of Object.values(processes))
    await until(`${p.server} up in HAProxy`, async () => (await balancerState(metrics, p.backend, p.server)) === "UP", 120_000, 100);

  // Citizens, through the operator API behind the balancer.
  const operator = operatorApi(apiUrl, "Prueba de reinicio");
  const run = randomUUID().slice(0, 8);
  const citizens: { cuil: string; instanceId: string; browser: Browser }[] = [];
  const hops: Hop[] = [];
  let measuring = false;
  const record = (hop: Hop) => void (measuring && hops.push(hop));
  for (let i = 0; i < CITIZENS; i++) {
    const { cuil, instanceId } = await citizenWithChat(operator, {
      givenName: "Reinicio",
      familyName: `Ciudadano ${i + 1}`,
      email: `reinicio.${run}.${i + 1}@example.com`,
      password: PASSWORD,
    });
    const browser = new Browser(portalUrl, record, 60_000);
    await signIn(browser, cuil, PASSWORD);
    citizens.push({ cuil, instanceId, browser });
  }

  // The load: page views and chat messages, each message with a marker, until the restarts are done.
  const ledger: Ledger = { messages: [], uploads: [], sends: [], archive: new Map() };
  const views = { total: 0, failed: 0, samples: [] as string[] };
  const view = (kind: string, page: { status: number; url: string; hops: Hop[] }) => {
    views.total++;
    const bad = page.status !== 200 || page.hops.some((h) => h.status >= 500 || h.status === 0) || new URL(page.url).pathname === "/error";
    if (bad) {
      views.failed++;
      if (views.samples.length < 20)
        views.samples.push(`${kind}: ${page.hops.map((h) => `${h.status} ${new URL(h.url).pathname}`).join(" → ")}`);
    }
    return !bad;
  };
  let running = true;
  measuring = true;
  const users = citizens.map(async (c) => {
    while (running) {
      try {
        const roll = Math.random();
        if (roll < 0.3) view("inbox", await c.browser.go("read", "/digital"));
        else if (roll < 0.6) view("tray", await c.browser.go("read", "/procedures"));
        else {
          const page = await c.browser.go("chat", `/procedures/chat/?instance=${c.instanceId}`);
          if (!view("chat", page)) continue;
          const marker = randomUUID();
          const result = await writeThroughChat(c.browser, page, `Consulta durante el reinicio [${marker}]`);
          if (!result) throw new Error("chat page without its form");
          const first = result.hops[0];
          const acked =
            first !== undefined &&
            first.status >= 300 &&
            first.status < 400 &&
            result.status === 200 &&
            new URL(result.url).pathname.replace(/\/$/, "") === "/procedures";
          ledger.messages.push({ marker, instanceId: c.instanceId, acked });
          view("write", result);
        }
      } catch (error) {
        views.total++;
        views.failed++;
        if (views.samples.length < 20) views.samples.push(`error: ${(error as Error).message.slice(0, 120)}`);
      }
      await sleep(THINK_MS * (0.5 + Math.random()));
    }
  });

  // The rolling restart, one process at a time.
  const started = Date.now();
  await sleep(3000);
  const timeline: string[] = [];
  for (const [name, p] of Object.entries(processes)) {
    const t0 = Date.now();
    const exited = new Promise<number | null>((resolve) => p.child!.once("exit", (code) => resolve(code)));
    p.child!.kill("SIGTERM");
    await until(`${name} out of rotation`, async () => (await balancerState(metrics, p.backend, p.server)) !== "UP", 120_000, 100);
    const out = Date.now() - t0;
    const code = await exited;
    p.child = p.start();
    await until(`${name} back in rotation`, async () => (await balancerState(metrics, p.backend, p.server)) === "UP", 180_000, 100);
    timeline.push(
      `${name}: out of rotation after ${(out / 1000).toFixed(1)} s, exited ${code}, back after ${((Date.now() - t0) / 1000).toFixed(1)} s`,
    );
    await sleep(2000);
  }
  running = false;
  await Promise.all(users);
  measuring = false;
  const seconds = (Date.now() - started) / 1000;

  const { db } = await createDatabase(dbEnv.DATABASE_URL ? { databaseUrl: dbEnv.DATABASE_URL } : { dataDir });
  const result = await verify(db, ledger);
  await db.destroy();
  const messages = result.byKind.messages;
  const statuses = new Map<number, number>();
  for (const h of hops) statuses.set(h.status, (statuses.get(h.status) ?? 0) + 1);

  console.log(
    `\nrolling restart of 2 APIs and 2 portals behind HAProxy (${dbEnv.DATABASE_URL ? "PostgreSQL" : "SQLite"}, ${CITIZENS} citizens, ${seconds.toFixed(0)} s)`,
  );
  for (const line of timeline) console.log(`  ${line}`);
  console.log(`page views: ${views.total}, failed: ${views.failed}`);
  console.log(
    `answers by status: ${[...statuses]
      .sort(([a], [b]) => a - b)
      .map(([s, n]) => `${s}×${n}`)
      .join(" ")}`,
  );
  console.log(
    `writes acknowledged: ${messages.acknowledged}, verified: ${messages.verified}, lost: ${messages.missing}, duplicated: ${messages.duplicated}`,
  );
  for (const sample of views.samples) console.log(`  failed: ${sample}`);
  for (const problem of result.problems.slice(0, 10)) console.log(`  problem: ${problem}`);
  exitCode = views.failed === 0 && messages.missing === 0 && messages.duplicated === 0 && result.problems.length === 0 ? 0 : 1;
  console.log(exitCode === 0 ? "PASS: nobody noticed" : `FAIL (logs in ${dataDir})`);
} catch (error) {
  console.error(error);
  console.error(`logs in ${dataDir}`);
} finally {
  await stopAll();
  if (exitCode === 0) fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
