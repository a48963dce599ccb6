/**
 * `tsx server/db/seed/run.ts`: migrates and seeds the database of the current
 * environment (DATABASE_URL or DATA_DIR/portal.sqlite). Idempotent.
 */
import { ConfigError, loadConfig } from "../../config.js";
import { createDatabase } from "../index.js";
import { migrateToLatest } from "../migrate.js";
import { demoCitizens } from "./demo-citizens.js";
import { seed } from "./index.js";
import { blobStoreFromConfig } from "../../storage/index.js";

try {
  const config = loadConfig();
  const { db, location } = await createDatabase({
    databaseUrl: config.DATABASE_URL,
    schema: config.DATABASE_SCHEMA,
    dataDir: config.dataDir,
  });
  try {
    const applied = await migrateToLatest(db);
    await seed(db, {
      issuer: config.OIDC_ISSUER,
      tenant: config.TENANT,
      store: await blobStoreFromConfig(config),
    });
    console.log(`Base de datos lista en ${location} (migraciones aplicadas: ${applied.length}).`);
    console.log(`Ciudadanos de demostración (contraseña ${demoCitizens[0].password}):`);
    for (const c of demoCitizens) console.log(`  ${c.cuil}  ${c.name}: ${c.description}`);
  } finally {
    await db.destroy();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
}
