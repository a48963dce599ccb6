import { createHash, randomBytes } from "node:crypto";
import { decodeJwt, decodeProtectedHeader } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoCitizenByRole } from "../../server/auth/oidc/demo-citizens.js";
import { formatCuil } from "../../common/cuil.js";
import { call, startStack, TEST_AUDIENCE, TEST_PORTAL, type TestStack } from "./harness.js";

/** A tiny cookie jar: enough for the IdP's own cookies (paths are ignored on purpose). */
class Jar {
  private cookies = new Map<string, string>();
  store(res: Response) {
    for (const header of res.headers.getSetCookie()) {
      const [pair, ...attrs] = header.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /^\s*expires=/i.test(a) && new Date(a.split("=")[1]).getTime() < Date.now());
      if (!value || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
}

let stack: TestStack;
const redirectUri = `${TEST_PORTAL}/auth/callback`;

beforeAll(async () => {
  stack = await startStack({ idp: true });
});

afterAll(async () => {
  await stack?.close();
});

async function go(jar: Jar, url: string, init: RequestInit = {}) {
  const res = await fetch(new URL(url, stack.issuer), {
    ...init,
    redirect: "manual",
    headers: { ...(init.headers as Record<string, string>), cookie: jar.header() },
  });
  jar.store(res);
  return res;
}

function form(values: Record<string, string>): RequestInit {
  return {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(values).toString(),
  };
}

function authParams(extra: Record<string, string> = {}) {
  const verifier = randomBytes(32).toString("base64url");
  const challenge = createHash("sha256").update(verifier).digest("base64url");
  const state = randomBytes(8).toString("base64url");
  const params = new URLSearchParams({
    client_id: "portal",
    response_type: "code",
    scope: "openid profile email phone",
    redirect_uri: redirectUri,
    code_challenge: challenge,
    code_challenge_method: "S256",
    state,
    nonce: randomBytes(8).toString("base64url"),
    ...extra,
  });
  return Object.assign(params, { verifier, state });
}

/** Starts an authorization request and returns the interaction URL. */
async function authorize(jar: Jar, extra: Record<string, string> = {}) {
  const params = authParams(extra);
  const { verifier, state } = params;
  const res = await go(jar, `/auth?${params}`);
  expect(res.status).toBe(303);
  const interaction = res.headers.get("location")!;
  expect(interaction).toMatch(/^\/interaction\/[\w-]+$/);
  return { interaction, verifier, state };
}

/** The portal exchanging an authorization `code` (with its PKCE `verifier`) at the token endpoint, as a confidential client. */
function exchangeCode(code: string, verifier: string) {
  return fetch(`${stack.issuer}/token`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      authorization: `Basic ${Buffer.from("portal:dev-portal-secret").toString("base64")}`,
    },
    body: new URLSearchParams({ grant_type: "authorization_code", code, redirect_uri: redirectUri, code_verifier: verifier }),
  });
}

/** Signs `citizen` in within `jar` and exchanges the code: the portal's tokens for that IdP session. */
async function signedIn(jar: Jar, citizen: { cuil: string; password: string }) {
  const { interaction, verifier } = await authorize(jar);
  let location = (await go(jar, `${interaction}/login`, form({ cuil: citizen.cuil, password: citizen.password }))).headers.get("location")!;
  for (let i = 0; i < 5 && !location.startsWith(TEST_PORTAL); i++) location = (await go(jar, location)).headers.get("location")!;
  const res = await exchangeCode(new URL(location).searchParams.get("code")!, verifier);
  expect(res.status).toBe(200);
  return (await res.json()) as { id_token: string; access_token: string };
}

