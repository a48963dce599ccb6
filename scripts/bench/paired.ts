/**
 * `npx tsx scripts/bench/paired.ts --other DIR`: this checkout's portal against another checkout's
 * (DIR, built with `npm run build` and with the bench's bare Remix app built, as `npm run bench`
 * leaves it), both running at once on the bench's seeded data (bench/data/<db>, `npm run bench`
 * first, any scale). Each round sends `--requests` views of each page (and of each checkout's bare
 * Remix app, decision 020) at 10 connections to one checkout and then the other, in a random order,
 * and reads each portal's CPU time (/proc/<pid>/stat) around them. A shared, noisy machine slows
 * both sides of a pair alike, so the medians over rounds of the CPU per request and of the
 * throughput compare the two builds where one run after the other could not. Prints per page: CPU
 * per request and req/s of each, and the throughput as a ratio to its own bare Remix app.
 * Options: --db sqlite|postgres (postgres: DATABASE_URL), --rounds N (default 7), --requests N
 * (default 200). Ports: this checkout 3320/4320/4321/3323, the other 3420/4420/4421/3423.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { portalSession } from "./auth.js";
import { BROWSER_ACCEPT_ENCODING, pageHeaders } from "./measure-load.js";
import { HEAVY, HEAVY_PASSWORD, type SeedResult } from "./seed.js";
import { waitFor, type Stack, type StackOptions } from "../stack.js";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");
const { values: args } = parseArgs({
  options: {
    other: { type: "string" },
    db: { type: "string", default: "sqlite" },
    rounds: { type: "string", default: "7" },
    requests: { type: "string", default: "200" },
  },
});
if (!args.other) throw new Error("--other DIR: the checkout to compare with");
const dialect = args.db as "sqlite" | "postgres";
const dataDir = path.join(root, "bench", "data", dialect);
const seeded = JSON.parse(fs.readFileSync(path.join(dataDir, "seeded.json"), "utf8")) as SeedResult;
const rounds = Number(args.rounds);
const requests = Number(args.requests);

/** CPU time of a process so far (user + system), in ms. */
const cpuMs = (pid: number) => {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10; // clock ticks of 10 ms
};

type Side = { name: string; stack: Stack; bareUrl: string; barePid: number; stopBare: () => void; cookie: string };

/** One checkout: its stack (through its own scripts/stack.ts, so its own node_modules) and its bare Remix app. */
async function startSide(name: string, dir: string, base: number): Promise<Side> {
  const { startStack } = (await import(path.join(dir, "scripts/stack.ts"))) as { startStack: (o: StackOptions) => Promise<Stack> };
  const stack = await startStack({
    dataDir,
    portalPort: base,
    apiPort: base + 1000,
    oidcPort: base + 1001,
    quiet: true,
    compiled: true,
    env: { BENCH_BASELINE: "1", DATABASE_URL: dialect === "postgres" ? process.env.DATABASE_URL! : "", LOG_LEVEL: "warn" },
  });
  const bareDir = path.join(dir, "scripts/bench/bare-remix");
  const bare = spawn(process.execPath, [path.join(dir, "dist/portal-server.js"), "build/index.js"], {
    cwd: bareDir,
    env: { ...process.env, NODE_ENV: "production", PORT: String(base + 3), HOST: "localhost" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const bareUrl = `http://localhost:${base + 3}`;
  await waitFor(`${bareUrl}/`, bare);
  const cookie = await portalSession(stack.portalUrl, HEAVY.cuil, HEAVY_PASSWORD);
  return { name, stack, bareUrl, barePid: bare.pid!, stopBare: () => bare.kill("SIGTERM"), cookie };
}

const pages = [
  { name: "bare Remix app", path: "/", signedIn: false, bare: true },
  { name: "our bare page", path: "/bench-baseline", signedIn: false, bare: false },
  { name: "/accesibilidad", path: "/accesibilidad", signedIn: true, bare: false },
  { name: "/digital", path: "/digital", signedIn: true, bare: false },
  { name: "/procedures", path: "/procedures", signedIn: true, bare: false },
  { name: "/records", path: "/records", signedIn: true, bare: false },
  { name: "/records/manager", path: `/records/manager?file=${seeded.heavy.managerRecordId}`, signedIn: true, bare: false },
];

const CONNECTIONS = 10;

/** `amount` views of a page at 10 connections: the portal's CPU per request and the req/s. */
async function views(side: Side, page: (typeof pages)[number], amount: number) {
  const url = `${page.bare ? side.bareUrl : side.stack.portalUrl}${page.path}`;
  const pid = page.bare ? side.barePid : side.stack.pids.portal;
  const before = cpuMs(pid);
  const meanLatencyMs = await new Promise<number>((resolve, reject) =>
    autocannon(
      { url, connections: CONNECTIONS, amount, headers: pageHeaders(BROWSER_ACCEPT_ENCODING, page.signedIn ? side.cookie : undefined) },
      (e, r) => (e ? reject(e) : r.non2xx ? reject(new Error(`${side.name} ${url}: ${r.non2xx} non-2xx`)) : resolve(r.latency.mean)),
    ),
  );
  // autocannon ends a run on its one-second tick, so req/s comes from the latency (Little's law).
  return { cpu: (cpuMs(pid) - before) / amount, rps: (CONNECTIONS * 1000) / meanLatencyMs };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const here = await startSide("this", root, 3320);
const other = await startSide("other", path.resolve(args.other), 3420);
const results = new Map<string, { cpu: number[]; rps: number[] }>();
try {
  for (const side of [here, other]) for (const page of pages) await views(side, page, 50); // warm-up
  for (let round = 1; round <= rounds; round++) {
    for (const page of pages) {
      for (const side of Math.random() < 0.5 ? [here, other] : [other, here]) {
        const key = `${side.name} ${page.name}`;
        const entry = results.get(key) ?? { cpu: [], rps: [] };
        const { cpu, rps } = await views(side, page, requests);
        entry.cpu.push(cpu);
        entry.rps.push(rps);
        results.set(key, entry);
      }
    }
    process.stderr.write(`round ${round} of ${rounds} done\n`);
  }
} finally {
  for (const side of [here, other]) {
    side.stopBare();
    await side.stack.stop();
  }
}

const of = (side: string, page: string) => {
  const entry = results.get(`${side} ${page}`)!;
  return { cpu: median(entry.cpu), rps: median(entry.rps) };
};
console.log(`${dialect}, ${rounds} rounds of ${requests} views, medians; this = ${root}, other = ${path.resolve(args.other)}`);
console.log("page               CPU ms this / other   req/s this / other   x bare this / other   throughput ratio this ÷ other");
for (const page of pages) {
  const [a, b] = [of("this", page.name), of("other", page.name)];
  const [ab, bb] = [of("this", "bare Remix app"), of("other", "bare Remix app")];
  const [ra, rb] = [a.rps / ab.rps, b.rps / bb.rps];
  console.log(
    `${page.name.padEnd(18)} ${a.cpu.toFixed(2).padStart(6)} / ${b.cpu.toFixed(2).padEnd(9)} ${a.rps.toFixed(0).padStart(6)} / ${b.rps.toFixed(0).padEnd(9)} ${ra.toFixed(3).padStart(7)} / ${rb.toFixed(3).padEnd(9)} ${(ra / rb).toFixed(3)}`,
  );
}
