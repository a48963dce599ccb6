import { createCookieSessionStorage } from "@remix-run/node";
import { base64url, compactDecrypt, CompactEncrypt } from "jose";
import { describe, expect, it } from "vitest";
import { getActiveSession, newSessionData, sessionStorage } from "~/lib/session.server";
import { createEncryptedCookieSessionStorage, deriveSessionKey, openSessionData, sealSessionData } from "~/lib/session-cookie.server";
import { argsOf } from "./helpers";

/**
 * The session cookie is encrypted (decision 002): whoever holds it reads nothing of it, cannot
 * change it, and cookies of the older signed-only format count as signed out.
 */
const BASE = "http://localhost:3000";
const SECRET = process.env.SESSION_SECRET!;
const ACCESS = "eyJhbGciOiJFUzI1NiJ9.access-token-of-the-citizen.signature";
const ID_TOKEN = "eyJhbGciOiJFUzI1NiJ9.id-token-of-the-citizen.signature";
const CUIL = "20123456783";

async function sealedCookie(storage = sessionStorage) {
  const session = await storage.getSession();
  for (const [k, v] of Object.entries(newSessionData({ cuil: CUIL, accessToken: ACCESS, idToken: ID_TOKEN })))
    session.set(k as never, v as never);
  return (await storage.commitSession(session)).split(";")[0]!;
}

