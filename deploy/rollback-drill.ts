/**
 * `npm run deploy:rollback-drill` — expand, then contract, tried (issue 38; docs/deployment.md,
 * «Volver atrás: expandir, después contraer»). Release N is this checkout, built (`npm run build` first); release N−1 is an older
 * commit, its files taken with `git archive` into a temporary folder and built there (`node_modules` shared).
 *
 * 1. N starts on a fresh database (SQLite under a temporary DATA_DIR, or a fresh PostgreSQL database
 *    `<DATABASE_URL's database>_rollback` on that server), migrates it and seeds; a citizen signs in through
 *    the portal and writes chat messages (each with a unique marker).
 * 2. N stops; N−1 starts on the same database: it must migrate nothing and be ready; the citizen signs
 *    in again, every main page answers 200 (not /error), N's messages are on the chat page, and the
 *    citizen writes more.
 * 3. N−1 stops; N starts again: every acknowledged write of both is in the database exactly once.
 * Exit 0 when all of that holds, 1 otherwise.
 *
 * N−1: ROLLBACK_PREVIOUS (a git ref), else the parent of the newest commit that changed
 * server/db/migrations/ when that parent has the compatibility mechanism (server/db/compatibility.ts),
 * else the commit that brought the mechanism (the first drill: its migrations are N's own). Env:
 * ROLLBACK_BASE_PORT (3790: portal, + 1 API, + 2 the development IdP), DATABASE_URL.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createDatabase } from "../server/db/index.js";
import { Browser, signIn as signInThrough, type Page } from "../scripts/bench/load-http.js";
import { verify, type Ledger } from "../scripts/bench/load-verify.js";
import { answers, citizenWithChat, drillEnv, operatorApi, recreatePostgresDatabase, until, writeThroughChat } from "./drill.js";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const BASE = Number(process.env.ROLLBACK_BASE_PORT ?? 3790);
const ports = { portal: BASE, api: BASE + 1, idp: BASE + 2 };
const portalUrl = `http://localhost:${ports.portal}`;
const apiUrl = `http://127.0.0.1:${ports.api}`;
const PASSWORD = "Retroceso2026!";
/** The main pages a release must serve (a signed-in, adhered citizen). */
const MAIN_PAGES = ["/procedures", "/procedures/available", "/records", "/digital", "/digital/archive", "/datos", "/comprobantes"];
const git = (...args: string[]) => execFileSync("git", args, { cwd: root, encoding: "utf8" }).trim();

for (const file of ["build/index.js", "dist/api.js", "dist/portal-server.js"]) {
  if (!fs.existsSync(path.join(root, file))) {
    console.error(`${file} is missing: run npm run build first`);
    process.exit(2);
  }
}

/** The previous release: see the header. */
function previousRelease(): { commit: string; why: string } {
  const given = process.env.ROLLBACK_PREVIOUS;
  if (given) return { commit: git("rev-parse", `${given}^{commit}`), why: `ROLLBACK_PREVIOUS=${given}` };
  const hasMechanism = (commit: string) => {
    try {
      execFileSync("git", ["cat-file", "-e", `${commit}:server/db/compatibility.ts`], { cwd: root, stdio: "ignore" });
      return true;
    } catch {
      return false;
    }
  };
  const changed = git("log", "-n", "1", "--format=%H", "HEAD", "--", "server/db/migrations");
  if (changed && hasMechanism(`${changed}^`)) {
    return { commit: git("rev-parse", `${changed}^`), why: `the parent of ${changed.slice(0, 10)}, the newest change of the migrations` };
  }
  const introduced = git("log", "--diff-filter=A", "--format=%H", "HEAD", "--", "server/db/compatibility.ts").split("\n").at(-1) ?? "";
  if (!introduced) throw new Error("no commit of HEAD's history has server/db/compatibility.ts");
  return {
    commit: introduced,
    why: "the commit that brought the compatibility mechanism (no older commit has it; its migrations are N's own)",
  };
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), "av-rollback-"));
const dataDir = path.join(work, "data");
fs.mkdirSync(dataDir);
const logs = fs.openSync(path.join(work, "processes.log"), "a");
const children = new Set<ChildProcess>();
process.once("SIGINT", () => {
  for (const child of children) child.kill("SIGKILL");
  process.exit(130);
});

