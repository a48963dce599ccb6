import { delay, http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { API, happy } from "../mocks/api";
import { failOnUnhandled, load, post, toastOf, type RouteFunction } from "./helpers";
import { env } from "~/env.server";
import { digital as d, procedures as p } from "~/lib/messages";
import { action as inboxAction, loader as inboxLoader } from "~/routes/digital._index";
import { loader as catalogueLoader } from "~/routes/procedures.available._index";
import { action as trayAction, loader as trayLoader } from "~/routes/procedures._index";
import { loader as rootLoader } from "~/root";

/**
 * A failing backend: down, slower than the timeout, malformed JSON, a 500 with JSON and
 * a 502 with an HTML page. For each, loaders go to the spec's /error screen and actions come back
 * with the spec's toast, always within a bounded time (API_TIMEOUT_MS, 300 ms in these tests).
 */
const BOUND_MS = env.API_TIMEOUT_MS + 1_000;
const STARTUP = [/\/api\/security\/user\/get_roles$/, /\/api\/v4\/instances\/config$/, /\/api\/dd\/v1\/users\/get-user-self-da\//];

const faults = {
  down: () => HttpResponse.error(),
  slow: async () => {
    await delay(env.API_TIMEOUT_MS * 10);
    return HttpResponse.json({});
  },
  malformed: () => new HttpResponse('{"instances": [', { status: 200, headers: { "Content-Type": "application/json" } }),
  "500 JSON": () => HttpResponse.json({ code: "INTERNAL", message: null }, { status: 500 }),
  "502 HTML": () => new HttpResponse("<html><body>Bad Gateway</body></html>", { status: 502, headers: { "Content-Type": "text/html" } }),
} as const;
type Fault = keyof typeof faults;

/** Every backend call fails with `fault`, except (optionally) the startup calls of the guard. */
function failing(fault: Fault, options: { startupToo?: boolean } = {}) {
  return http.all(`${API}/api/*`, ({ request }) => {
    const path = new URL(request.url).pathname;
    if (!options.startupToo && STARTUP.some((re) => re.test(path))) return undefined;
    return faults[fault]();
  });
}

const server = setupServer(...happy);
beforeAll(() => server.listen({ onUnhandledRequest: failOnUnhandled }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

async function timed(work: () => Promise<Response>) {
  const started = Date.now();
  const response = await work();
  return { response, ms: Date.now() - started };
}

const loadTimed = (loader: RouteFunction, path: string) => timed(() => load(loader, path));

const postTimed = (actionFn: RouteFunction, path: string, fields: [string, string][]) => timed(() => post(actionFn, path, fields));

const FAULTS = Object.keys(faults) as Fault[];

describe.each(FAULTS)("backend fault: %s", (fault) => {
  // An outage (down, too slow, a balancer's 502) is the error screen with 503 where the citizen is (issue 29).
  const outage = fault === "down" || fault === "slow" || fault === "502 HTML";

  it.each([
    ["the procedures tray", trayLoader, "/procedures"],
    ["the procedures catalogue", catalogueLoader, "/procedures/available"],
    ["the digital inbox", inboxLoader, "/digital"],
  ] as const)(`%s ${outage ? "answers 503 in place" : "goes to /error"} within the bound`, async (_name, loader, path) => {
    server.use(failing(fault));
    const { response, ms } = await loadTimed(loader, path);
    expect(response.status).toBe(outage ? 503 : 302);
    expect(response.headers.get("Location")).toBe(outage ? null : "/error");
    expect(ms).toBeLessThan(BOUND_MS);
  });

  it(`the startup of a guarded page (config, adhesion) ${outage ? "answers 503" : "goes to /error"} within the bound`, async () => {
    server.use(failing(fault, { startupToo: true }));
    const { response, ms } = await loadTimed(trayLoader, "/procedures");
    expect(response.status).toBe(outage ? 503 : 302);
    expect(response.headers.get("Location")).toBe(outage ? null : "/error");
    expect(ms).toBeLessThan(BOUND_MS);
  });

  it("the shell (root loader) still renders for the signed-in citizen, without its furniture", async () => {
    server.use(failing(fault, { startupToo: true }));
    const { response, ms } = await loadTimed(rootLoader, "/procedures");
    expect(response.status).toBe(200);
    const data = await response.json();
    expect(data.user).toBeNull();
    expect(JSON.stringify(data)).not.toMatch(/Error:|at .*\.(ts|js)|ECONN|Bad Gateway/);
    expect(ms).toBeLessThan(BOUND_MS);
  });

  it("cancelling an instance comes back to its modal, open, with the spec's error toast", async () => {
    server.use(failing(fault));
    const { response, ms } = await postTimed(trayAction, "/procedures?index", [
      ["intent", "discard"],
      ["instance", "i-1"],
      ["message", ""],
      ["returnTo", "/procedures"],
    ]);
    expect(response.headers.get("Location")).toBe("/procedures?modal=cancelar&instance=i-1");
    expect(await toastOf(response)).toMatchObject({ type: "ERROR", message: p.toasts.discardError });
    expect(ms).toBeLessThan(BOUND_MS);
  });

  it("archiving a communication comes back with the spec's error toast", async () => {
    server.use(failing(fault));
    const { response, ms } = await postTimed(inboxAction, "/digital?index", [
      ["intent", "archive"],
      ["code", "2026-000001"],
    ]);
    expect(response.status).toBe(302);
    expect(await toastOf(response)).toMatchObject({ type: "ERROR", message: d.toasts.archiveError });
    expect(ms).toBeLessThan(BOUND_MS);
  });
});
