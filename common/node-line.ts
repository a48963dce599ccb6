/**
 * The Node.js lines the programs run on (package.json `engines`, decision 001): started on an older
 * one, the API dies in the SQLite driver (better-sqlite3 needs 22) with no word. Each program — the
 * API, the portal's server and `npm start`'s launcher — asks this first and refuses with the reason.
 * Server code only.
 */
export const MIN_NODE = { major: 22, minor: 12 } as const;
export const SUPPORTED_LINES = "22 (22.12 or later) and 24";

/** The refusal for `version` (`process.versions.node`), or null when it is supported. */
export function unsupportedNode(version: string = process.versions.node): string | null {
  const [major = 0, minor = 0] = version.split(".").map(Number);
  if (major > MIN_NODE.major || (major === MIN_NODE.major && minor >= MIN_NODE.minor)) return null;
  return `Node.js ${version} is not supported: Atención Virtual runs on Node.js ${SUPPORTED_LINES}. Install one of those (npm ci links the pinned Node 24 on Linux x64) and start it again.`;
}

/** Refuses to go on (exit 1, the reason on stderr) on an unsupported Node.js. */
export function requireSupportedNode(program: string) {
  const refusal = unsupportedNode();
  if (!refusal) return;
  process.stderr.write(`${program}: ${refusal}\n`);
  process.exit(1);
}
