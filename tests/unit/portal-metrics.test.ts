import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiObserver, createPortalMetrics, MAX_CALL_PATTERNS } from "../../portal/metrics";

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

  it("answers only with the token, with requests by route and API calls by pattern", async () => {
    metrics.onAccess({ method: "GET", route: "/comprobantes/:id", status: 200, ms: 12 });
    const observe = apiObserver(metrics);
    observe.apiCall({ call: "GET /api/dd/v1/communications/inbox/{}", status: 200, seconds: 0.02 });
    observe.apiCall({ call: "PUT /api/dd/v1/users/set-self-da", status: 502, seconds: 0.001 });
    observe.unreadable({ call: "GET /api/v4/instances/config" });

    expect((await fetch(`${base}/metrics`)).status).toBe(401);
    expect((await fetch(`${base}/metrics`, { headers: { authorization: "Bearer nope-nope-nope-nope-nope" } })).status).toBe(401);
    const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toMatch(/^portal_http_requests_total\{method="GET",route="\/comprobantes\/:id",status="200"\} 1$/m);
    expect(text).toMatch(/^portal_api_calls_total\{call="GET \/api\/dd\/v1\/communications\/inbox\/\{\}",status="200"\} 1$/m);
    expect(text).toMatch(/^portal_api_unreadable_answers_total\{call="GET \/api\/v4\/instances\/config"\} 1$/m);
    expect(text).toMatch(/^portal_api_calls_total\{call="PUT \/api\/dd\/v1\/users\/set-self-da",status="502"\} 1$/m);
  });

  it("keeps the number of series bounded whatever path segments citizens choose (issue 28)", async () => {
    const bounded = createPortalMetrics();
    const series = async () =>
      (await bounded.registry.getSingleMetric("portal_api_calls_total")!.get()).values.filter((v) => v.value > 0).length;
    const statuses = [200, 404, 502];
    for (let i = 0; i < 1500; i++) {
      // Word-like codes, which a pattern keeps as they look like the API's own words.
      const code = `codigo${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + (Math.floor(i / 26) % 26))}${"x".repeat(i % 7)}`;
      // Calls named as a careless caller might (the portal's client names them by their patterns).
      bounded.onApiCall({ call: `GET /api/dd/v1/communications/get_one/${code}`, status: statuses[i % 3]!, seconds: 0.01 });
      bounded.onApiCall({ call: `GET /api/fs/bucket/${code}/${i}`, status: 200, seconds: 0.01 });
    }
    const first = await series();
    expect(first).toBeLessThanOrEqual((MAX_CALL_PATTERNS + 1) * statuses.length);
    for (let i = 0; i < 1500; i++)
      bounded.onApiCall({
        call: `GET /api/dd/v1/communications/get_one/otro${"y".repeat(i % 30)}${String.fromCharCode(97 + (i % 26))}`,
        status: 200,
        seconds: 0.01,
      });
    expect(await series()).toBe(first);
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
