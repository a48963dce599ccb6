import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { API, CUIL, config, extensions, idpDiscovery, user } from "../mocks/api";
import { failOnUnhandled, postWithCookie, settle, signedInRequest, argsOf } from "./helpers";
import { SESSION_CHECK_MS, sessionStorage } from "~/lib/session.server";
import { loader as rootLoader } from "~/root";
import { action as logoutAction } from "~/routes/auth.logout";
import { action as keepaliveAction } from "~/routes/resources.session.keepalive";

/**
 * Issue 28, decision 103: after 'Cerrar sesión' a copy of the session cookie shows nothing of the
 * citizen anywhere (the root loader is what public pages, /error and `?_data=root` run) and does not
 * move its idle clock — at once on the process that signed it out, and on any other one as soon as
 * the session is due its next confirmation by the API.
 */
let tokenRevoked = false;
let rolesCalls = 0;
const sessionGone = () => HttpResponse.json({ location: "/auth/login" }, { status: 303 });
const server = setupServer(
  http.get(`${API}/api/security/user/get_roles`, () => {
    rolesCalls++;
    return tokenRevoked ? sessionGone() : HttpResponse.json({ data: { data: user } });
  }),
  http.get(`${API}/api/v4/instances/config`, () => (tokenRevoked ? sessionGone() : HttpResponse.json(config))),
  http.get(`${API}/api/dd/v1/users/get-user-self-da/:cuil`, () => HttpResponse.json({ data: { cuil: CUIL } })),
  http.get(`${API}/api/v1/me/accesses`, () => HttpResponse.json({ code: "NOT_FOUND", message: "x" }, { status: 404 })),
  extensions,
  idpDiscovery,
  http.post(`${API}/api/security/logout`, () => {
    tokenRevoked = true;
    return HttpResponse.json({ success: true });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: failOnUnhandled }));
afterEach(() => {
  server.resetHandlers();
  tokenRevoked = false;
  rolesCalls = 0;
  vi.useRealTimers();
});
afterAll(() => server.close());

const kept = { user: { cn: user.cn, cuil: CUIL, email: user.email, telephone: null }, adhered: true as const };

async function root(cookie: string, path = "/accesibilidad") {
  const request = new Request(`http://localhost:3000${path}`, { headers: { Cookie: cookie } });
  return settle(() => rootLoader(argsOf(request)));
}

const keepalive = (cookie: string) => postWithCookie(keepaliveAction, "http://localhost:3000/resources/session/keepalive", cookie);

describe("a session signed out through this process", () => {
  it("its copied cookie shows nothing of the citizen on a public page and is not kept alive", async () => {
    const copied = (await signedInRequest("http://localhost:3000/accesibilidad", { kept })).headers.get("Cookie")!;
    expect((await (await root(copied)).json()).user).toMatchObject({ cuil: CUIL });

    const logout = await postWithCookie(logoutAction, "http://localhost:3000/auth/logout", copied);
    // The sign-out page itself (it posts the end-session request to the identity provider).
    expect(logout.status).toBe(200);
    // The API has not even been asked yet for this copy: the process remembers.
    tokenRevoked = false;
    rolesCalls = 0;
    const replay = await root(copied);
    const data = await replay.json();
    expect(data.user).toBeNull();
    expect(data.session).toBeNull();
    expect(JSON.stringify(data)).not.toContain(CUIL);
    expect(JSON.stringify(data)).not.toContain(user.email);
    const left = await sessionStorage.getSession(replay.headers.getSetCookie().find((c) => c.startsWith("av_session=")));
    expect(left.get("sid")).toBeUndefined();
    expect(left.get("user")).toBeUndefined();
    expect((await keepalive(copied)).status).toBe(401);
    expect(rolesCalls).toBe(0);
  });
});

describe("a session revoked elsewhere (another process signed it out)", () => {
  it("shows the kept citizen only until its next confirmation, then nothing, and is dropped", async () => {
    const t0 = Date.now();
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(t0);
    const copied = (await signedInRequest("http://localhost:3000/accesibilidad", { kept })).headers.get("Cookie")!;
    tokenRevoked = true;
    vi.setSystemTime(t0 + SESSION_CHECK_MS);
    const replay = await root(copied);
    expect(replay.status).toBe(200);
    const data = await replay.json();
    expect(data.user).toBeNull();
    expect(data.session).toBeNull();
    expect(rolesCalls).toBe(1);
    // Known now on this process too: the next page asks nothing.
    expect((await (await root(copied, "/error")).json()).user).toBeNull();
    expect(rolesCalls).toBe(1);
  });

  it("the bound is seconds (issue 37): a copy confirmed just before 'Cerrar sesión' shows nothing 5 s later", async () => {
    expect(SESSION_CHECK_MS).toBeLessThanOrEqual(5_000);
    const t0 = Date.now();
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(t0);
    // Confirmed by this process's API call at t0, then signed out through another process.
    const copied = (await signedInRequest("http://localhost:3000/accesibilidad", { kept: { ...kept } })).headers.get("Cookie")!;
    tokenRevoked = true;
    for (const path of ["/auth/signed-out", "/accesibilidad", "/error", "/no-existe"]) {
      vi.setSystemTime(t0 + 5_000);
      const data = await (await root(copied, path)).json();
      expect(JSON.stringify(data), path).not.toContain(CUIL);
      expect(JSON.stringify(data), path).not.toContain(user.cn);
      expect(JSON.stringify(data), path).not.toContain(user.email);
    }
  });

  it("a confirmed session asks again only past the check interval, and keeps its confirmation in the cookie", async () => {
    const t0 = Date.now();
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(t0);
    let cookie = (await signedInRequest("http://localhost:3000/accesibilidad", { kept })).headers.get("Cookie")!;
    await root(cookie);
    expect(rolesCalls).toBe(0);
    vi.setSystemTime(t0 + SESSION_CHECK_MS);
    const checked = await root(cookie);
    expect(rolesCalls).toBe(1);
    cookie = checked.headers
      .getSetCookie()
      .find((c) => c.startsWith("av_session="))!
      .split(";")[0]!;
    vi.setSystemTime(t0 + SESSION_CHECK_MS + 1000);
    await root(cookie);
    expect(rolesCalls).toBe(1);
  });

  it("keep-alive asks the API first: a revoked token is not kept alive", async () => {
    const cookie = (await signedInRequest("http://localhost:3000/accesibilidad", { kept })).headers.get("Cookie")!;
    expect((await keepalive(cookie)).status).toBe(200);
    tokenRevoked = true;
    const refused = await keepalive(cookie);
    expect(refused.status).toBe(401);
  });
});
