import { createRemoteJWKSet, jwtVerify, type JWTPayload } from "jose";

/**
 * Bearer tokens are verified, not merely decoded: signature against the issuer's JWKS (found
 * through its discovery document, as any resource server would), issuer, expiry and, when
 * configured, the audience. The citizen is the token's `sub` (the cuil).
 */
export function tokenVerifier(options: { issuer: string; audience?: string }) {
  let keys: ReturnType<typeof createRemoteJWKSet> | undefined;
  async function jwks() {
    if (!keys) {
      const response = await fetch(
        new URL(".well-known/openid-configuration", options.issuer.endsWith("/") ? options.issuer : `${options.issuer}/`),
      );
      if (!response.ok) throw new Error(`discovery answered ${response.status}`);
      const discovery = (await response.json()) as { jwks_uri?: string };
      if (!discovery.jwks_uri) throw new Error("discovery without jwks_uri");
      keys = createRemoteJWKSet(new URL(discovery.jwks_uri));
    }
    return keys;
  }
  return async function verify(authorization: string | undefined): Promise<(JWTPayload & { sub: string }) | null> {
    const match = /^Bearer ([A-Za-z0-9._~+/=-]+)$/.exec(authorization ?? "");
    if (!match) return null;
    try {
      const { payload } = await jwtVerify(match[1]!, await jwks(), {
        issuer: options.issuer,
        ...(options.audience ? { audience: options.audience } : {}),
      });
      if (typeof payload.sub !== "string" || !/^\d{11}$/.test(payload.sub)) return null;
      return payload as JWTPayload & { sub: string };
    } catch {
      return null;
    }
  };
}
