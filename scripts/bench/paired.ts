/**
 * `npx tsx scripts/bench/paired.ts --other DIR`: this checkout's portal against another checkout's
 * (DIR, built with `npm run build` and with the bench's bare Remix app built, as `npm run bench`
 * leaves it), both running at once on the bench's seeded data (bench/data/<db>, `npm run bench`
 * first, any scale). Each round sends `--requests` views of each page (and of each checkout's bare
 * Remix app, decision 020) at 10 connections to one checkout and then the other, in a random order,
 * and reads each portal's and API's CPU time (/proc/<pid>/stat) around them. A shared, noisy machine
 * slows both sides of a pair alike, so the medians over rounds of the CPU per view and of the
 * throughput compare the two builds where one run after the other could not. Prints per page: CPU
 * per view of each portal and API, views/s of each, and the throughput as a ratio to its own bare
 * Remix app.
 * A view is what a browser sends for it (issue 39): the document and every request the page's own
 * JavaScript makes while it settles (the `/__manifest` of lazy route discovery), recorded once per
 * checkout at start by opening each page in the system Chromium, then replayed on every view.
 * The framework's floor: where the checkout has `scripts/bench/bare-routes/build` (made by
 * `npx tsx scripts/bench/bare-routes.ts`), a bare Remix app with its route table, whose `/digital`
 * view sends what the portal's `/digital` view sends (the same manifest paths, its own version).
 * Options: --db sqlite|postgres (postgres: DATABASE_URL), --rounds N (default 7), --requests N
 * (default 200: views per page and round), --document-only (no recorded requests: as before issue 39),
 * --other-data DIR and --other-database-url URL: the other checkout's own seeded data (its
 * bench/data/<db>, and for PostgreSQL the database its `npm run bench` seeded), for a checkout whose
 * migrations differ from this one's (the patched build of e096ef1); by default both use this one's.
 * Ports: this checkout 3320/4320/4321/3323/3324, the other 3420/4420/4421/3423/3424.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { chromium } from "playwright-core";
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
    "document-only": { type: "boolean", default: false },
    "other-data": { type: "string" },
    "other-database-url": { type: "string" },
  },
});
if (!args.other) throw new Error("--other DIR: the checkout to compare with");
const dialect = args.db as "sqlite" | "postgres";
const dataDir = path.join(root, "bench", "data", dialect);
const seededIn = (dir: string) => JSON.parse(fs.readFileSync(path.join(dir, "seeded.json"), "utf8")) as SeedResult;
const rounds = Number(args.rounds);
const requests = Number(args.requests);

/** CPU time of a process so far (user + system), in ms. */
const cpuMs = (pid: number) => {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10; // clock ticks of 10 ms
};

type App = { url: string; pid: number; stop: () => void };
type Side = {
  name: string;
  stack: Stack;
  bare: App;
  /** the bare Remix app with the checkout's route table, where the checkout makes one */
  floor: App | null;
  cookie: string;
  /** the pages, with this side's own record for the manager */
  pages: Page[];
  /** per page path: what its view sends after the document (paths with their query) */
  extras: Map<string, string[]>;
};

