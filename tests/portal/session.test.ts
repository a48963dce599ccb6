import { exportJWK, generateKeyPair, SignJWT } from "jose";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { API, config, discoveryDocument, happy, ISSUER, user } from "../mocks/api";
import { failOnUnhandled, postWithCookie, settle, signedInRequest, argsOf } from "./helpers";
import { finishSignIn, startSignIn } from "~/lib/auth.server";
import { requireAdhered } from "~/lib/guards.server";
import { applySecurityHeaders } from "~/lib/headers.server";
import { ABSOLUTE_MS, IDLE_MS, sessionStorage } from "~/lib/session.server";
import { loader as rootLoader } from "~/root";
import { action as logoutAction } from "~/routes/auth.logout";

/**
 * Sessions (decision 002, ASVS V3): a new session at sign-in, `__Host-` Secure cookies over HTTPS,
 * idle (15 min) and absolute (8 h) expiry on a controlled clock against the real loaders, and
 * 'Cerrar sesión' leaving nothing usable behind.
 */
const BASE = "http://localhost:3000";

/** The API's view of tokens: revoked ones get the contract's 303 to sign in. */
const revoked = new Set<string>();
const tokenOf = (request: Request) => request.headers.get("Authorization")?.replace(/^Bearer /, "") ?? "";
const guarded =
  (answer: () => Response) =>
  ({ request }: { request: Request }) =>
    revoked.has(tokenOf(request)) ? HttpResponse.json({ location: "/auth/login" }, { status: 303 }) : answer();

const { privateKey, publicKey } = await generateKeyPair("ES256");
const jwk = { ...(await exportJWK(publicKey)), kid: "idp-key", alg: "ES256", use: "sig" };
let lastNonce = "";

const server = setupServer(
  http.get(
    `${API}/api/security/user/get_roles`,
    guarded(() => HttpResponse.json({ data: { data: user } })),
  ),
  http.get(
    `${API}/api/v4/instances/config`,
    guarded(() => HttpResponse.json(config)),
  ),
  http.get(
    `${API}/api/dd/v1/users/get-user-self-da/:cuil`,
    guarded(() => HttpResponse.json({ data: { cuil: user.cuil } })),
  ),
  http.post(`${API}/api/security/logout`, ({ request }) => {
    revoked.add(tokenOf(request));
    return new HttpResponse(null, { status: 204 });
  }),
  ...happy,
  // The identity provider, as far as the portal's code flow needs it.
  http.get(`${ISSUER}/.well-known/openid-configuration`, () =>
    HttpResponse.json({
      ...discoveryDocument,
      subject_types_supported: ["public"],
      id_token_signing_alg_values_supported: ["ES256"],
      code_challenge_methods_supported: ["S256"],
    }),
  ),
  http.get(`${ISSUER}/jwks`, () => HttpResponse.json({ keys: [jwk] })),
  http.post(`${ISSUER}/token`, async () => {
    const idToken = await new SignJWT({ nonce: lastNonce })
      .setProtectedHeader({ alg: "ES256", kid: "idp-key" })
      .setIssuer(ISSUER)
      .setAudience("portal")
      .setSubject(user.cuil)
      .setIssuedAt()
      .setExpirationTime("10m")
      .sign(privateKey);
    return HttpResponse.json({
      access_token: `at-${crypto.randomUUID()}`,
      token_type: "Bearer",
      expires_in: 3600,
      id_token: idToken,
      scope: "openid",
    });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: failOnUnhandled }));
afterEach(() => {
  server.resetHandlers();
  vi.useRealTimers();
});
afterAll(() => server.close());

const cookieValue = (setCookie: string | null, name: string) =>
  (setCookie ?? "")
    .split(/,(?=\s*[\w-]+=)/)
    .map((c) => c.trim())
    .find((c) => c.startsWith(`${name}=`))
    ?.split(";")[0];

const sessionOf = (setCookie: string | null) => sessionStorage.getSession(cookieValue(setCookie, "av_session") ?? "");

