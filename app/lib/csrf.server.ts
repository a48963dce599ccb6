import { createHmac, randomBytes } from "node:crypto";
import { createCookie } from "@remix-run/node";
import { parse as parseCookies } from "cookie";
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

/**
 * remix-utils' double-submit token, made with node:crypto instead of crypto-js (decision 095): the
 * same token (32 random bytes, base64url) and the same signature (HMAC-SHA256 of it with the
 * secret, base64url without padding), which remix-utils still checks with crypto-js on a post
 * (tests/portal/csrf-token.test.ts). crypto-js's HMAC, in JavaScript, was a tenth of the CPU of a page
 * for a visitor who holds no token yet.
 */
class NodeCryptoCSRF extends CSRF {
  readonly #secret: string;
  constructor(options: ConstructorParameters<typeof CSRF>[0] & { secret: string }) {
    super(options);
    this.#secret = options.secret;
  }
  override generate(bytes = 32): string {
    const token = randomBytes(bytes).toString("base64url");
    return `${token}.${createHmac("sha256", this.#secret).update(token).digest("base64url")}`;
  }
}

export const csrf = new NodeCryptoCSRF({ cookie, formDataKey: "csrf", secret: env.SESSION_SECRET });

/** Tokens already read, by the cookie's exact value (bounded, emptied when full). */
const readTokens = new Map<string, string>();
const READ_TOKENS_KEPT = 10_000;

/**
 * The page's token and, when the browser has none yet, the Set-Cookie that gives it one
 * (remix-utils' `commitToken`). Every page renders the token into its forms, and reading it from the
 * cookie (the cookie's HMAC and its JSON-in-base64 value) was about 2 % of a signed-in page's CPU;
 * what one cookie value reads as cannot change, so it is read once (decision 095). A post is
 * checked against the cookie itself (`assertToken`), never against this memo.
 */
export async function pageToken(request: Request): Promise<[token: string, setCookie: string | null]> {
  const header = request.headers.get("Cookie");
  const raw = header?.includes(cookie.name) ? parseCookies(header)[cookie.name] : undefined;
  if (raw !== undefined) {
    const known = readTokens.get(raw);
    if (known !== undefined) return [known, null];
    const token: unknown = await cookie.parse(header);
    if (typeof token === "string") {
      if (readTokens.size >= READ_TOKENS_KEPT) readTokens.clear();
      readTokens.set(raw, token);
      return [token, null];
    }
  }
  return (await csrf.commitToken(request)) as [string, string | null];
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
