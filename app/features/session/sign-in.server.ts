import { redirect } from "@remix-run/node";
import { getConfig, revokeSession } from "~/api/security.server";
import { endSessionLocation, finishSignIn, startSignIn } from "~/lib/auth.server";
import { readForm } from "~/lib/form.server";
import { orErrorPage } from "~/lib/guards.server";
import { getActiveSession, getSession, sessionStorage } from "~/lib/session.server";
import { clearDraftCookie } from "./drafts.server";

/** Loader of /auth/login: starts the OpenID Connect sign-in (code flow with PKCE). */
export const signIn = (request: Request) => orErrorPage(() => startSignIn(request));

/** Loader of /auth/callback: the identity provider returns here; a failed exchange goes to /error, never shows a trace. */
export async function signInCallback(request: Request) {
  try {
    return await finishSignIn(request);
  } catch (error) {
    if (error instanceof Response) throw error;
    console.error(`sign-in callback failed: ${error instanceof Error ? error.name : "unknown"}`);
    return redirect("/error");
  }
}

/** Loader of /auth/logout: the 'Cerrar sesión' page, for a signed-in visitor only. */
export async function loadSignOut(request: Request) {
  if (!(await getActiveSession(request))) return redirect("/");
  return null;
}

/** 'Cerrar sesión': revokes the token, ends the portal session, then goes to the configuration's logout URL. */
export async function signOut(request: Request) {
  await readForm(request);
  const active = await getActiveSession(request);
  let logoutUrl: string | null = null;
  if (active) {
    const ctx = { request, accessToken: active.data.accessToken, cuil: active.data.cuil };
    const [config] = await Promise.allSettled([getConfig(ctx), revokeSession(ctx)]);
    if (config.status === "fulfilled") logoutUrl = config.value.logout_url ?? null;
  }
  const session = await getSession(request);
  const location = await endSessionLocation(logoutUrl, active?.data.idToken ?? null);
  const headers = new Headers({
    // Shared terminals: the browser drops what it kept of this site (local drafts included).
    "Clear-Site-Data": '"cache", "storage"',
  });
  headers.append("Set-Cookie", await sessionStorage.destroySession(session));
  // ...and any draft kept for this citizen at an expiry (decision 032).
  headers.append("Set-Cookie", await clearDraftCookie());
  return redirect(location, { headers });
}
