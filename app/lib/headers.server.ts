import { randomBytes } from "node:crypto";
import { env } from "./env.server";

/**
 * Security headers of every portal response. HTML gets a nonce-based CSP;
 * every response of the signed-in portal is `no-store` (shared terminals).
 */
export function contentSecurityPolicy(nonce: string) {
  const idp = new URL(env.OIDC_ISSUER).origin;
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
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
    `form-action 'self' ${idp}`,
    ...(env.secure ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

/**
 * The headers of an answer that left the app without some of them (decision 068): each missing one
 * is added (`Cache-Control: no-store` when it has none, `Cookie` in `Vary`, and for an HTML answer
 * without a policy the strict one with a nonce no script carries); what the answer has is kept, so
 * a page keeps its nonce policy and every page, data request and resource answer stays as it was.
 */
export function completeSecurityHeaders(headers: Headers): Headers {
  const html = /^text\/html/i.test(headers.get("Content-Type") ?? "") && !headers.has("Content-Security-Policy");
  const cacheControl = headers.get("Cache-Control");
  const wanted = applySecurityHeaders(
    new Headers(cacheControl ? { "Cache-Control": cacheControl } : {}),
    html ? { nonce: randomBytes(16).toString("base64") } : {},
  );
  wanted.forEach((value, name) => {
    if (name === "vary") {
      if (!/(^|,)\s*cookie\s*(,|$)/i.test(headers.get("Vary") ?? "")) headers.append("Vary", "Cookie");
    } else if (!headers.has(name)) headers.set(name, value);
  });
  return headers;
}

export function applySecurityHeaders(headers: Headers, options: { nonce?: string } = {}) {
  if (options.nonce) headers.set("Content-Security-Policy", contentSecurityPolicy(options.nonce));
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "same-origin");
  headers.set("X-Frame-Options", "SAMEORIGIN");
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  headers.set("Cross-Origin-Resource-Policy", "same-origin");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()");
  if (env.secure) headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  // Nothing the portal renders for a citizen may be kept by a shared browser or a proxy.
  if (!headers.has("Cache-Control") || !/immutable/.test(headers.get("Cache-Control") ?? "")) {
    headers.set("Cache-Control", "no-store");
  }
  headers.append("Vary", "Cookie");
  return headers;
}
