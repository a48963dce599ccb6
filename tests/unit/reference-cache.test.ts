import { describe, expect, it, vi } from "vitest";
import { referenceCache } from "~/api/reference.server";

/** Decision 023's one rule (common/reference-data.ts): kept for a short time, shared while asked, failures never kept. */
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

  it("callers that arrive while it is asked for wait for that one answer", async () => {
    const cache = referenceCache<number>(() => 1000);
    let answer!: (n: number) => void;
    const load = vi.fn(() => new Promise<number>((resolve) => (answer = resolve)));
    const first = cache.get(load);
    const second = cache.get(load);
    answer(5);
    expect(await Promise.all([first, second])).toEqual([5, 5]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("a failure is the asking caller's: those that waited on it ask themselves", async () => {
    const cache = referenceCache<number>(() => 1000);
    const redirect = new Response(null, { status: 302 });
    let refuse!: (reason: unknown) => void;
    const first = cache.get(() => new Promise<number>((_, reject) => (refuse = reject)));
    const waiting = vi.fn(async () => 9);
    const second = cache.get(waiting);
    refuse(redirect);
    await expect(first).rejects.toBe(redirect);
    expect(await second).toBe(9);
    expect(waiting).toHaveBeenCalledTimes(1);
  });

  it("asks every time when the time is 0", async () => {
    const cache = referenceCache<number>(() => 0);
    const load = vi.fn(async () => 1);
    await cache.get(load);
    await cache.get(load);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
