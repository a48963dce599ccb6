import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

/**
 * JavaScript budgets of the production build (issue 8), deterministic, part of `npm test`:
 * - shared (entry + root) at most 90 KB gzip;
 * - each route at most 15 KB gzip of its own (what it adds beyond the shared code);
 * - pdf.js reaches no route's static imports (it is loaded lazily by the record preview only).
 * Prints a table. pdf.js in a route's static imports always fails; the size budgets fail only with
 * `--enforce-sizes` until the routes fit them (the gap is reported on every run: see docs/performance.md).
 * `--json` prints the figures as JSON instead.
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
    const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
    const failures: string[] = [];
    const overSize: string[] = [];
    console.log(`JavaScript per route (gzip). Shared (entry + root): ${kb(sharedBytes)} of ${kb(SHARED_BUDGET)}`);
    if (sharedBytes > SHARED_BUDGET) overSize.push(`shared ${kb(sharedBytes)} > ${kb(SHARED_BUDGET)}`);
    for (const r of routes) {
      console.log(`  ${r.id.padEnd(44)} ${kb(r.ownBytes).padStart(9)}${r.pdfjs ? "  (pdf.js in static imports!)" : ""}`);
      if (r.ownBytes > ROUTE_BUDGET) overSize.push(`${r.id} ${kb(r.ownBytes)} > ${kb(ROUTE_BUDGET)}`);
      if (r.pdfjs) failures.push(`${r.id} loads pdf.js statically`);
    }
    if (overSize.length) {
      console.log(`Over the size budgets (${process.argv.includes("--enforce-sizes") ? "enforced" : "reported"}):\n  ${overSize.join("\n  ")}`);
      if (process.argv.includes("--enforce-sizes")) failures.push(...overSize);
    }
    if (failures.length) {
      console.error(`Budget failures:\n  ${failures.join("\n  ")}`);
      process.exit(1);
    }
    console.log(overSize.length ? "pdf.js stays out of every route's static imports." : "Budgets met.");
  }
}
