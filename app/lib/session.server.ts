import { randomUUID } from "node:crypto";
import { createSession, redirect, type AppLoadContext, type Session } from "@remix-run/node";
import type { ApiContext } from "~/api/client.server";
import { env } from "~/env.server";
import { keptFor } from "~/api/load-context.server";
import { safeReturnPath } from "./redirect";
import { createEncryptedCookieSessionStorage } from "./session-cookie.server";
import { isSignedOut } from "./signed-out.server";

/** The citizen as the session keeps them (the roles call's answer, decision 002) and the shell shows them. */
export type ShellUser = {
  cn: string;
  cuil: string;
  email: string | null;
  telephone: string | null;
};

/**
 * The signed-in citizen's portal session, in an encrypted, HttpOnly cookie (decision 002):
 * neither browser scripts nor whoever copies the cookie can read the tokens in it.
 */
export type SessionData = {
  sid: string;
  cuil: string;
  accessToken: string;
  idToken: string;
  /** epoch ms of sign-in (absolute expiry) */
  createdAt: number;
  /** epoch ms of the last request (idle expiry) */
  lastSeen: number;
  /**
   * What the startup calls answered in this session (decision 002), kept so that every page does not ask
   * again: the roles call's citizen (dropped when the contact data changes), and a yes of the adhesion
   * check (a no is asked again on every page).
   */
  user?: ShellUser;
  adhered?: true;
  /**
   * epoch ms of the last time the API accepted the session's token (decision 103); the root loader asks
   * again past SESSION_CHECK_MS, so a session revoked elsewhere stops showing the citizen. Absent: `createdAt`.
   */
  confirmedAt?: number;
};

type FlashData = { pendingOrigin: string };

const cookieName = env.secure ? "__Host-av_session" : "av_session";

export const sessionStorage = createEncryptedCookieSessionStorage<SessionData, FlashData>({
  name: cookieName,
  secrets: [env.SESSION_SECRET, ...env.SESSION_PREVIOUS_SECRETS],
  cookie: {
    httpOnly: true,
    sameSite: "lax",
    secure: env.secure,
    path: "/",
    // The cookie lives as long as the absolute limit; idle expiry is checked on every request.
    maxAge: env.SESSION_ABSOLUTE_HOURS * 3600,
  },
});

export const IDLE_MS = env.SESSION_IDLE_MINUTES * 60_000;
/**
 * How far `lastSeen` must have fallen behind before a page writes it again (decision 076): the idle
 * limit then counts from at most a minute before the last request, never after it.
 */
export const LAST_SEEN_STEP_MS = 60_000;
export const ABSOLUTE_MS = env.SESSION_ABSOLUTE_HOURS * 3_600_000;
/** How long the API's last yes to the session's token stands before the root loader asks again (decision 103). */
export const SESSION_CHECK_MS = env.SESSION_CHECK_SECONDS * 1000;

/** Whether the session's token is due a new confirmation by the API (decision 103). */
export const needsConfirmation = (data: Pick<SessionData, "confirmedAt" | "createdAt">, at = Date.now()) =>
  at - (data.confirmedAt ?? data.createdAt) >= SESSION_CHECK_MS;

/**
 * A request as a loader or an action sees it: its `Request` and the load context shared by every
 * loader of the request (decision 076). Remix's loader arguments are one, and so is an ApiContext.
 */
export type RequestScope = { request: Request; context: AppLoadContext };

/** The cookie of each request, decrypted once: the root loader, the page's guard and the drafts all read it. */
const OPENED = Symbol("the session cookie, opened");

/**
 * The request's session. Each caller gets a session object of its own (what one loader sets or
 * unsets is not seen by another), over the data decrypted once per request (decision 076), kept in
 * the request's load context (decision 076).
 */
export async function getSession({ request, context }: RequestScope): Promise<Session<SessionData, FlashData>> {
  const pending = keptFor(context, OPENED, () => sessionStorage.getSession(request.headers.get("Cookie")));
  return createSession<SessionData, FlashData>({ ...(await pending).data } as SessionData);
}

