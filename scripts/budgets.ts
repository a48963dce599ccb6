import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

/**
 * JavaScript budgets of the production build (decision 034), deterministic, part of `npm test`:
 * - the targets: shared (entry + root) at most 90 KB gzip, each route at most 15 KB gzip of its own
 *   (what it adds beyond the shared code);
 * - the ceilings in scripts/budget-ceilings.json, enforced: a route listed there (one still over its
 *   target) may not grow beyond its figure of the day it was set plus a tenth of a KB; every other route must meet the 15 KB target;
 *   the shared code may not pass its ceiling. Lower a ceiling when a route shrinks; never raise one
 *   without saying why in docs/performance.md;
 * - pdf.js reaches no route's static imports (it is loaded lazily by the record preview only).
 * Prints a table; `--json` prints the figures as JSON instead.
 */
const SHARED_BUDGET = 90 * 1024;
const ROUTE_BUDGET = 15 * 1024;
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const buildDir = path.join(root, "public/build");

type Manifest = {
  entry: { module: string; imports?: string[] };
  routes: Record<string, { id: string; parentId?: string; path?: string; module: string; imports?: string[] }>;
};

export function readManifest(): Manifest {
  const file = readdirSync(buildDir).find((f) => /^manifest-[A-Za-z0-9]+\.js$/.test(f));
  if (!file) throw new Error("No build manifest: run `npm run build` first.");
  const text = readFileSync(path.join(buildDir, file), "utf8");
  return JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1)) as Manifest;
}

const fileCache = new Map<string, Buffer>();
const read = (url: string) => {
  if (!fileCache.has(url)) fileCache.set(url, readFileSync(path.join(root, "public", url)));
  return fileCache.get(url)!;
};
const gz = (urls: Iterable<string>) => [...new Set(urls)].reduce((sum, url) => sum + gzipSync(read(url)).length, 0);
const PDFJS = /GlobalWorkerOptions|pdfjs-dist|getDocument\(\{?\s*data/;

export function measure() {
  const manifest = readManifest();
  const shared = new Set([manifest.entry.module, ...(manifest.entry.imports ?? [])]);
  const rootRoute = manifest.routes.root!;
  for (const url of [rootRoute.module, ...(rootRoute.imports ?? [])]) shared.add(url);
  const sharedBytes = gz(shared);
  const routes = Object.values(manifest.routes)
    .filter((r) => r.id !== "root")
    .map((r) => {
      const own = [r.module, ...(r.imports ?? [])].filter((u) => !shared.has(u));
      const pdfjs = [r.module, ...(r.imports ?? [])].some((u) => PDFJS.test(read(u).toString("utf8")));
      return { id: r.id, ownBytes: gz(own), pdfjs };
    })
    .sort((a, b) => b.ownBytes - a.ownBytes);
  return { sharedBytes, routes };
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname);
if (isMain) {
  const { sharedBytes, routes } = measure();
  if (process.argv.includes("--json")) {
    console.log(JSON.stringify({ sharedBytes, routes }, null, 2));
  } else {
    const ceilings = JSON.parse(readFileSync(path.join(root, "scripts/budget-ceilings.json"), "utf8")) as {
      sharedKB: number;
      routesKB: Record<string, number>;
    };
    const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
    const failures: string[] = [];
    const overTarget: string[] = [];
    console.log(
      `JavaScript per route (gzip). Shared (entry + root): ${kb(sharedBytes)} (target ${kb(SHARED_BUDGET)}, ceiling ${ceilings.sharedKB.toFixed(1)} KB)`,
    );
    if (sharedBytes > SHARED_BUDGET) overTarget.push(`shared ${kb(sharedBytes)} > ${kb(SHARED_BUDGET)}`);
    if (sharedBytes > ceilings.sharedKB * 1024) failures.push(`shared ${kb(sharedBytes)} > its ceiling ${ceilings.sharedKB.toFixed(1)} KB`);
    for (const r of routes) {
      const ceiling = ceilings.routesKB[r.id];
      console.log(
        `  ${r.id.padEnd(44)} ${kb(r.ownBytes).padStart(9)}${ceiling ? `  (ceiling ${ceiling.toFixed(1)} KB)` : ""}${r.pdfjs ? "  (pdf.js in static imports!)" : ""}`,
      );
      if (r.ownBytes > ROUTE_BUDGET) overTarget.push(`${r.id} ${kb(r.ownBytes)} > ${kb(ROUTE_BUDGET)}`);
      if (ceiling !== undefined ? r.ownBytes > ceiling * 1024 : r.ownBytes > ROUTE_BUDGET)
        failures.push(
          `${r.id} ${kb(r.ownBytes)} > ${ceiling !== undefined ? `its ceiling ${ceiling.toFixed(1)} KB` : `the ${kb(ROUTE_BUDGET)} budget`}`,
        );
      if (r.pdfjs) failures.push(`${r.id} loads pdf.js statically`);
    }
    for (const id of Object.keys(ceilings.routesKB)) {
      if (!routes.some((r) => r.id === id)) failures.push(`scripts/budget-ceilings.json names ${id}, which is not a route any more`);
    }
    if (overTarget.length) console.log(`Over the targets (a gap, held by the ceilings):\n  ${overTarget.join("\n  ")}`);
    if (failures.length) {
      console.error(`Budget failures:\n  ${failures.join("\n  ")}`);
      process.exit(1);
    }
    console.log(overTarget.length ? "Within the ceilings; pdf.js stays out of every route's static imports." : "Budgets met.");
  }
}
