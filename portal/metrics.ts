/**
 * Prometheus metrics of the portal server (decision 061): requests by route pattern and status,
 * the API calls the portal makes by call pattern and status, and the process's own figures.
 * `GET /metrics` answers with `Authorization: Bearer PORTAL_METRICS_TOKEN`; unset, it is not mounted.
 *
 * The API calls are made inside the Remix build (app/api/client.server.ts), a separate module
 * graph: the server hands it `apiObserver(metrics)` in each request's load context (decision 076),
 * and the client reports each call there.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import type { Express } from "express";
import client from "prom-client";
import type { ApiObserver } from "~/api/load-context.server";

/** One answered request, as the access log and the request metrics see it (written by server.ts). */
export type AccessEntry = { method: string; route: string; status: number; ms: number; requestId?: string };

/**
 * One call: `call` is its method and pattern as written in the portal's code (`GET
 * /api/dd/v1/communications/get_one/{}`), never a value a citizen chose, so the series are bounded.
 */
export type ApiCallEntry = { call: string; status: number; seconds: number };

const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/**
 * The most distinct calls counted apart; past it, `OTHER_CALLS`. The calls are named by the patterns
 * written in the portal's code, so this is a second bound: no caller can open series without end.
 */
export const MAX_CALL_PATTERNS = 200;
export const OTHER_CALLS = "(other)";

export type PortalMetrics = {
  registry: client.Registry;
  onAccess(entry: AccessEntry): void;
  onApiCall(entry: ApiCallEntry): void;
  onUnreadable(entry: { call: string }): void;
  onDegraded(entry: { call: string; kind: "field" | "item" }): void;
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
    help: "Calls of the portal to the API, by method and call pattern, and status (502 unreachable, 504 timed out).",
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
  const unreadable = new client.Counter({
    name: "portal_api_unreadable_answers_total",
    help: "Answers of the API the portal could not read (decision 098), by call: the log names the field.",
    labelNames: ["call"] as const,
    registers: [registry],
  });
  const degraded = new client.Counter({
    name: "portal_api_degraded_answers_total",
    help: "Answers of the API read with degrades (issue 36), by call and kind (field: read as empty; item: left out of a list): the log names the path.",
    labelNames: ["call", "kind"] as const,
    registers: [registry],
  });
  const digest = (v: string) => createHash("sha256").update(v).digest();
  // The calls' label is bounded whatever reaches it (issue 28): the portal makes a few dozen kinds of
  // call; a pattern past MAX_CALL_PATTERNS (a path segment chosen by a citizen that looks like a word)
  // is counted under OTHER_CALLS instead of opening series of its own.
  const knownCalls = new Set<string>();
  const callLabel = (label: string) => {
    if (knownCalls.has(label)) return label;
    if (knownCalls.size >= MAX_CALL_PATTERNS) return OTHER_CALLS;
    knownCalls.add(label);
    return label;
  };

  return {
    registry,
    onAccess(entry) {
      const l = { method: entry.method, route: entry.route, status: String(entry.status) };
      requests.inc(l);
      duration.observe(l, entry.ms / 1000);
    },
    onApiCall(entry) {
      const l = { call: callLabel(entry.call), status: String(entry.status) };
      calls.inc(l);
      callSeconds.observe(l, entry.seconds);
    },
    onUnreadable(entry) {
      unreadable.inc({ call: callLabel(entry.call) });
    },
    onDegraded(entry) {
      degraded.inc({ call: callLabel(entry.call), kind: entry.kind === "item" ? "item" : "field" });
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

/** `metrics` as the observer of the portal's API calls that the load context carries (see the header). */
export function apiObserver(metrics: PortalMetrics): ApiObserver {
  return {
    apiCall: (entry) => metrics.onApiCall(entry),
    unreadable: (entry) => metrics.onUnreadable(entry),
    degraded: (entry) => metrics.onDegraded(entry),
  };
}
