/**
 * Compiles the server side to plain JavaScript in `dist/` (decision 045): the API, the portal's
 * production server, `npm start`'s launcher, the operator CLI and the seed, each one bundled file
 * of our own code (npm packages stay imports from node_modules), for Node 22 and 24. Production
 * runs these with `node`; tsx is for development and tests only.
 * `npm run build` runs it after `remix build`.
 */
import { copyFileSync, mkdirSync, readFileSync, rmSync } from "node:fs";
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

/**
 * The first statement of every compiled file (issue 37): on a Node.js older than package.json's
 * `engines` each program — the API, the portal, the launcher, the seed and every operator command
 * (`operators:*`, `backup:*`) — stops with the supported lines and exit 1, before any of its code
 * runs; the seed and the database commands otherwise died in the SQLite driver with no word. In every
 * file, shared chunks included, so it runs before the first of our modules is evaluated.
 */
export function nodeLineCheck() {
  const { engines } = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
  const [, major, minor] = /^>=(\d+)\.(\d+)$/.exec(engines.node).map(Number);
  const refusal = `Node.js \${process.versions.node} is not supported: Atención Virtual runs on Node.js ${major} (${major}.${minor} or later) and 24. Install one of those (npm ci links the pinned Node 24 on Linux x64) and start it again.`;
  return (
    `{const [M=0,m=0]=process.versions.node.split(".").map(Number);` +
    `if(M<${major}||(M===${major}&&m<${minor})){process.stderr.write(\`\${(process.argv[1]||"node").split("/").pop()}: ${refusal}\\n\`);process.exit(1);}}`
  );
}

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
  target: "node22",
  banner: { js: nodeLineCheck() },
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
