import { createCookie } from "@remix-run/node";
import { CSRF, CSRFError } from "remix-utils/csrf/server";
import { env } from "./env.server";
import { errorPage } from "./resource.server";

/**
 * CSRF protection for every form post, in two layers:
 * 1. before the body is read: the browser's Sec-Fetch-Site (or Origin) must say same-origin;
 * 2. after the body is parsed (streamed to disk for uploads, never buffered whole): the
 *    double-submit token in the `csrf` field must match the signed cookie.
 */
const cookie = createCookie(env.secure ? "__Host-av_csrf" : "av_csrf", {
  path: "/",
  httpOnly: true,
  secure: env.secure,
  sameSite: "lax",
  secrets: [env.SESSION_SECRET],
});

export const csrf = new CSRF({ cookie, formDataKey: "csrf", secret: env.SESSION_SECRET });

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
  if (origin && origin !== "null") {
    const expected = new URL(request.url).origin;
    const portal = new URL(env.PORTAL_URL).origin;
    if (origin !== expected && origin !== portal) throw new CsrfRejected("origin mismatch");
  }
}

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Layer 1 in front of Remix, for the portal's HTTP server (decision 055): Remix's own origin check
 * throws on a cross-site post before any action runs and answers a bare 500, so a post that
 * layer 1 refuses is answered here, 403 with the Spanish error page, before Remix sees it.
 */
export function crossSiteRefusal(request: Request): Response | null {
  if (!UNSAFE.has(request.method.toUpperCase())) return null;
  try {
    assertSameOrigin(request);
    return null;
  } catch (error) {
    if (error instanceof CsrfRejected) return errorPage(403);
    throw error;
  }
}

/** Layer 2: the token in the parsed form must match the cookie. */
export async function assertToken(formData: FormData, request: Request) {
  try {
    await csrf.validate(formData, request.headers);
  } catch (error) {
    if (error instanceof CSRFError) throw new CsrfRejected(error.code);
    throw error;
  }
}
