/**
 * `tsx server/seed/run.ts`: migrates and seeds the database of the current
 * environment (DATABASE_URL or DATA_DIR/portal.sqlite). Idempotent.
 */
import { openMigratedDatabase } from "../db/migrate.js";
import { demoCitizens } from "../auth/oidc/demo-citizens.js";
import { seed } from "./index.js";
import { databaseJob } from "./job.js";
import { blobStoreFromConfig } from "../storage/index.js";

await databaseJob(openMigratedDatabase, async ({ db, location, applied }, config) => {
  await seed(db, {
    issuer: config.OIDC_ISSUER,
    tenant: config.TENANT,
    store: await blobStoreFromConfig(config, db),
  });
  console.log(`Base de datos lista en ${location} (migraciones aplicadas: ${applied.length}).`);
  console.log(`Ciudadanos de demostración (contraseña ${demoCitizens[0].password}):`);
  for (const c of demoCitizens) console.log(`  ${c.cuil}  ${c.name}: ${c.description}`);
});
