/**
 * API entry point (`tsx server/main.ts`): parse the environment (refuse to start on a
 * bad value), migrate, seed when asked or when the database is new (outside production),
 * start the API and, unless an external issuer is configured, the development identity
 * provider on its own port. SIGTERM / SIGINT close both gracefully (decision 062): no new
 * connections, requests in flight (uploads included) finish, the mail outbox releases what it
 * claimed, then the database closes; past SHUTDOWN_TIMEOUT_MS the process exits anyway.
 */
import pino from "pino";
import { buildApp } from "./app.js";
import { startOidcServer, type OidcServer } from "./auth/oidc/server.js";
import { ConfigError, loadConfig, type Config } from "./config.js";
import { createDatabase } from "./db/index.js";
import { migrateToLatest } from "./db/migrate.js";
import { isEmpty, seed, seedReferenceData } from "./db/seed/index.js";
import { loggerOptions } from "./logger.js";
import { blobStoreFromConfig } from "./storage/index.js";
import { startSweepJob } from "./jobs/sweeper.js";
import { reminderIntervalFromEnv, startReminderJob } from "./domain/deadlines/service.js";
import { startAccessDigestJob } from "./domain/accesses/digest.js";
import { loadPdfJs } from "./domain/files/pdf-pages.js";

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}

const logger = pino(loggerOptions(config.LOG_LEVEL));

async function start() {
  const { db, dialect, location, pool } = await createDatabase({
    databaseUrl: config.DATABASE_URL,
    schema: config.DATABASE_SCHEMA,
    dataDir: config.dataDir,
    onPoolError: (error) => logger.warn({ err: error }, "idle database connection lost"),
  });
  logger.info({ dialect, location }, "database");

  const applied = await migrateToLatest(db);
  if (applied.length) logger.info({ migrations: applied }, "migrations applied");

  const seedOptions = {
    issuer: config.OIDC_ISSUER,
    tenant: config.TENANT,
    store: await blobStoreFromConfig(config),
  };
  if (config.SEED === true || (config.SEED !== false && !config.isProduction && (await isEmpty(db)))) {
    await seed(db, seedOptions);
    logger.info("demo data seeded");
  } else {
    // Module configuration is reference data the API cannot answer without.
    await seedReferenceData(db, seedOptions);
  }

  let idp: OidcServer | undefined;
  if (config.devProvider) {
    idp = await startOidcServer({ config, db, logger });
    logger.info({ address: idp.address, issuer: config.OIDC_ISSUER }, "development identity provider listening");
  }

  // Decision 087: the PDF engine is part of the process from its start, not of the first upload.
  await loadPdfJs();
  const app = await buildApp({ config, db, logger, pool, store: seedOptions.store });
  await app.listen({ port: config.API_PORT, host: config.API_HOST });

  // Decision 028: e-mail reminders three days before each due date, queued in the outbox (REMINDERS_INTERVAL_MS, 0 = off).
  const stopReminders = startReminderJob(db, logger, reminderIntervalFromEnv());
  // Decision 074: at most one e-mail a day telling a citizen that someone accessed their data (ACCESS_DIGEST_INTERVAL_MS, 0 = off).
  const stopDigests = startAccessDigestJob(db, { portalUrl: config.PORTAL_URL, intervalMs: config.ACCESS_DIGEST_INTERVAL_MS, logger });
  // Decision 058: blobs no row names, unfinished uploads and discarded files go after a grace period.
  const stopSweeper = startSweepJob(
    { db, store: seedOptions.store },
    { intervalMs: config.SWEEP_INTERVAL_MS, graceMs: config.SWEEP_GRACE_MINUTES * 60_000, logger },
  );

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, "shutting down");
    const timer = setTimeout(() => {
      logger.error("shutdown timed out");
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    try {
      stopReminders();
      stopDigests();
      stopSweeper();
      await app.close();
      await idp?.close();
      await db.destroy();
      logger.info("stopped");
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, "shutdown failed");
      process.exit(1);
    }
  };
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  process.once("SIGINT", () => void shutdown("SIGINT"));
}

start().catch((error) => {
  logger.fatal({ err: error }, "start-up failed");
  process.exit(1);
});
