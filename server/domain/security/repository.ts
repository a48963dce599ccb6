import { sql } from "kysely";
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

// ---------------------------------------------------------------- rate limits (./rate-limit.ts)

/** Counts one hit of `subject` in the window (one atomic upsert); the window's hits so far. */
export async function addHit(db: DbOrTx, scope: string, subject: string, windowStart: string): Promise<number> {
  const row = await db
    .insertInto("rate_limit_hits")
    .values({ scope, subject, window_start: windowStart, hits: 1 })
    .onConflict((oc) => oc.columns(["scope", "subject", "window_start"]).doUpdateSet({ hits: sql<number>`rate_limit_hits.hits + 1` }))
    .returning("hits")
    .executeTakeFirstOrThrow();
  return Number(row.hits);
}

/** The window's hits of `subject` so far (0 when it has none). */
export async function hitsIn(db: DbOrTx, scope: string, subject: string, windowStart: string): Promise<number> {
  const row = await db
    .selectFrom("rate_limit_hits")
    .select("hits")
    .where("scope", "=", scope)
    .where("subject", "=", subject)
    .where("window_start", "=", windowStart)
    .executeTakeFirst();
  return Number(row?.hits ?? 0);
}

/** Deletes the scope's windows older than `windowStart` (one subject's, or everybody's); how many. */
export async function deleteWindowsBefore(db: DbOrTx, scope: string, windowStart: string, subject?: string): Promise<number> {
  let q = db.deleteFrom("rate_limit_hits").where("scope", "=", scope);
  if (subject !== undefined) q = q.where("subject", "=", subject);
  const result = await q.where("window_start", "<", windowStart).executeTakeFirst();
  return Number(result.numDeletedRows);
}
