/**
 * The address a sign-in attempt comes from, for the per-address limiter (issue 28): the socket's
 * peer, unless that peer is one of the configured trusted proxies (OIDC_TRUSTED_PROXIES, the
 * balancer's own addresses), in which case the right-most `X-Forwarded-For` entry that is not
 * itself a trusted proxy — the one the balancer saw. An untrusted peer's `X-Forwarded-For` is
 * ignored (a client cannot choose its own key), and behind a balancer each citizen keeps a budget
 * of their own instead of all sharing the balancer's.
 */
const normalise = (address: string) => address.trim().replace(/^::ffff:/, "");

export function clientAddress(peer: string | undefined, forwardedFor: string | string[] | undefined, trusted: readonly string[]): string {
  const from = normalise(peer ?? "unknown");
  const proxies = new Set(trusted.map(normalise));
  if (!proxies.has(from) || !forwardedFor) return from;
  const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(",") : forwardedFor).split(",").map(normalise).filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) if (!proxies.has(hops[i]!)) return hops[i]!;
  return from;
}
