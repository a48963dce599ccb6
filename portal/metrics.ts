/**
 * Prometheus metrics of the portal server (decision 061): requests by route pattern and status,
 * the API calls the portal makes by call pattern and status, and the process's own figures.
 * `GET /metrics` answers with `Authorization: Bearer PORTAL_METRICS_TOKEN`; unset, it is not mounted.
 *
 * The API calls are made inside the Remix build (app/api/client.server.ts), a separate module
 * graph: it reports each call to an observer set on `globalThis` under API_CALL_OBSERVER.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import type { Express } from "express";
import client from "prom-client";

/** One answered request, as the access log and the request metrics see it (written by server.ts). */
export type AccessEntry = { method: string; route: string; status: number; ms: number };

/** The global key app/api/client.server.ts reports each API call to. */
export const API_CALL_OBSERVER = Symbol.for("atencion-virtual.api-call");
export type ApiCallEntry = { method: string; path: string; status: number; seconds: number };

const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/**
 * The pattern of an API path for a label: a segment stays only when it is a plain lowercase word
 * (`dd`, `get_one`, `get-user-self-da`) or a version (`v4`); anything else (cuils, ids, codes,
 * base64 file names) becomes `:id`.
 */
export function callPattern(path: string): string {
  return path
    .split("?")[0]!
    .split("/")
    .map((s) => (s === "" || /^[a-z][a-z_-]{0,39}$/.test(s) || /^v\d{1,2}$/.test(s) ? s : ":id"))
    .join("/");
}

export type PortalMetrics = {
  registry: client.Registry;
  onAccess(entry: AccessEntry): void;
  onApiCall(entry: ApiCallEntry): void;
  /** mounts GET /metrics (with a token) */
  mount(app: Express, token: string | undefined): void;
};

export function createPortalMetrics(): PortalMetrics {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const labels = ["method", "route", "status"] as const;
  const requests = new client.Counter({
    name: "portal_http_requests_total",
    help: "Portal requests answered, by method, route pattern and status.",
    labelNames: labels,
    registers: [registry],
  });
  const duration = new client.Histogram({
    name: "portal_http_request_duration_seconds",
    help: "Time to answer a portal request.",
    labelNames: labels,
    buckets: BUCKETS,
    registers: [registry],
  });
  const callLabels = ["call", "status"] as const;
  const calls = new client.Counter({
    name: "portal_api_calls_total",
    help: "Calls of the portal to the API, by method and path pattern, and status (502 unreachable, 504 timed out).",
    labelNames: callLabels,
    registers: [registry],
  });
  const callSeconds = new client.Histogram({
    name: "portal_api_call_duration_seconds",
    help: "Time of the portal's calls to the API.",
    labelNames: callLabels,
    buckets: BUCKETS,
    registers: [registry],
  });
  const digest = (v: string) => createHash("sha256").update(v).digest();

  return {
    registry,
    onAccess(entry) {
      const l = { method: entry.method, route: entry.route, status: String(entry.status) };
      requests.inc(l);
      duration.observe(l, entry.ms / 1000);
    },
    onApiCall(entry) {
      const l = { call: `${entry.method} ${callPattern(entry.path)}`, status: String(entry.status) };
      calls.inc(l);
      callSeconds.observe(l, entry.seconds);
    },
    mount(app, token) {
      if (!token) return;
      app.get("/metrics", async (req, res) => {
        const header = req.headers.authorization ?? "";
        const given = header.startsWith("Bearer ") ? header.slice(7) : "";
        if (!timingSafeEqual(digest(given), digest(token))) {
          res.status(401).set("www-authenticate", "Bearer").set("cache-control", "no-store").type("text/plain").send("unauthorized");
          return;
        }
        res
          .set("content-type", registry.contentType)
          .set("cache-control", "no-store")
          .send(await registry.metrics());
      });
    },
  };
}

/** Makes `metrics` the observer of the portal's API calls (see the header). */
export function observeApiCalls(metrics: PortalMetrics) {
  (globalThis as Record<symbol, unknown>)[API_CALL_OBSERVER] = (entry: ApiCallEntry) => metrics.onApiCall(entry);
}