export type ActiveSession = {
  session: Session<SessionData, FlashData>;
  data: SessionData;
};

/** Why a stored session is not usable, or null when it is. */
export function sessionProblem(data: Partial<SessionData>, at = Date.now()): "missing" | "idle" | "absolute" | null {
  if (!data.sid || !data.accessToken || !data.cuil || !data.createdAt || !data.lastSeen) return "missing";
  if (at - data.createdAt > ABSOLUTE_MS) return "absolute";
  if (at - data.lastSeen > IDLE_MS) return "idle";
  return null;
}

/**
 * The Set-Cookie that drops the kept citizen (decision 002) after their contact data changed, so the
 * next page asks the roles call again; none without an active session.
 */
export async function forgetSessionUser(scope: RequestScope): Promise<HeadersInit> {
  const active = await getActiveSession(scope);
  if (!active?.data.user) return {};
  active.session.unset("user");
  return { "Set-Cookie": await sessionStorage.commitSession(active.session) };
}

/** The active session, or null when there is none or it expired. */
export async function getActiveSession(scope: RequestScope): Promise<ActiveSession | null> {
  const session = await getSession(scope);
  const data = session.data as Partial<SessionData>;
  if (sessionProblem(data) !== null) return null;
  // Signed out (a copy of the cookie taken before 'Cerrar sesión'): no session at all (decision 103).
  if (isSignedOut(data.sid!)) return null;
  return { session, data: data as SessionData };
}

/**
 * The API context of a session's citizen. The API's 303 is answered here, by `redirectToSignIn`
 * (the session's fields cleared, where the citizen was going kept): the client knows no session.
 */
export function apiContext({ request, context }: RequestScope, data: Pick<SessionData, "accessToken" | "cuil" | "adhered">): ApiContext {
  return {
    request,
    context,
    accessToken: data.accessToken,
    cuil: data.cuil,
    adhered: data.adhered === true,
    signIn: (location) => redirectToSignIn({ request, context }, location),
  };
}

/** The signed-in citizen's API context, or a redirect to sign in (keeping where they were going). */
export async function requireApiContext(scope: RequestScope): Promise<ApiContext> {
  const active = await getActiveSession(scope);
  if (!active) return redirectToSignIn(scope);
  return apiContext(scope, active.data);
}

/**
 * Sends the browser to sign in, remembering where it was going (same-origin
 * paths only) so it comes back there once after sign-in.
 */
export async function redirectToSignIn(scope: RequestScope, location = "/auth/login"): Promise<never> {
  const { request } = scope;
  const session = await getSession(scope);
  for (const key of ["sid", "cuil", "accessToken", "idToken", "createdAt", "lastSeen"] as const) session.unset(key);
  const url = new URL(request.url);
  const origin = safeReturnPath(url.pathname + url.search, url.origin);
  if (origin && !isDataRequest(url)) session.flash("pendingOrigin", origin);
  const target = safeSignInLocation(location, url.origin);
  throw redirect(target, { headers: { "Set-Cookie": await sessionStorage.commitSession(session) } });
}

function isDataRequest(url: URL) {
  return url.searchParams.has("_data");
}

/** The backend's sign-in location, accepted only as a same-origin path or the identity provider. */
function safeSignInLocation(location: string, origin: string) {
  const path = safeReturnPath(location, origin);
  if (path) return path;
  try {
    const target = new URL(location);
    if (target.origin === new URL(env.OIDC_ISSUER).origin) return target.toString();
  } catch {
    /* fall through */
  }
  return "/auth/login";
}

export function newSessionData(input: { cuil: string; accessToken: string; idToken: string }, at = Date.now()): SessionData {
  return { sid: randomUUID(), cuil: input.cuil, accessToken: input.accessToken, idToken: input.idToken, createdAt: at, lastSeen: at };
}

/** When the session ends if nothing else happens (epoch ms): idle limit from `lastSeen`, capped by the absolute limit. */
export function sessionDeadline(data: Pick<SessionData, "createdAt" | "lastSeen">): number {
  return Math.min(data.lastSeen + IDLE_MS, data.createdAt + ABSOLUTE_MS);
}
