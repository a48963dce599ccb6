/**
 * The portal server of tests/unit/portal-drain.test.ts: a build with one slow route (`/slow`
 * answers once the test writes a line to this process's stdin, so no timing decides what the test
 * sees), drained on SIGTERM as `npm start` drains it, not ready for SHUTDOWN_NOT_READY_MS first (its
 * readiness asks API_BASE_URL). Idle keep-alive connections would hold it for a minute: only the
 * drain's closing of them lets it exit before SHUTDOWN_TIMEOUT_MS. Prints its port, then `slow` when
 * a request of `/slow` has arrived.
 */
import type { AddressInfo } from "node:net";
import { createPortalApp, drainOnSignal, notReadyMsFromEnv } from "../../portal/server";
import type { PortalHealth } from "../../portal/readiness";
import { fakeBuild } from "./portal-build";

const build = fakeBuild({
  slow: () => {
    process.stdout.write("slow\n"); // the test waits for this line: the request is in flight
    return new Promise<Response>((resolve) => process.stdin.once("data", () => resolve(new Response("hecho"))));
  },
});
const health: PortalHealth = { draining: false };
const apiBaseUrl = process.env.API_BASE_URL ?? "http://127.0.0.1:9";
const server = createPortalApp({ build, onAccess: () => {}, readiness: { health, apiBaseUrl } }).listen(0, "127.0.0.1", () => {
  process.stdout.write(`${(server.address() as AddressInfo).port}\n`);
});
server.keepAliveTimeout = 60_000;
drainOnSignal(server, Number(process.env.SHUTDOWN_TIMEOUT_MS), { health, notReadyMs: notReadyMsFromEnv() });
