import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

/**
 * Finds the system Chromium (Debian's `chromium` package) for the browser tests,
 * installing it with apt-get when it is missing and we may. Never downloads a browser build.
 */
export function findChromium({ install = true } = {}) {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].filter(Boolean);
  const found = candidates.find((p) => existsSync(p));
  if (found) return found;
  if (!install) return null;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (!isRoot || !existsSync("/usr/bin/apt-get")) {
    throw new Error("Chromium is missing: install Debian's `chromium` package or set CHROMIUM_PATH.");
  }
  console.log("Installing Debian's chromium package for the browser tests…");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
  execFileSync("apt-get", ["install", "-y", "-qq", "--no-install-recommends", "chromium", "fonts-dejavu-core"], { stdio: "inherit", env });
  if (!existsSync("/usr/bin/chromium")) throw new Error("apt-get did not install /usr/bin/chromium");
  return "/usr/bin/chromium";
}
