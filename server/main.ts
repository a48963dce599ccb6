/**
 * API entry point (`tsx server/main.ts`): parse the environment (refuse to start on a
 * bad value), migrate, seed when asked or when the database is new (outside production),
 * start the API and, unless an external issuer is configured, the development identity
 * provider on its own port. SIGTERM / SIGINT close both gracefully (decision 018): first
 * `/health/ready` answers 503 for SHUTDOWN_NOT_READY_MS while requests are still served, then no new
 * connections, requests in flight (uploads included) finish, the mail outbox releases what it
 * claimed, then the database closes; past SHUTDOWN_TIMEOUT_MS the process exits anyway.
 */
import pino from "pino";
import { requireSupportedNode } from "../common/node-line.js";
import { installFaultHandlers } from "../common/process-faults.js";
import { buildApp } from "./app.js";
import { startOidcServer, type OidcServer } from "./auth/oidc/server.js";
import { ConfigError, loadConfig, type Config } from "./config.js";
import { openMigratedDatabase } from "./db/migrate.js";
import { isEmpty, seed, seedReferenceData } from "./seed/index.js";
import { loggerOptions } from "./logger.js";
import { blobStoreFromConfig } from "./storage/index.js";
import { startSweepJob } from "./jobs/sweeper.js";
import { reminderIntervalFromEnv, startReminderJob } from "./domain/deadlines/service.js";
import { startAccessDigestJob } from "./domain/accesses/digest.js";
import { loadPdfJs } from "./domain/files/pdf-pages.js";

// Before anything opens SQLite: on an older Node the driver dies with no word (issue 28).
requireSupportedNode("api");
installFaultHandlers("api");

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) for (const line of error.lines()) console.error(line);
  else console.error(error);
  process.exit(1);
}

const logger = pino(loggerOptions(config.LOG_LEVEL));

async function start() {
  const { db, dialect, location, pool, applied } = await openMigratedDatabase(config, {
    onPoolError: (error) => logger.warn({ err: error }, "idle database connection lost"),
  });
  logger.info({ dialect, location }, "database");
  if (applied.length) logger.info({ migrations: applied }, "migrations applied");

  const seedOptions = {
    issuer: config.OIDC_ISSUER,
    tenant: config.TENANT,
    store: await blobStoreFromConfig(config, db),
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

  // Decision 008: the PDF engine is part of the process from its start, not of the first upload.
  await loadPdfJs();
  const health = { draining: false };
  const app = await buildApp({ config, db, logger, pool, store: seedOptions.store, health });
  await app.listen({ port: config.API_PORT, host: config.API_HOST });

  // Decision 028: e-mail reminders three days before each due date, queued in the outbox (REMINDERS_INTERVAL_MS, 0 = off).
  const stopReminders = startReminderJob(db, logger, reminderIntervalFromEnv());
  // Decision 071: at most one e-mail a day telling a citizen that someone accessed their data (ACCESS_DIGEST_INTERVAL_MS, 0 = off).
  const stopDigests = startAccessDigestJob(db, { portalUrl: config.PORTAL_URL, intervalMs: config.ACCESS_DIGEST_INTERVAL_MS, logger });
  // Decision 057: blobs no row names, unfinished uploads and discarded files go after a grace period.
  const stopSweeper = startSweepJob(
    { db, store: seedOptions.store },
    { intervalMs: config.SWEEP_INTERVAL_MS, graceMs: config.SWEEP_GRACE_MINUTES * 60_000, logger },
  );

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    // Decision 018: first not ready (the balancer stops sending) while still serving, then the drain.
    health.draining = true;
    logger.info({ signal, notReadyMs: config.notReadyMs }, "not ready, shutting down");
    if (config.notReadyMs > 0) await new Promise((resolve) => setTimeout(resolve, config.notReadyMs));
    logger.info("draining");
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
