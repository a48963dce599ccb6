import { get } from "node:http";
import { describe, expect, it } from "vitest";
import { appBuild, buildRoute } from "../unit/portal-build";
import { servedPortal } from "./helpers";
import * as entry from "~/entry.server";
import { furniture } from "~/lib/messages/furniture";
import { outageResponse } from "~/lib/outage.server";
import * as rootModule from "~/root";

/**
 * An API outage is the error screen with status 503 (issue 29, decision 018): through the real
 * portal server, entry module and root (its error boundary), a page whose loader meets the outage
 * answers 503 with the spec's error text and its security headers — not a redirect to a 200 page.
 */
const routes = {
  root: buildRoute("root", "", undefined, rootModule),
  "routes/caida": buildRoute("routes/caida", "caida", "root", {
    loader: () => {
      throw outageResponse();
    },
    default: () => null,
  }),
};
const portal = servedPortal(appBuild(routes, entry));

describe("an API outage", () => {
  it("answers the error screen with 503, Retry-After and the security headers", async () => {
    // A signed-out visitor: the root asks the API nothing (node's http, not fetch: no mocks here).
    const response = await new Promise<{ status: number; headers: Record<string, unknown>; html: string }>((resolve, reject) => {
      get(`${portal.base}/caida`, { headers: { "accept-encoding": "identity" } }, (res) => {
        let html = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (html += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, html }));
      }).on("error", reject);
    });
    expect(response.status).toBe(503);
    expect(response.headers["content-type"]).toMatch(/text\/html/);
    expect(response.headers["cache-control"]).toMatch(/no-store/);
    expect(response.headers["content-security-policy"]).toBeTruthy();
    expect(response.html).toContain(`<h1 id="error-title" class="page-title">${furniture.errorPage.title}</h1>`);
    expect(response.html).toContain(furniture.errorPage.heading);
  });
});
