import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { browserUse, stackPorts, stackServer } from "./tests/e2e/browser-use";

/**
 * End-to-end tests against the real stack (built portal + API + development identity
 * provider, on a fresh SQLite database), in Debian's Chromium — never a downloaded browser.
 * Every spec runs twice: with JavaScript and without it (but for the few tagged @js-only / @no-js-only).
 */
const ports = stackPorts();
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), "av-e2e-"));
process.env.E2E_DATA_DIR = dataDir; // workers re-read the config: keep one directory

/** E2E_SCALEOUT=1 (`npm run test:scaleout`): the same suite through scripts/scaleout.ts — 2 API + 2 portal processes behind HAProxy (deploy/haproxy/haproxy.cfg) on the same ports, one PostgreSQL database. */
const scaleout = process.env.E2E_SCALEOUT === "1";

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: browserUse(`http://localhost:${ports.portal}`),
  projects: [
    // Tests tagged @js-only check enhancements; @no-js-only ones post what a script would prevent.
    { name: "js", use: { javaScriptEnabled: true }, grepInvert: /@no-js-only/ },
    { name: "no-js", use: { javaScriptEnabled: false }, grepInvert: /@js-only/ },
  ],
  webServer: stackServer({
    command: scaleout ? "node --import tsx scripts/scaleout.ts" : "node --import tsx scripts/start.ts --no-build",
    ports,
    dataDir,
    timeout: scaleout ? 240_000 : 120_000,
  }),
});
