/**
 * Counts failed sign-ins per key (CUIL, IP) in a fixed window. In memory: enough
 * for one development process; a shared store would be needed behind a balancer.
 */
export class FailureLimiter {
  private readonly entries = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  isBlocked(key: string): boolean {
    const entry = this.current(key);
    return entry !== undefined && entry.count >= this.max;
  }

  fail(key: string): void {
    const entry = this.current(key);
    if (entry) entry.count++;
    else this.entries.set(key, { count: 1, resetAt: this.now() + this.windowMs });
    if (this.entries.size > 10_000) this.sweep();
  }

  reset(key: string): void {
    this.entries.delete(key);
  }

  private current(key: string) {
    const entry = this.entries.get(key);
    if (entry && entry.resetAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  private sweep() {
    const now = this.now();
    for (const [key, entry] of this.entries) if (entry.resetAt <= now) this.entries.delete(key);
  }
}