/** A built Remix app of the bench under the checkout's own portal server. */
async function startApp(dir: string, appDir: string, port: number): Promise<App> {
  const child = spawn(process.execPath, [path.join(dir, "dist/portal-server.js"), "build/index.js"], {
    cwd: appDir,
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "localhost" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://localhost:${port}`;
  await waitFor(`${url}/`, child);
  return { url, pid: child.pid!, stop: () => child.kill("SIGTERM") };
}

/** One checkout: its stack (through its own scripts/stack.ts, so its own node_modules) and its bare Remix app. */
async function startSide(name: string, dir: string, base: number, data: { dir: string; databaseUrl?: string }): Promise<Side> {
  const { startStack } = (await import(path.join(dir, "scripts/stack.ts"))) as { startStack: (o: StackOptions) => Promise<Stack> };
  const stack = await startStack({
    dataDir: data.dir,
    portalPort: base,
    apiPort: base + 1000,
    oidcPort: base + 1001,
    quiet: true,
    compiled: true,
    env: {
      BENCH_BASELINE: "1",
      DATABASE_URL: dialect === "postgres" ? (data.databaseUrl ?? process.env.DATABASE_URL!) : "",
      LOG_LEVEL: "warn",
    },
  });
  const bare = await startApp(dir, path.join(dir, "scripts/bench/bare-remix"), base + 3);
  const floorDir = path.join(dir, "scripts/bench/bare-routes");
  const floor = fs.existsSync(path.join(floorDir, "build/index.js")) ? await startApp(dir, floorDir, base + 4) : null;
  const cookie = await portalSession(stack.portalUrl, HEAVY.cuil, HEAVY_PASSWORD);
  return { name, stack, bare, floor, cookie, pages: pagesFor(seededIn(data.dir)), extras: new Map() };
}

/**
 * What each page's view sends after its document, as the system Chromium sends it: the requests
 * the page's own JavaScript makes (fetch, XHR) until the network is idle. The build's files and the
 * public ones are left out: immutable or kept an hour, a browser has them from its cache.
 */
async function recordExtras(side: Side) {
  if (args["document-only"]) return;
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
  try {
    const context = await browser.newContext();
    await context.addCookies(
      side.cookie.split("; ").map((pair) => {
        const eq = pair.indexOf("=");
        return { name: pair.slice(0, eq), value: pair.slice(eq + 1), url: side.stack.portalUrl };
      }),
    );
    for (const page of side.pages.filter((p) => p.app === "portal")) {
      const tab = await context.newPage();
      const sent: string[] = [];
      tab.on("request", (r) => {
        const url = new URL(r.url());
        if (url.origin === side.stack.portalUrl && (r.resourceType() === "fetch" || r.resourceType() === "xhr"))
          sent.push(url.pathname + url.search);
      });
      // Discovery starts once React has hydrated the page, which a loaded machine can put off for
      // seconds: with lazy discovery on, the first fetch is waited for (a page with links sends one).
      const first = tab.waitForRequest((r) => r.resourceType() === "fetch", { timeout: 20_000 }).catch(() => null);
      await tab.goto(side.stack.portalUrl + page.path);
      const discovers = await tab.evaluate(
        () =>
          (window as { __remixContext?: { future?: { v3_lazyRouteDiscovery?: boolean } } }).__remixContext?.future
            ?.v3_lazyRouteDiscovery === true,
      );
      const links = await tab.locator("a[data-discover], form[data-discover]").count();
      if (discovers && links > 0 && !(await first)) throw new Error(`${side.name} ${page.path}: no request after the document within 20 s`);
      await tab.waitForTimeout(300);
      await tab.waitForLoadState("networkidle");
      await tab.close();
      // The same manifest asked twice is a race of discovery's own (a second batch of links found
      // while the first answer is on its way): one view asks each once.
      side.extras.set(page.path, [...new Set(sent)]);
    }
  } finally {
    await browser.close();
  }
  // The floor's /digital sends what the portal's /digital sends, asked with the floor's own build version.
  if (side.floor) {
    const html = await (await fetch(`${side.floor.url}/digital`)).text();
    const version = /"version":\s*"([^"]+)"/.exec(html)?.[1] ?? "";
    side.extras.set(
      "floor /digital",
      (side.extras.get("/digital") ?? []).map((u) => u.replace(/([?&]version=)[^&]*/, `$1${version}`)),
    );
  }
  for (const [page, sent] of side.extras)
    process.stderr.write(`${side.name} ${page}: ${sent.length ? sent.join(" ") : "no request"} after the document\n`);
}

type Page = { name: string; path: string; signedIn: boolean; app: "portal" | "bare" | "floor" };
const pagesFor = (seeded: SeedResult): Page[] => [
  { name: "bare Remix app", path: "/", signedIn: false, app: "bare" },
  { name: "framework floor", path: "/digital", signedIn: false, app: "floor" },
  { name: "our bare page", path: "/bench-baseline", signedIn: false, app: "portal" },
  { name: "/accesibilidad", path: "/accesibilidad", signedIn: true, app: "portal" },
  { name: "/digital", path: "/digital", signedIn: true, app: "portal" },
  { name: "/procedures", path: "/procedures", signedIn: true, app: "portal" },
  { name: "/records", path: "/records", signedIn: true, app: "portal" },
  { name: "/records/manager", path: `/records/manager?file=${seeded.heavy.managerRecordId}`, signedIn: true, app: "portal" },
];
const pages = pagesFor(seededIn(dataDir));

const CONNECTIONS = 10;

/**
 * `amount` views of a page at 10 connections, each the document and what the page sends after it:
 * the portal's (or bare app's) and the API's CPU per view, and views per second.
 */
