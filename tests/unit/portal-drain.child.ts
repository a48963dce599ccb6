/**
 * The portal server of tests/unit/portal-drain.test.ts: a build with one slow route (`/slow`
 * answers after SLOW_MS), drained on SIGTERM as `npm start` drains it, not ready for
 * SHUTDOWN_NOT_READY_MS first (its readiness asks API_BASE_URL). Prints its port, then `slow` when
 * a request of `/slow` has arrived.
 */
import type { AddressInfo } from "node:net";
import { createPortalApp, drainOnSignal, notReadyMsFromEnv } from "../../portal/server";
import type { PortalHealth } from "../../portal/readiness";
import { fakeBuild } from "./portal-build";

const slowMs = Number(process.env.SLOW_MS);
const build = fakeBuild({
  slow: () => {
    process.stdout.write("slow\n"); // the test waits for this line: the request is in flight
    return new Promise<Response>((resolve) => setTimeout(() => resolve(new Response("hecho")), slowMs));
  },
});
const health: PortalHealth = { draining: false };
const apiBaseUrl = process.env.API_BASE_URL ?? "http://127.0.0.1:9";
const server = createPortalApp({ build, onAccess: () => {}, readiness: { health, apiBaseUrl } }).listen(0, "127.0.0.1", () => {
  process.stdout.write(`${(server.address() as AddressInfo).port}\n`);
});
drainOnSignal(server, Number(process.env.SHUTDOWN_TIMEOUT_MS), { health, notReadyMs: notReadyMsFromEnv() });
