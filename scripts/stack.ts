import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * Starts the whole stack — API (with the development identity provider) and the
 * built portal under its production server (portal/server.ts, decision 044) — as child
 * processes, and waits until both answer. Used by `npm start`, the end-to-end tests and the bench.
 * Compiled (`dist/`, decision 045) it runs the compiled API and portal server with plain Node;
 * from TypeScript (tests, development) it runs them through tsx.
 */
export type StackOptions = {
  dataDir: string;
  portalPort: number;
  apiPort: number;
  oidcPort: number;
  /** extra environment for both processes */
  env?: Record<string, string>;
  /** extra environment for the portal only (e.g. API_BASE_URL of another backend: tests/spec-backend/stack.ts) */
  portalEnv?: Record<string, string>;
  quiet?: boolean;
  /** run dist/api.js and dist/portal-server.js (`npm run build`) instead of the TypeScript through tsx; default: as this file runs */
  compiled?: boolean;
  /** extra node options for both processes (e.g. `--cpu-prof`, which NODE_OPTIONS may not carry) */
  nodeArgs?: string[];
  /**
   * `npm start`: once up, a process that dies is started again (`supervise`); `onGiveUp` gets the
   * reason when it keeps dying. Without it (tests, the bench) a death is left to the caller.
   */
  restart?: { onGiveUp: (reason: string) => void };
};

/**
 * Keeps a child running (issue 28): when it ends without being asked to, it is started again, up to
 * `maxRestarts` times within `windowMs`; past that `onGiveUp` gets the reason (the launcher exits
 * non-zero with it). Each end and restart is one line on `log`.
 */
export function supervise(
  name: string,
  start: () => ChildProcess,
  options: { onGiveUp: (reason: string) => void; log?: (line: string) => void; maxRestarts?: number; windowMs?: number },
) {
  const { onGiveUp, log = (line) => process.stderr.write(`${line}\n`), maxRestarts = 5, windowMs = 60_000 } = options;
  let current = start();
  let stopping = false;
  let restarts: number[] = [];
  const watch = (child: ChildProcess) =>
    child.once("exit", () => {
      if (stopping) return;
      const now = Date.now();
      restarts = restarts.filter((at) => now - at < windowMs);
      if (restarts.length >= maxRestarts) {
        onGiveUp(`${name} ${endOf(child)}; restarted ${maxRestarts} times within ${windowMs / 1000} s, giving up`);
        return;
      }
      restarts.push(now);
      log(`${name} ${endOf(child)}: starting it again`);
      current = start();
      watch(current);
    });
  watch(current);
  return {
    get child() {
      return current;
    },
    /** Stops watching (the stack is stopping): an end from now on is not restarted. */
    release() {
      stopping = true;
    },
  };
}

export type Stack = {
  portalUrl: string;
  apiUrl: string;
  issuer: string;
  /** process ids of the API (with the IdP) and the portal (the bench samples their memory) */
  pids: { api: number; portal: number };
  stop: () => Promise<void>;
};

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const runningCompiled = import.meta.url.endsWith(".js");

/** The command line of one of the stack's programs, compiled or through tsx. */
function program(name: "api" | "portal-server", compiled: boolean, args: string[] = []) {
  if (compiled) {
    const file = path.join(root, "dist", `${name}.js`);
    if (!existsSync(file)) throw new Error(`${file} is missing: run npm run build`);
    return [file, ...args];
  }
  return ["--import", "tsx", name === "api" ? "server/main.ts" : "portal/server.ts", ...args];
}

/** A session secret kept under DATA_DIR so sessions survive restarts of the demo. */
export function persistentSecret(dataDir: string) {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, ".session-secret");
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString("hex"), { mode: 0o600 });
  return readFileSync(file, "utf8").trim();
}

/** How a child ended, in words: its exit code, or the signal that killed it (a crash: SIGSEGV, SIGABRT…). */
const endOf = (child: ChildProcess) => (child.signalCode ? `was killed by ${child.signalCode}` : `exited with code ${child.exitCode}`);

