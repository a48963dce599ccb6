/**
 * `npm run bench:profile`: where a request's time goes. Starts the stack on the bench's seeded data
 * (`npm run bench` first, at any scale: bench/data/<db>) with `node --cpu-prof` in the API and the
 * portal, signs the heavy citizen in, and for each page sends `--requests` requests (4 connections),
 * reading each process's CPU time (/proc/<pid>/stat) before and after: CPU ms per request, a figure
 * a busy machine disturbs far less than req/s. Then stops the stack (the profiles are written on
 * exit) and prints the top frames by self time and the self time per package, for each process.
 * Options: --db sqlite|postgres (postgres: DATABASE_URL), --requests N (default 300), --runtime
 * compiled|tsx, --top N (default 25), --pages a,b (only these of the pages below, by name: baseline,
 * /accesibilidad, /digital…), --accept-encoding (default a current Chromium's, as `npm run bench`).
 * Profiles stay in bench/data/profiles/ (open them in Chrome's DevTools or speedscope for a flame
 * graph).
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { startStack } from "../stack.js";
import { portalSession } from "./auth.js";
import { BROWSER_ACCEPT_ENCODING, pageHeaders } from "./measure-load.js";
import { HEAVY, HEAVY_PASSWORD, type SeedResult } from "./seed.js";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");
const { values: args } = parseArgs({
  options: {
    db: { type: "string", default: "sqlite" },
    requests: { type: "string", default: "300" },
    runtime: { type: "string", default: "compiled" },
    top: { type: "string", default: "25" },
    pages: { type: "string" },
    "accept-encoding": { type: "string", default: BROWSER_ACCEPT_ENCODING },
  },
});
const dialect = args.db as "sqlite" | "postgres";
const dataDir = path.join(root, "bench", "data", dialect);
const seeded = JSON.parse(fs.readFileSync(path.join(dataDir, "seeded.json"), "utf8")) as SeedResult;
const requests = Number(args.requests);
const acceptEncoding = args["accept-encoding"];
const profileDir = path.join(root, "bench", "data", "profiles", `${dialect}-${new Date().toISOString().replace(/[:.]/g, "-")}`);
fs.mkdirSync(profileDir, { recursive: true });

const ports = {
  portal: Number(process.env.BENCH_PORTAL_PORT ?? 3220),
  api: Number(process.env.BENCH_API_PORT ?? 4220),
  oidc: Number(process.env.BENCH_OIDC_PORT ?? 4221),
};
const stack = await startStack({
  dataDir,
  portalPort: ports.portal,
  apiPort: ports.api,
  oidcPort: ports.oidc,
  quiet: true,
  compiled: args.runtime === "compiled",
  env: {
    BENCH_BASELINE: "1",
    DATABASE_URL: dialect === "postgres" ? process.env.DATABASE_URL! : "",
    LOG_LEVEL: "warn",
  },
  nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${profileDir}`],
});
const pages = [
  { name: "baseline", path: "/bench-baseline", signedIn: false },
  { name: "/accesibilidad", path: "/accesibilidad", signedIn: true },
  { name: "/digital", path: "/digital", signedIn: true },
  { name: "/procedures", path: "/procedures", signedIn: true },
  { name: "/records", path: "/records", signedIn: true },
  { name: "/records/manager", path: `/records/manager?file=${seeded.heavy.managerRecordId}`, signedIn: true },
].filter((p) => !args.pages || args.pages.split(",").includes(p.name));
/** CPU time of a process so far (user + system), in ms. */
const cpuMs = (pid: number) => {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10; // clock ticks of 10 ms
};
const perRequest: { page: string; portalCpuMs: number; apiCpuMs: number; wallMs: number }[] = [];
try {
  const cookie = await portalSession(stack.portalUrl, HEAVY.cuil, HEAVY_PASSWORD);
  for (const p of pages) {
    const run = (amount: number) =>
      new Promise<void>((resolve, reject) =>
        autocannon(
          {
            url: `${stack.portalUrl}${p.path}`,
            connections: 4,
            amount,
            // as the bench's SSR load asks (`--accept-encoding`, a current Chromium's by default)
            headers: pageHeaders(acceptEncoding, p.signedIn ? cookie : undefined),
          },
          (e, r) => (e ? reject(e) : r.non2xx ? reject(new Error(`${p.path}: ${r.non2xx} non-2xx`)) : resolve()),
        ),
      );
    await run(Math.min(50, requests));
    const before = { portal: cpuMs(stack.pids.portal), api: cpuMs(stack.pids.api), at: performance.now() };
    await run(requests);
    const row = {
      page: p.name,
      portalCpuMs: (cpuMs(stack.pids.portal) - before.portal) / requests,
      apiCpuMs: (cpuMs(stack.pids.api) - before.api) / requests,
      wallMs: (performance.now() - before.at) / requests,
    };
    perRequest.push(row);
    console.log(`${p.name.padEnd(18)} CPU per request: portal ${row.portalCpuMs.toFixed(2)} ms, API ${row.apiCpuMs.toFixed(2)} ms`);
  }
} finally {
  await stack.stop();
}
fs.writeFileSync(path.join(profileDir, "cpu-per-request.json"), `${JSON.stringify(perRequest, null, 2)}\n`);

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };
const top = Number(args.top);
for (const file of fs.readdirSync(profileDir).filter((f) => f.endsWith(".cpuprofile"))) {
  const profile = JSON.parse(fs.readFileSync(path.join(profileDir, file), "utf8")) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const frames = new Map<string, number>();
  const packages = new Map<string, number>();
  for (const [id, ms] of self) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const where = url.replace(/^file:\/\//, "").replace(root + "/", "");
    const key = `${functionName || "(anonymous)"} ${where ? `${where}:${lineNumber + 1}` : ""}`.trim();
    frames.set(key, (frames.get(key) ?? 0) + ms);
    const pkg =
      /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(where)?.[1] ?? (where.startsWith("node:") ? "node" : where ? "ours" : functionName);
    packages.set(pkg, (packages.get(pkg) ?? 0) + ms);
  }
  const pct = (ms: number) => `${((ms / total) * 100).toFixed(1).padStart(5)} %`;
  console.log(`\n${file} (${(total / 1000).toFixed(1)} s sampled)\n  by package:`);
  for (const [k, v] of [...packages].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`  ${pct(v)}  ${k}`);
  console.log("  top frames (self time):");
  for (const [k, v] of [...frames].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${pct(v)}  ${k}`);
}
console.log(`\nprofiles: ${path.relative(process.cwd(), profileDir)}`);
