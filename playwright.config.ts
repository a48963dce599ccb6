import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { browserUse } from "./tests/e2e/browser-use";

/**
 * End-to-end tests against the real stack (built portal + API + development identity
 * provider, on a fresh SQLite database), in Debian's Chromium — never a downloaded browser.
 * Every spec runs twice: with JavaScript and without it (but for the few tagged @js-only / @no-js-only).
 */
const PORTAL_PORT = Number(process.env.E2E_PORTAL_PORT ?? 3100);
const API_PORT = Number(process.env.E2E_API_PORT ?? 4100);
const OIDC_PORT = Number(process.env.E2E_OIDC_PORT ?? 4101);
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
  use: browserUse(`http://localhost:${PORTAL_PORT}`),
  projects: [
    // Tests tagged @js-only check enhancements; @no-js-only ones post what a script would prevent.
    { name: "js", use: { javaScriptEnabled: true }, grepInvert: /@no-js-only/ },
    { name: "no-js", use: { javaScriptEnabled: false }, grepInvert: /@js-only/ },
  ],
  webServer: {
    command: scaleout ? "node --import tsx scripts/scaleout.ts" : "node --import tsx scripts/start.ts --no-build",
    url: `http://localhost:${PORTAL_PORT}/health`,
    reuseExistingServer: false,
    timeout: scaleout ? 240_000 : 120_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      DATA_DIR: dataDir,
      PORT: String(PORTAL_PORT),
      API_PORT: String(API_PORT),
      OIDC_PORT: String(OIDC_PORT),
      SEED: "1",
      NODE_ENV: "test",
    },
  },
});