describe("sign-in makes a brand-new session (no fixation)", () => {
  it("replaces a session the browser already had: new sid, nothing of the old one kept", async () => {
    // The browser arrives with a session someone else planted (or the previous citizen's).
    const previous = await signedInRequest(`${BASE}/auth/login`);
    const plantedSession = await sessionStorage.getSession(previous.headers.get("Cookie"));
    plantedSession.set("planted" as never, "by-someone-else" as never);
    const oldSid = plantedSession.get("sid");
    const planted = new Request(`${BASE}/auth/login`, {
      headers: { Cookie: (await sessionStorage.commitSession(plantedSession)).split(";")[0]! },
    });

    const start = await startSignIn(argsOf(planted));
    const authorize = new URL(start.headers.get("Location")!);
    expect(authorize.origin + authorize.pathname).toBe(`${ISSUER}/auth`);
    expect(authorize.searchParams.get("prompt")).toBe("login");
    lastNonce = authorize.searchParams.get("nonce")!;
    const transaction = cookieValue(start.headers.get("Set-Cookie"), "av_oidc")!;

    const callback = new Request(`${BASE}/auth/callback?code=abc&state=${authorize.searchParams.get("state")}`, {
      headers: { Cookie: [planted.headers.get("Cookie"), transaction].join("; ") },
    });
    const done = await finishSignIn(callback);
    expect(done.status).toBe(302);
    const fresh = await sessionOf(done.headers.get("Set-Cookie"));
    expect(fresh.get("sid")).toMatch(/^[0-9a-f-]{36}$/);
    expect(fresh.get("sid")).not.toBe(oldSid);
    expect(fresh.get("accessToken")).toMatch(/^at-/);
    expect(fresh.get("accessToken")).not.toBe(plantedSession.get("accessToken"));
    expect(fresh.get("cuil")).toBe(user.cuil);
    expect(fresh.get("planted" as never)).toBeUndefined();
  });
});

/** One page view: the root loader (which refreshes lastSeen) and the page's guard; the session cookie after it. */
async function view(cookie: string) {
  const request = new Request(`${BASE}/procedures`, { headers: { Cookie: cookie } });
  const guard = await settle(async () => {
    await requireAdhered(argsOf(request.clone()), "procedures");
    return new Response(null, { status: 200 });
  });
  const root = await settle(() => rootLoader(argsOf(request)));
  const next = cookieValue(root.headers.get("Set-Cookie"), "av_session");
  return { guard, root, cookie: next ?? cookie };
}

describe("idle (15 min) and absolute (8 h) expiry on a controlled clock", () => {
  it("uses the configured limits", () => {
    expect(IDLE_MS).toBe(15 * 60_000);
    expect(ABSOLUTE_MS).toBe(8 * 3_600_000);
  });

  const T0 = Date.parse("2026-11-21T08:00:00Z");

  async function signedInAt(at: number) {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(at);
    const request = await signedInRequest(`${BASE}/procedures`);
    return request.headers.get("Cookie")!;
  }

  it("activity keeps the session alive; 15 minutes and a second without a request end it", async () => {
    let cookie = await signedInAt(T0);
    vi.setSystemTime(T0 + 14 * 60_000);
    let step = await view(cookie);
    expect(step.guard.status).toBe(200);
    cookie = step.cookie;
    // 14 more minutes: 28 since sign-in but only 14 idle, still in.
    vi.setSystemTime(T0 + 28 * 60_000);
    step = await view(cookie);
    expect(step.guard.status).toBe(200);
    expect((await step.root.json()).user).toMatchObject({ cuil: user.cuil });
    cookie = step.cookie;
    // Exactly 15 minutes idle is still in; one second more is out.
    vi.setSystemTime(T0 + 43 * 60_000);
    expect((await view(cookie)).guard.status).toBe(200);
    vi.setSystemTime(T0 + 28 * 60_000 + 15 * 60_000 + 1000);
    const expired = await view(cookie);
    expect(expired.guard.status).toBe(302);
    expect(expired.guard.headers.get("Location")).toBe("/auth/login");
    expect((await expired.root.json()).user).toBeNull();
  });

  it("after 8 hours the session ends even if the citizen was active every 10 minutes", async () => {
    let cookie = await signedInAt(T0);
    let at = T0;
    while (at + 10 * 60_000 <= T0 + ABSOLUTE_MS) {
      at += 10 * 60_000;
      vi.setSystemTime(at);
      const step = await view(cookie);
      expect(step.guard.status, `at ${(at - T0) / 60_000} min`).toBe(200);
      cookie = step.cookie;
    }
    vi.setSystemTime(T0 + ABSOLUTE_MS + 1000);
    const over = await view(cookie);
    expect(over.guard.headers.get("Location")).toBe("/auth/login");
  });
});