async function views(side: Side, pageOf: Page, amount: number) {
  const page = side.pages.find((p) => p.name === pageOf.name)!;
  const app = page.app === "portal" ? { url: side.stack.portalUrl, pid: side.stack.pids.portal } : side[page.app];
  if (!app) return null;
  const extras = side.extras.get(page.app === "floor" ? "floor /digital" : page.path) ?? [];
  const headers = pageHeaders(BROWSER_ACCEPT_ENCODING, page.signedIn ? side.cookie : undefined);
  const requests = [
    { method: "GET" as const, path: page.path, headers },
    ...extras.map((p) => ({ method: "GET" as const, path: p, headers: { ...headers, accept: "*/*" } })),
  ];
  const [before, apiBefore] = [cpuMs(app.pid), cpuMs(side.stack.pids.api)];
  const meanLatencyMs = await new Promise<number>((resolve, reject) =>
    autocannon({ url: app.url, connections: CONNECTIONS, amount: amount * requests.length, requests }, (e, r) =>
      e ? reject(e) : r.non2xx ? reject(new Error(`${side.name} ${page.name}: ${r.non2xx} non-2xx`)) : resolve(r.latency.mean),
    ),
  );
  // autocannon ends a run on its one-second tick, so the rate comes from the latency (Little's law).
  return {
    cpu: (cpuMs(app.pid) - before) / amount,
    api: page.app === "portal" ? (cpuMs(side.stack.pids.api) - apiBefore) / amount : 0,
    rps: (CONNECTIONS * 1000) / meanLatencyMs / requests.length,
  };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const here = await startSide("this", root, 3320, { dir: dataDir });
const other = await startSide("other", path.resolve(args.other), 3420, {
  dir: args["other-data"] ? path.resolve(args["other-data"]) : dataDir,
  databaseUrl: args["other-database-url"],
});
const results = new Map<string, { cpu: number[]; api: number[]; rps: number[] }>();
try {
  for (const side of [here, other]) await recordExtras(side);
  for (const side of [here, other]) for (const page of pages) await views(side, page, 50); // warm-up
  for (let round = 1; round <= rounds; round++) {
    for (const page of pages) {
      for (const side of Math.random() < 0.5 ? [here, other] : [other, here]) {
        const key = `${side.name} ${page.name}`;
        const entry = results.get(key) ?? { cpu: [], api: [], rps: [] };
        const view = await views(side, page, requests);
        if (!view) continue;
        entry.cpu.push(view.cpu);
        entry.api.push(view.api);
        entry.rps.push(view.rps);
        results.set(key, entry);
      }
    }
    // Every figure so far, in case a long run on a loaded machine has to be stopped.
    fs.writeFileSync(path.join(root, "bench", "data", "paired-rounds.json"), `${JSON.stringify(Object.fromEntries(results), null, 1)}\n`);
    process.stderr.write(`round ${round} of ${rounds} done (load average ${fs.readFileSync("/proc/loadavg", "utf8").split(" ")[0]})\n`);
  }
} finally {
  for (const side of [here, other]) {
    side.bare.stop();
    side.floor?.stop();
    await side.stack.stop();
  }
}

const of = (side: string, page: string) => {
  const entry = results.get(`${side} ${page}`);
  return entry ? { cpu: median(entry.cpu), api: median(entry.api), rps: median(entry.rps) } : null;
};
const fixed = (x: number | undefined, digits: number) => (x === undefined ? "—" : x.toFixed(digits));
console.log(
  `${dialect}, ${rounds} rounds of ${requests} views, medians; ${args["document-only"] ? "documents only" : "a view = the document and what the page sends after it"}; this = ${root}, other = ${path.resolve(args.other)}`,
);
console.log(
  "page               portal CPU ms/view this / other   API CPU ms/view this / other   views/s this / other   x bare this / other   throughput ratio this ÷ other",
);
for (const page of pages) {
  const [a, b] = [of("this", page.name), of("other", page.name)];
  const [ab, bb] = [of("this", "bare Remix app")!, of("other", "bare Remix app")!];
  const [ra, rb] = [a && a.rps / ab.rps, b && b.rps / bb.rps];
  console.log(
    `${page.name.padEnd(18)} ${fixed(a?.cpu, 2).padStart(6)} / ${fixed(b?.cpu, 2).padEnd(22)} ${fixed(a?.api, 2).padStart(6)} / ${fixed(b?.api, 2).padEnd(19)} ${fixed(a?.rps, 0).padStart(6)} / ${fixed(b?.rps, 0).padEnd(11)} ${fixed(ra ?? undefined, 3).padStart(7)} / ${fixed(rb ?? undefined, 3).padEnd(9)} ${ra && rb ? (ra / rb).toFixed(3) : "—"}`,
  );
}
