/**
 * The scale-out path (decision 025), on one machine: two API processes (each with the development
 * identity provider) and two portal processes (the production build under portal/server.ts), behind
 * HAProxy with the production configuration (deploy/haproxy/haproxy.cfg: active checks on the
 * readiness endpoints, retries of idempotent requests; issue 29) for the portal and the API, and a
 * round-robin proxy (http-proxy-3) for the development identity provider, which production does not
 * run, against one PostgreSQL database and one S3-compatible object
 * store (a local s3rver peer, scripts/s3-peer.ts) with no shared disk between the processes: each API
 * process has a DATA_DIR of its own (decision 057). What they share is configuration: one
 * SESSION_SECRET and the development IdP's keys (copied from A's DATA_DIR into B's before B starts,
 * as a deployment hands every process the same keys).
 *
 *   public address (balancer)                   → processes
 *   portal  http://localhost:PORT      HAProxy  → portal A / B  (SCALEOUT_PORTAL_BASE, + 1)
 *   API     http://127.0.0.1:API_PORT  HAProxy  → API A / B     (SCALEOUT_API_BASE, + 1)
 *   issuer  http://localhost:OIDC_PORT proxy    → IdP A / B     (SCALEOUT_API_BASE + 2, + 3; the one
 *                                                                issuer URL both sign as)
 *   HAProxy's statistics and metrics on SCALEOUT_API_BASE + 5.
 *
 * `npx tsx scripts/scaleout.ts` starts it and stays up (Ctrl+C stops everything);
 * `npm run test:scaleout` builds the portal and runs the end-to-end suite through the balancers
 * (playwright.config.ts with E2E_SCALEOUT=1). Env: SCALEOUT_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/scaleout — the database is dropped and created again;
 * refuses `test`), PORT / API_PORT / OIDC_PORT (default 3000 / 4000 / 4001; the e2e run passes
 * its E2E_* ports), SCALEOUT_PORTAL_BASE / SCALEOUT_API_BASE (default 3200 / 4200; the processes
 * take base and base + 1, the IdPs API base + 2 and + 3), SCALEOUT_S3_PORT (default API base + 4),
 * DATA_DIR (default: a new temporary one; the API processes use its `api-A` / `api-B` folders, the
 * object store its `s3` folder).
 * The identity provider's proxy adds `x-upstream: <process>` to answers; HAProxy's /stats shows how
 * many requests each portal and API process served.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { createProxyServer } from "http-proxy-3";
import { COOKIE_KEYS_FILE, KEYS_FILE } from "../server/auth/oidc/keys.js";
import { startS3Peer, type S3Peer } from "./s3-peer.js";
import { persistentSecret, waitFor } from "./stack";
import { recreatePostgresDatabase } from "../deploy/drill.js";
import { startHaproxy, untilAllUp } from "../deploy/haproxy.js";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const databaseUrl = process.env.SCALEOUT_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/scaleout";
const portalPort = Number(process.env.PORT ?? 3000);
const apiPort = Number(process.env.API_PORT ?? 4000);
const oidcPort = Number(process.env.OIDC_PORT ?? 4001);
const portalBase = Number(process.env.SCALEOUT_PORTAL_BASE ?? 3200);
const apiBase = Number(process.env.SCALEOUT_API_BASE ?? 4200);
const s3Port = Number(process.env.SCALEOUT_S3_PORT ?? apiBase + 4);
const dataDir = path.resolve(process.env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), "av-scaleout-")));
// Kept under DATA_DIR like `npm start` does (scripts/stack.ts): the e2e session tests read it there.
const sessionSecret = process.env.SESSION_SECRET ?? persistentSecret(dataDir);

/** Drops and creates the scale-out database (never `test`, which the API tests share). */
async function freshDatabase() {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]*$/.test(name) || name === "test" || name === "postgres")
    throw new Error(`refusing to recreate database "${name}"`);
  url.pathname = "/postgres";
  await recreatePostgresDatabase(url.toString(), name);
}

const children: ChildProcess[] = [];
function run(name: string, args: string[], env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: ["ignore", "ignore", "pipe"] });
  child.stderr?.on("data", (chunk: Buffer) => process.stderr.write(`[${name}] ${chunk}`));
  child.on("exit", (code, signal) => {
    if (!stopping) console.error(`[${name}] exited (${code ?? signal})`);
  });
  children.push(child);
  return child;
}

