#!/usr/bin/env node
/**
 * `npm audit --audit-level=high` for CI. Fails on any high or critical advisory. The one recorded
 * exception (docs/security.md, «Cadena de suministro»): when the registry cannot answer the advisories
 * call at all (these machines' registry answers 405 to it), the step says so loudly and passes;
 * the lockfile and the install-script checks of tests/unit/supply-chain.test.ts still hold.
 */
import { spawnSync } from "node:child_process";

const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const run = spawnSync(npm, ["audit", "--audit-level=high", "--json"], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
let report;
try {
  report = JSON.parse(run.stdout || "{}");
} catch {
  report = null;
}

if (report && typeof report.statusCode === "number" && !report.metadata) {
  console.warn(
    `npm audit: the registry did not answer the advisories call (${report.statusCode} ${report.message ?? ""}).\n` +
      "Recorded exception (docs/security.md, «Cadena de suministro»): audit again where the advisories endpoint is reachable.",
  );
  process.exit(0);
}
if (!report || !report.metadata) {
  console.error("npm audit: unexpected answer\n", run.stdout, run.stderr);
  process.exit(1);
}
const counts = report.metadata.vulnerabilities ?? {};
const high = (counts.high ?? 0) + (counts.critical ?? 0);
console.log(`npm audit: ${JSON.stringify(counts)}`);
if (high > 0) {
  for (const [name, v] of Object.entries(report.vulnerabilities ?? {})) {
    if (v.severity === "high" || v.severity === "critical") console.error(`  ${v.severity}: ${name} (${v.range})`);
  }
  process.exit(1);
}
