/**
 * Prometheus metrics of the API (decision 061): `GET /metrics` in the text format, behind
 * `Authorization: Bearer METRICS_TOKEN` (unset: no route, 404). One registry per app (tests build
 * many apps in one process). Labels are route patterns, methods, status codes and fixed words:
 * never a URL, query string, cuil, name or address.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import client from "prom-client";
import { ping, type Db } from "../../db/index.js";
import { within } from "../health/routes.js";
import { outboxDepth, type MailKind, type OutboxOutcome } from "../../mail/outbox.js";
import { oldestWaitingMailAt } from "../../mail/outbox-repository.js";

/** What pg.Pool tells of itself (PostgreSQL only). */
export type PoolGauges = { totalCount: number; idleCount: number; waitingCount: number };
type RenderStats = { stats(): { running: number; queued: number } };

export type ApiMetrics = {
  registry: client.Registry;
  /** one try of the mail outbox (server/mail/outbox.ts `events.onOutcome`) */
  mailOutcome(kind: MailKind, outcome: OutboxOutcome, seconds: number): void;
  /** counts this render pool's running and queued jobs in `render_queue_jobs` */
  watchRenderPool(pool: RenderStats): void;
  /** asks `store` at each scrape whether it answers, in `dependency_up{dependency="store"}` (issue 38) */
  watchStore(store: { ready(): Promise<void> }): void;
};

declare module "fastify" {
  interface FastifyInstance {
    metrics: ApiMetrics;
  }
}

/** A dependency that does not answer a scrape's check within this is down for that scrape. */
const DEPENDENCY_CHECK_MS = 2_000;

const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export function createApiMetrics(options: { db: Db; pool?: PoolGauges }): ApiMetrics {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const renderPools = new Set<RenderStats>();

  new client.Gauge({
    name: "db_pool_connections",
    help: "PostgreSQL pool connections by state (total, idle, waiting clients); absent on SQLite.",
    labelNames: ["state"],
    registers: [registry],
    collect() {
      const pool = options.pool;
      if (!pool) return;
      this.set({ state: "total" }, pool.totalCount);
      this.set({ state: "idle" }, pool.idleCount);
      this.set({ state: "waiting" }, pool.waitingCount);
    },
  });
  new client.Gauge({
    name: "render_queue_jobs",
    help: "Page renderings running and waiting in this process.",
    labelNames: ["state"],
    registers: [registry],
    collect() {
      let running = 0;
      let queued = 0;
      for (const p of renderPools) {
        const s = p.stats();
        running += s.running;
        queued += s.queued;
      }
      this.set({ state: "running" }, running);
      this.set({ state: "queued" }, queued);
    },
  });
  let store: { ready(): Promise<void> } | undefined;
  new client.Gauge({
    name: "dependency_up",
    help: "Whether this process reaches each dependency at the scrape (1) or not (0): database, store (issue 38).",
    labelNames: ["dependency"],
    registers: [registry],
    async collect() {
      const answers = (work: Promise<unknown>) =>
        within(work, DEPENDENCY_CHECK_MS).then(
          () => 1,
          () => 0,
        );
      const [database, blobs] = await Promise.all([
        answers(ping(options.db).then((ok) => ok || Promise.reject())),
        store ? answers(store.ready()) : null,
      ]);
      this.set({ dependency: "database" }, database);
      if (blobs !== null) this.set({ dependency: "store" }, blobs);
    },
  });
  const oldest = new client.Gauge({
    name: "mail_outbox_oldest_pending_seconds",
    help: "Age of the oldest mail waiting to be sent (0 when none); shared by every API process.",
    registers: [registry],
  });
  new client.Gauge({
    name: "mail_outbox_rows",
    help: "Mail outbox rows by status (pending, sending, parked); shared by every API process.",
    labelNames: ["status"],
    registers: [registry],
    async collect() {
      try {
        const depth = await outboxDepth(options.db);
        for (const [status, n] of Object.entries(depth)) this.set({ status }, n);
        const first = await oldestWaitingMailAt(options.db);
        oldest.set(first ? Math.max(0, (Date.now() - Date.parse(first)) / 1000) : 0);
      } catch {
        // The database is away: the scrape still answers (up, pool and request figures).
      }
    },
  });
  const mailTries = new client.Counter({
    name: "mail_send_total",
    help: "Tries of this process's outbox worker by kind of mail and outcome (sent, retry, parked).",
    labelNames: ["kind", "outcome"],
    registers: [registry],
  });
  const mailSeconds = new client.Histogram({
    name: "mail_send_duration_seconds",
    help: "Time of one try to send a mail.",
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });

  return {
    registry,
    mailOutcome(kind, outcome, seconds) {
      mailTries.inc({ kind, outcome });
      mailSeconds.observe(seconds);
    },
    watchRenderPool(pool) {
      renderPools.add(pool);
    },
    watchStore(watched) {
      store = watched;
    },
  };
}

const digest = (v: string) => createHash("sha256").update(v).digest();

/** Bearer check in constant time. */
function authorised(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization ?? "";
  const given = header.startsWith("Bearer ") ? header.slice(7) : "";
  return timingSafeEqual(digest(given), digest(token));
}

/**
 * Adds the request metrics to every route of `app` (call it on the root instance before the
 * routes are registered) and, with a token, `GET /metrics`.
 */
export function installMetrics(app: FastifyInstance, metrics: ApiMetrics, token: string | undefined) {
  const requests = new client.Counter({
    name: "http_requests_total",
    help: "Requests answered, by method, route pattern and status.",
    labelNames: ["method", "route", "status"],
    registers: [metrics.registry],
  });
  const duration = new client.Histogram({
    name: "http_request_duration_seconds",
    help: "Time to answer a request, by method, route pattern and status.",
    labelNames: ["method", "route", "status"],
    buckets: DURATION_BUCKETS,
    registers: [metrics.registry],
  });
  const uploadBytes = new client.Counter({
    name: "http_upload_bytes_total",
    help: "Bytes of multipart uploads received (Content-Length), by route pattern and whether they were accepted.",
    labelNames: ["route", "outcome"],
    registers: [metrics.registry],
  });

  app.decorate("metrics", metrics);
  app.addHook("onResponse", async (request: FastifyRequest, reply: FastifyReply) => {
    const labels = { method: request.method, route: request.routeOptions.url ?? "(no route)", status: String(reply.statusCode) };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
    if (request.headers["content-type"]?.startsWith("multipart/form-data")) {
      const bytes = Number(request.headers["content-length"]);
      if (Number.isFinite(bytes) && bytes > 0)
        uploadBytes.inc({ route: labels.route, outcome: reply.statusCode < 400 ? "accepted" : "rejected" }, bytes);
    }
  });

  if (!token) return;
  app.get("/metrics", async (request, reply) => {
    if (!authorised(request, token)) {
      return reply.code(401).header("www-authenticate", "Bearer").send({ code: "UNAUTHORIZED", message: "Token de métricas inválido." });
    }
    return reply
      .header("content-type", metrics.registry.contentType)
      .header("cache-control", "no-store")
      .send(await metrics.registry.metrics());
  });
}
