import { env } from "~/lib/env.server";

/**
 * Reference data kept per portal process for a short time (decision 047): the module configuration
 * and the communication types are the same for every citizen and change only by an operator's hand,
 * so a process asks for them at most about once every `REFERENCE_CACHE_MS` (10 s by default; 0 asks
 * every time). Only an answer is kept: a failure (a redirect to sign in, an error) belongs to the
 * request that made the call, so requests that miss the cache each make their own call.
 */
/**
 * One answer per request (and citizen): on a document request every loader gets the same Request
 * (decision 091), so the root loader and a page's startup rule share one call. A failed call is not kept:
 * the next loader asks again and decides for itself.
 */
export function perRequest<C extends { request: Request; cuil: string }, T>(load: (ctx: C) => Promise<T>): (ctx: C) => Promise<T> {
  const ofRequest = new WeakMap<Request, { cuil: string; value: Promise<T> }>();
  return (ctx) => {
    const known = ofRequest.get(ctx.request);
    if (known && known.cuil === ctx.cuil) return known.value;
    const value = load(ctx);
    ofRequest.set(ctx.request, { cuil: ctx.cuil, value });
    value.catch(() => {
      if (ofRequest.get(ctx.request)?.value === value) ofRequest.delete(ctx.request);
    });
    return value;
  };
}

export function referenceCache<T>(ttlMs = () => env.REFERENCE_CACHE_MS) {
  let kept: { value: T; until: number } | null = null;
  return {
    async get(load: () => Promise<T>): Promise<T> {
      if (kept && kept.until > Date.now()) return kept.value;
      const value = await load();
      const ttl = ttlMs();
      kept = ttl > 0 ? { value, until: Date.now() + ttl } : null;
      return value;
    },
    clear() {
      kept = null;
    },
  };
}
