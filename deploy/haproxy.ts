/**
 * HAProxy with the production configuration (deploy/haproxy/haproxy.cfg) in front of two portals and
 * two APIs on this machine: what the scale-out check (scripts/scaleout.ts) and the rolling restart
 * (deploy/rolling-restart.ts) put between the citizens and the processes, so both try the balancer a
 * province runs, its active checks and its retries, not a stand-in.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");

/** Where HAProxy listens (`host:port`) and where it sends. */
export type BalancerPorts = {
  portal: string;
  api: string;
  metrics: string;
  portalA: string;
  portalB: string;
  apiA: string;
  apiB: string;
};

/** Starts `haproxy -db` on deploy/haproxy/haproxy.cfg; its log (no URLs, decision 017) goes to `logFile`. */
export function startHaproxy(ports: BalancerPorts, logFile: string): ChildProcess {
  return spawn("haproxy", ["-db", "-f", "deploy/haproxy/haproxy.cfg"], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "production",
      PORTAL_BIND: ports.portal,
      API_BIND: ports.api,
      METRICS_BIND: ports.metrics,
      PORTAL_A: ports.portalA,
      PORTAL_B: ports.portalB,
      API_A: ports.apiA,
      API_B: ports.apiB,
      ERRORS_DIR: path.join(root, "deploy/haproxy/errors"),
      // Every simulated citizen comes from 127.0.0.1: the per-address limit is not what is tried here.
      PORTAL_IP_REQUESTS_10S: "1000000",
      PORTAL_IP_CONNECTIONS: "100000",
    },
    stdio: ["ignore", fs.openSync(logFile, "a"), "inherit"],
  });
}

/** The state HAProxy gives `backend/server` (UP, DOWN, …), from its CSV statistics on `metrics`. */
export async function balancerState(metrics: string, backend: string, server: string): Promise<string> {
  const csv = await (await fetch(`http://${metrics}/stats;csv`, { signal: AbortSignal.timeout(3000) })).text();
  const row = csv.split("\n").find((line) => line.startsWith(`${backend},${server},`));
  return row?.split(",")[17] ?? "absent";
}

/** Waits until HAProxy has every process of both backends in rotation (its checks passed). */
export async function untilAllUp(metrics: string, timeoutMs = 180_000) {
  const servers = [
    ["portal", "portal-a"],
    ["portal", "portal-b"],
    ["api", "api-a"],
    ["api", "api-b"],
  ] as const;
  const limit = Date.now() + timeoutMs;
  for (const [backend, server] of servers) {
    while ((await balancerState(metrics, backend, server).catch(() => "absent")) !== "UP") {
      if (Date.now() > limit) throw new Error(`HAProxy never had ${backend}/${server} up`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}