/** A round-robin reverse proxy on `port` (bound to `host`) over `targets`. */
function balancer(name: string, host: string, port: number, targets: string[]) {
  const proxy = createProxyServer({ xfwd: true });
  let next = 0;
  proxy.on("proxyRes", (res, req) => {
    res.headers["x-upstream"] = (req as http.IncomingMessage & { upstream?: string }).upstream ?? "";
  });
  proxy.on("error", (error, _req, res) => {
    console.error(`[${name} proxy] ${error.message}`);
    if (res instanceof http.ServerResponse && !res.headersSent) {
      res.writeHead(502, { "content-type": "text/plain" });
      res.end("Bad gateway");
    } else res.destroy();
  });
  const server = http.createServer((req, res) => {
    const index = next++ % targets.length;
    (req as http.IncomingMessage & { upstream?: string }).upstream = `${name}-${"AB"[index]}`;
    proxy.web(req, res, { target: targets[index] });
  });
  return new Promise<http.Server>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve(server));
  });
}

let stopping = false;
const servers: http.Server[] = [];
let s3: S3Peer | undefined;
async function stop() {
  stopping = true;
  for (const s of servers) s.close();
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once("exit", () => resolve());
          child.kill("SIGTERM");
          setTimeout(() => child.kill("SIGKILL"), 5000).unref();
        }),
    ),
  );
  await s3?.close().catch(() => undefined);
}
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => void stop().then(() => process.exit(0)));
}

try {
  await freshDatabase();
  const s3Dir = path.join(dataDir, "s3");
  fs.mkdirSync(s3Dir, { recursive: true });
  s3 = await startS3Peer({ port: s3Port, directory: s3Dir });
  const portalUrl = `http://localhost:${portalPort}`;
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const issuer = `http://localhost:${oidcPort}`;
  const shared: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    PORTAL_URL: portalUrl,
    API_BASE_URL: apiUrl,
    API_AUDIENCE: `${apiUrl}/api`,
    OIDC_ISSUER: issuer,
    OIDC_DEV_PROVIDER: "1",
    SESSION_SECRET: sessionSecret,
  };
  const apiEnv: NodeJS.ProcessEnv = { ...shared, ...s3.env, NODE_ENV: process.env.NODE_ENV ?? "development" };
  const [dirA, dirB] = ["api-A", "api-B"].map((name) => path.join(dataDir, name));
  // A migrates and seeds first; B then finds an up-to-date, seeded database.
  const apiA = run("api-A", ["--import", "tsx", "server/main.ts"], {
    ...apiEnv,
    DATA_DIR: dirA,
    API_PORT: String(apiBase),
    OIDC_PORT: String(apiBase + 2),
    SEED: process.env.SEED ?? "1",
  });
  await waitFor(`http://127.0.0.1:${apiBase}/health/ready`, apiA, 90_000);
  fs.mkdirSync(dirB!, { recursive: true });
  for (const file of [KEYS_FILE, COOKIE_KEYS_FILE]) fs.copyFileSync(path.join(dirA!, file), path.join(dirB!, file));
  const apiB = run("api-B", ["--import", "tsx", "server/main.ts"], {
    ...apiEnv,
    DATA_DIR: dirB,
    API_PORT: String(apiBase + 1),
    OIDC_PORT: String(apiBase + 3),
    SEED: "0",
  });
  await waitFor(`http://127.0.0.1:${apiBase + 1}/health/ready`, apiB, 90_000);
  servers.push(await balancer("idp", "localhost", oidcPort, [`http://127.0.0.1:${apiBase + 2}`, `http://127.0.0.1:${apiBase + 3}`]));

  const serve = path.join(root, "portal/server.ts");
  const portalEnv: NodeJS.ProcessEnv = {
    SHUTDOWN_NOT_READY_MS: "0",
    ...shared,
    NODE_ENV: "production",
    LOCAL_TRIAL: "1",
    HOST: "127.0.0.1",
  };
  const portals = ["A", "B"].map((name, i) =>
    run(`portal-${name}`, ["--import", "tsx", serve, "build/index.js"], { ...portalEnv, PORT: String(portalBase + i) }),
  );
  await Promise.all(portals.map((p, i) => waitFor(`http://127.0.0.1:${portalBase + i}/health`, p, 90_000)));
  const metrics = `127.0.0.1:${apiBase + 5}`;
  const haproxy = startHaproxy(
    {
      portal: `127.0.0.1:${portalPort}`,
      api: `127.0.0.1:${apiPort}`,
      metrics,
      portalA: `127.0.0.1:${portalBase}`,
      portalB: `127.0.0.1:${portalBase + 1}`,
      apiA: `127.0.0.1:${apiBase}`,
      apiB: `127.0.0.1:${apiBase + 1}`,
    },
    path.join(dataDir, "haproxy.log"),
  );
  children.push(haproxy);
  await untilAllUp(metrics);
  console.log(
    `scale-out stack: portal ${portalUrl}, API ${apiUrl} (HAProxy, statistics on http://${metrics}/stats), issuer ${issuer}; objects ${s3.endpoint}; DATA_DIR ${dataDir}; ${databaseUrl.replace(/\/\/[^@]*@/, "//")}`,
  );
} catch (error) {
  console.error(error);
  await stop();
  process.exit(1);
}
