/**
 * Compiles the image's own programs into dist/ beside `npm run build`'s (deploy/Containerfile runs it
 * after the build): dist/migrate.js, the one-shot `migrate` job (deploy/image/migrate.ts). Same
 * esbuild options as scripts/build-server.mjs, as one file (no chunks shared with the other programs).
 */
import { build } from "esbuild";
import { buildOptions } from "../../scripts/build-server.mjs";

await build({ ...buildOptions, entryPoints: { migrate: "deploy/image/migrate.ts" }, splitting: false });
console.log("dist/: migrate.js");
