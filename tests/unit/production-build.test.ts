import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { builtinModules } from "node:module";
import os from "node:os";
import path from "node:path";
import { build, type BuildOptions } from "esbuild";
import { describe, expect, it } from "vitest";
import { buildOptions, entries } from "../../scripts/build-server.mjs";

/**
 * Decision 045: production runs dist/ with `npm ci --omit=dev`, so the compiled programs may import
 * only node's own modules and the packages under `dependencies` (never tsx, vitest, esbuild…).
 */
describe("compiled programs (dist/)", () => {
  it("import only production dependencies and node's modules", async () => {
    const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { dependencies: Record<string, string> };
    const result = await build({ ...(buildOptions as BuildOptions), write: false, metafile: true, logLevel: "silent" });
    const imported = new Set<string>();
    for (const output of Object.values(result.metafile!.outputs)) for (const i of output.imports) if (i.external) imported.add(i.path);
    const packageOf = (specifier: string) =>
      specifier.startsWith("@") ? specifier.split("/").slice(0, 2).join("/") : specifier.split("/")[0];
    const builtins = new Set(builtinModules);
    const outside = [...imported].filter((s) => !s.startsWith("node:") && !builtins.has(s) && !(packageOf(s) in pkg.dependencies));
    expect(outside).toEqual([]);
    expect(Object.keys(entries)).toEqual(expect.arrayContaining(["api", "portal-server", "start"]));
    expect(imported.has("tsx")).toBe(false);

    // The API loads the AWS SDK only when it uses S3: no static import leads to it from dist/api.js.
    const outputs = result.metafile!.outputs;
    const key = (file: string) => Object.keys(outputs).find((k) => k.endsWith(file))!;
    const staticImports = new Set<string>();
    const walk = (output: string) => {
      for (const i of outputs[output]!.imports) {
        if (i.kind !== "import-statement" || staticImports.has(i.path)) continue;
        staticImports.add(i.path);
        if (!i.external) walk(key(i.path.replace(/^.*dist\//, "")));
      }
    };
    walk(key("dist/api.js"));
    expect([...staticImports].filter((p) => p.startsWith("@aws-sdk/"))).toEqual([]);
    expect([...imported].some((p) => p.startsWith("@aws-sdk/"))).toBe(true);
    // The renditions pool finds render-worker.mjs beside its own file: it must be in dist/, not dist/chunks/.
    const pool = Object.keys(outputs).filter((k) => Object.keys(outputs[k]!.inputs).some((i) => i.endsWith("renditions/pool.ts")));
    expect(pool.length).toBeGreaterThan(0);
    expect(pool.filter((k) => k.includes("/chunks/"))).toEqual([]);
  }, 60_000);
});

describe("compiled programs on an unsupported Node.js (issue 37)", () => {
  it("every one refuses at once with the supported lines: the seed, the operator's database commands, the API, the portal", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "av-node-line-"));
    try {
      // Built as `npm run build` builds them, beside the project's packages.
      symlinkSync(path.resolve("node_modules"), path.join(dir, "node_modules"));
      await build({ ...(buildOptions as BuildOptions), outdir: path.join(dir, "dist"), sourcemap: false, logLevel: "silent" });
      const olderNode = 'data:text/javascript,Object.defineProperty(process.versions,"node",{value:"20.19.0"})';
      const run = (file: string, ...args: string[]) =>
        new Promise<{ code: number | null; err: string }>((resolve) => {
          const child = spawn(process.execPath, ["--import", olderNode, path.join(dir, "dist", file), ...args], {
            env: { ...process.env, DATA_DIR: path.join(dir, "data-never-opened") },
          });
          let err = "";
          child.stderr.on("data", (c: Buffer) => (err += String(c)));
          child.once("exit", (code) => resolve({ code, err }));
        });
      for (const [file, ...args] of [
        ["seed.js"],
        ["operator.js", "operators:list"],
        ["operator.js", "operators:create", "--name", "Ana"],
        ["operator.js", "backup:create", "--to", path.join(dir, "backup")],
        ["api.js"],
        ["portal-server.js"],
        ["start.js"],
      ] as [string, ...string[]][]) {
        const { code, err } = await run(file, ...args);
        expect(code, `${file} ${args.join(" ")}`).toBe(1);
        expect(err).toContain(`${file}: Node.js 20.19.0 is not supported: Atención Virtual runs on Node.js 22 (22.12 or later) and 24.`);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
