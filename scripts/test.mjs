import { spawnSync } from "node:child_process";
import { findChromium } from "./chromium.mjs";

/**
 * `npm test`: the whole suite, in the order that fails fastest —
 * types, unit + API + portal tests (vitest), then the production build, its JavaScript budgets, and the
 * end-to-end tests in the system Chromium (JavaScript on and off, 360 and 1280 px, axe-core).
 */
const steps = [
  ["typecheck", ["node_modules/typescript/bin/tsc", "--noEmit"]],
  ["vitest", ["node_modules/vitest/vitest.mjs", "run"]],
  ["build", ["node_modules/@remix-run/dev/dist/cli.js", "build"]],
  ["budgets", ["--import", "tsx", "scripts/budgets.ts"]],
  ["e2e", ["node_modules/@playwright/test/cli.js", "test"]],
];

process.env.CHROMIUM_PATH = findChromium();

for (const [name, args] of steps) {
  console.log(`\n▶ ${name}`);
  const result = spawnSync(process.execPath, args, { stdio: "inherit", env: process.env });
  if (result.status !== 0) {
    console.error(`\n✖ ${name} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status ?? 1);
  }
}
console.log("\n✔ all test steps passed");
