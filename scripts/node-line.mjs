import { readFileSync } from "node:fs";

/**
 * Stops a test run on a Node.js older than package.json's `engines` (decision 001), saying what
 * to do, instead of letting the SQLite driver crash half-way through (better-sqlite3 13 needs 22).
 */
export function requireSupportedNode() {
  const { engines } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
  const [, wantMajor, wantMinor] = /^>=(\d+)\.(\d+)$/.exec(engines.node).map(Number);
  const [major, minor] = process.versions.node.split(".").map(Number);
  if (major > wantMajor || (major === wantMajor && minor >= wantMinor)) return;
  console.error(
    `✖ Node.js ${process.version} is not supported (package.json engines: ${engines.node}).\n` +
      "  On Linux x64, `npm ci` installs the pinned Node 24 (tools/node) and npm scripts run on it;\n" +
      "  elsewhere, install Node.js 24 (.nvmrc) or 22.",
  );
  process.exit(1);
}
