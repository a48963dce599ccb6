import { createHash, hkdfSync } from "node:crypto";
import { createCookie, createSession, type CookieOptions, type SessionStorage } from "@remix-run/node";
import { compactDecrypt, CompactEncrypt, decodeProtectedHeader } from "jose";

/**
 * Session data kept in the cookie itself, encrypted (decision 054): a compact JWE (`dir`,
 * A256GCM, from `jose`) whose key is derived with HKDF-SHA256 from the session secret. The
 * browser, or anyone who copies the cookie, sees only ciphertext; GCM's tag makes it tamper-proof,
 * so the cookie is not signed besides. The first secret encrypts; the others (previous secrets)
 * still decrypt, so a secret can be rotated without signing everybody out. A cookie of the older,
 * signed-only format, or one made with an unknown secret, reads as an empty session (signed out).
 */
type Key = { kid: string; key: Uint8Array };

const ENC = "A256GCM";

export function deriveSessionKey(secret: string): Key {
  const key = new Uint8Array(hkdfSync("sha256", secret, "atencion-virtual/session-cookie", "A256GCM key, v1", 32));
  // The key id names the key without revealing it (a hash of the derived key, not of the secret).
  const kid = createHash("sha256").update(key).digest("base64url").slice(0, 16);
  return { kid, key };
}

export async function sealSessionData(data: unknown, key: Key): Promise<string> {
  return new CompactEncrypt(new TextEncoder().encode(JSON.stringify(data)))
    .setProtectedHeader({ alg: "dir", enc: ENC, kid: key.kid })
    .encrypt(key.key);
}

/** The data sealed in `token`, or null when it is not ours (unknown key, tampered, old format). */
export async function openSessionData(token: string, keys: Key[]): Promise<Record<string, unknown> | null> {
  try {
    const { kid, alg, enc } = decodeProtectedHeader(token);
    const match = keys.find((k) => k.kid === kid);
    if (!match || alg !== "dir" || enc !== ENC) return null;
    const { plaintext } = await compactDecrypt(token, match.key, { keyManagementAlgorithms: ["dir"], contentEncryptionAlgorithms: [ENC] });
    const data: unknown = JSON.parse(new TextDecoder().decode(plaintext));
    return data && typeof data === "object" && !Array.isArray(data) ? (data as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Remix's cookie session storage, with the data encrypted instead of only signed. */
export function createEncryptedCookieSessionStorage<Data, FlashData = Data>(options: {
  name: string;
  secrets: string[];
  cookie: Omit<CookieOptions, "secrets" | "encode" | "decode">;
}): SessionStorage<Data, FlashData> {
  if (options.secrets.length === 0) throw new Error("session secrets required");
  const keys = options.secrets.map(deriveSessionKey);
  const cookie = createCookie(options.name, options.cookie);
  return {
    async getSession(cookieHeader, parseOptions) {
      let token: unknown = null;
      try {
        token = cookieHeader ? await cookie.parse(cookieHeader, parseOptions) : null;
      } catch {
        token = null;
      }
      const data = typeof token === "string" ? await openSessionData(token, keys) : null;
      return createSession<Data, FlashData>((data ?? {}) as Data);
    },
    async commitSession(session, serializeOptions) {
      const serialized = await cookie.serialize(await sealSessionData(session.data, keys[0]!), serializeOptions);
      if (serialized.length > 4096) throw new Error(`session cookie too long: ${serialized.length}`);
      return serialized;
    },
    async destroySession(_session, serializeOptions) {
      return cookie.serialize("", { ...serializeOptions, maxAge: undefined, expires: new Date(0) });
    },
  };
}
