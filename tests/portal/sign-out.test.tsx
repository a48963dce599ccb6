import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { API, config, CUIL, happy, idpDiscovery, ISSUER } from "../mocks/api";
import { argsOf, BASE, failOnUnhandled, settle } from "./helpers";
import { getConfig } from "~/api/security.server";
import { parseEnv } from "~/env.server";
import { csrf } from "~/lib/csrf.server";
import { contentSecurityPolicy } from "~/lib/headers.server";
import { safeLogoutUrl } from "~/api/logout-url.server";
import { apiContext, newSessionData, sessionStorage } from "~/lib/session.server";
import { newLoadContext } from "~/api/load-context.server";
import { SignOutView } from "~/features/session/SignOutView";
import { action as logoutAction, loader as logoutLoader } from "~/routes/auth.logout";

/**
 * 'Cerrar sesión' (issues 36 and 40): the backend's logout URL is followed only on an allowed origin
 * (the identity provider's, the portal's, or one in LOGOUT_URL_ORIGINS: https://salir.provincia.example
 * in tests/portal/setup.ts), and the ID token never goes into an address the browser records.
 */
// An ID token as the provider signs it: its payload names the citizen (the CUIL in `sub`).
const payload = Buffer.from(JSON.stringify({ sub: CUIL, name: "María Laura Gómez" })).toString("base64url");
const ID_TOKEN = `eyJhbGciOiJSUzI1NiJ9.${payload}.c2lnbmF0dXJl`;

let logoutUrl: string | null = config.logout_url;
const server = setupServer(
  http.get(`${API}/api/v4/instances/config`, () => HttpResponse.json({ ...config, logout_url: logoutUrl })),
  http.post(`${API}/api/security/logout`, () => new HttpResponse(null, { status: 204 })),
  ...happy,
  idpDiscovery,
);
beforeAll(() => server.listen({ onUnhandledRequest: failOnUnhandled }));
afterEach(() => {
  server.resetHandlers();
  logoutUrl = config.logout_url;
});
afterAll(() => server.close());

/** 'Cerrar sesión' posted by a signed-in citizen whose session holds `ID_TOKEN` (in `context`: the request's). */
async function signOut(context = newLoadContext()): Promise<Response> {
  const session = await sessionStorage.getSession();
  const data = newSessionData({ cuil: CUIL, accessToken: "token", idToken: ID_TOKEN });
  for (const [k, v] of Object.entries(data)) session.set(k as keyof typeof data, v as never);
  const [token, csrfCookie] = await csrf.commitToken();
  const cookie = [(await sessionStorage.commitSession(session)).split(";")[0], csrfCookie!.split(";")[0]].join("; ");
  const request = new Request(`${BASE}/auth/logout`, {
    method: "POST",
    body: new URLSearchParams({ csrf: token }),
    headers: { "Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Site": "same-origin", Cookie: cookie },
  });
  return settle(async () => logoutAction(argsOf(request, {}, context)));
}

/** Every address the answer sends the browser to, by redirect, form, or refresh. */
async function addressesOf(response: Response): Promise<string[]> {
  if (response.status >= 300 && response.status < 400) return [response.headers.get("Location")!];
  const { endSession } = await response.clone().json();
  return [endSession.action, endSession.withoutHint];
}

function expectNothingPersonal(addresses: string[]) {
  for (const address of addresses) {
    expect(address).not.toContain("id_token_hint");
    expect(address).not.toContain(ID_TOKEN);
    expect(address).not.toContain(payload);
    expect(address).not.toContain(CUIL);
  }
}

describe("the logout URL a backend gives is followed only on an allowed origin (issue 36)", () => {
  it.each([
    "https://evil.example/phish",
    "HTTPS://EVIL.EXAMPLE/",
    "https://evil.example\\@idp.test/session/end",
    "https://evil.example\\\\@salir.provincia.example/",
    "http://idp.test@evil.example/session/end",
    "https://salir.provincia.example@evil.example/",
    "https://user:secret@salir.provincia.example/fin",
    "https://salir.provincia.example.evil.example/",
    "http://salir.provincia.example/fin",
    "https://salir.provincia.example:8443/fin",
    "javascript:alert(document.cookie)",
    "JAVASCRIPT://salir.provincia.example/%0aalert(1)",
    "data:text/html,<script>alert(1)</script>",
    "//evil.example/phish",
    "/\\evil.example/phish",
    "  ",
  ])("refuses %j", (value) => {
    expect(safeLogoutUrl(value)).toBeNull();
  });

  it.each([
    ["https://salir.provincia.example/fin?x=1", "https://salir.provincia.example/fin?x=1"],
    ["HTTPS://SALIR.PROVINCIA.EXAMPLE:443/fin", "https://salir.provincia.example/fin"],
    ["http://idp.test/session/end", "http://idp.test/session/end"],
    ["http://localhost:3000/adios", "http://localhost:3000/adios"],
  ])("follows %j", (value, followed) => {
    expect(safeLogoutUrl(value)).toBe(followed);
  });

  it("the configuration's reader drops a refused URL, and no backend widens the pages' form-action", async () => {
    logoutUrl = "https://evil.example/phish";
    const ctx = apiContext({ request: new Request(`${BASE}/`), context: newLoadContext() }, { accessToken: "token", cuil: CUIL });
    expect((await getConfig(ctx)).logout_url).toBeNull();
    const formAction = /form-action ([^;]+)/.exec(contentSecurityPolicy("n"))![1];
    expect(formAction.split(" ")).toEqual(["'self'", ISSUER, "https://salir.provincia.example"]);
  });

  it("a refused URL falls back to the identity provider's end-session; a configured one is followed", async () => {
    logoutUrl = "https://evil.example\\@idp.test/";
    const refused = await signOut();
    expect(refused.status).toBe(200);
    expect((await refused.json()).endSession.action).toBe(`${ISSUER}/session/end`);

    logoutUrl = "https://salir.provincia.example/fin";
    const configured = await signOut();
    expect(configured.status).toBe(302);
    expect(configured.headers.get("Location")).toBe("https://salir.provincia.example/fin");
    expect(configured.headers.get("Set-Cookie")).toMatch(/av_session=;/);
    expectNothingPersonal(await addressesOf(configured));
  });
});

