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
