import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from "jose";

/**
 * Signing keys and cookie keys of the development identity provider, made once and
 * kept under DATA_DIR (mode 0600) so a restart keeps tokens and sessions valid.
 */
export const KEYS_FILE = "oidc-keys.json";
export const COOKIE_KEYS_FILE = "oidc-cookie-keys.json";

export type ProviderKeys = { jwks: { keys: JWK[] }; cookieKeys: string[] };

function writePrivate(file: string, data: unknown) {
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, `${JSON.stringify(data, null, 2)}\n`, { mode: 0o600 });
  fs.renameSync(tmp, file);
  fs.chmodSync(file, 0o600);
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw new Error(`${file} is not readable JSON: ${(error as Error).message}`);
  }
}

async function newSigningKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair("RS256", { modulusLength: 2048, extractable: true });
  const jwk = await exportJWK(privateKey);
  return { ...jwk, kid: await calculateJwkThumbprint(jwk), alg: "RS256", use: "sig" };
}

export async function loadOrCreateKeys(dataDir: string): Promise<ProviderKeys> {
  fs.mkdirSync(dataDir, { recursive: true });
  const keysFile = path.join(dataDir, KEYS_FILE);
  const cookieFile = path.join(dataDir, COOKIE_KEYS_FILE);

  let jwks = readJson(keysFile) as { keys?: JWK[] } | undefined;
  if (!jwks || !Array.isArray(jwks.keys) || jwks.keys.length === 0) {
    jwks = { keys: [await newSigningKey()] };
    writePrivate(keysFile, jwks);
  }
  for (const key of jwks.keys ?? []) {
    if (typeof key.d !== "string") throw new Error(`${keysFile} must hold private keys`);
  }

  let cookie = readJson(cookieFile) as { keys?: string[] } | undefined;
  if (!cookie || !Array.isArray(cookie.keys) || cookie.keys.length === 0) {
    cookie = { keys: [randomBytes(32).toString("base64url")] };
    writePrivate(cookieFile, cookie);
  }
  return { jwks: { keys: jwks.keys! }, cookieKeys: cookie.keys! };
}
