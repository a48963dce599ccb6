import { describe, expect, it } from "vitest";
import { formEncode, QueryWriter } from "~/lib/query";

const asSearchParams = (value: string) => new URLSearchParams({ v: value }).toString().slice(2);

describe("a query string written without URLSearchParams (decision 095)", () => {
  it("encodes every character of the first 0x800 code points as URLSearchParams does", () => {
    for (let code = 0; code < 0x800; code++) {
      const c = String.fromCharCode(code);
      expect(formEncode(c), `U+${code.toString(16)}`).toBe(asSearchParams(c));
    }
  });

  it("encodes the values the pages write: searches, dates, ids, astral and lone surrogates", () => {
    for (const value of [
      "",
      "impuesto inmobiliario",
      "año 2026 & más",
      "2026-11-27",
      "a+b=c?d#e/f%g",
      "😀 ok",
      "\uD800x",
      "x\uDC00",
      "~!'()*-._",
    ])
      expect(formEncode(value), value).toBe(asSearchParams(value));
  });

  it("adds names and values in order, a name more than once", () => {
    const written = new QueryWriter().add("file", "EX-1").add("q", "pago total").add("sel", "a").add("sel", "b/c").toString();
    const params = new URLSearchParams();
    for (const [k, v] of [
      ["file", "EX-1"],
      ["q", "pago total"],
      ["sel", "a"],
      ["sel", "b/c"],
    ] as const)
      params.append(k, v);
    expect(written).toBe(params.toString());
    expect(new QueryWriter().toString()).toBe("");
  });
});
