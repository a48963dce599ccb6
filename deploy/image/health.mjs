// The image's HEALTHCHECK (deploy/Containerfile): asks the readiness endpoint of the role this container
// runs, found among its processes (`api`: GET /health/ready on API_PORT; `portal` and `demo`: the
// portal's GET /health/ready on PORT, which asks the API in turn). Exit 0 ready, 1 not. A one-shot job
// (migrate, seed, operator) has nothing to ask: 0.
import { readdirSync, readFileSync } from "node:fs";

const commands = readdirSync("/proc")
  .filter((d) => /^\d+$/.test(d) && d !== String(process.pid))
  .map((d) => {
    try {
      return readFileSync(`/proc/${d}/cmdline`, "utf8").split("\0").join(" ");
    } catch {
      return "";
    }
  });
const runs = (program) => commands.some((c) => c.includes(program));
const local = (host) => (!host || host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host);

let url;
if (runs("dist/portal-server.js") || runs("dist/start.js"))
  url = `http://${local(process.env.HOST)}:${process.env.PORT || 3000}/health/ready`;
else if (runs("dist/api.js")) url = `http://${local(process.env.API_HOST)}:${process.env.API_PORT || 4000}/health/ready`;
if (!url) process.exit(0);
try {
  const response = await fetch(url, { signal: AbortSignal.timeout(4500) });
  const body = await response.text();
  console.log(`${url}: ${response.status} ${body.slice(0, 200)}`);
  process.exit(response.ok ? 0 : 1);
} catch (error) {
  console.log(`${url}: ${error.cause?.code ?? error.name}`);
  process.exit(1);
}
