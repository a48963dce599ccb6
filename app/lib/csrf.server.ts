import { CSRF, CSRFError } from "remix-utils/csrf/server";
import { env } from "~/env.server";
import { errorPage } from "./resource.server";
import { portalCookie } from "./sealed-cookie.server";

/**
 * CSRF protection for every form post, in two layers:
 * 1. before the body is read: the browser's Sec-Fetch-Site (or Origin) must say same-origin;
 * 2. after the body is parsed (streamed to disk for uploads, never buffered whole): the
 *    double-submit token in the `csrf` field must match the signed cookie.
 */
const cookie = portalCookie("av_csrf");

/**
 * remix-utils' double-submit token, made, set and checked by remix-utils alone (decision 099): one
 * implementation signs the token and verifies it, so the two can never disagree.
 */
export const csrf = new CSRF({ cookie, formDataKey: "csrf", secret: env.SESSION_SECRET });
/** The same, for a token signed with a previous secret (a page rendered before a rotation, issue 37). */
const previousCsrf = env.SESSION_PREVIOUS_SECRETS.map((secret) => new CSRF({ cookie, formDataKey: "csrf", secret }));

/**
 * The page's token and, when the browser has none yet, the Set-Cookie that gives it one
 * (remix-utils' `commitToken`). Every page renders the token into its forms; a post is checked
 * against the cookie itself (`assertToken`).
 */
export async function pageToken(request: Request): Promise<[token: string, setCookie: string | null]> {
  const [token, setCookie] = await csrf.commitToken(request);
  return [token, setCookie];
}

export class CsrfRejected extends Error {
  constructor(reason: string) {
    super(`CSRF: ${reason}`);
  }
}

/** Layer 1: refuse cross-site posts before reading any of the body. */
export function assertSameOrigin(request: Request) {
  // Read directly: remix-utils 7.7's fetchSite() looks up a misspelt header ("Set-Fetch-Site").
  const site = request.headers.get("Sec-Fetch-Site");
  if (site) {
    if (site !== "same-origin" && site !== "none") throw new CsrfRejected(`sec-fetch-site ${site}`);
    return;
  }
  const origin = request.headers.get("Origin");
  // An opaque origin (a sandboxed frame, a redirect from another site, a data: page) is never the portal.
  if (origin === "null") throw new CsrfRejected("opaque origin");
  if (origin) {
    const expected = new URL(request.url).origin;
    const portal = new URL(env.PORTAL_URL).origin;
    if (origin !== expected && origin !== portal) throw new CsrfRejected("origin mismatch");
  }
}

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Layer 1 in front of Remix, for the portal's HTTP server (decision 005): Remix's own origin check
 * throws on a cross-site post before any action runs and answers a bare 500, so a post that
 * layer 1 refuses is answered here, 403 with the Spanish error page, before Remix sees it.
 */
export function crossSiteRefusal(request: Request): Response | null {
  if (!UNSAFE.has(request.method.toUpperCase())) return null;
  try {
    assertSameOrigin(request);
    assertOriginIsHost(request);
    return null;
  } catch (error) {
    if (error instanceof CsrfRejected) return errorPage(403);
    throw error;
  }
}

/**
 * Remix aborts an action whose `Origin` names another host than the request's (`X-Forwarded-Host`,
 * else `Host`) with a bare 500; that post is refused here first, 403. It is also what a proxy that
 * rewrites `Host` without passing `X-Forwarded-Host` meets on every post (docs/deployment.md).
 */
function assertOriginIsHost(request: Request) {
  const origin = request.headers.get("Origin");
  if (!origin) return;
  const host = request.headers.get("X-Forwarded-Host")?.split(",")[0]?.trim() || request.headers.get("Host") || new URL(request.url).host;
  let originHost: string | null = null;
  try {
    originHost = new URL(origin).host;
  } catch {
    /* not a URL: refused below */
  }
  if (!host || originHost !== host) throw new CsrfRejected("origin is not the request's host");
}

/** Layer 2: the token in the parsed form must match the cookie. */
export async function assertToken(formData: FormData, request: Request) {
  let rejected: CSRFError | null = null;
  for (const checker of [csrf, ...previousCsrf]) {
    try {
      return await checker.validate(formData, request.headers);
    } catch (error) {
      if (!(error instanceof CSRFError)) throw error;
      rejected ??= error;
      // A token signed with another secret is tried against the previous ones; any other failure is final.
      if (error.code !== "tampered_token_in_cookie") break;
    }
  }
  throw new CsrfRejected(rejected!.code);
}
