import { redirect } from "@remix-run/node";
import * as oidc from "openid-client";
import { z } from "zod/v4";
import { env } from "~/env.server";
import { getSession, newSessionData, sessionStorage, type RequestScope } from "./session.server";
import { safeLogoutUrl } from "~/api/logout-url.server";
import { safeReturnPath } from "./redirect";
import { portalCookie } from "./sealed-cookie.server";

/**
 * OpenID Connect authorization code flow with PKCE, state and nonce
 * (openid-client). The transaction lives in a short-lived signed cookie.
 */
let configPromise: Promise<oidc.Configuration> | null = null;

function getConfig() {
  configPromise ??= oidc
    .discovery(
      new URL(env.OIDC_ISSUER),
      env.OIDC_CLIENT_ID,
      undefined,
      oidc.ClientSecretBasic(env.OIDC_CLIENT_SECRET),
      new URL(env.OIDC_ISSUER).protocol === "http:" ? { execute: [oidc.allowInsecureRequests], timeout: 10 } : { timeout: 10 },
    )
    .catch((error) => {
      configPromise = null;
      throw error;
    });
  return configPromise;
}

const transactionCookie = portalCookie("av_oidc", { maxAge: 600 });

const TransactionSchema = z.object({ verifier: z.string(), state: z.string(), nonce: z.string(), returnTo: z.string().nullable() });

const callbackUrl = () => new URL("/auth/callback", env.PORTAL_URL).toString();

export async function startSignIn({ request, context }: RequestScope) {
  const config = await getConfig();
  const session = await getSession({ request, context });
  const origin = new URL(request.url).origin;
  const returnTo = safeReturnPath(session.get("pendingOrigin"), origin);
  const verifier = oidc.randomPKCECodeVerifier();
  const transaction = { verifier, state: oidc.randomState(), nonce: oidc.randomNonce(), returnTo };
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: callbackUrl(),
    scope: "openid profile email phone",
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
    state: transaction.state,
    nonce: transaction.nonce,
    // Shared terminals: every sign-in asks for the credentials again.
    prompt: "login",
  });
  const headers = new Headers();
  headers.append("Set-Cookie", await transactionCookie.serialize(transaction));
  headers.append("Set-Cookie", await sessionStorage.commitSession(session)); // drops the consumed flash
  return redirect(url.toString(), { headers });
}

export async function finishSignIn(request: Request) {
  const config = await getConfig();
  const transaction = TransactionSchema.safeParse(await transactionCookie.parse(request.headers.get("Cookie")));
  if (!transaction.success) return redirect("/auth/login");
  const { verifier, state, nonce, returnTo } = transaction.data;
  const current = new URL(request.url);
  const callback = new URL(callbackUrl());
  callback.search = current.search;
  const tokens = await oidc.authorizationCodeGrant(config, callback, {
    pkceCodeVerifier: verifier,
    expectedState: state,
    expectedNonce: nonce,
    idTokenExpected: true,
  });
  const claims = tokens.claims();
  if (!claims?.sub || !tokens.id_token) throw new Error("Respuesta de inicio de sesión incompleta");
  // A brand-new session (new identifier) replaces whatever the browser had.
  const session = await sessionStorage.getSession();
  const data = newSessionData({ cuil: claims.sub, accessToken: tokens.access_token, idToken: tokens.id_token });
  for (const [key, value] of Object.entries(data)) session.set(key as keyof typeof data, value as never);
  const headers = new Headers();
  headers.append("Set-Cookie", await sessionStorage.commitSession(session));
  headers.append("Set-Cookie", await transactionCookie.serialize("", { maxAge: 0 }));
  return redirect(returnTo ?? "/procedures", { headers });
}

/**
 * Where 'Cerrar sesión' leads once the portal's session is over: `redirect`, or, at the identity
 * provider, `post`: the end-session request as a form the page posts (issue 40), so the ID token
 * (the citizen's CUIL and name) is never in a URL the browser keeps in its history or the provider
 * writes in its access log. `withoutHint` is the same request as a plain address without the token,
 * for a browser that posts nothing by itself (without JavaScript).
 */
export type SignOutTarget =
  { kind: "redirect"; location: string } | { kind: "post"; action: string; fields: Record<string, string>; withoutHint: string };

/**
 * The configuration's logout URL when its origin is allowed (issue 36), else, for a citizen signed in
 * with the identity provider, its end-session endpoint, else the portal's home (its sign-in entry).
 */
export async function signOutTarget(logoutUrl: string | null, idToken: string | null): Promise<SignOutTarget> {
  const home = new URL("/", env.PORTAL_URL).toString();
  const target = safeLogoutUrl(logoutUrl) ?? (idToken ? await endSessionEndpoint() : null) ?? home;
  const url = new URL(target);
  if (url.origin !== new URL(env.OIDC_ISSUER).origin) return { kind: "redirect", location: target };
  const fields: Record<string, string> = {
    ...Object.fromEntries(url.searchParams),
    post_logout_redirect_uri: home,
    client_id: env.OIDC_CLIENT_ID,
  };
  url.search = new URLSearchParams(fields).toString();
  const withoutHint = url.toString();
  if (!idToken) return { kind: "redirect", location: withoutHint };
  url.search = "";
  return { kind: "post", action: url.toString(), fields: { ...fields, id_token_hint: idToken }, withoutHint };
}

/** The identity provider's end-session endpoint, from its discovery document; null when it has none or cannot be asked. */
async function endSessionEndpoint(): Promise<string | null> {
  try {
    return (await getConfig()).serverMetadata().end_session_endpoint ?? null;
  } catch {
    return null;
  }
}