/** Every way a curious holder might decode a cookie value: URL-decoding, base64 of any part, twice over. */
function decodings(cookie: string): string[] {
  const value = decodeURIComponent(cookie.slice(cookie.indexOf("=") + 1));
  const out = [value];
  const unwrap = (text: string) => {
    for (const part of text.split(/[.",]/)) {
      for (const encoding of ["base64", "base64url"] as const) {
        const decoded = Buffer.from(part, encoding).toString("utf8");
        out.push(decoded);
      }
    }
  };
  unwrap(value);
  for (const text of [...out]) unwrap(text);
  return out;
}

const request = (cookie: string) => argsOf(new Request(`${BASE}/procedures`, { headers: { Cookie: cookie } }));

describe("session cookie", () => {
  it("shows neither the tokens nor the cuil to whoever decodes it", async () => {
    const cookie = await sealedCookie();
    for (const text of decodings(cookie)) {
      expect(text).not.toContain("access-token-of-the-citizen");
      expect(text).not.toContain("id-token-of-the-citizen");
      expect(text).not.toContain(CUIL);
    }
    // ...and the portal itself still reads it.
    const active = await getActiveSession(request(cookie));
    expect(active?.data.accessToken).toBe(ACCESS);
    expect(active?.data.cuil).toBe(CUIL);
  });

  it("a changed cookie reads as signed out", async () => {
    const cookie = await sealedCookie();
    const parts = cookie.slice(cookie.indexOf("=") + 1).split(".");
    const ciphertext = parts[3]!;
    parts[3] = (ciphertext[0] === "A" ? "B" : "A") + ciphertext.slice(1);
    const tampered = `${cookie.slice(0, cookie.indexOf("="))}=${parts.join(".")}`;
    expect(await getActiveSession(request(tampered))).toBeNull();
    expect(await getActiveSession(request(`${cookie.slice(0, cookie.indexOf("="))}=not-a-cookie%%`))).toBeNull();
  });

  it("holds the JWE itself (decision 002), and still reads the same JWE in Remix's cookie encoding", async () => {
    const cookie = await sealedCookie();
    const value = cookie.slice(cookie.indexOf("=") + 1);
    expect(value).toMatch(/^[\w-]+\.\.[\w-]+\.[\w-]+\.[\w-]+$/); // dir: no encrypted key part
    const remixEncoded = `av_session=${encodeURIComponent(Buffer.from(JSON.stringify(value)).toString("base64"))}`;
    expect((await getActiveSession(request(remixEncoded)))?.data.accessToken).toBe(ACCESS);
  });

  it("a cookie of the older signed-only format counts as signed out", async () => {
    const older = createCookieSessionStorage({
      cookie: { name: "av_session", secrets: [SECRET], path: "/", httpOnly: true, sameSite: "lax" },
    });
    const cookie = await sealedCookie(older as typeof sessionStorage);
    expect(await getActiveSession(request(cookie))).toBeNull();
  });

  it("previous secrets still open cookies after a rotation; unknown ones do not", async () => {
    const oldSecret = "an-older-secret-0123456789abcdef0123456789";
    const before = createEncryptedCookieSessionStorage<Record<string, unknown>>({
      name: "av_session",
      secrets: [oldSecret],
      cookie: { path: "/" },
    });
    const cookie = await sealedCookie(before as unknown as typeof sessionStorage);
    const rotated = createEncryptedCookieSessionStorage<Record<string, unknown>>({
      name: "av_session",
      secrets: [SECRET, oldSecret],
      cookie: { path: "/" },
    });
    expect((await rotated.getSession(cookie)).get("accessToken")).toBe(ACCESS);
    // The renewed cookie is sealed with the current secret: readable without the old one.
    const renewed = (await rotated.commitSession(await rotated.getSession(cookie))).split(";")[0]!;
    expect((await sessionStorage.getSession(renewed)).get("accessToken")).toBe(ACCESS);
    // The portal as configured (no previous secrets) does not know the old one.
    expect(await getActiveSession(request(cookie))).toBeNull();
  });

  describe("opened with node:crypto, as jose would open it (decision 002)", () => {
    const key = deriveSessionKey(SECRET);
    const other = deriveSessionKey("another-secret-0123456789abcdef0123456789");
    const data = { cuil: CUIL, accessToken: ACCESS, lastSeen: 1764000000000, note: "ñandú ✓" };
    /** What jose itself makes of a token: the data, or null where it refuses it. */
    const joseOpens = async (token: string) => {
      try {
        const { plaintext } = await compactDecrypt(token, await key.key, {
          keyManagementAlgorithms: ["dir"],
          contentEncryptionAlgorithms: ["A256GCM"],
        });
        return JSON.parse(new TextDecoder().decode(plaintext)) as unknown;
      } catch {
        return null;
      }
    };

    it("opens what jose seals, and nothing sealed with another key", async () => {
      const token = await sealSessionData(data, key);
      expect(openSessionData(token, [key])).toEqual(data);
      expect(openSessionData(token, [other, key])).toEqual(data);
      expect(openSessionData(token, [other])).toBeNull();
      expect(await joseOpens(token)).toEqual(data);
    });

    it("refuses a header other than the one it writes, though jose would accept it", async () => {
      const raw = await key.key;
      const plaintext = new TextEncoder().encode(JSON.stringify(data));
      const extra = await new CompactEncrypt(plaintext)
        .setProtectedHeader({ alg: "dir", enc: "A256GCM", kid: key.kid, cty: "json" })
        .encrypt(raw);
      expect(await joseOpens(extra)).toEqual(data);
      expect(openSessionData(extra, [key])).toBeNull();
      const noKid = await new CompactEncrypt(plaintext).setProtectedHeader({ alg: "dir", enc: "A256GCM" }).encrypt(raw);
      expect(openSessionData(noKid, [key])).toBeNull();
      const otherEnc = await new CompactEncrypt(plaintext)
        .setProtectedHeader({ alg: "dir", enc: "A128GCM", kid: key.kid })
        .encrypt(new Uint8Array(16));
      expect(openSessionData(otherEnc, [key])).toBeNull();
      // A header that names our key but was changed after sealing: the tag covers it.
      const token = await sealSessionData(data, key);
      const forged = token.split(".");
      forged[0] = base64url.encode(JSON.stringify({ enc: "A256GCM", alg: "dir", kid: key.kid }));
      expect(openSessionData(forged.join("."), [key])).toBeNull();
      expect(await joseOpens(forged.join("."))).toBeNull();
    });

    // Exhaustive, not a sample: 141 changed tokens per character of the token, each opened. It took
    // 3.1 s alone and 39.8 s with both cores kept busy by two `yes` loops (issue 40): budget 300 s.
    it("refuses every change jose refuses: any character of any part replaced, inserted or deleted", { timeout: 300_000 }, async () => {
      const token = await sealSessionData(data, key);
      const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.=+/ ".split("");
      const changes: string[] = [];
      for (let at = 0; at < token.length; at++) {
        changes.push(token.slice(0, at) + token.slice(at + 1));
        for (const char of alphabet) {
          changes.push(token.slice(0, at) + char + token.slice(at + 1), token.slice(0, at) + char + token.slice(at));
        }
      }
      let opened = 0;
      for (const changed of changes) {
        if (changed === token) continue;
        const ours = openSessionData(changed, [key]);
        if (ours === null) continue;
        // Ours opens a changed token only where jose opens it to the same data.
        opened++;
        expect(await joseOpens(changed), changed).toEqual(ours);
      }
      // And it opens none: each part must be the canonical base64url of its bytes, which jose does not ask.
      expect(opened).toBe(0);
      expect(openSessionData(`${token}.x`, [key])).toBeNull();
      expect(openSessionData(token.split(".").slice(0, 4).join("."), [key])).toBeNull();
    });
  });
});
