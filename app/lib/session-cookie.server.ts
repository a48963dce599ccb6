import { createDecipheriv, createHash, createSecretKey, hkdfSync, webcrypto, type KeyObject } from "node:crypto";
import { createCookie, createSession, type CookieOptions, type SessionStorage } from "@remix-run/node";
import { parse as parseCookies, serialize as serializeCookie } from "cookie";
import { CompactEncrypt, decodeProtectedHeader } from "jose";

/**
 * Session data kept in the cookie itself, encrypted (decision 002): a compact JWE (`dir`,
 * A256GCM, from `jose`) whose key is derived with HKDF-SHA256 from the session secret. The
 * browser, or anyone who copies the cookie, sees only ciphertext; GCM's tag makes it tamper-proof,
 * so the cookie is not signed besides. The first secret encrypts; the others (previous secrets)
 * still decrypt, so a secret can be rotated without signing everybody out. A cookie of the older,
 * signed-only format, or one made with an unknown secret, reads as an empty session (signed out).
 * jose writes the cookie; every page opens it, with node:crypto's AES-256-GCM (decision 002).
 */
export type Key = { kid: string; secret: KeyObject; key: Promise<webcrypto.CryptoKey> };

const ENC = "A256GCM";

/** The key of `secret` for one purpose (`session-cookie`, or another sealed value's: each purpose a key of its own). */
export function deriveSessionKey(secret: string, purpose = "session-cookie"): Key {
  const raw = Buffer.from(hkdfSync("sha256", secret, `atencion-virtual/${purpose}`, "A256GCM key, v1", 32));
  // The key id names the key without revealing it (a hash of the derived key, not of the secret).
  const kid = createHash("sha256").update(raw).digest("base64url").slice(0, 16);
  // Imported once: given raw bytes, jose would import the key again for every cookie it seals.
  const key = webcrypto.subtle.importKey("raw", raw, "AES-GCM", false, ["encrypt", "decrypt"]);
  // node:crypto's key object, made once too: given raw bytes, each decipher would make one.
  return { kid, secret: createSecretKey(raw), key };
}

export async function sealSessionData(data: unknown, key: Key): Promise<string> {
  return new CompactEncrypt(new TextEncoder().encode(JSON.stringify(data)))
    .setProtectedHeader({ alg: "dir", enc: ENC, kid: key.kid })
    .encrypt(await key.key);
}

/** A compact JWE: five base64url parts (the `dir` key part is empty). */
const COMPACT_JWE = /^[\w-]+\.[\w-]*\.[\w-]+\.[\w-]+\.[\w-]+$/;

/** A part's bytes, only when it is their own base64url (Node's decoder passes over stray characters). */
function base64url(part: string): Buffer | null {
  const bytes = Buffer.from(part, "base64url");
  return bytes.toString("base64url") === part ? bytes : null;
}

/** The only members of the header `sealSessionData` writes. */
const HEADER_MEMBERS = new Set(["alg", "enc", "kid"]);

/**
 * The data sealed in `token`, or null when it is not ours (unknown key, tampered, old format).
 * The compact JWE of RFC 7516 that `sealSessionData` writes, opened in the request's own turn with
 * node:crypto (decision 002): jose can only decrypt through WebCrypto, a job and a promise for every
 * signed-in page, which costs several times this opener (measured again by decision 099, which kept
 * it; scripts/bench/primitives.ts measures both). Only what jose writes here is accepted: a header of
 * exactly `alg: dir`, `enc: A256GCM` and a known `kid`, an empty key part, a 96-bit IV and a 128-bit
 * tag, the header authenticated as GCM's additional data (tests/portal/session-cookie.test.ts holds
 * it against jose's own `compactDecrypt`).
 */
export function openSessionData(token: string, keys: Key[]): Record<string, unknown> | null {
  try {
    if (!COMPACT_JWE.test(token)) return null;
    const parts = token.split(".");
    if (parts[1] !== "") return null;
    const [protectedHeader, , iv, ciphertext, tag] = parts as [string, string, string, string, string];
    const header = decodeProtectedHeader(token);
    if (header.alg !== "dir" || header.enc !== ENC || Object.keys(header).some((m) => !HEADER_MEMBERS.has(m))) return null;
    const match = keys.find((k) => k.kid === header.kid);
    const ivBytes = base64url(iv);
    const tagBytes = base64url(tag);
    const ciphertextBytes = base64url(ciphertext);
    if (!match || ivBytes?.length !== 12 || tagBytes?.length !== 16 || !ciphertextBytes) return null;
    const decipher = createDecipheriv("aes-256-gcm", match.secret, ivBytes, { authTagLength: 16 });
    decipher.setAAD(Buffer.from(protectedHeader, "ascii"));
    decipher.setAuthTag(tagBytes);
    const plaintext = Buffer.concat([decipher.update(ciphertextBytes), decipher.final()]);
    const data: unknown = JSON.parse(plaintext.toString("utf8"));
    return data && typeof data === "object" && !Array.isArray(data) ? (data as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * Remix's cookie session storage, with the data encrypted instead of only signed. The cookie's value
 * is the JWE itself (decision 002): URL-safe as it is, so Remix's own encoding (JSON, then base64
 * through a character-by-character escape) is not applied to it, which cost a few percent of every
 * page. A cookie written before (the same JWE in Remix's encoding) is still read.
 */
export function createEncryptedCookieSessionStorage<Data, FlashData = Data>(options: {
  name: string;
  secrets: string[];
  cookie: Omit<CookieOptions, "secrets" | "encode" | "decode">;
}): SessionStorage<Data, FlashData> {
  if (options.secrets.length === 0) throw new Error("session secrets required");
  const keys = options.secrets.map((secret) => deriveSessionKey(secret));
  const attributes = { path: "/", sameSite: "lax" as const, ...options.cookie };
  const remixEncoded = createCookie(options.name, options.cookie);
  const tokenOf = async (cookieHeader: string): Promise<unknown> => {
    const raw = parseCookies(cookieHeader)[options.name];
    if (!raw) return null;
    if (COMPACT_JWE.test(raw)) return raw;
    try {
      return await remixEncoded.parse(cookieHeader);
    } catch {
      return null;
    }
  };
  return {
    async getSession(cookieHeader) {
      const token = cookieHeader ? await tokenOf(cookieHeader) : null;
      const data = typeof token === "string" ? openSessionData(token, keys) : null;
      return createSession<Data, FlashData>((data ?? {}) as Data);
    },
    async commitSession(session, serializeOptions) {
      const serialized = serializeCookie(options.name, await sealSessionData(session.data, keys[0]!), {
        ...attributes,
        ...serializeOptions,
      });
      if (serialized.length > 4096) throw new Error(`session cookie too long: ${serialized.length}`);
      return serialized;
    },
    async destroySession(_session, serializeOptions) {
      return serializeCookie(options.name, "", { ...attributes, ...serializeOptions, maxAge: undefined, expires: new Date(0) });
    },
  };
}
