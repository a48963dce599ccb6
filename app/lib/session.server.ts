import { randomUUID } from "node:crypto";
import { createSession, redirect, type Session } from "@remix-run/node";
import type { ShellUser } from "~/features/shell/Shell";
import { env } from "./env.server";
import { safeReturnPath } from "./redirect";
import { createEncryptedCookieSessionStorage } from "./session-cookie.server";

/**
 * The signed-in citizen's portal session, in an encrypted, HttpOnly cookie (decision 054):
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
   * What the startup calls answered in this session (decision 075), kept so that every page does not ask
   * again: the roles call's citizen (dropped when the contact data changes), and a yes of the adhesion
   * check (a no is asked again on every page).
   */
  user?: ShellUser;
  adhered?: true;
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

/** The cookie of each request, decrypted once: the root loader, the page's guard and the drafts all read it. */
const opened = new WeakMap<Request, Promise<Session<SessionData, FlashData>>>();

/**
 * The request's session. Each caller gets a session object of its own (what one loader sets or
 * unsets is not seen by another), over the data decrypted once per request (decision 076).
 */
export async function getSession(request: Request): Promise<Session<SessionData, FlashData>> {
  let pending = opened.get(request);
  if (!pending) {
    pending = sessionStorage.getSession(request.headers.get("Cookie"));
    opened.set(request, pending);
  }
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
 * The Set-Cookie that drops the kept citizen (decision 075) after their contact data changed, so the
 * next page asks the roles call again; none without an active session.
 */
export async function forgetSessionUser(request: Request): Promise<HeadersInit> {
  const active = await getActiveSession(request);
  if (!active?.data.user) return {};
  active.session.unset("user");
  return { "Set-Cookie": await sessionStorage.commitSession(active.session) };
}

/** The active session, or null when there is none or it expired. */
export async function getActiveSession(request: Request): Promise<ActiveSession | null> {
  const session = await getSession(request);
  const data = session.data as Partial<SessionData>;
  if (sessionProblem(data) !== null) return null;
  return { session, data: data as SessionData };
}

/**
 * Sends the browser to sign in, remembering where it was going (same-origin
 * paths only) so it comes back there once after sign-in.
 */
export async function redirectToSignIn(request: Request, location = "/auth/login"): Promise<never> {
  const session = await getSession(request);
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
