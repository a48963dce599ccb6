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
 */
const WAIT_MS = (Number(process.env.MIGRATE_WAIT_SECONDS) || 120) * 1000;
const NOT_YET = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "ECONNRESET", "57P03"]);
const notYet = (error: unknown) =>
  NOT_YET.has(String((error as { code?: unknown })?.code ?? (error as { cause?: { code?: unknown } })?.cause?.code));

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
