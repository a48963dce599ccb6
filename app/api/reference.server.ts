import { keepReference } from "@common/reference-data";
import type { AppLoadContext } from "@remix-run/node";
import { env } from "~/env.server";

/**
 * One answer per request (and citizen): every loader of a request gets the same load context
 * (decision 076), so the root loader and a page's startup rule share one call. A failed call is not
 * kept: the next loader asks again and decides for itself.
 */
export function perRequest<C extends { context: AppLoadContext; cuil: string }, T>(load: (ctx: C) => Promise<T>): (ctx: C) => Promise<T> {
  const key = Symbol("a look-up kept per request");
  return (ctx) => {
    const kept = ctx.context.kept;
    const known = kept.get(key) as { cuil: string; value: Promise<T> } | undefined;
    if (known && known.cuil === ctx.cuil) return known.value;
    const value = load(ctx);
    kept.set(key, { cuil: ctx.cuil, value });
    value.catch(() => {
      if ((kept.get(key) as { value: Promise<T> } | undefined)?.value === value) kept.delete(key);
    });
    return value;
  };
}

/**
 * Reference data kept per portal process for a short time (decisions 047 and 023): the module
 * configuration and the communication types, kept for `REFERENCE_CACHE_MS` by the rule both
 * processes share (common/reference-data.ts): only an answer is kept, a failure (a redirect to sign
 * in, an error) belongs to the request that made the call.
 */
export function referenceCache<T>(ttlMs = () => env.REFERENCE_CACHE_MS) {
  return keepReference<T>(ttlMs);
}
