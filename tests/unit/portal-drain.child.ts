/**
 * The portal server of tests/unit/portal-drain.test.ts: a build with one slow route (`/slow`
 * answers after SLOW_MS), drained on SIGTERM as `npm start` drains it. Prints its port.
 */
import type { AddressInfo } from "node:net";
import { createPortalApp, drainOnSignal } from "../../portal/server";
import { fakeBuild } from "./portal-build";

const slowMs = Number(process.env.SLOW_MS);
const build = fakeBuild({ slow: () => new Promise<Response>((resolve) => setTimeout(() => resolve(new Response("hecho")), slowMs)) });
const server = createPortalApp({ build, onAccess: () => {} }).listen(0, "127.0.0.1", () => {
  process.stdout.write(`${(server.address() as AddressInfo).port}\n`);
});
drainOnSignal(server, Number(process.env.SHUTDOWN_TIMEOUT_MS));
