/**
 * The mail outbox worker of an API process (decision 028): started when the app is ready,
 * stopped when it closes (after the requests in flight: the claimed rest of a batch is released).
 * `app.mailOutbox` runs it on demand (tests, the operator's `mail:flush`).
 */
import type { FastifyInstance } from "fastify";
import type { Logger } from "pino";
import type { Config } from "../config.js";
import type { Db } from "../db/index.js";
import { mailerFromConfig, type Mailer } from "./index.js";
import { createOutboxWorker, type OutboxEvents, type OutboxSettings, type OutboxWorker } from "./outbox.js";

declare module "fastify" {
  interface FastifyInstance {
    mailOutbox: OutboxWorker;
  }
}

export function outboxSettings(config: Config): OutboxSettings {
  return {
    maxAttempts: config.MAIL_MAX_ATTEMPTS,
    baseDelayMs: config.MAIL_RETRY_BASE_MS,
    maxDelayMs: config.MAIL_RETRY_MAX_MS,
    leaseMs: config.MAIL_LEASE_MS,
    pollMs: config.MAIL_POLL_MS,
    batch: 20,
    keepSentMs: config.MAIL_KEEP_SENT_DAYS * 86_400_000,
  };
}

export function installMailOutbox(
  app: FastifyInstance,
  options: { db: Db; config: Config; mailer?: Mailer; start: boolean; events?: OutboxEvents },
) {
  const worker = createOutboxWorker(options.db, options.mailer ?? mailerFromConfig(options.config), {
    settings: outboxSettings(options.config),
    logger: app.log as Logger,
    events: options.events,
  });
  app.decorate("mailOutbox", worker);
  if (options.start) app.addHook("onReady", async () => worker.start());
  app.addHook("onClose", async () => worker.stop());
}
