import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// The portal's `~/` and both sides' `@common/` (tsconfig.json's paths; decision 063).
const alias = {
  "~": fileURLToPath(new URL("./app", import.meta.url)),
  "@common": fileURLToPath(new URL("./common", import.meta.url)),
};

export default defineConfig({
  resolve: { alias },
  esbuild: { jsx: "automatic" },
  test: {
    projects: [
      {
        resolve: { alias },
        esbuild: { jsx: "automatic" },
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.{ts,tsx}"],
          environment: "node",
          // The property tests run a few thousand cases: seconds on a machine shared by many jobs.
          testTimeout: 20_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "api",
          include: ["tests/api/**/*.test.ts"],
          // `*.pg.test.ts` test PostgreSQL itself (the database going away, a partition): they are part
          // of the run on PostgreSQL (TEST_DATABASE_URL, CI's second pass), not of the SQLite one.
          exclude: process.env.TEST_DATABASE_URL ? [] : ["tests/api/**/*.pg.test.ts"],
          environment: "node",
          fileParallelism: false,
          testTimeout: 20_000,
          // A stack's start migrates a fresh database (on PostgreSQL, a schema of its own): at a load
          // average of 10 on two cores that took over 30 s in three suites of CI's PostgreSQL pass.
          hookTimeout: 120_000,
        },
      },
      {
        resolve: { alias },
        esbuild: { jsx: "automatic" },
        test: {
          name: "portal",
          include: ["tests/portal/**/*.test.{ts,tsx}"],
          environment: "node",
          setupFiles: ["tests/portal/setup.ts"],
          fileParallelism: false,
          // As the other projects: a loader and an action through msw take seconds on a shared machine (issue 40).
          testTimeout: 20_000,
        },
      },
    ],
  },
});
