/** Pieces of `npm run bench` (scripts/bench) that decide its figures. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PDFDocument } from "pdf-lib";
import { afterEach, describe, expect, it } from "vitest";
import { loader } from "~/routes/bench-baseline";
import { percentile } from "../../scripts/bench/measure-load";
import { sessionWindowCls } from "../../scripts/bench/mobile";
import { targetsOf, type DbResult } from "../../scripts/bench/report";
import { planFor } from "../../scripts/bench/seed";
import { writeBigPdf } from "../../scripts/bench/upload";

describe("bench", () => {
  const saved = process.env.BENCH_BASELINE;
  afterEach(() => {
    if (saved === undefined) delete process.env.BENCH_BASELINE;
    else process.env.BENCH_BASELINE = saved;
  });

  it("the baseline page answers 404 unless the portal runs with BENCH_BASELINE=1", async () => {
    delete process.env.BENCH_BASELINE;
    let thrown: unknown;
    try {
      loader();
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(404);
    process.env.BENCH_BASELINE = "1";
    const response = loader();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ name: "Atención Virtual" });
  });

  it("writes a valid one-page PDF of exactly the asked size", async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "bench-pdf-")), "big.pdf");
    try {
      for (const size of [200_000, 1_234_567]) {
        await writeBigPdf(file, size);
        expect(fs.statSync(file).size).toBe(size);
        const pdf = await PDFDocument.load(fs.readFileSync(file));
        expect(pdf.getPageCount()).toBe(1);
      }
    } finally {
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    }
  });

  it("CLS is the largest session window (1 s gap, 5 s cap)", () => {
    expect(sessionWindowCls([])).toBe(0);
    // two windows split by a gap over 1 s: 0.03 + 0.02, then 0.04
    expect(
      sessionWindowCls([
        [100, 0.03],
        [900, 0.02],
        [2500, 0.04],
      ]),
    ).toBeCloseTo(0.05);
    // shifts 0.9 s apart keep one window until it is 5 s long
    const steady = Array.from({ length: 8 }, (_, i) => [i * 900, 0.01] as [number, number]);
    expect(sessionWindowCls(steady)).toBeCloseTo(0.06);
  });

  it("percentiles pick the nearest rank", () => {
    const xs = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(xs, 50)).toBe(50);
    expect(percentile(xs, 95)).toBe(95);
    expect(percentile(xs, 99)).toBe(99);
    expect(percentile([], 50)).toBeNaN();
  });

  it("scale 1 is the issue's data set", () => {
    expect(planFor(1)).toMatchObject({
      citizens: 10_000,
      communications: 1_000_000,
      heavyCommunications: 100_000,
      instances: 10_000,
      records: 1_000,
    });
    expect(planFor(0.1).communications).toBe(100_000);
  });
});

describe("bench targets (decision 020)", () => {
  const row = (page: string, rps: number, ratioToBare: number, p975 = 40) => ({
    page,
    connections: 10,
    rps,
    ratioToBare,
    p975,
    p50: 10,
    p95: 30,
    p99: 45,
    seconds: 10,
    requests: 100,
    errors: 0,
    timeouts: 0,
    non2xx: 0,
    autocannon: { p50: 0, p99: 0, rps: 0 },
  });
  const db = (dialect: "sqlite" | "postgres", ssr: ReturnType<typeof row>[]) =>
    ({
      dialect,
      seed: { seconds: 0, rows: {}, heavy: {} },
      ssr,
      api: [],
      uploads: [],
      mobile: { error: "-" },
      targets: [],
    }) as unknown as DbResult;

  it("reads the heavy pages against the bare Remix app: 0.33 x and p97.5 within 50 ms", () => {
    const t = targetsOf(db("sqlite", [row("/digital", 40, 0.4, 45), row("/records", 20, 0.2, 45), row("/procedures", 40, 0.4, 60)]));
    const pass = (s: string) => t.find((x) => x.target.startsWith(s))!.pass;
    expect(pass("/digital at 10")).toBe(true);
    expect(pass("/records at 10")).toBe(false);
    expect(pass("/procedures p97.5")).toBe(false);
  });

  it("PostgreSQL within 1.5 x of SQLite fails when a side finished no response", () => {
    const lite = db("sqlite", [row("/digital", 40, 0.4), row("/records", 40, 0.4)]);
    const pg = db("postgres", [row("/digital", 0, 0), row("/records", 30, 0.3)]);
    const t = targetsOf(pg, [lite, pg]);
    expect(t.find((x) => x.target.startsWith("/digital on PostgreSQL"))!.pass).toBe(false);
    expect(t.find((x) => x.target.startsWith("/records on PostgreSQL"))!.pass).toBe(true);
  });
});
