// deploy/check.sh's look at deploy/compose.yaml, without building or starting anything: the file parses
// (YAML, its anchors merged); each application service runs a role the image's entry point knows; the
// addresses HAProxy is given name services of the file; every setting of compose.trial.env is one that
// .env.example lists (so the test of .env.example covers it). Prints one line; exits 1 on a problem.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";

const deploy = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const read = (file) => readFileSync(path.join(deploy, file), "utf8");
const problems = [];

const compose = parse(read("compose.yaml"), { merge: true, uniqueKeys: true });
const services = compose.services ?? {};
const roles = new Set([...read("image/entry.sh").matchAll(/^ {2}([a-z]+)\) exec /gm)].map((m) => m[1]));
for (const [name, service] of Object.entries(services)) {
  if (!service.image) problems.push(`${name}: no image`);
  if (/\/atencion-virtual:/.test(service.image ?? "") && !roles.has(service.command?.[0]))
    problems.push(`${name}: command ${JSON.stringify(service.command)} is not a role of deploy/image/entry.sh`);
  for (const dependency of Object.keys(service.depends_on ?? {}))
    if (!services[dependency]) problems.push(`${name}: depends on ${dependency}, not a service`);
}
for (const key of ["PORTAL_A", "PORTAL_B", "API_A", "API_B"]) {
  const host = String(services.haproxy?.environment?.[key] ?? "").split(":")[0];
  if (!services[host]) problems.push(`haproxy: ${key} names ${host || "nothing"}, not a service`);
}
const names = (text) => new Set([...text.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]));
const listed = names(read(".env.example"));
for (const name of names(read("compose.trial.env")))
  if (!listed.has(name)) problems.push(`compose.trial.env: ${name} is not in .env.example`);

if (problems.length) {
  for (const problem of problems) console.error(`compose.yaml: ${problem}`);
  process.exit(1);
}
console.log(`compose.yaml: ${Object.keys(services).length} services parse, roles and addresses consistent`);
