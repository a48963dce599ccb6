import type { ServerBuild } from "@remix-run/node";
import { http, passthrough } from "msw";
import { setupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { happy } from "../mocks/api";
import { failOnUnhandled, servedPortal, signedInRequest } from "./helpers";
import { buildRoute, serverBuild } from "../unit/portal-build";
import * as entry from "~/entry.server";
import { csrf } from "~/lib/csrf.server";
import * as procedures from "~/routes/procedures._index";
import * as manager from "~/routes/records.manager";

/**
 * Decision 005: every answer of the portal's server carries the strict security headers and
 * `Cache-Control: no-store`, redirects included — those a loader or an action throws or returns on a
 * document request go out past entry.server, so portal/server.ts completes them. Real routes, the real
 * entry module, the real server; the backend is msw.
 */
const FILE = "11111111-2222-3333-4444-555555555555";

function buildOf(entryModule: object = entry): ServerBuild {
  return serverBuild(
    {
      root: buildRoute("root", "", undefined, { default: () => null }),
      "routes/procedures._index": buildRoute("routes/procedures._index", "procedures", "root", procedures, true),
      "routes/records.manager": buildRoute("routes/records.manager", "records/manager", "root", manager),
    },
    entryModule,
  );
}

const server = setupServer(
  ...happy,
  http.all(/^http:\/\/127\.0\.0\.1:\d+\//, () => passthrough()),
);
const portal = servedPortal(buildOf());
// A fault in front of Remix (the request gate, which only posts reach): express's own error page answers.
const boom = () => {
  throw new Error("boom");
};
const broken = servedPortal(buildOf({ ...entry, requestRefusal: boom, crossSiteRefusal: boom }));
beforeAll(() => server.listen({ onUnhandledRequest: failOnUnhandled }));
afterAll(() => server.close());

function expectStrictHeaders(response: Response) {
  const h = response.headers;
  expect(h.get("x-content-type-options")).toBe("nosniff");
  expect(h.get("referrer-policy")).toBe("same-origin");
  expect(h.get("x-frame-options")).toBe("SAMEORIGIN");
  expect(h.get("cross-origin-opener-policy")).toBe("same-origin");
  expect(h.get("cross-origin-resource-policy")).toBe("same-origin");
  expect(h.get("permissions-policy")).toContain("camera=()");
  expect(h.get("cache-control")).toBe("no-store");
  expect(h.get("vary")).toMatch(/cookie/i);
}

describe("redirects of loaders and actions carry the security headers", () => {
  it("a signed-out page: the loader's redirect to sign in", async () => {
    const response = await fetch(`${portal.base}/procedures`, { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/auth/login");
    expect(response.headers.get("set-cookie")).toMatch(/av_session=/);
    expectStrictHeaders(response);
  });

  it("the same redirect asked as data (client navigation)", async () => {
    const response = await fetch(`${portal.base}/procedures?_data=routes%2Fprocedures._index`, { redirect: "manual" });
    expect(response.headers.get("x-remix-redirect")).toBe("/auth/login");
    expectStrictHeaders(response);
  });

  it("an error page of express itself", async () => {
    const response = await fetch(`${broken.base}/procedures`, { method: "POST" });
    expect(response.status).toBe(500);
    expectStrictHeaders(response);
  });

  it("a no-JS form post answered with a redirect (and its toast cookie)", async () => {
    const [token, csrfCookie] = await csrf.commitToken();
    const signed = await signedInRequest(`${portal.base}/records/manager/?file=${FILE}`);
    const cookie = [signed.headers.get("Cookie"), csrfCookie!.split(";")[0]].join("; ");
    const body = new URLSearchParams({ csrf: token, intent: "previewFailed" });
    const response = await fetch(`${portal.base}/records/manager/?file=${FILE}`, {
      method: "POST",
      redirect: "manual",
      body,
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie, "Sec-Fetch-Site": "same-origin" },
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`/records/manager/?file=${FILE}`);
    expect(response.headers.get("set-cookie")).toMatch(/av_toast=/);
    expectStrictHeaders(response);
  });
});