/** Waits until `url` answers 2xx; fails early when `child` exits or is killed. */
export async function waitFor(url: string, child: ChildProcess, timeoutMs = 60_000) {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${url}: the process ${endOf(child)}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv, quiet: boolean, name: string) {
  const child = spawn(command, args, { cwd: root, env, stdio: quiet ? ["ignore", "ignore", "pipe"] : ["ignore", "inherit", "inherit"] });
  if (quiet) child.stderr?.on("data", (chunk: Buffer) => process.stderr.write(`[${name}] ${chunk}`));
  return child;
}

export async function startStack(options: StackOptions): Promise<Stack> {
  const portalUrl = `http://localhost:${options.portalPort}`;
  const apiUrl = `http://127.0.0.1:${options.apiPort}`;
  const issuer = `http://localhost:${options.oidcPort}`;
  const shared: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: options.dataDir,
    PORTAL_URL: portalUrl,
    API_BASE_URL: apiUrl,
    API_AUDIENCE: `${apiUrl}/api`,
    API_PORT: String(options.apiPort),
    OIDC_PORT: String(options.oidcPort),
    OIDC_ISSUER: issuer,
    SESSION_SECRET: process.env.SESSION_SECRET ?? persistentSecret(options.dataDir),
    ...options.env,
  };
  const quiet = options.quiet ?? false;
  const compiled = options.compiled ?? runningCompiled;
  const apiRun: [string[], NodeJS.ProcessEnv, string] = [
    [...(options.nodeArgs ?? []), ...program("api", compiled)],
    { ...shared, NODE_ENV: shared.NODE_ENV ?? "development" },
    "api",
  ];
  let portalRun: [string[], NodeJS.ProcessEnv, string] | null = null;
  const api = run(process.execPath, apiRun[0], apiRun[1], quiet, apiRun[2]);
  const children: ChildProcess[] = [api];
  const stop = async () => {
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null) return resolve();
            child.once("exit", () => resolve());
            child.kill("SIGTERM");
            setTimeout(() => child.kill("SIGKILL"), 5000).unref();
          }),
      ),
    );
  };
  let portalPid = 0;
  try {
    // The first start migrates and seeds the demo data: slow on a busy machine.
    await waitFor(`${apiUrl}/health/ready`, api, 180_000);
    portalRun = [
      [...(options.nodeArgs ?? []), ...program("portal-server", compiled, ["build/index.js"])],
      // A local stack stops at once: no not-ready period for a balancer (decision 018).
      {
        ...shared,
        NODE_ENV: "production",
        // The production build on this machine's loopback addresses (issue 38: production refuses them otherwise).
        LOCAL_TRIAL: "1",
        PORT: String(options.portalPort),
        HOST: "localhost",
        SHUTDOWN_NOT_READY_MS: shared.SHUTDOWN_NOT_READY_MS ?? "0",
        ...options.portalEnv,
      },
      "portal",
    ];
    const portal = run(process.execPath, portalRun[0], portalRun[1], quiet, portalRun[2]);
    children.push(portal);
    portalPid = portal.pid ?? 0;
    await waitFor(`${portalUrl}/health`, portal);
  } catch (error) {
    await stop();
    throw error;
  }
  if (options.restart) {
    // From here on each child is kept running: a death starts it again (the first one is already up).
    const watched = children.splice(0).map((first, i) => {
      const [args, env, name] = i === 0 ? apiRun : portalRun!;
      let initial: ChildProcess | null = first;
      return supervise(
        name,
        () => {
          const child = initial ?? run(process.execPath, args, env, quiet, name);
          initial = null;
          return child;
        },
        options.restart!,
      );
    });
    const stopAll = stop;
    return {
      portalUrl,
      apiUrl,
      issuer,
      pids: { api: api.pid ?? 0, portal: portalPid },
      stop: async () => {
        for (const w of watched) w.release();
        children.push(...watched.map((w) => w.child));
        await stopAll();
      },
    };
  }
  return { portalUrl, apiUrl, issuer, pids: { api: api.pid ?? 0, portal: portalPid }, stop };
}
