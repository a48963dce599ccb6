import { spawnSync } from "node:child_process";
import { findChromium } from "./chromium.mjs";
import { requireSupportedNode } from "./node-line.mjs";

/**
 * `npm test`: the whole suite, in the order that fails fastest —
 * types, lint (ESLint with the import boundaries, and Prettier in check mode; decision 025), unit + API + portal tests (vitest), then the production build, its JavaScript budgets, and the
 * end-to-end tests in the system Chromium (JavaScript on and off, 360 and 1280 px, axe-core).
 * Every step runs on this same Node.js: under npm, the pinned Node 24 (tools/node, decision 001).
 */
const steps = [
  ["typecheck", ["node_modules/typescript/bin/tsc", "--noEmit"]],
  ["eslint", ["node_modules/eslint/bin/eslint.js", "--max-warnings=0", "."]],
  ["prettier", ["node_modules/prettier/bin/prettier.cjs", "--check", "--log-level=warn", "."]],
  ["vitest", ["node_modules/vitest/vitest.mjs", "run"]],
  ["build", ["node_modules/@remix-run/dev/dist/cli.js", "build"]],
  ["budgets", ["--import", "tsx", "scripts/budgets.ts"]],
  ["e2e", ["node_modules/@playwright/test/cli.js", "test"]],
];

requireSupportedNode();
console.log(`Node.js ${process.version}`);
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
