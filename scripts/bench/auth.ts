/**
 * Signs the heavy citizen in through the real OpenID Connect flow, with fetch and a small cookie
 * jar (cookies kept per origin): portal /auth/login → IdP authorize → sign-in form post →
 * portal /auth/callback. Also gets an API access token with the portal's client (its own code flow
 * with PKCE via openid-client, the same library the portal uses) for timing the API directly.
 */
import * as oidc from "openid-client";

export class CookieJar {
  private byOrigin = new Map<string, Map<string, string>>();
  store(url: string, response: Response) {
    const origin = new URL(url).origin;
    const jar = this.byOrigin.get(origin) ?? new Map<string, string>();
    this.byOrigin.set(origin, jar);
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some(
        (a) => /^\s*max-age=0\s*$/i.test(a) || (/^\s*expires=/i.test(a) && Date.parse(a.split("=")[1]) < Date.now()),
      );
      if (expired || value === "") jar.delete(name);
      else jar.set(name, value);
    }
  }
  header(url: string): string {
    const jar = this.byOrigin.get(new URL(url).origin);
    return jar ? [...jar].map(([k, v]) => `${k}=${v}`).join("; ") : "";
  }
}

async function go(jar: CookieJar, url: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  const cookie = jar.header(url);
  if (cookie) headers.set("cookie", cookie);
  const response = await fetch(url, { ...init, headers, redirect: "manual" });
  jar.store(url, response);
  return response;
}

/**
 * Follows redirects from `start` until the portal's callback URL, posting the credentials to the
 * IdP's sign-in form on the way. Answers the callback URL (with code and state), not yet fetched.
 */
async function walkToCallback(jar: CookieJar, start: string, portalUrl: string, cuil: string, password: string): Promise<string> {
  let url = start;
  let posted = false;
  for (let hop = 0; hop < 20; hop++) {
    if (url.startsWith(`${portalUrl}/auth/callback`)) return url;
    const response = await go(jar, url);
    if (response.status >= 300 && response.status < 400) {
      url = new URL(response.headers.get("location")!, url).toString();
      await response.arrayBuffer();
      continue;
    }
    const html = await response.text();
    const action = /<form method="post" action="([^"]+\/login)"/.exec(html)?.[1];
    if (response.status !== 200 || !action || posted) throw new Error(`sign-in: unexpected answer ${response.status} at ${url}`);
    posted = true;
    const post = await go(jar, new URL(action.replace(/&amp;/g, "&"), url).toString(), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ cuil, password }).toString(),
    });
    if (post.status < 300 || post.status >= 400) throw new Error(`sign-in: the credentials were refused (${post.status})`);
    url = new URL(post.headers.get("location")!, url).toString();
    await post.arrayBuffer();
  }
  throw new Error("sign-in: too many redirects");
}

/**
 * Portal session: answers the Cookie header a signed-in browser sends to the portal after its first
 * page, with the cookies that page set kept as a browser keeps them (the session then holds what its
 * first page learnt, decision 002).
 */
export async function portalSession(portalUrl: string, cuil: string, password: string): Promise<string> {
  const jar = new CookieJar();
  const callback = await walkToCallback(jar, `${portalUrl}/auth/login`, portalUrl, cuil, password);
  const response = await go(jar, callback);
  await response.arrayBuffer();
  if (response.status !== 302 && response.status !== 303) throw new Error(`sign-in: callback answered ${response.status}`);
  const check = await go(jar, `${portalUrl}/digital`);
  await check.arrayBuffer();
  if (check.status !== 200) throw new Error(`sign-in: /digital answered ${check.status} with the new session`);
  return jar.header(portalUrl);
}

/** An access token for the API, from the development IdP with the portal's client. */
export async function apiToken(
  options: { issuer: string; portalUrl: string; clientId?: string; clientSecret?: string },
  cuil: string,
  password: string,
): Promise<string> {
  const config = await oidc.discovery(
    new URL(options.issuer),
    options.clientId ?? "portal",
    undefined,
    oidc.ClientSecretBasic(options.clientSecret ?? "dev-portal-secret"),
    { execute: [oidc.allowInsecureRequests] },
  );
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: `${options.portalUrl}/auth/callback`,
    scope: "openid profile email phone",
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
    state,
    nonce,
    prompt: "login",
  });
  const callback = await walkToCallback(new CookieJar(), url.toString(), options.portalUrl, cuil, password);
  const tokens = await oidc.authorizationCodeGrant(config, new URL(callback), {
    pkceCodeVerifier: verifier,
    expectedState: state,
    expectedNonce: nonce,
    idTokenExpected: true,
  });
  return tokens.access_token;
}
