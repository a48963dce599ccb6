import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { browserUse, stackPorts, stackServer } from "./tests/e2e/browser-use";

/**
 * The end-to-end suite against the spec backend (tests/spec-backend/: a second backend written from
 * the portal specification alone): the built portal with API_BASE_URL pointing at it, our identity
 * provider for the sign-in. One variant per run (SPEC_BACKEND_VARIANT = plain | numeric | wrapped);
 * `npm run test:e2e:spec-backend` runs every variant in turn (scripts/e2e-spec-backend.mjs).
 * Every spec runs with JavaScript and without it, like the main suite.
 */
const ports = stackPorts();
const SPEC_PORT = Number(process.env.E2E_SPEC_BACKEND_PORT ?? 4102);
const variant = process.env.SPEC_BACKEND_VARIANT ?? "plain";
const dataDir = process.env.E2E_SPEC_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), "av-e2e-spec-"));
process.env.E2E_SPEC_DATA_DIR = dataDir; // workers re-read the config: keep one directory
process.env.E2E_SPEC_BACKEND_PORT = String(SPEC_PORT);

export default defineConfig({
  testDir: "tests/e2e-spec-backend",
  outputDir: "test-results/spec-backend",
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 120_000, // generous: the suite runs where the machine may be loaded; assertions still wait on conditions
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: browserUse(`http://localhost:${ports.portal}`),
  // The screen-level changes (mutations.spec.ts, @mutations) run with the first variant only.
  projects: [
    { name: `${variant}-js`, use: { javaScriptEnabled: true }, grepInvert: variant === "plain" ? /@no-js-only/ : /@no-js-only|@mutations/ },
    { name: `${variant}-no-js`, use: { javaScriptEnabled: false }, grepInvert: variant === "plain" ? /@js-only/ : /@js-only|@mutations/ },
  ],
  webServer: stackServer({
    command: "node --import tsx tests/spec-backend/stack.ts",
    ports,
    dataDir,
    timeout: 180_000,
    env: {
      SPEC_BACKEND_PORT: String(SPEC_PORT),
      SPEC_BACKEND_VARIANT: variant,
      SPEC_BACKEND_LOG: process.env.SPEC_BACKEND_LOG ?? "",
    },
  }),
});
