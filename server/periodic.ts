/**
 * A job each API process runs now and then (the due-date reminders, the access digest, the orphan
 * sweeper): every `intervalMs` (0: never), the first run `firstAfterMs` after start (default: one
 * interval), never two runs of it at once in this process (the jobs themselves are safe across
 * processes), a failure handed to `onError` and tried again at the next turn. The timers do not keep
 * the process alive. Returns the function that stops it.
 */
export function startPeriodicJob(options: {
  intervalMs: number;
  firstAfterMs?: number;
  run: () => Promise<void>;
  onError: (error: unknown) => void;
}): () => void {
  if (!(options.intervalMs > 0)) return () => {};
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await options.run();
    } catch (error) {
      options.onError(error);
    } finally {
      running = false;
    }
  };
  const first = options.firstAfterMs === undefined ? undefined : setTimeout(() => void tick(), options.firstAfterMs);
  const timer = setInterval(() => void tick(), options.intervalMs);
  first?.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
