import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { adhesionCheckFails, configMalformed, configSlow, digitalDisabled, happy, notAdhered, sessionGone } from "../mocks/api";
import { failOnUnhandled, settle, signedInRequest, argsOf } from "./helpers";
import { requireAdhered } from "~/lib/guards.server";
import { loader as noAdhesionLoader } from "~/routes/procedures.no-adhesion";
import { sessionStorage } from "~/lib/session.server";

const server = setupServer(...happy);
beforeAll(() => server.listen({ onUnhandledRequest: failOnUnhandled }));
afterEach(() => {
  server.resetHandlers();
  vi.useRealTimers();
});
afterAll(() => server.close());

const url = "http://localhost:3000/procedures?tab=pending&page=2";
/** The guard every guarded route's loader runs first (the module routes test their own loaders). */
/** The page's guard; `args` shares a load context with another loader of the same request. */
const call = (request: Request, args = argsOf(request)) =>
  settle(async () => {
    await requireAdhered(args, "procedures");
    return new Response(null, { status: 200 });
  });

describe("guarded route loaders", () => {
  it("let an adhered citizen through", async () => {
    const response = await call(await signedInRequest(url));
    expect(response.status).toBe(200);
  });

  it("send a citizen without a session to sign in, remembering the path and query", async () => {
    const response = await call(new Request(url));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/auth/login");
    const session = await sessionStorage.getSession(response.headers.get("Set-Cookie"));
    expect(session.get("pendingOrigin")).toBe("/procedures?tab=pending&page=2");
  });

  it("follow the backend's 303 to sign in, keeping pending_origin", async () => {
    server.use(sessionGone);
    const response = await call(await signedInRequest(url));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/auth/login");
    const session = await sessionStorage.getSession(response.headers.get("Set-Cookie"));
    expect(session.get("pendingOrigin")).toBe("/procedures?tab=pending&page=2");
    expect(session.get("accessToken")).toBeUndefined();
  });

  it("redirect to /procedures/no-adhesion when the adhesion check answers 400", async () => {
    server.use(notAdhered);
    const response = await call(await signedInRequest(url));
    expect(response.headers.get("Location")).toBe("/procedures/no-adhesion");
  });

  it("go to /error when the adhesion check fails otherwise", async () => {
    server.use(adhesionCheckFails);
    const response = await call(await signedInRequest(url));
    expect(response.headers.get("Location")).toBe("/error");
  });

  it("count the citizen as adhered when the digital module is disabled", async () => {
    server.use(digitalDisabled, notAdhered);
    const response = await call(await signedInRequest(url));
    expect(response.status).toBe(200);
  });

  it("answer the error screen with 503 within the timeout when the backend hangs (an outage, issue 29)", async () => {
    server.use(configSlow);
    const started = Date.now();
    const response = await call(await signedInRequest(url));
    expect(response.status).toBe(503);
    expect(response.headers.get("Location")).toBeNull();
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it("go to /error when the backend answers malformed JSON", async () => {
    server.use(configMalformed);
    const response = await call(await signedInRequest(url));
    expect(response.headers.get("Location")).toBe("/error");
  });

  it("treat a session idle for more than 15 minutes as signed out", async () => {
    const idleSince = Date.now() - 16 * 60_000;
    const request = await signedInRequest(url, { createdAt: idleSince, lastSeen: idleSince });
    const response = await call(request);
    expect(response.headers.get("Location")).toBe("/auth/login");
  });

  it("treat a session older than 8 hours as signed out even if active", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = new Date("2026-11-21T08:00:00Z").getTime();
    const later = start + 8 * 3_600_000 + 1000;
    vi.setSystemTime(later);
    // Active a minute ago, but signed in more than 8 hours ago.
    const request = await signedInRequest(url, { createdAt: start, lastSeen: later - 60_000 });
    const response = await call(request);
    expect(response.headers.get("Location")).toBe("/auth/login");
  });

  it("let a not-adhered citizen see /procedures/no-adhesion", async () => {
    server.use(notAdhered);
    const response = await settle(async () =>
      noAdhesionLoader(argsOf(await signedInRequest("http://localhost:3000/procedures/no-adhesion"))),
    );
    expect(response.status).toBe(200);
  });
});

describe("the configuration on one request", () => {
  it("is asked of the API once for the root loader and the page's guard together, again for the next request", async () => {
    let calls = 0;
    server.events.on("request:start", ({ request }) => {
      if (new URL(request.url).pathname === "/api/v4/instances/config") calls += 1;
    });
    try {
      const { loader: rootLoader } = await import("~/root");
      const request = await signedInRequest(url);
      const args = argsOf(request);
      await Promise.all([rootLoader(args), call(request, args)]);
      expect(calls).toBe(1);
      await call(await signedInRequest(url));
      expect(calls).toBe(2);
    } finally {
      server.events.removeAllListeners("request:start");
    }
  });
});
