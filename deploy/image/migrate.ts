/**
 * The image's one-shot `migrate` job (deploy/Containerfile; `podman run … atencion-virtual migrate`):
 * brings the database (DATABASE_URL, or DATA_DIR/portal.sqlite) to this release's schema and inserts
 * the reference data an API process needs (module configuration, tabs, settings, communication
 * types; only what is missing), then exits: 0 done, 1 with the reason. It is what every API process
 * does first at start (server/main.ts), run once before the processes of a new release start; it
 * seeds no demo data (the `seed` job does). Compiled into dist/migrate.js by deploy/image/build-jobs.mjs.
 */
import { requireSupportedNode } from "../../common/node-line.js";
import type { Config } from "../../server/config.js";
import { openMigratedDatabase } from "../../server/db/migrate.js";
import { seedReferenceData } from "../../server/seed/index.js";
import { databaseJob } from "../../server/seed/job.js";

requireSupportedNode("migrate");

/**
 * Issue 38: the job may start before PostgreSQL accepts connections (podman-compose 1.0.3 does not
 * wait for `service_healthy`, a unit may start beside the database's): a refused or not-yet-ready
 * connection is tried again every 2 s for MIGRATE_WAIT_SECONDS (120); any other error ends the job.
 * A server still starting may also take a connection and close it, or not answer within the pool's
 * connection timeout: node-postgres says "Connection terminated …" then, with no code (seen once in
 * three starts of deploy/image/check-production.sh, the database starting on a loaded machine).
 */
const WAIT_MS = (Number(process.env.MIGRATE_WAIT_SECONDS) || 120) * 1000;
const NOT_YET = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "ECONNRESET", "ETIMEDOUT", "EHOSTUNREACH", "57P03"]);
type Failure = { code?: unknown; message?: unknown; cause?: Failure } | undefined;
const notYet = (error: unknown): boolean => {
  for (let e = error as Failure, depth = 0; e && depth < 3; e = e.cause, depth++) {
    if (e.code !== undefined) return NOT_YET.has(String(e.code));
    if (/^Connection terminated (unexpectedly|due to connection timeout)$/.test(String(e.message))) return true;
  }
  return false;
};

async function openWhenReachable(config: Config) {
  const limit = Date.now() + WAIT_MS;
  for (;;) {
    try {
      return await openMigratedDatabase(config);
    } catch (error) {
      if (!notYet(error) || Date.now() > limit) throw error;
      console.log(JSON.stringify({ time: new Date().toISOString(), service: "migrate", msg: "database not reachable yet, waiting" }));
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    }
  }
}

await databaseJob(openWhenReachable, async ({ db, location, applied }, config) => {
  await seedReferenceData(db, { issuer: config.OIDC_ISSUER, tenant: config.TENANT });
  console.log(
    JSON.stringify({ time: new Date().toISOString(), service: "migrate", msg: "database ready", location, migrationsApplied: applied }),
  );
});
