import type { FastifyPluginAsync } from "fastify";
import { ping } from "../../db/index.js";
import { pendingMigrations } from "../../db/migrate.js";
import type { RouteDeps } from "../types.js";

/**
 * Whether the process takes traffic. `draining` is set on SIGTERM (decision 018): the balancer sees
 * the process as not ready for SHUTDOWN_NOT_READY_MS while it still answers, then it drains.
 */
export type HealthState = { draining: boolean };

/** A check that does not answer within this is a failed check (a balancer probes every second or two). */
const CHECK_TIMEOUT_MS = 2_000;

export function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("timed out")), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * `/health/live`: the process is up. `/health/ready`: it can serve most of the portal — not
 * draining, the database answers and has every migration of this release. A failed check is named
 * in the answer (`draining`, `database`, `migrations`), never with its error text. The blob store is
 * not a condition (issue 38): without it only file features fail (503 `STORE_UNAVAILABLE`), so the
 * process stays in rotation and says `degraded: ["store"]`; the mail relay is never asked here (the
 * outbox keeps the mail). Each dependency has its own alert (`dependency_up`, deploy/prometheus).
 */
export const healthRoutes: FastifyPluginAsync<RouteDeps & { health?: HealthState }> = async (app, { db, store, health }) => {
  app.get("/health/live", async () => ({ status: "ok" }));
  app.get("/health/ready", async (request, reply) => {
    const unavailable = (failed: string) => reply.code(503).header("cache-control", "no-store").send({ status: "unavailable", failed });
    if (health?.draining) return unavailable("draining");
    const [database, blobs] = await Promise.allSettled([
      within(pendingMigrations(db), CHECK_TIMEOUT_MS),
      within(store.ready(), CHECK_TIMEOUT_MS),
    ]);
    // No migration table at all (an empty schema) is "migrations" when the database itself answers.
    if (database.status === "rejected") return unavailable((await ping(db)) ? "migrations" : "database");
    if (database.value.length) return unavailable("migrations");
    if (blobs.status === "rejected") {
      request.log.warn({ err: { name: (blobs.reason as Error)?.name } }, "blob store not answering: file features answer 503");
      return reply.header("cache-control", "no-store").send({ status: "ok", degraded: ["store"] });
    }
    return reply.header("cache-control", "no-store").send({ status: "ok" });
  });
};
