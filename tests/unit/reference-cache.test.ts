import { describe, expect, it, vi } from "vitest";
import { referenceCache } from "~/api/reference.server";

/** Decision 047: reference data kept per process for a short time; failures never kept. */
describe("referenceCache", () => {
  it("asks once within the time and again after it", async () => {
    vi.useFakeTimers();
    try {
      const cache = referenceCache<number>(() => 1000);
      const load = vi.fn(async () => 7);
      expect(await cache.get(load)).toBe(7);
      expect(await cache.get(load)).toBe(7);
      expect(load).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(1001);
      await cache.get(load);
      expect(load).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it("keeps no failure: each caller that misses makes its own call", async () => {
    const cache = referenceCache<number>(() => 1000);
    const redirect = new Response(null, { status: 302 });
    await expect(cache.get(() => Promise.reject(redirect))).rejects.toBe(redirect);
    expect(await cache.get(async () => 3)).toBe(3);
  });

  it("asks every time when the time is 0", async () => {
    const cache = referenceCache<number>(() => 0);
    const load = vi.fn(async () => 1);
    await cache.get(load);
    await cache.get(load);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
