/**
 * The one rule by which a process keeps reference data (decision 023, which amends 047's keeping):
 * the portal keeps the module configuration and the communication types, the API the tables behind
 * its page sizes, tabs and type texts. They are the same for every citizen and change only by an
 * operator's hand, so an answer may be used again for a short time instead of being asked for.
 *
 * - An answer is used for at most `REFERENCE_CACHE_MS` after it was asked for; then the next caller
 *   asks again. 0 keeps nothing: every caller asks.
 * - Callers that arrive while it is being asked for wait for that one answer instead of asking too.
 * - A failure is never kept and belongs to the caller that asked (in the portal a redirect to sign
 *   in is one citizen's, not everyone's): the callers that waited on it ask again themselves.
 * - `forget()` drops what is kept (the API, when an operator changes a module through it).
 */

/** `REFERENCE_CACHE_MS` of both processes: its default and its highest value (ms). */
export const REFERENCE_CACHE_MS_DEFAULT = 10_000;
export const REFERENCE_CACHE_MS_MAX = 600_000;

export type KeptReference<T> = {
  /** The kept answer, or `load`'s (which is then kept). */
  get(load: () => Promise<T>): Promise<T>;
  /** The next `get` asks again. */
  forget(): void;
};

/** Keeps one answer by the rule above; `ttlMs` is read at each reading (a test may change it). */
export function keepReference<T>(ttlMs: () => number): KeptReference<T> {
  let kept: { value: Promise<T>; until: number } | null = null;

  async function get(load: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const known = kept;
    if (known && known.until > now) {
      try {
        return await known.value;
      } catch {
        // Another caller's reading failed: its failure is its own, this caller asks (or waits on the next reading).
        if (kept === known) kept = null;
        return get(load);
      }
    }
    const ttl = ttlMs();
    if (!(ttl > 0)) {
      kept = null;
      return load();
    }
    const value = new Promise<T>((resolve) => resolve(load()));
    const entry = { value, until: now + ttl };
    kept = entry;
    value.catch(() => {
      if (kept === entry) kept = null;
    });
    return value;
  }

  return {
    get,
    forget() {
      kept = null;
    },
  };
}