describe("sign-out puts nothing personal in an address (issue 40)", () => {
  it("the end-session request is posted: the ID token in the form's body, in no address", async () => {
    const response = await signOut();
    expect(response.status).toBe(200);
    expect(response.headers.get("Set-Cookie")).toMatch(/av_session=;/);
    expect(response.headers.get("Clear-Site-Data")).toContain('"storage"');
    const { endSession } = await response.clone().json();
    expect(endSession).toEqual({
      action: `${ISSUER}/session/end`,
      fields: { id_token_hint: ID_TOKEN, post_logout_redirect_uri: `${BASE}/`, client_id: "portal" },
      withoutHint: `${ISSUER}/session/end?post_logout_redirect_uri=${encodeURIComponent(`${BASE}/`)}&client_id=portal`,
    });
    expectNothingPersonal(await addressesOf(response));

    // The page's loader, run by Remix after the action in the same request, draws it (no redirect home).
    const context = newLoadContext();
    await signOut(context);
    const signedOut = new Request(`${BASE}/auth/logout`);
    expect(await logoutLoader(argsOf(signedOut, {}, context))).toBeNull();
    expect(((await logoutLoader(argsOf(signedOut))) as Response).headers.get("Location")).toBe("/");

    // The page: a form that posts itself, and without JavaScript a refresh to the request without the token.
    const html = renderToStaticMarkup(<SignOutView endSession={endSession} />);
    expect(html).toContain(`<form id="end-session" method="post" action="${ISSUER}/session/end">`);
    expect(html).toContain(`<input type="hidden" name="id_token_hint" value="${ID_TOKEN}"/>`);
    const refresh = /http-equiv="refresh" content="0; url=([^"]+)"/.exec(html)?.[1];
    expect(refresh).toBe(endSession.withoutHint.replaceAll("&", "&amp;"));
    expect(html).toContain('document.getElementById("end-session").submit();');
    expectNothingPersonal([refresh!, ...[...html.matchAll(/(?:href|action|src)="([^"]*)"/g)].map((m) => m[1]!)]);
  });
});

describe("LOGOUT_URL_ORIGINS", () => {
  const base = { NODE_ENV: "test" };
  it("takes origins alone, as the URL standard writes them", () => {
    const parsed = parseEnv({ ...base, LOGOUT_URL_ORIGINS: " HTTPS://Salir.Provincia.Example:443 , https://cuenta.example/ " });
    expect("env" in parsed && parsed.env.LOGOUT_URL_ORIGINS).toEqual(["https://salir.provincia.example", "https://cuenta.example"]);
  });
  it.each([
    "https://salir.example/fin",
    "https://u@salir.example",
    "javascript:alert(1)",
    "salir.example",
    "https://salir.example?x",
    "https://a\\@b",
  ])("refuses %j", (value) => {
    expect(parseEnv({ ...base, LOGOUT_URL_ORIGINS: value })).toHaveProperty("problems");
  });
  it("wants https in production", () => {
    const production = {
      NODE_ENV: "production",
      PORTAL_URL: "https://portal.example",
      OIDC_ISSUER: "https://id.example",
      API_BASE_URL: "http://api.interna:4000",
    };
    const secret = { SESSION_SECRET: "Zq8#vR2!mK9$wL4@pN7&tX3*hB6^cF1%" };
    const problems = parseEnv({ ...production, ...secret, OIDC_CLIENT_SECRET: "s", LOGOUT_URL_ORIGINS: "http://salir.example" });
    expect(problems).toMatchObject({ problems: [expect.stringContaining("LOGOUT_URL_ORIGINS")] });
  });
});
