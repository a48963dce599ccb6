/**
 * Mobile page metrics of a signed-in page with the system Chromium (playwright-core), close to
 * Lighthouse's mobile settings: 360x740 viewport (device scale 2, touch, mobile UA), CPU slowed
 * 4x (CDP Emulation.setCPUThrottlingRate), slow 4G (CDP Network.emulateNetworkConditions: 150 ms
 * RTT, 1.6 Mbps down, 750 kbps up), cold cache (a fresh context per run).
 * - LCP: the last `largest-contentful-paint` entry (buffered observer) before the first input;
 * - CLS: the largest session window of `layout-shift` entries without recent input (1 s gap, 5 s cap);
 * - TBT: the sum of (duration − 50 ms) of the long tasks that start after FCP, observed until the
 *   load event plus a quiet period (network idle, then 2 s without a new long task). Lighthouse
 *   stops at TTI instead; on a page with no late long tasks both give the same figure.
 * Median of the runs for each metric.
 */
import { chromium } from "playwright-core";
import { findChromium } from "../chromium.mjs";

export type MobileRun = { fcp: number; lcp: number; cls: number; tbt: number; longTasks: number; load: number };
export type MobileResult = { runs: MobileRun[]; median: MobileRun; chromium: string; url: string };

const OBSERVERS = `
  window.__bench = { lcp: 0, shifts: [], longTasks: [], fcp: 0 };
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__bench.lcp = e.renderTime || e.loadTime || e.startTime; })
    .observe({ type: "largest-contentful-paint", buffered: true });
  new PerformanceObserver((list) => { for (const e of list.getEntries()) if (!e.hadRecentInput) window.__bench.shifts.push([e.startTime, e.value]); })
    .observe({ type: "layout-shift", buffered: true });
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__bench.longTasks.push([e.startTime, e.duration]); })
    .observe({ type: "longtask", buffered: true });
  new PerformanceObserver((list) => { for (const e of list.getEntries()) if (e.name === "first-contentful-paint") window.__bench.fcp = e.startTime; })
    .observe({ type: "paint", buffered: true });
`;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

export function sessionWindowCls(shifts: [number, number][]): number {
  let best = 0;
  let current = 0;
  let windowStart = -Infinity;
  let last = -Infinity;
  for (const [t, v] of shifts) {
    if (t - last > 1000 || t - windowStart > 5000) {
      current = 0;
      windowStart = t;
    }
    current += v;
    last = t;
    best = Math.max(best, current);
  }
  return best;
}

export async function measureMobile(options: {
  url: string;
  cookie: string;
  runs: number;
  executablePath?: string;
}): Promise<MobileResult> {
  const browser = await chromium.launch({
    // Debian's chromium, installed as the browser tests install it when it is missing
    executablePath: options.executablePath ?? findChromium() ?? undefined,
    args: ["--no-sandbox"],
  });
  const target = new URL(options.url);
  const cookies = options.cookie
    .split("; ")
    .filter(Boolean)
    .map((pair) => ({
      name: pair.slice(0, pair.indexOf("=")),
      value: pair.slice(pair.indexOf("=") + 1),
      domain: target.hostname,
      path: "/",
    }));
  const version = browser.version();
  const runs: MobileRun[] = [];
  try {
    for (let i = 0; i < options.runs; i++) {
      const context = await browser.newContext({
        viewport: { width: 360, height: 740 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
        userAgent:
          "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36",
        locale: "es-AR",
      });
      await context.addCookies(cookies);
      await context.addInitScript(OBSERVERS);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send("Network.enable");
      await cdp.send("Network.emulateNetworkConditions", {
        offline: false,
        latency: 150,
        downloadThroughput: (1.6 * 1024 * 1024) / 8,
        uploadThroughput: (750 * 1024) / 8,
      });
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
      const response = await page.goto(options.url, { waitUntil: "load", timeout: 120_000 });
      if (!response || response.status() !== 200) throw new Error(`mobile: ${options.url} answered ${response?.status()}`);
      if (new URL(page.url()).pathname !== target.pathname) throw new Error(`mobile: redirected to ${page.url()}`);
      await page.waitForLoadState("networkidle", { timeout: 60_000 }).catch(() => undefined);
      // quiet: 2 s without a new long task
      for (let last = -1; ;) {
        const count = await page.evaluate(() => (window as unknown as { __bench: { longTasks: unknown[] } }).__bench.longTasks.length);
        if (count === last) break;
        last = count;
        await page.waitForTimeout(2000);
      }
      const raw = await page.evaluate(() => {
        const b = (
          window as unknown as { __bench: { lcp: number; fcp: number; shifts: [number, number][]; longTasks: [number, number][] } }
        ).__bench;
        const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
        return { ...b, load: nav ? nav.loadEventEnd : 0 };
      });
      const tbt = raw.longTasks.filter(([start]) => start >= raw.fcp).reduce((sum, [, d]) => sum + Math.max(0, d - 50), 0);
      runs.push({
        fcp: raw.fcp,
        lcp: raw.lcp,
        cls: sessionWindowCls(raw.shifts),
        tbt,
        longTasks: raw.longTasks.length,
        load: raw.load,
      });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  const keys = ["fcp", "lcp", "cls", "tbt", "longTasks", "load"] as const;
  const med = Object.fromEntries(keys.map((k) => [k, median(runs.map((r) => r[k]))])) as MobileRun;
  return { runs, median: med, chromium: version, url: options.url };
}
