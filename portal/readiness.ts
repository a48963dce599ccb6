/**
 * The portal's readiness (decision 018): `GET /health/ready` answers 200 only when the process is
 * not draining and the API answers its own `/health/ready` through `API_BASE_URL` (the portal can
 * serve no page without it). `/health` (a Remix route) stays the liveness check.
 */
import http from "node:http";
import https from "node:https";
import type express from "express";

export type PortalHealth = { draining: boolean };

export type ReadinessOptions = {
  health: PortalHealth;
  /** the API the portal calls (`API_BASE_URL`) */
  apiBaseUrl: string;
  /** a check of the API that takes longer fails (default 2000 ms; the portal server gives 4000) */
  timeoutMs?: number;
};

/** The status of the API's `/health/ready`, or 0 when it does not answer in time. */
export function apiReadyStatus(apiBaseUrl: string, timeoutMs: number): Promise<number> {
  const url = new URL("/health/ready", apiBaseUrl);
  const transport = url.protocol === "https:" ? https : http;
  return new Promise((resolve) => {
    const req = transport.get(url, { timeout: timeoutMs, headers: { accept: "application/json" } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.once("timeout", () => req.destroy(new Error("timed out")));
    req.once("error", () => resolve(0));
  });
}

export function readinessRoute({ health, apiBaseUrl, timeoutMs = 2_000 }: ReadinessOptions): express.RequestHandler {
  return async (_req, res) => {
    const unavailable = (failed: string) => res.status(503).set("cache-control", "no-store").json({ status: "unavailable", failed });
    if (health.draining) return void unavailable("draining");
    const api = await apiReadyStatus(apiBaseUrl, timeoutMs);
    if (api !== 200) return void unavailable("api");
    res.set("cache-control", "no-store").json({ status: "ok" });
  };
}
