import { randomUUID } from "node:crypto";
import Fastify, { LogController, type FastifyInstance, type FastifyPluginAsync, type FastifyServerOptions } from "fastify";
import type { JWTVerifyGetKey } from "jose";
import type { Logger } from "pino";
import { createBearerAuth } from "./auth/bearer.js";
import type { Config } from "./config.js";
import type { Db } from "./db/index.js";
import { keepReferenceData } from "./domain/config/reference.js";
import { SignInRequired, toApiError } from "./errors.js";
import { configRoutes } from "./http/config/routes.js";
import { ddRoutes } from "./http/dd/routes.js";
import { fsRoutes } from "./http/fs/routes.js";
import { instancesDispatchRoutes } from "./http/instances/dispatch.js";
import { recordsRoutes } from "./http/records/routes.js";
import { proceduresRoutes } from "./http/procedures/routes.js";
import { chatRoutes } from "./http/chat/routes.js";
import { renditionsRoutes } from "./http/renditions/routes.js";
import { archiveRoutes } from "./http/archive/routes.js";
import { receiptsRoutes } from "./http/receipts/routes.js";
import { accessesRoutes } from "./http/accesses/routes.js";
import { exportRoutes } from "./http/export/routes.js";
import { healthRoutes, type HealthState } from "./http/health/routes.js";
import { threadRoutes } from "./http/thread/routes.js";
import { securityRoutes } from "./http/security/routes.js";
import { uploadLeaseRoutes } from "./http/security/upload-limit.js";
import type { RouteDeps } from "./http/types.js";
import { refuseNulCharacters } from "./http/validation.js";
import { blobStoreFromConfig, type BlobStore } from "./storage/index.js";
import { loggerOptions } from "./logger.js";
import { operatorApi } from "./operator/plugin.js";
import { answeringOutages } from "./storage/outage.js";
import { createApiMetrics, installMetrics, type PoolGauges } from "./http/metrics/index.js";
import type { Mailer } from "./mail/index.js";
import { installMailOutbox } from "./mail/plugin.js";

export type BuildAppOptions = {
  config: Config;
  db: Db;
  /** Verify access tokens with this key set instead of the issuer's JWKS (tests). */
  keys?: JWTVerifyGetKey;
  /** A pino logger to use, or false to log nothing; default: pino with `config.LOG_LEVEL`. */
  logger?: Logger | false;
  /** Blob store to use; default: the configured one (`BLOB_STORE`: disk under `DATA_DIR/blobs`, or S3). */
  store?: BlobStore;
  /** Mail transport of the outbox worker; default: SMTP_URL, else .eml files (decision 028). */
  mailer?: Mailer;
  /** Start the outbox worker when ready (default true; `app.mailOutbox` runs it on demand). */
  mailWorker?: boolean;
  /** The PostgreSQL pool, for `db_pool_connections` (decision 061). */
  pool?: PoolGauges;
  /** Set `draining` to answer `/health/ready` with 503 while still serving (SIGTERM, decision 018). */
  health?: HealthState;
};

/**
 * Route plugins mounted under `/api`, all behind the bearer check. A later module
 * adds its plugin here (one folder per area under server/http).
 */
export const apiRoutePlugins: FastifyPluginAsync<RouteDeps>[] = [
  securityRoutes,
  configRoutes,
  ddRoutes,
  fsRoutes,
  uploadLeaseRoutes,
  instancesDispatchRoutes,
  proceduresRoutes,
  recordsRoutes,
  chatRoutes,
  receiptsRoutes,
  threadRoutes,
  renditionsRoutes,
  archiveRoutes,
  accessesRoutes,
  exportRoutes,
];

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, db } = options;

  const logger: Pick<FastifyServerOptions, "logger" | "loggerInstance"> =
    options.logger === false
      ? { logger: false }
      : options.logger
        ? { loggerInstance: options.logger }
        : { logger: loggerOptions(config.LOG_LEVEL) };

  const app = Fastify({
    ...logger,
    // Fastify's own per-request lines log the raw URL (may hold a cuil): replaced by onResponse below.
    logController: new LogController({ disableRequestLogging: true }),
    requestIdHeader: false,
    genReqId: (req) => {
      const incoming = req.headers["x-request-id"];
      return typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
  });

  // An empty body with a JSON content type is "no body", not an error (e.g. POST /logout).
  const jsonParser = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = typeof body === "string" ? body : body.toString("utf8");
    if (text.trim() === "") return done(null, undefined);
    return jsonParser(request, text, done);
  });

  // One access-log line per request, with the route pattern instead of the URL.
  app.addHook("onResponse", async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        route: request.routeOptions.url ?? "(no route)",
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      "request",
    );
  });
  // Decision 061: request, pool, render, mail and upload figures; GET /metrics with METRICS_TOKEN.
  const metrics = createApiMetrics({ db, pool: options.pool });
  installMetrics(app, metrics, config.METRICS_TOKEN);
  installMailOutbox(app, {
    db,
    config,
    mailer: options.mailer,
    start: options.mailWorker !== false,
    events: { onOutcome: metrics.mailOutcome },
  });

  app.addHook("preValidation", refuseNulCharacters);

  app.addHook("onSend", async (request, reply, payload) => {
    reply.header("x-request-id", request.id);
    return payload;
  });

  app.setErrorHandler(async (error, request, reply) => {
    if (error instanceof SignInRequired) {
      request.log.info({ reason: error.reason }, "sign-in required");
      return reply.code(303).header("cache-control", "no-store").send({ location: config.SIGN_IN_URL });
    }
    const apiError = toApiError(error);
    if (apiError.status >= 500) request.log.error({ err: error }, "request failed");
    else request.log.info({ code: apiError.code, status: apiError.status }, "request rejected");
    return reply.code(apiError.status).send(apiError.toJSON());
  });

  app.setNotFoundHandler(async (_request, reply) =>
    reply.code(404).send({ code: "NOT_FOUND", message: "No se encontró el recurso solicitado." }),
  );

  keepReferenceData(db, config.REFERENCE_CACHE_MS);
  // Issue 38: the object store away costs file features only (503 STORE_UNAVAILABLE), never readiness.
  const store = answeringOutages(options.store ?? (await blobStoreFromConfig(config, db)));
  metrics.watchStore(store);
  const deps: RouteDeps = { db, config, store };
  const bearer = createBearerAuth(db, {
    issuer: config.OIDC_ISSUER,
    audience: config.API_AUDIENCE,
    jwksUri: config.jwksUri,
    keys: options.keys,
  });

  await app.register(healthRoutes, { ...deps, health: options.health });
  await app.register(operatorApi, { ...deps, prefix: "/operator/api" });

  await app.register(
    async (api) => {
      api.addHook("onRequest", bearer.authenticate);
      // Shared terminals: nothing personal is kept by a cache.
      api.addHook("onSend", async (_request, reply, payload) => {
        reply.header("cache-control", "no-store");
        return payload;
      });
      for (const plugin of apiRoutePlugins) await api.register(plugin, deps);
    },
    { prefix: "/api" },
  );

  return app;
}
