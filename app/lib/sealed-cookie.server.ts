/**
 * The portal's one helper for what it seals with the session secret (issue 37): every cookie and
 * every sealed value goes through a library, and every one of them accepts the previous secrets
 * (`SESSION_PREVIOUS_SECRETS`, decision 002), so rotating `SESSION_SECRET` loses nothing a citizen
 * holds mid-task. The first secret seals; all of them open.
 * - `portalCookie`: Remix's `createCookie`, signed (HMAC) with the secrets, HttpOnly, SameSite=Lax,
 *   `__Host-` and Secure over https.
 * - `sealer(purpose)`: a value encrypted and authenticated as a compact JWE (`dir`, A256GCM) by jose,
 *   with a key per purpose and secret derived by HKDF (app/lib/session-cookie.server.ts), for data the
 *   browser may hold but not read nor alter (a draft, a held upload).
 * The session cookie itself is sealed the same way and opened by node:crypto (decisions 002 and 099).
 */
import { createCookie, type Cookie, type CookieOptions } from "@remix-run/node";
import { compactDecrypt } from "jose";
import { env } from "~/env.server";
import { deriveSessionKey, sealSessionData } from "./session-cookie.server";

/** The session secret, then the previous ones. */
export const COOKIE_SECRETS: readonly string[] = [env.SESSION_SECRET, ...env.SESSION_PREVIOUS_SECRETS];

/** A cookie of the portal named `name` (`__Host-name` over https), signed with COOKIE_SECRETS. */
export function portalCookie(name: string, options: Omit<CookieOptions, "secrets"> = {}): Cookie {
  return createCookie(env.secure ? `__Host-${name}` : name, {
    path: "/",
    httpOnly: true,
    secure: env.secure,
    sameSite: "lax",
    ...options,
    secrets: [...COOKIE_SECRETS],
  });
}

/** Seals and opens values of one purpose; `open` answers null for anything it did not seal (or sealed with an unknown secret). */
export function sealer(purpose: string) {
  const keys = COOKIE_SECRETS.map((secret) => deriveSessionKey(secret, purpose));
  return {
    seal: (data: unknown): Promise<string> => sealSessionData(data, keys[0]!),
    async open(token: unknown): Promise<unknown> {
      if (typeof token !== "string" || !token) return null;
      try {
        const { plaintext } = await compactDecrypt(
          token,
          async (header) => {
            const key = keys.find((k) => k.kid === header.kid);
            if (!key) throw new Error("unknown key");
            return key.key;
          },
          { keyManagementAlgorithms: ["dir"], contentEncryptionAlgorithms: ["A256GCM"] },
        );
        return JSON.parse(new TextDecoder().decode(plaintext)) as unknown;
      } catch {
        return null;
      }
    },
  };
}
