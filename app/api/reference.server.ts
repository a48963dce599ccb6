import { env } from "~/lib/env.server";

/**
 * Reference data kept per portal process for a short time (decision 047): the module configuration
 * and the communication types are the same for every citizen and change only by an operator's hand,
 * so a process asks for them at most about once every `REFERENCE_CACHE_MS` (10 s by default; 0 asks
 * every time). Only an answer is kept: a failure (a redirect to sign in, an error) belongs to the
 * request that made the call, so requests that miss the cache each make their own call.
 */
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
