import { sql } from "kysely";
import type { DbOrTx } from "../../db/index.js";

/** Table type of `rate_limit_hits` (migration 0011), merged into the shared `Database` interface. */
export interface RateLimitHitsTable {
  /** what is limited, e.g. `upload` */
  scope: string;
  /** who is counted, e.g. the citizen's cuil */
  subject: string;
  /** ISO start of the fixed window */
  window_start: string;
  hits: number;
}

declare module "../../db/types.js" {
  interface Database {
    rate_limit_hits: RateLimitHitsTable;
  }
}

export type RateLimitRule = { scope: string; limit: number; windowMs: number };
export type RateLimitResult = { allowed: boolean; hits: number; limit: number; retryAfterSeconds: number };

/**
 * Counts one attempt of `subject` in the current fixed window and says whether it is within
 * the limit. One atomic upsert (`insert … on conflict do update … returning`), so concurrent
 * requests on several API processes share one exact count on SQLite and PostgreSQL alike.
 * When a window opens for a subject, that subject's older windows are deleted.
 */
export async function hitRateLimit(db: DbOrTx, rule: RateLimitRule, subject: string, now = Date.now()): Promise<RateLimitResult> {
  const startMs = Math.floor(now / rule.windowMs) * rule.windowMs;
  const windowStart = new Date(startMs).toISOString();
  const row = await db
    .insertInto("rate_limit_hits")
    .values({ scope: rule.scope, subject, window_start: windowStart, hits: 1 })
    .onConflict((oc) => oc.columns(["scope", "subject", "window_start"]).doUpdateSet({ hits: sql<number>`rate_limit_hits.hits + 1` }))
    .returning("hits")
    .executeTakeFirstOrThrow();
  const hits = Number(row.hits);
  if (hits === 1) {
    await db
      .deleteFrom("rate_limit_hits")
      .where("scope", "=", rule.scope)
      .where("subject", "=", subject)
      .where("window_start", "<", windowStart)
      .execute();
  }
  return {
    allowed: hits <= rule.limit,
    hits,
    limit: rule.limit,
    retryAfterSeconds: Math.max(1, Math.ceil((startMs + rule.windowMs - now) / 1000)),
  };
}

/** Deletes windows that ended before `now` (housekeeping; counts of live windows stay). */
export async function purgeRateLimits(db: DbOrTx, rule: RateLimitRule, now = Date.now()): Promise<number> {
  const current = new Date(Math.floor(now / rule.windowMs) * rule.windowMs).toISOString();
  const result = await db
    .deleteFrom("rate_limit_hits")
    .where("scope", "=", rule.scope)
    .where("window_start", "<", current)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
