import { spawnSync } from "node:child_process";
import { findChromium } from "./chromium.mjs";
import { requireSupportedNode } from "./node-line.mjs";

/**
 * `npm run test:e2e:spec-backend`: builds the portal once, then runs the browser suite against the
 * spec backend (playwright.spec-backend.config.ts) once per shape variant, in turn — each run starts
 * its own stack on the same ports. The first variant runs with JavaScript and without it; the others
 * with JavaScript only (decision 025: a shape is read on the server either way, and the JavaScript
 * project also runs the client's own reads), unless SPEC_BACKEND_EVERY_PROJECT=1.
 * SPEC_BACKEND_VARIANTS=plain,numeric picks some; `--no-build` uses the portal built before (as a
 * step of `npm test` after the main suite would); other arguments go to Playwright (e.g. --grep).
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
const everyProject = process.env.SPEC_BACKEND_EVERY_PROJECT === "1";
for (const [index, variant] of variants.entries()) {
  const projects = index === 0 || everyProject ? [] : ["--project", `${variant}-js`];
  console.log(`\n— spec backend, variant ${variant}${projects.length ? ", with JavaScript" : ""} —`);
  const started = Date.now();
  const run = spawnSync(
    process.execPath,
    ["node_modules/@playwright/test/cli.js", "test", "--config", "playwright.spec-backend.config.ts", ...projects, ...args],
    { stdio: "inherit", env: { ...process.env, SPEC_BACKEND_VARIANT: variant } },
  );
  console.log(`— variant ${variant}: ${run.status === 0 ? "passed" : "failed"} in ${Math.round((Date.now() - started) / 1000)} s —`);
  if (run.status !== 0) failed.push(variant);
}
if (failed.length) {
  console.error(`spec backend variants that failed: ${failed.join(", ")}`);
  process.exit(1);
}
