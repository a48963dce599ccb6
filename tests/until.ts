/**
 * The one polling helper of the test suites: waits for a condition instead of a fixed sleep. It asks
 * `condition` every `intervalMs` until it holds; past `timeoutMs` it fails naming `what` it waited
 * for (a failure, not a measured time: the limit is generous, a loaded machine only makes it slower).
 */
export async function until(
  condition: () => Promise<boolean> | boolean,
  what: string,
  { timeoutMs = 60_000, intervalMs = 25 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<void> {
  const limit = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > limit) throw new Error(`still waiting after ${timeoutMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