describe("'Cerrar sesión' leaves nothing usable behind", () => {
  it("revokes the token in the API, destroys the cookie; the copied cookie replayed gets no data", async () => {
    const signedIn = await signedInRequest(`${BASE}/procedures`);
    const copied = signedIn.headers.get("Cookie")!;
    expect((await view(copied)).guard.status).toBe(200);

    const logout = await postWithCookie(logoutAction, `${BASE}/auth/logout`, copied);
    // The page that posts the end-session request to the identity provider (issue 40).
    expect(logout.status).toBe(200);
    expect(cookieValue(logout.headers.get("Set-Cookie"), "av_session")).toBe("av_session=");
    expect(logout.headers.get("Clear-Site-Data")).toContain('"cache"');
    expect(revoked.size).toBeGreaterThan(0);

    // Someone replays the cookie copied before 'Cerrar sesión' (a shared terminal, a stolen cookie).
    const replay = await view(copied);
    expect(replay.guard.status).toBe(302);
    expect(replay.guard.headers.get("Location")).toBe("/auth/login");
    // The shell shows nothing of the citizen (decision 103), and drops the session's tokens.
    expect(replay.root.status).toBe(200);
    expect((await replay.root.json()).user).toBeNull();
    const left = await sessionOf(replay.root.headers.get("Set-Cookie"));
    expect(left.get("accessToken")).toBeUndefined();
    expect(left.get("sid")).toBeUndefined();
  });

  it("every portal response is no-store (the back button shows nothing kept)", () => {
    for (const initial of [undefined, "public, max-age=600", "private, max-age=60"]) {
      const headers = applySecurityHeaders(new Headers(initial ? { "Cache-Control": initial } : {}));
      expect(headers.get("Cache-Control")).toBe("no-store");
      expect(headers.get("Vary")).toContain("Cookie");
    }
  });
});

describe("cookies over HTTPS in production", () => {
  it("use __Host- names, Secure, HttpOnly, SameSite=Lax, Path=/ and no Domain", async () => {
    vi.resetModules();
    const saved = { ...process.env };
    process.env.NODE_ENV = "production";
    process.env.PORTAL_URL = "https://portal.provincia.gob.ar";
    // A production configuration the portal starts on (issue 29): https issuer, a registered client's secret.
    process.env.OIDC_ISSUER = "https://idp.test";
    process.env.OIDC_CLIENT_SECRET = "registered-client-credential-4471";
    try {
      const { sessionStorage: storage, newSessionData } = await import("~/lib/session.server");
      const { csrf: prodCsrf } = await import("~/lib/csrf.server");
      const { env } = await import("~/env.server");
      expect(env.secure).toBe(true);
      const session = await storage.getSession();
      for (const [k, v] of Object.entries(newSessionData({ cuil: user.cuil, accessToken: "a", idToken: "i" })))
        session.set(k as never, v as never);
      const cookies = [await storage.commitSession(session), (await prodCsrf.commitToken())[1]!];
      for (const cookie of cookies) {
        expect(cookie).toMatch(/^__Host-av_(session|csrf)=/);
        expect(cookie).toMatch(/; Secure/);
        expect(cookie).toMatch(/; Path=\//);
        expect(cookie).not.toMatch(/Domain=/i);
        expect(cookie).toMatch(/HttpOnly/);
        expect(cookie).toMatch(/SameSite=Lax/i);
      }
      // ...and a cookie under the plain name is not read as a session there.
      const plain = await signedInRequest(`${BASE}/procedures`);
      const read = await storage.getSession(plain.headers.get("Cookie"));
      expect(read.get("sid")).toBeUndefined();
      const { applySecurityHeaders: prodHeaders } = await import("~/lib/headers.server");
      expect(prodHeaders(new Headers()).get("Strict-Transport-Security")).toMatch(/max-age=\d+/);
    } finally {
      for (const name of ["NODE_ENV", "PORTAL_URL", "OIDC_ISSUER", "OIDC_CLIENT_SECRET"] as const) {
        if (saved[name] === undefined) delete process.env[name];
        else (process.env as Record<string, string>)[name] = saved[name];
      }
      vi.resetModules();
    }
  });

  it("over plain HTTP (development) the names have no prefix, so the browser accepts them", async () => {
    const session = await sessionStorage.getSession();
    session.set("sid", "x");
    const cookie = await sessionStorage.commitSession(session);
    expect(cookie).toMatch(/^av_session=/);
    expect(cookie).not.toMatch(/; Secure/);
  });
});
