import { randomBytes } from "node:crypto";
import { env } from "~/env.server";
import { logoutOrigins } from "~/api/logout-url.server";

/**
 * Security headers of every portal response. HTML gets a nonce-based CSP; every other answer
 * (data, files, JSON, redirects) the sandbox policy; every response of the signed-in portal is
 * `no-store` (shared terminals).
 */
export function contentSecurityPolicy(nonce: string) {
  policy ??= policyAround();
  return `${policy[0]}${nonce}${policy[1]}`;
}

/** The policy before and after its nonce, written once. */
let policy: readonly [string, string] | null = null;
const NONCE_HERE = "\u0000nonce\u0000";
function policyAround(): readonly [string, string] {
  // 'Cerrar sesión' posts to the portal, which sends the browser on to the identity provider or to a
  // logout page on an origin the province configured (issue 36): those, and no origin a backend names.
  const formTargets = ["'self'", ...logoutOrigins().filter((origin) => origin !== new URL(env.PORTAL_URL).origin)].join(" ");
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${NONCE_HERE}' 'strict-dynamic'`,
    "style-src 'self'",
    // Status colours come from the configuration as validated hex values.
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "media-src 'self'",
    "worker-src 'self' blob:",
    "frame-src 'self' blob:",
    "frame-ancestors 'self'",
    "object-src 'self' blob:",
    "base-uri 'none'",
    `form-action ${formTargets}`,
    ...(env.secure ? ["upgrade-insecure-requests"] : []),
  ]
    .join("; ")
    .split(NONCE_HERE) as [string, string];
}

/**
 * A fresh nonce for an answer's policy and its scripts: 128 random bits of their own, base64
 * (decision 099), so no nonce is ever derived from, or kept beside, another answer's.
 */
export function newNonce(): string {
  return randomBytes(16).toString("base64");
}

/** The headers every answer carries whatever it is, computed once. */
const FIXED_HEADERS: readonly (readonly [string, string])[] = [
  ["X-Content-Type-Options", "nosniff"],
  ["Referrer-Policy", "same-origin"],
  ["X-Frame-Options", "SAMEORIGIN"],
  ["Cross-Origin-Opener-Policy", "same-origin"],
  ["Cross-Origin-Resource-Policy", "same-origin"],
  ["Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()"],
  ...(env.secure ? [["Strict-Transport-Security", "max-age=31536000; includeSubDomains"] as const] : []),
];

/**
 * The policy of every answer that is not a page (issue 36): should a browser ever draw one (a file
 * from the backend, a JSON answer opened as a document), it runs no script, loads nothing and has
 * an origin of its own, not the portal's. The portal's own scripts are left without it (a policy on
 * a script applies only to a worker, here pdf.js's, which it would stop).
 */
export const SANDBOX_POLICY = "default-src 'none'; sandbox";

/** The policy an answer without one gets from its type: none for a page (which has its nonce policy) or a script. */
function sandboxes(headers: HeaderAccess): boolean {
  return !/^\s*(text\/html|text\/javascript|application\/javascript)\b/i.test(headers.get("Content-Type") ?? "");
}

/** What `completeSecurityHeaders` needs of a set of headers: a web `Headers`, or the portal server's view of an answer. */
export type HeaderAccess = Pick<Headers, "get" | "has" | "set" | "append">;

/**
 * The headers of an answer that left the app without some of them (decision 005): each missing one
 * is added (`Cache-Control: no-store` when it has none, `Cookie` in `Vary`, and for an HTML answer
 * without a policy the strict one with a nonce no script carries); what the answer has is kept, so
 * a page keeps its nonce policy and every page, data request and resource answer stays as it was.
 * Works on the headers in place (decision 076): an answer that has them all is not copied.
 */
export function completeSecurityHeaders<H extends HeaderAccess>(headers: H): H {
  if (!headers.has("Content-Security-Policy")) {
    if (/^\s*text\/html/i.test(headers.get("Content-Type") ?? ""))
      headers.set("Content-Security-Policy", contentSecurityPolicy(newNonce()));
    else if (sandboxes(headers)) headers.set("Content-Security-Policy", SANDBOX_POLICY);
  }
  for (const [name, value] of FIXED_HEADERS) if (!headers.has(name)) headers.set(name, value);
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "no-store");
  if (!/(^|,)\s*cookie\s*(,|$)/i.test(headers.get("Vary") ?? "")) headers.append("Vary", "Cookie");
  return headers;
}

export function applySecurityHeaders(headers: Headers, options: { nonce?: string } = {}) {
  if (options.nonce) headers.set("Content-Security-Policy", contentSecurityPolicy(options.nonce));
  else if (!headers.has("Content-Security-Policy") && sandboxes(headers)) headers.set("Content-Security-Policy", SANDBOX_POLICY);
  for (const [name, value] of FIXED_HEADERS) headers.set(name, value);
  // Nothing the portal renders for a citizen may be kept by a shared browser or a proxy.
  if (!headers.has("Cache-Control") || !/immutable/.test(headers.get("Cache-Control") ?? "")) {
    headers.set("Cache-Control", "no-store");
  }
  headers.append("Vary", "Cookie");
  return headers;
}
