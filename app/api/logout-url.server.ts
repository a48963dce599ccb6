import { env } from "~/env.server";

/**
 * Where 'Cerrar sesión' may send a citizen (issue 36): the configuration's `logout_url` comes from the
 * province's backend, which the portal does not trust to choose it. It is followed only when its
 * origin is the identity provider's, the portal's own, or one the province configured
 * (`LOGOUT_URL_ORIGINS`). Origins are compared as the URL standard parses them, so case, a
 * default port, a backslash or a user-info part cannot pass one origin off as another.
 */
export function logoutOrigins(): readonly string[] {
  allowed ??= [...new Set([new URL(env.OIDC_ISSUER).origin, new URL(env.PORTAL_URL).origin, ...env.LOGOUT_URL_ORIGINS])];
  return allowed;
}
let allowed: readonly string[] | null = null;

/** The configuration's logout URL when the portal may send citizens there; null otherwise (the caller falls back). */
export function safeLogoutUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  const url = URL.parse(value.trim());
  if (!url || (url.protocol !== "https:" && url.protocol !== "http:")) return null;
  if (url.username || url.password) return null;
  return logoutOrigins().includes(url.origin) ? url.href : null;
}
