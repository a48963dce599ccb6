/**
 * Compiles the server side to plain JavaScript in `dist/` (decision 045): the API, the portal's
 * production server, `npm start`'s launcher, the operator CLI and the seed, each one bundled file
 * of our own code (npm packages stay imports from node_modules), for Node 20 and later. Production
 * runs these with `node`; tsx is for development and tests only.
 * `npm run build` runs it after `remix build`.
 */
import { copyFileSync, mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outdir = path.join(root, "dist");

export const entries = {
  api: "server/main.ts",
  "portal-server": "portal/server.ts",
  start: "scripts/start.ts",
  operator: "server/operator/cli.ts",
  seed: "server/seed/run.ts",
};

/** @type {import("esbuild").BuildOptions} esbuild's options for the programs (the test of the production install reads them too). */
export const buildOptions = {
  absWorkingDir: root,
  entryPoints: entries,
  outdir,
  bundle: true,
  packages: "external",
  platform: "node",
  format: "esm",
  // Code shared by the programs goes to dist/chunks/, and a dynamic import (the S3 store and its
  // AWS SDK) stays a chunk of its own, loaded only when used.
  splitting: true,
  chunkNames: "chunks/[name]-[hash]",
  target: "node20",
  sourcemap: true,
  alias: { "~": "./app" },
  logLevel: "warning",
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  rmSync(outdir, { recursive: true, force: true });
  await build(buildOptions);
  // The renditions worker is plain ESM loaded by path next to the code that starts it (decision 009).
  mkdirSync(outdir, { recursive: true });
  copyFileSync(path.join(root, "server/domain/renditions/render-worker.mjs"), path.join(outdir, "render-worker.mjs"));
  console.log(
    `dist/: ${Object.keys(entries)
      .map((n) => `${n}.js`)
      .join(", ")}`,
  );
}
