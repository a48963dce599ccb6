import type { DbOrTx } from "../../db/index.js";

export async function isTokenRevoked(db: DbOrTx, jti: string): Promise<boolean> {
  const row = await db.selectFrom("revoked_tokens").select("jti").where("jti", "=", jti).executeTakeFirst();
  return row !== undefined;
}

/** Records a revoked token id until it would have expired anyway; repeated calls are harmless. */
export async function revokeToken(db: DbOrTx, jti: string, expiresAt: Date): Promise<void> {
  await db
    .insertInto("revoked_tokens")
    .values({ jti, expires_at: expiresAt.toISOString() })
    .onConflict((oc) => oc.column("jti").doNothing())
    .execute();
}

/** Drops entries of tokens that have expired (they fail the expiry check anyway). */
export async function purgeExpiredRevocations(db: DbOrTx, now = new Date()): Promise<number> {
  const result = await db.deleteFrom("revoked_tokens").where("expires_at", "<", now.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}
