// deploy/check.sh's look at deploy/compose.yaml and compose.production.yaml, without building or starting
// anything: each file parses (YAML, its anchors merged); each application service runs a role the image's
// entry point knows; the addresses HAProxy is given name services of the file; no service waits for the
// health of one whose readiness needs it (API_BASE_URL); every setting of compose.trial.env is one that
// .env.example lists (so the test of .env.example covers it). Prints one line; exits 1 on a problem.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";

const deploy = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const read = (file) => readFileSync(path.join(deploy, file), "utf8");
const problems = [];

const roles = new Set([...read("image/entry.sh").matchAll(/^ {2}([a-z]+)\) exec /gm)].map((m) => m[1]));
const counts = [];
for (const file of ["compose.yaml", "compose.production.yaml"]) {
  const services = parse(read(file), { merge: true, uniqueKeys: true }).services ?? {};
  const problem = (text) => problems.push(`${file}: ${text}`);
  for (const [name, service] of Object.entries(services)) {
    if (!service.image) problem(`${name}: no image`);
    if (/\/atencion-virtual:/.test(service.image ?? "") && !roles.has(service.command?.[0]))
      problem(`${name}: command ${JSON.stringify(service.command)} is not a role of deploy/image/entry.sh`);
    for (const dependency of Object.keys(service.depends_on ?? {}))
      if (!services[dependency]) problem(`${name}: depends on ${dependency}, not a service`);
  }
  for (const key of ["PORTAL_A", "PORTAL_B", "API_A", "API_B"]) {
    const host = String(services.haproxy?.environment?.[key] ?? "").split(":")[0];
    if (!services[host]) problem(`haproxy: ${key} names ${host || "nothing"}, not a service`);
  }
  // A portal is ready only once the service its API_BASE_URL names answers: a wait for a portal's health
  // by that service, directly or through others, would never end (issue 38).
  const needs = (name) => {
    const service = services[name] ?? {};
    const host = service.command?.[0] === "portal" && URL.parse(String(service.environment?.API_BASE_URL ?? ""))?.hostname;
    return [...Object.keys(service.depends_on ?? {}), ...(host && services[host] ? [host] : [])];
  };
  for (const [name, service] of Object.entries(services))
    for (const [waited, { condition } = {}] of Object.entries(service.depends_on ?? {})) {
      if (condition !== "service_healthy") continue;
      const seen = new Set(),
        queue = [waited];
      while (queue.length) {
        const next = queue.shift();
        if (next === name) problem(`${name} waits for ${waited} to be healthy, whose readiness needs ${name}: it would never start`);
        if (seen.has(next) || next === name) continue;
        seen.add(next);
        queue.push(...needs(next));
      }
    }
  counts.push(`${file} ${Object.keys(services).length}`);
}
const names = (text) => new Set([...text.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]));
const listed = names(read(".env.example"));
for (const name of names(read("compose.trial.env")))
  if (!listed.has(name)) problems.push(`compose.trial.env: ${name} is not in .env.example`);

if (problems.length) {
  for (const problem of problems) console.error(problem);
  process.exit(1);
}
console.log(`compose files: ${counts.join(" and ")} services parse, roles, addresses and start order consistent`);