describe("development identity provider", () => {
  it("discovery advertises the endpoints the portal uses", async () => {
    const res = await fetch(`${stack.issuer}/.well-known/openid-configuration`);
    const meta = await res.json();
    expect(meta.issuer).toBe(stack.issuer);
    expect(meta.end_session_endpoint).toBe(`${stack.issuer}/session/end`);
    expect(meta.code_challenge_methods_supported).toEqual(["S256"]);
    expect(meta.scopes_supported).toEqual(expect.arrayContaining(["openid", "profile", "email", "phone"]));
  });

  it("requires PKCE", async () => {
    const jar = new Jar();
    const params = new URLSearchParams({
      client_id: "portal",
      response_type: "code",
      scope: "openid",
      redirect_uri: redirectUri,
      state: "s",
    });
    const res = await go(jar, `/auth?${params}`);
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get("location")!);
    expect(location.origin + location.pathname).toBe(redirectUri);
    expect(location.searchParams.get("error")).toBe("invalid_request");
  });

  it("shows an accessible Spanish sign-in page", async () => {
    const jar = new Jar();
    const { interaction } = await authorize(jar);
    const res = await go(jar, interaction);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-security-policy")).toContain("default-src 'none'");
    const html = await res.text();
    expect(html).toContain('<html lang="es">');
    expect(html).toMatch(/<label for="cuil">CUIL<\/label>/);
    expect(html).toMatch(/<label for="password">Contraseña<\/label>/);
    // A shared terminal keeps no CUIL (issue 40): the browser is told not to remember it.
    expect(html).toMatch(/id="cuil"[^>]*autocomplete="off"/);
    expect(html).toMatch(/inputmode="numeric"/);
    expect(html).toMatch(/autocomplete="current-password"/);
    expect(html).toMatch(/<button type="submit" class="button">Ingresar<\/button>/);
    expect(html).not.toMatch(/style=|<style|<script/);
    const css = await fetch(`${stack.issuer}/assets/idp.css`);
    expect(css.status).toBe(200);
    expect(css.headers.get("content-type")).toContain("text/css");
  });

  it("rejects a wrong password with the error tied to the fields", async () => {
    const jar = new Jar();
    const { interaction } = await authorize(jar);
    const res = await go(jar, `${interaction}/login`, form({ cuil: demoCitizenByRole.adhered.cuil, password: "incorrecta" }));
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('<p id="login-error" class="field-error">CUIL o contraseña incorrectos.</p>');
    expect(html).toMatch(/id="cuil"[^>]*aria-describedby="cuil-hint login-error"[^>]*aria-invalid="true"/);
    expect(html).toMatch(/id="password"[^>]*aria-describedby="login-error"[^>]*aria-invalid="true"/);
    expect(html).toContain("<title>Error: Ingresar | Atención Virtual</title>");
    // an unknown CUIL gets the very same answer
    const unknown = await go(jar, `${interaction}/login`, form({ cuil: "20111111112", password: "Demo2026!" }));
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain("CUIL o contraseña incorrectos.");
  });

  it("throttles repeated failures for one CUIL", async () => {
    const jar = new Jar();
    const { interaction } = await authorize(jar);
    const cuil = demoCitizenByRole.emptyTrays.cuil;
    for (let i = 0; i < 5; i++) {
      const res = await go(jar, `${interaction}/login`, form({ cuil, password: `mal-${i}` }));
      expect(res.status).toBe(400);
    }
    const blocked = await go(jar, `${interaction}/login`, form({ cuil, password: "Demo2026!" }));
    expect(blocked.status).toBe(429);
    expect(await blocked.text()).toContain("Demasiados intentos. Intenta de nuevo en unos minutos.");
  });

  it("a POST without the interaction cookie does not sign in", async () => {
    const jar = new Jar();
    const { interaction } = await authorize(jar);
    const res = await go(new Jar(), `${interaction}/login`, form({ cuil: demoCitizenByRole.adhered.cuil, password: "Demo2026!" }));
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("La solicitud de ingreso venció");
  });

  it("code + PKCE flow: sign in, exchange the code, call the API, log out", async () => {
    const citizen = demoCitizenByRole.adhered;
    const jar = new Jar();
    const { interaction, verifier, state } = await authorize(jar);

    const page = await go(jar, interaction);
    expect(page.status).toBe(200);

    // CUIL typed with dashes
    const login = await go(jar, `${interaction}/login`, form({ cuil: formatCuil(citizen.cuil), password: citizen.password }));
    expect(login.status).toBe(303);
    let location = login.headers.get("location")!;
    // follow the IdP's own redirects until it sends the browser back to the portal
    for (let i = 0; i < 5 && !location.startsWith(TEST_PORTAL); i++) {
      const res = await go(jar, location);
      expect([302, 303]).toContain(res.status);
      location = res.headers.get("location")!;
    }
    const callback = new URL(location);
    expect(callback.origin + callback.pathname).toBe(redirectUri);
    expect(callback.searchParams.get("state")).toBe(state);
    expect(callback.searchParams.get("iss")).toBe(stack.issuer);
    const code = callback.searchParams.get("code");
    expect(code).toBeTruthy();

    const tokenRes = await exchangeCode(code!, verifier);
    const tokens = await tokenRes.json();
    expect(tokenRes.status, JSON.stringify(tokens)).toBe(200);
    expect(tokens.token_type).toBe("Bearer");
    expect(tokens.expires_in).toBeLessThanOrEqual(8 * 3600);

    const access = decodeJwt(tokens.access_token);
    expect(decodeProtectedHeader(tokens.access_token).alg).toBe("RS256");
    expect(access).toMatchObject({ iss: stack.issuer, aud: TEST_AUDIENCE, sub: citizen.cuil, client_id: "portal" });
    expect(typeof access.jti).toBe("string");

    const id = decodeJwt(tokens.id_token);
    expect(id).toMatchObject({
      sub: citizen.cuil,
      aud: "portal",
      name: citizen.name,
      given_name: citizen.givenName,
      family_name: citizen.familyName,
      email: citizen.email,
      phone_number: `+549${citizen.phone!.code}${citizen.phone!.number}`,
    });

    // the API verifies the IdP's token against its JWKS
    const roles = await call(stack, "/api/security/user/get_roles", { token: tokens.access_token });
    expect(roles.status).toBe(200);
    expect(roles.json.data.data).toMatchObject({ cuil: citizen.cuil, cn: citizen.name });

    // a restarted IdP keeps its keys and its sessions: the token still verifies, and a
    // second authorization in the same browser session goes straight back to the portal
    // (no new sign-in, no consent screen)
    await stack.restartIdp();
    expect((await call(stack, "/api/v4/instances/config", { token: tokens.access_token })).status).toBe(200);
    const again = await go(jar, `/auth?${authParams()}`);
    expect(again.status).toBe(303);
    let next = again.headers.get("location")!;
    for (let i = 0; i < 5 && !next.startsWith(TEST_PORTAL); i++) next = (await go(jar, next)).headers.get("location")!;
    expect(new URL(next).searchParams.get("code")).toBeTruthy();

    // The portal's 'Cerrar sesión': its ID token names the account signed in here, so one request
    // ends the IdP session and goes back to the portal, with or without JavaScript (issue 31).
    const end = await go(
      jar,
      `/session/end?${new URLSearchParams({ id_token_hint: tokens.id_token, post_logout_redirect_uri: `${TEST_PORTAL}/` })}`,
    );
    expect(end.status).toBe(303);
    expect(end.headers.get("location")).toBe(`${TEST_PORTAL}/`);

    // after logout a new authorization asks for the sign-in again
    const fresh = await authorize(jar);
    expect(fresh.interaction).toMatch(/^\/interaction\//);

    // API logout revokes the access token
    expect((await call(stack, "/api/security/logout", { method: "POST", token: tokens.access_token })).status).toBe(204);
    expect((await call(stack, "/api/security/user/get_roles", { token: tokens.access_token })).status).toBe(303);
  });

  it("another account's ID token, or none, keeps the Spanish confirmation page (no sign-out from a third site)", async () => {
    const mine = new Jar();
    await signedIn(mine, demoCitizenByRole.adhered);
    const theirs = await signedIn(new Jar(), demoCitizenByRole.notAdhered);
    for (const query of [{ id_token_hint: theirs.id_token }, {}] as Record<string, string>[]) {
      const end = await go(mine, `/session/end?${new URLSearchParams({ ...query, post_logout_redirect_uri: `${TEST_PORTAL}/` })}`);
      expect(end.status).toBe(200);
      const html = await end.text();
      expect(html).toContain('<html lang="es">');
      expect(html).toContain("confirma con el botón");
      expect(html).toContain('<button type="submit" class="button">Cerrar sesión</button>');
      const nonce = /<script nonce="([^"]+)">/.exec(html)?.[1];
      expect(end.headers.get("content-security-policy")).toContain(`'nonce-${nonce}'`);
    }
    // Still signed in: a new authorization goes straight back to the portal.
    const again = await go(mine, `/auth?${authParams()}`);
    expect(again.headers.get("location")).not.toMatch(/^\/interaction\//);
    // The page's own button ends it.
    const html = await (await go(mine, `/session/end?${new URLSearchParams({ post_logout_redirect_uri: `${TEST_PORTAL}/` })}`)).text();
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)![1];
    const confirm = await go(mine, "/session/end/confirm", form({ xsrf, logout: "yes" }));
    expect(confirm.status).toBe(303);
    expect((await authorize(mine)).interaction).toMatch(/^\/interaction\//);
  });

  it("the portal's sign-out without the ID token in an address (issue 40): posted with it, or asked from the portal's site with its client_id", async () => {
    const back = `${TEST_PORTAL}/`;
    // Posted: the token travels in the body; one request ends the session.
    const posting = new Jar();
    const { id_token } = await signedIn(posting, demoCitizenByRole.adhered);
    const posted = await go(
      posting,
      "/session/end",
      form({ id_token_hint: id_token, post_logout_redirect_uri: back, client_id: "portal" }),
    );
    expect(posted.status).toBe(303);
    expect(posted.headers.get("location")).toBe(back);
    expect((await authorize(posting)).interaction).toMatch(/^\/interaction\//);

    // Without JavaScript: by address, no token, the portal's client_id, from a page of the portal's site.
    const address = `/session/end?${new URLSearchParams({ client_id: "portal", post_logout_redirect_uri: back })}`;
    const asked = new Jar();
    await signedIn(asked, demoCitizenByRole.adhered);
    for (const site of ["cross-site", "none"]) {
      // From another site, or typed: the confirmation page, still signed in.
      const other = await go(asked, address, { headers: { "sec-fetch-site": site } });
      expect(other.status).toBe(200);
      expect(await other.text()).toContain("confirma con el botón");
    }
    const own = await go(asked, address, { headers: { "sec-fetch-site": "same-site" } });
    expect(own.status).toBe(303);
    expect(own.headers.get("location")).toBe(back);
    expect((await authorize(asked)).interaction).toMatch(/^\/interaction\//);
  });

  it("prompt=login asks for the password even with an IdP session", async () => {
    const citizen = demoCitizenByRole.notAdhered;
    const jar = new Jar();
    const { interaction } = await authorize(jar);
    const login = await go(jar, `${interaction}/login`, form({ cuil: citizen.cuil, password: citizen.password }));
    expect(login.status).toBe(303);
    await go(jar, login.headers.get("location")!);
    const again = await authorize(jar, { prompt: "login" });
    const page = await go(jar, again.interaction);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Ingresa con tu CUIL");
  });
});
