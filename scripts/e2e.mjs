import { spawnSync } from "node:child_process";
import { findChromium } from "./chromium.mjs";
import { requireSupportedNode } from "./node-line.mjs";

/** `npm run test:e2e`: builds the portal and runs only the browser tests. */
requireSupportedNode();
process.env.CHROMIUM_PATH = findChromium();
for (const args of [
  ["node_modules/@remix-run/dev/dist/cli.js", "build"],
  ["node_modules/@playwright/test/cli.js", "test", ...process.argv.slice(2)],
]) {
  const result = spawnSync(process.execPath, args, { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
