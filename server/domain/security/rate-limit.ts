import type { DbOrTx } from "../../db/index.js";
import { addHit, deleteWindowsBefore, hitsIn } from "./repository.js";

export type RateLimitRule = { scope: string; limit: number; windowMs: number };
export type RateLimitResult = { allowed: boolean; hits: number; limit: number; retryAfterSeconds: number };

/**
 * Counts one attempt of `subject` in the current fixed window and says whether it is within
 * the limit. One atomic upsert (`insert … on conflict do update … returning`), so concurrent
 * requests on several API processes share one exact count on SQLite and PostgreSQL alike.
 * When a window opens for a subject, that subject's older windows are deleted.
 */
export async function hitRateLimit(db: DbOrTx, rule: RateLimitRule, subject: string, now = Date.now()): Promise<RateLimitResult> {
  const { windowStart, retryAfterSeconds } = windowAt(rule, now);
  const hits = await addHit(db, rule.scope, subject, windowStart);
  if (hits === 1) await deleteWindowsBefore(db, rule.scope, windowStart, subject);
  return { allowed: hits <= rule.limit, hits, limit: rule.limit, retryAfterSeconds };
}

/** The fixed window `now` falls in: its ISO start, and the seconds until it ends (at least 1). */
function windowAt(rule: RateLimitRule, now: number) {
  const startMs = Math.floor(now / rule.windowMs) * rule.windowMs;
  return {
    windowStart: new Date(startMs).toISOString(),
    retryAfterSeconds: Math.max(1, Math.ceil((startMs + rule.windowMs - now) / 1000)),
  };
}

/**
 * Whether `subject` is still within the limit, without counting an attempt: what the portal asks
 * before it reads an upload's body (issue 37); the upload itself is counted when it arrives.
 */
export async function peekRateLimit(db: DbOrTx, rule: RateLimitRule, subject: string, now = Date.now()): Promise<RateLimitResult> {
  const { windowStart, retryAfterSeconds } = windowAt(rule, now);
  const hits = await hitsIn(db, rule.scope, subject, windowStart);
  return { allowed: hits < rule.limit, hits, limit: rule.limit, retryAfterSeconds };
}

/** Deletes windows that ended before `now` (housekeeping; counts of live windows stay). */
export async function purgeRateLimits(db: DbOrTx, rule: RateLimitRule, now = Date.now()): Promise<number> {
  const current = new Date(Math.floor(now / rule.windowMs) * rule.windowMs).toISOString();
  return deleteWindowsBefore(db, rule.scope, current);
}
