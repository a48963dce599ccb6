import { describe, expect, it } from "vitest";
import { parseDay } from "@common/days";

describe("parseDay: a day as a citizen types it (issue 31)", () => {
  it("reads yyyy-mm-dd and dd/mm/yyyy (with /, - or . and one-digit day or month)", () => {
    expect(parseDay("2026-02-01")).toBe("2026-02-01");
    expect(parseDay(" 01/02/2026 ")).toBe("2026-02-01");
    expect(parseDay("1/2/2026")).toBe("2026-02-01");
    expect(parseDay("01-02-2026")).toBe("2026-02-01");
    expect(parseDay("01.02.2026")).toBe("2026-02-01");
    expect(parseDay("29/02/2024")).toBe("2024-02-29");
  });
  it("refuses impossible days, two-digit years, mixed separators, month first beyond 12, and years out of range", () => {
    for (const bad of ["29/02/2026", "01/02/26", "01/02.2026", "12/31/2026", "01/01/1899", "2026-2-1", "hoy", "", null, undefined]) {
      expect(parseDay(bad), String(bad)).toBeNull();
    }
  });
  it("refuses what is not a whole day: times, no separators, months and days out of range, impossible years", () => {
    for (const bad of [
      "2026-03-01T00:00:00Z",
      "20260301",
      "2026-02-29",
      "2026-13-01",
      "2026-00-10",
      "2026-04-31",
      "abcd-ef-gh",
      "0000-01-01",
      "99999-01-01",
    ]) {
      expect(parseDay(bad), bad).toBeNull();
    }
  });
});
