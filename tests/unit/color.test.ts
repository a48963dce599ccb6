import { describe, expect, it } from "vitest";
import { colorStyle, contrastRatio, parseColor, readableTextColor } from "../../app/ui/color";

describe("colour contrast helpers", () => {
  it("parses hex and rgb colours", () => {
    expect(parseColor("#0b5394")).toEqual([11, 83, 148]);
    expect(parseColor("#FFF")).toEqual([255, 255, 255]);
    expect(parseColor("rgb(10, 20, 30)")).toEqual([10, 20, 30]);
    expect(parseColor("teal")).toBeNull();
    expect(parseColor(undefined)).toBeNull();
  });

  it("computes WCAG ratios", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#0b5394", "#ffffff")!).toBeGreaterThan(4.5);
  });

  it("always picks a text colour with AA contrast (4.5:1)", () => {
    for (const bg of [
      "#ffeb3b",
      "#4caf50",
      "#2e7d32",
      "#f44336",
      "#9e9e9e",
      "#777777",
      "#767676",
      "#787878",
      "#0b5394",
      "#ff9800",
      "#03a9f4",
      "#ffffff",
      "#000000",
    ]) {
      const text = readableTextColor(bg)!;
      expect(contrastRatio(bg, text)!, bg).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("gives no style for unknown colours", () => {
    expect(colorStyle("var(--x)")).toEqual({});
    expect(colorStyle("#ffeb3b")).toEqual({ backgroundColor: "#ffeb3b", color: "#000000" });
  });
});
