/**
 * Load generation with autocannon. Latency percentiles are computed from every response's own
 * duration (autocannon's `response` event, high-resolution), because autocannon's summary has no
 * p95; autocannon's own p50/p99 are kept next to them as a cross-check.
 */
import autocannon from "autocannon";

export type LoadResult = {
  connections: number;
  seconds: number;
  requests: number;
  /** 2xx responses per second */
  rps: number;
  p50: number;
  p95: number;
  p975: number;
  p99: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  /** autocannon's own figures (ms) */
  autocannon: { p50: number; p99: number; rps: number };
};

/**
 * What the pages are asked with: the Accept-Encoding of the bench's Chromium (156), as Chrome and
 * Edge since 123 and Firefox since 126 ask. `--accept-encoding "gzip, br"` asks as a browser without
 * Zstandard does, as the bench did before decision 076.
 */
export const BROWSER_ACCEPT_ENCODING = "gzip, deflate, br, zstd";

/** The headers a page of the bench is asked with: the encodings, and the session's cookie for a signed-in page. */
export const pageHeaders = (acceptEncoding: string, cookie?: string): Record<string, string> =>
  cookie ? { cookie, "accept-encoding": acceptEncoding } : { "accept-encoding": acceptEncoding };

export const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] : NaN;

type Options = { url: string; connections: number; headers?: Record<string, string>; duration?: number; amount?: number; timeout?: number };

function run(options: Options, record: boolean): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const times: number[] = [];
    let ok = 0;
    let non2xx = 0;
    const started = performance.now();
    const instance = autocannon(
      {
        url: options.url,
        connections: options.connections,
        headers: options.headers,
        timeout: options.timeout ?? 30,
        ...(options.amount ? { amount: options.amount } : { duration: options.duration ?? 10 }),
      },
      (error, result) => {
        if (error) return reject(error);
        const seconds = (performance.now() - started) / 1000;
        times.sort((a, b) => a - b);
        resolve({
          connections: options.connections,
          seconds,
          requests: times.length,
          rps: ok / seconds,
          p50: percentile(times, 50),
          p95: percentile(times, 95),
          p975: percentile(times, 97.5),
          p99: percentile(times, 99),
          errors: result.errors,
          timeouts: result.timeouts,
          non2xx,
          autocannon: { p50: result.latency.p50, p99: result.latency.p99, rps: result.requests.average },
        });
      },
    );
    instance.on("response", (_client: unknown, status: number, _bytes: number, duration: number) => {
      if (!record) return;
      times.push(duration);
      if (status >= 200 && status < 300) ok++;
      else non2xx++;
    });
  });
}

/** A warm-up run (not recorded), then the measured run. */
export async function measureLoad(options: Options & { warmup?: number }): Promise<LoadResult> {
  if (options.warmup) await run({ ...options, duration: options.warmup, amount: undefined }, false);
  return run(options, true);
}
