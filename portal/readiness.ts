/**
 * The portal's readiness (decision 018): `GET /health/ready` answers 200 only when the process is
 * not draining, the API answers its own `/health/ready` through `API_BASE_URL` (the portal can
 * serve no page without it), and the identity provider's discovery document has been read once
 * (issue 38: a portal pointed at no IdP, or the wrong one, never enters rotation). After that
 * first read an IdP outage costs sign-in only, not the pages of citizens signed in: it is alerted
 * on by its own probe, not by taking every portal out. `/health` (a Remix route) stays the liveness check.
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
  /** `OIDC_ISSUER`: its `/.well-known/openid-configuration` must have been read once, naming this issuer */
  issuer?: string;
};

/** A GET of `url`: its status and body, or status 0 when it does not answer in time. */
function getText(url: URL, timeoutMs: number): Promise<{ status: number; body: string }> {
  const transport = url.protocol === "https:" ? https : http;
  return new Promise((resolve) => {
    const req = transport.get(url, { timeout: timeoutMs, headers: { accept: "application/json" } }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body = body.length < 65_536 ? body + chunk : body));
      res.once("end", () => resolve({ status: res.statusCode ?? 0, body }));
      res.once("error", () => resolve({ status: 0, body: "" }));
    });
    req.once("timeout", () => req.destroy(new Error("timed out")));
    req.once("error", () => resolve({ status: 0, body: "" }));
  });
}

/** The status of the API's `/health/ready`, or 0 when it does not answer in time. */
export async function apiReadyStatus(apiBaseUrl: string, timeoutMs: number): Promise<number> {
  return (await getText(new URL("/health/ready", apiBaseUrl), timeoutMs)).status;
}

/** Whether `issuer`'s discovery document answers and names `issuer` (what openid-client will require at sign-in). */
export async function issuerDiscoverable(issuer: string, timeoutMs: number): Promise<boolean> {
  const base = issuer.replace(/\/+$/, "");
  const { status, body } = await getText(new URL(`${base}/.well-known/openid-configuration`), timeoutMs);
  if (status !== 200) return false;
  try {
    const named = (JSON.parse(body) as { issuer?: unknown }).issuer;
    return typeof named === "string" && named.replace(/\/+$/, "") === base;
  } catch {
    return false;
  }
}

export function readinessRoute({ health, apiBaseUrl, timeoutMs = 2_000, issuer }: ReadinessOptions): express.RequestHandler {
  let issuerRead = issuer === undefined;
  return async (_req, res) => {
    const unavailable = (failed: string) => res.status(503).set("cache-control", "no-store").json({ status: "unavailable", failed });
    if (health.draining) return void unavailable("draining");
    if (!issuerRead) issuerRead = await issuerDiscoverable(issuer!, timeoutMs);
    if (!issuerRead) return void unavailable("identity-provider");
    const api = await apiReadyStatus(apiBaseUrl, timeoutMs);
    if (api !== 200) return void unavailable("api");
    res.set("cache-control", "no-store").json({ status: "ok" });
  };
}
