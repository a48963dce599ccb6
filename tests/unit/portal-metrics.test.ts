import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_CALL_OBSERVER, callPattern, createPortalMetrics, observeApiCalls } from "../../portal/metrics";

/** The portal server's /metrics (decision 061): token, route patterns, API calls without ids. */
describe("portal metrics", () => {
  const TOKEN = "portal-metrics-token-0123456789";
  const metrics = createPortalMetrics();
  let base = "";
  let close = () => {};
  beforeAll(async () => {
    const app = express();
    metrics.mount(app, TOKEN);
    const server = app.listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());

  it("keeps words and versions of an API path and hides cuils, ids, codes and file names", () => {
    expect(callPattern("/api/dd/v1/communications/inbox/20123456789")).toBe("/api/dd/v1/communications/inbox/:id");
    expect(callPattern("/api/dd/v1/users/get-user-self-da/20123456789")).toBe("/api/dd/v1/users/get-user-self-da/:id");
    expect(callPattern("/api/fs/bucket/aW5mb3JtZS5wZGY%3D/3f2a")).toBe("/api/fs/bucket/:id/:id");
    expect(callPattern("/api/dd/v1/communications/get_one/2026-000001?x=Perez")).toBe("/api/dd/v1/communications/get_one/:id");
  });

  it("answers only with the token, with requests by route and API calls by pattern", async () => {
    metrics.onAccess({ method: "GET", route: "/comprobantes/:id", status: 200, ms: 12 });
    observeApiCalls(metrics);
    const observer = (globalThis as Record<symbol, unknown>)[API_CALL_OBSERVER] as (e: unknown) => void;
    observer({ method: "GET", path: "/api/dd/v1/communications/inbox/20123456789", status: 200, seconds: 0.02 });
    observer({ method: "PUT", path: "/api/dd/v1/users/set-self-da", status: 502, seconds: 0.001 });

    expect((await fetch(`${base}/metrics`)).status).toBe(401);
    expect((await fetch(`${base}/metrics`, { headers: { authorization: "Bearer nope-nope-nope-nope-nope" } })).status).toBe(401);
    const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toMatch(/^portal_http_requests_total\{method="GET",route="\/comprobantes\/:id",status="200"\} 1$/m);
    expect(text).toMatch(/^portal_api_calls_total\{call="GET \/api\/dd\/v1\/communications\/inbox\/:id",status="200"\} 1$/m);
    expect(text).toMatch(/^portal_api_calls_total\{call="PUT \/api\/dd\/v1\/users\/set-self-da",status="502"\} 1$/m);
    expect(text).not.toContain("20123456789");
  });

  it("is not mounted without a token", async () => {
    const app = express();
    createPortalMetrics().mount(app, undefined);
    const server = app.listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/metrics`);
    server.close();
    expect(res.status).toBe(404);
  });
});
