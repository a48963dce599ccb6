import { spawnSync } from "node:child_process";
import { findChromium } from "./chromium.mjs";
import { requireSupportedNode } from "./node-line.mjs";

/**
 * `npm run test:e2e:spec-backend`: builds the portal once, then runs the browser suite against the
 * spec backend (playwright.spec-backend.config.ts) once per shape variant, in turn — each run starts
 * its own stack on the same ports. SPEC_BACKEND_VARIANTS=plain,numeric picks some; `--no-build` uses
 * the portal built before (as a step of `npm test` after the main suite would); other arguments go
 * to Playwright (e.g. --grep).
 */
requireSupportedNode();
process.env.CHROMIUM_PATH = findChromium();
const variants = (process.env.SPEC_BACKEND_VARIANTS ?? "plain,numeric,wrapped").split(",").filter(Boolean);
const args = process.argv.slice(2).filter((arg) => arg !== "--no-build");
if (!process.argv.includes("--no-build")) {
  const build = spawnSync(process.execPath, ["node_modules/@remix-run/dev/dist/cli.js", "build"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const failed = [];
for (const variant of variants) {
  console.log(`\n— spec backend, variant ${variant} —`);
  const started = Date.now();
  const run = spawnSync(
    process.execPath,
    ["node_modules/@playwright/test/cli.js", "test", "--config", "playwright.spec-backend.config.ts", ...args],
    { stdio: "inherit", env: { ...process.env, SPEC_BACKEND_VARIANT: variant } },
  );
  console.log(`— variant ${variant}: ${run.status === 0 ? "passed" : "failed"} in ${Math.round((Date.now() - started) / 1000)} s —`);
  if (run.status !== 0) failed.push(variant);
}
if (failed.length) {
  console.error(`spec backend variants that failed: ${failed.join(", ")}`);
  process.exit(1);
}
