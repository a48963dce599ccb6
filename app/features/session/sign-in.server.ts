import { json, redirect } from "@remix-run/node";
import { getConfig, revokeSession } from "~/api/security.server";
import { offers } from "~/api/extensions.server";
import { keptFor } from "~/api/load-context.server";
import { finishSignIn, signOutTarget, startSignIn } from "~/lib/auth.server";
import { readForm } from "~/lib/form.server";
import { orErrorPage } from "~/lib/guards.server";
import { ABSOLUTE_MS, apiContext, getActiveSession, getSession, sessionStorage, type RequestScope } from "~/lib/session.server";
import { markSignedOut } from "~/lib/signed-out.server";
import { logError } from "~/lib/log.server";
import { clearDraftCookie } from "./drafts.server";

/** Loader of /auth/login: starts the OpenID Connect sign-in (code flow with PKCE). */
export const signIn = (scope: RequestScope) => orErrorPage(() => startSignIn(scope));

/** Loader of /auth/callback: the identity provider returns here; a failed exchange goes to /error, never shows a trace. */
export async function signInCallback(request: Request) {
  try {
    return await finishSignIn(request);
  } catch (error) {
    if (error instanceof Response) throw error;
    logError("sign-in callback failed", error, request);
    return redirect("/error");
  }
}

/** This request's sign-out: the page its action answers is drawn though the session is over. */
const SIGNED_OUT_HERE = Symbol("signed out by this request");

/** Loader of /auth/logout: the 'Cerrar sesión' page, for a signed-in visitor only (or the page its own post answers). */
export async function loadSignOut({ request, context }: RequestScope) {
  if (keptFor(context, SIGNED_OUT_HERE, () => false)) return null;
  if (!(await getActiveSession({ request, context }))) return redirect("/");
  return null;
}

/**
 * 'Cerrar sesión': revokes the token, ends the portal session, then goes to the configuration's logout
 * URL (or the identity provider's end-session): a redirect, or, at the identity provider, the page
 * that posts the end-session request (`endSession`, issue 40).
 */
export async function signOut({ request, context }: RequestScope) {
  await readForm(request);
  const active = await getActiveSession({ request, context });
  let logoutUrl: string | null = null;
  if (active) {
    // A copy of the cookie shows nothing of the citizen again, on this process at once (decision 103).
    markSignedOut(active.data.sid, active.data.createdAt + ABSOLUTE_MS);
    const ctx = apiContext({ request, context }, active.data);
    // The backend revokes the token where it offers that call (decision 098); the session ends either way.
    const [config] = await Promise.allSettled([
      getConfig(ctx),
      offers(ctx, "logout").then((yes) => (yes ? revokeSession(ctx) : undefined)),
    ]);
    if (config.status === "fulfilled") logoutUrl = config.value.logout_url ?? null;
  }
  const session = await getSession({ request, context });
  const target = await signOutTarget(logoutUrl, active?.data.idToken ?? null);
  const headers = new Headers({
    // Shared terminals: the browser drops what it kept of this site (local drafts included).
    "Clear-Site-Data": '"cache", "storage"',
  });
  headers.append("Set-Cookie", await sessionStorage.destroySession(session));
  // ...and any draft kept for this citizen at an expiry (decision 032).
  headers.append("Set-Cookie", await clearDraftCookie());
  if (target.kind === "redirect") return redirect(target.location, { headers });
  const { action, fields, withoutHint } = target;
  context.kept.set(SIGNED_OUT_HERE, true);
  return json({ endSession: { action, fields, withoutHint } }, { headers });
}
