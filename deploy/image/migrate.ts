/**
 * The image's one-shot `migrate` job (deploy/Containerfile; `podman run … atencion-virtual migrate`):
 * brings the database (DATABASE_URL, or DATA_DIR/portal.sqlite) to this release's schema and inserts
 * the reference data an API process needs (module configuration, tabs, settings, communication
 * types; only what is missing), then exits: 0 done, 1 with the reason. It is what every API process
 * does first at start (server/main.ts), run once before the processes of a new release start; it
 * seeds no demo data (the `seed` job does). Compiled into dist/migrate.js by deploy/image/build-jobs.mjs.
 */
import { requireSupportedNode } from "../../common/node-line.js";
import { ConfigError, loadConfig } from "../../server/config.js";
import { openMigratedDatabase } from "../../server/db/migrate.js";
import { seedReferenceData } from "../../server/seed/index.js";

requireSupportedNode("migrate");

try {
  const config = loadConfig();
  const { db, location, applied } = await openMigratedDatabase(config);
  try {
    await seedReferenceData(db, { issuer: config.OIDC_ISSUER, tenant: config.TENANT });
    console.log(
      JSON.stringify({ time: new Date().toISOString(), service: "migrate", msg: "database ready", location, migrationsApplied: applied }),
    );
  } finally {
    await db.destroy();
  }
} catch (error) {
  if (error instanceof ConfigError) for (const line of error.lines()) console.error(line);
  else console.error(error);
  process.exitCode = 1;
}
