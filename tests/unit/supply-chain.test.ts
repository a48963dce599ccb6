import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Supply chain (decision 019): a lockfile pinning every package with its integrity hash, and install
 * scripts only where package.json's `allowScripts` says so, none of them fetching from outside
 * the npm registry. npm does not enforce `allowScripts`: this test does. A new dependency with an
 * install script, or a new version whose script changed, fails here until someone reviews it.
 */
const root = path.resolve(__dirname, "../..");
const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));
const lock = JSON.parse(fs.readFileSync(path.join(root, "package-lock.json"), "utf8"));
type Locked = { version?: string; integrity?: string; link?: boolean; resolved?: string; hasInstallScript?: boolean };
// Installed packages only: the root ("") and the project's own local folders (`tools/node`, a `file:` dependency) are not.
const packages = Object.entries(lock.packages as Record<string, Locked>).filter(
  ([k]) => k.startsWith("node_modules/") || k.includes("/node_modules/"),
);
const nameOf = (key: string) => key.slice(key.lastIndexOf("node_modules/") + "node_modules/".length);

/** The reviewed install scripts, by package name: what they run and why it stays inside. */
const REVIEWED: Record<string, { allowed: boolean; scripts: RegExp }> = {
  // Checks the platform binary that npm installed as an optional dependency (@esbuild/<platform>);
  // only if that is missing does it fetch the same package from registry.npmjs.org.
  esbuild: { allowed: true, scripts: /^node install\.js$/ },
  // Copies its service worker into a configured public folder; not needed (no workerDirectory).
  msw: { allowed: false, scripts: /^node -e "import\('\.\/config\/scripts\/postinstall\.js'\)\.catch\(\(\) => void 0\)"$/ },
};

describe("supply chain", () => {
  it("has a lockfile v3 where every installed package carries a sha512 integrity", () => {
    expect(lock.lockfileVersion).toBe(3);
    expect(packages.length).toBeGreaterThan(100);
    const missing = packages.filter(([, v]) => !v.link && !/^sha512-/.test(v.integrity ?? "")).map(([k]) => k);
    expect(missing).toEqual([]);
  });

  it("pins the direct dependencies the lockfile resolved", () => {
    for (const [name, range] of [...Object.entries(pkg.dependencies), ...Object.entries(pkg.devDependencies)] as [string, string][]) {
      const entry = lock.packages[`node_modules/${name}`];
      // A `file:` dependency is one of the project's folders, linked; what it installs is pinned like the rest.
      if (range.startsWith("file:")) expect(entry, name).toEqual({ resolved: range.slice("file:".length), link: true });
      else expect(entry?.version, name).toMatch(/^\d+\.\d+\.\d+/);
    }
  });

  it("lists every package with an install script in allowScripts, and only reviewed ones", () => {
    const withScripts = [...new Set(packages.filter(([, v]) => v.hasInstallScript).map(([k]) => nameOf(k)))].sort();
    expect(withScripts).toEqual(Object.keys(pkg.allowScripts).sort());
    for (const name of withScripts) {
      expect(REVIEWED[name], `${name} has an install script nobody reviewed`).toBeDefined();
      expect(pkg.allowScripts[name]).toBe(REVIEWED[name]!.allowed);
    }
  });

  it("the installed install scripts are the reviewed ones", () => {
    for (const [key, v] of packages) {
      if (!v.hasInstallScript) continue;
      const manifest = path.join(root, key, "package.json");
      if (!fs.existsSync(manifest)) continue; // optional / not installed on this platform
      const scripts = JSON.parse(fs.readFileSync(manifest, "utf8")).scripts ?? {};
      const lifecycle = ["preinstall", "install", "postinstall"].map((s) => scripts[s]).filter(Boolean);
      expect(lifecycle.length, key).toBe(1);
      expect(lifecycle[0], key).toMatch(REVIEWED[nameOf(key)]!.scripts);
    }
  });

  it("takes better-sqlite3's binary from its own npm package: no install script, nothing compiled or downloaded", () => {
    // better-sqlite3 13 ships Node-API binaries for each platform inside the package (decision 001).
    const locked = lock.packages["node_modules/better-sqlite3"];
    expect(locked.version).toMatch(/^13\./);
    expect(locked.hasInstallScript).toBeUndefined();
    expect(fs.existsSync(path.join(root, "node_modules/better-sqlite3/prebuilds", `${process.platform}-${process.arch}.node`))).toBe(true);
  });
});