/** N−1's files (`git archive`: no worktree to register) built with this checkout's node_modules. */
function checkOut(commit: string): string {
  const dir = path.join(work, "previous");
  fs.mkdirSync(dir);
  execFileSync("sh", ["-c", `git archive ${commit} | tar -x -C "${dir}"`], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
  fs.symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"));
  const started = Date.now();
  execFileSync("npm", ["run", "--silent", "build"], { cwd: dir, stdio: ["ignore", logs, logs] });
  console.log(`  built N−1 in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return dir;
}

async function database(): Promise<Record<string, string>> {
  const given = process.env.DATABASE_URL;
  if (!given) return {};
  const name = `${decodeURIComponent(new URL(given).pathname.slice(1)) || "postgres"}_rollback`.replace(/[^a-z0-9_]/gi, "_");
  await recreatePostgresDatabase(given, name);
  const url = new URL(given);
  url.pathname = `/${name}`;
  return { DATABASE_URL: url.href };
}

const dbEnv = await database();
const shared = drillEnv({
  dataDir,
  portalUrl,
  apiUrl,
  idpPort: ports.idp,
  sessionSecret: "rollback-drill-key-7c2e9a4b1d5f3086be1a",
  notReadyMs: "0",
  dbEnv,
});

/** One release's API (with the development IdP) and portal, from `dir`, until `stop`. */
async function release(label: string, dir: string, seed: boolean) {
  const run = (name: string, args: string[], env: NodeJS.ProcessEnv) => {
    const child = spawn(process.execPath, args, { cwd: dir, env, stdio: ["ignore", logs, logs] });
    children.add(child);
    child.once("exit", (code, signal) => {
      children.delete(child);
      fs.writeSync(logs, `${label} ${name} exited ${code ?? signal}\n`);
    });
    return child;
  };
  const api = run("api", ["dist/api.js"], {
    ...shared,
    NODE_ENV: "development",
    API_HOST: "127.0.0.1",
    API_PORT: String(ports.api),
    OIDC_PORT: String(ports.idp),
    OIDC_DEV_PROVIDER: "1",
    SEED: seed ? "1" : "0",
  });
  await until(`${label}: API ready`, () => answers(`${apiUrl}/health/ready`), 180_000, 200);
  const portal = run("portal", ["dist/portal-server.js", "build/index.js"], {
    ...shared,
    NODE_ENV: "production",
    LOCAL_TRIAL: "1",
    HOST: "127.0.0.1",
    PORT: String(ports.portal),
  });
  await until(`${label}: portal ready`, () => answers(`http://127.0.0.1:${ports.portal}/health/ready`), 180_000, 200);
  return async () => {
    for (const child of [portal, api]) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
  };
}

async function signIn(cuil: string): Promise<Browser> {
  const browser = new Browser(portalUrl, () => {}, 60_000);
  await signInThrough(browser, cuil, PASSWORD);
  return browser;
}

const failures: string[] = [];
const served = (page: Page) => page.status === 200 && new URL(page.url).pathname !== "/error";

/** Every main page, and the chat page showing every marker written so far. */
async function browse(label: string, browser: Browser, instanceId: string, ledger: Ledger) {
  for (const target of MAIN_PAGES) {
    const page = await browser.go("page", target);
    if (!served(page)) failures.push(`${label}: ${target} answered ${page.status} at ${new URL(page.url).pathname}`);
  }
  const chat = await browser.go("chat", `/procedures/chat/?instance=${instanceId}`);
  if (!served(chat)) failures.push(`${label}: the chat page answered ${chat.status}`);
  const missing = ledger.messages.filter((m) => m.acked && !chat.html.includes(m.marker));
  if (missing.length) failures.push(`${label}: ${missing.length} acknowledged messages not on the chat page`);
  console.log(`  ${label}: ${MAIN_PAGES.length + 1} pages browsed, ${ledger.messages.length - missing.length} messages shown`);
}

/** `count` chat messages through the portal's form, each acknowledged by the redirect to /procedures. */
async function write(label: string, browser: Browser, instanceId: string, ledger: Ledger, count: number) {
  for (let i = 0; i < count; i++) {
    const page = await browser.go("chat", `/procedures/chat/?instance=${instanceId}`);
    const marker = randomUUID();
    const result = await writeThroughChat(browser, page, `Escrito por ${label} [${marker}]`);
    if (!result) throw new Error(`${label}: chat page without its form`);
    const acked = result.status === 200 && new URL(result.url).pathname.replace(/\/$/, "") === "/procedures";
    if (!acked) failures.push(`${label}: a message was not acknowledged (${result.status} ${new URL(result.url).pathname})`);
    ledger.messages.push({ marker, instanceId, acked });
  }
}

let exitCode = 1;
let previousDir = "";
try {
  const previous = previousRelease();
  const head = git("rev-parse", "HEAD");
  console.log(`rollback drill: N = ${head.slice(0, 10)} (this checkout), N−1 = ${previous.commit.slice(0, 10)}: ${previous.why}`);
  previousDir = checkOut(previous.commit);
  const migrationsOf = (dir: string) => fs.readdirSync(path.join(dir, "server/db/migrations")).filter((f) => /^\d{4}_/.test(f)).length;
  console.log(`  migrations: N ${migrationsOf(root)}, N−1 ${migrationsOf(previousDir)}`);

  const ledger: Ledger = { messages: [], uploads: [], sends: [], archive: new Map() };
  // 1. Release N migrates and seeds; a citizen writes.
  let stop = await release("N", root, true);
  const { cuil, instanceId } = await citizenWithChat(operatorApi(apiUrl, "Simulacro de retroceso"), {
    givenName: "Retroceso",
    familyName: "Ciudadana",
    email: `retroceso.${randomUUID().slice(0, 8)}@example.com`,
    password: PASSWORD,
  });
  await write("N", await signIn(cuil), instanceId, ledger, 3);
  await stop();

  // 2. Rolled back: N−1 on N's database.
  stop = await release("N−1", previousDir, false);
  const back = await signIn(cuil);
  await browse("N−1", back, instanceId, ledger);
  await write("N−1", back, instanceId, ledger, 3);
  await stop();

  // 3. Rolled forward again: N finds every write.
  stop = await release("N again", root, false);
  await browse("N again", await signIn(cuil), instanceId, ledger);
  await stop();

  const { db } = await createDatabase(dbEnv.DATABASE_URL ? { databaseUrl: dbEnv.DATABASE_URL } : { dataDir });
  const result = await verify(db, ledger);
  await db.destroy();
  const messages = result.byKind.messages;
  console.log(
    `writes acknowledged: ${messages.acknowledged}, in the database: ${messages.verified}, lost: ${messages.missing}, duplicated: ${messages.duplicated}`,
  );
  if (messages.missing || messages.duplicated || messages.acknowledged !== ledger.messages.length)
    failures.push("writes lost or duplicated");
  for (const failure of failures) console.log(`  FAILED ${failure}`);
  exitCode = failures.length ? 1 : 0;
  console.log(exitCode === 0 ? "rollback drill passed" : `rollback drill failed (logs: ${path.join(work, "processes.log")})`);
} catch (error) {
  console.error(`rollback drill failed: ${(error as Error).message} (logs: ${path.join(work, "processes.log")})`);
} finally {
  for (const child of children) child.kill("SIGKILL");
  if (exitCode === 0) fs.rmSync(work, { recursive: true, force: true });
}
process.exit(exitCode);
