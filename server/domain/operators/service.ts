/**
 * Named operators (decision 007). Each operator has a bearer token of their own: 32 random bytes
 * (base64url, prefixed `avop_`), shown once when created; the database keeps only its SHA-256.
 * The development token (`OPERATOR_TOKEN`, refused in production) stands for one built-in
 * operator, 'Operador de desarrollo'.
 */
import { createHash, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import type { DbOrTx } from "../../db/index.js";
import { ApiError } from "../../errors.js";
import { findActiveOperatorByHash, insertOperator, listOperators, revokeOperator } from "./repository.js";

/** Who made an operator call; every access-log entry names them. */
export type OperatorIdentity = { id: string; name: string; organismo: string };

/** The identity of the development token (never in production: config refuses it there). */
export const DEV_OPERATOR: OperatorIdentity = { id: "dev", name: "Operador de desarrollo", organismo: "Desarrollo" };

export const TOKEN_PREFIX = "avop_";

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export async function createOperator(db: DbOrTx, input: { name: string; organismo: string }, now = new Date()) {
  const name = input.name.trim();
  const organismo = input.organismo.trim();
  if (!name || name.length > 200 || !organismo || organismo.length > 200) {
    throw ApiError.badRequest("El nombre y el organismo son obligatorios (hasta 200 caracteres).");
  }
  const token = TOKEN_PREFIX + randomBytes(32).toString("base64url");
  const id = randomUUID();
  await insertOperator(db, { id, name, organismo, token_hash: hashToken(token), created_at: now.toISOString(), revoked_at: null });
  return { id, name, organismo, token };
}

export async function operatorsList(db: DbOrTx) {
  const rows = await listOperators(db);
  return rows.map((r) => ({ id: r.id, name: r.name, organismo: r.organismo, createdAt: r.created_at, revokedAt: r.revoked_at }));
}

export async function revoke(db: DbOrTx, id: string, now = new Date()) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw ApiError.badRequest("Identificador de operador inválido.");
  if ((await revokeOperator(db, id, now.toISOString())) === 0) throw ApiError.notFound("No hay un operador activo con ese identificador.");
  return { id, revokedAt: now.toISOString() };
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{16,200}$/;

/**
 * The operator a bearer token stands for, or null. The development token is compared in
 * constant time; a named token is looked up by its hash (an index lookup of a 256-bit value:
 * no timing signal about other tokens).
 */
export async function identify(db: DbOrTx, given: string, devToken: string | undefined): Promise<OperatorIdentity | null> {
  if (!given || given.length > 500) return null;
  const digest = createHash("sha256").update(given).digest();
  if (devToken) {
    const expected = createHash("sha256").update(devToken).digest();
    if (timingSafeEqual(digest, expected)) return DEV_OPERATOR;
  }
  if (!given.startsWith(TOKEN_PREFIX) || !TOKEN_SHAPE.test(given)) return null;
  const row = await findActiveOperatorByHash(db, digest.toString("hex"));
  return row ?? null;
}
