import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { safeReturnPath } from "~/lib/redirect";

const origin = "http://localhost:3000";

describe("safeReturnPath", () => {
  it.each([
    ["/procedures", "/procedures"],
    ["/records?tab=archived&page=2", "/records?tab=archived&page=2"],
    ["/digital/summary/?code=ABC#top", "/digital/summary/?code=ABC#top"],
    ["/a/../procedures", "/procedures"],
  ])("keeps the same-origin path %s", (value, expected) => {
    expect(safeReturnPath(value, origin)).toBe(expected);
  });

  it.each([
    "//evil.example/records",
    "/\\evil.example",
    "/\t/evil.example",
    "/%09/evil.example",
    "https://evil.example/",
    "HTTPS://evil.example",
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "data:text/html,hi",
    "procedures",
    "",
    "\\\\evil.example",
    "/\nevil",
    "/.//evil.example",
    "/a/..//evil.example",
  ])("refuses %j", (value) => {
    const result = safeReturnPath(value, origin);
    if (result !== null) expect(new URL(result, origin).origin).toBe(origin);
    if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\") || value.includes("//evil")) expect(result).toBeNull();
  });

  it("refuses non-strings and overlong values", () => {
    expect(safeReturnPath(undefined, origin)).toBeNull();
    expect(safeReturnPath(42, origin)).toBeNull();
    expect(safeReturnPath(`/${"a".repeat(3000)}`, origin)).toBeNull();
  });
});


describe("safeReturnPath, property-based", () => {
  const hostilePrefixes = [
    "//evil.example",
    "/\\evil.example",
    "/%09/evil.example",
    "/%5Cevil.example",
    "/\t/evil.example",
    "\\\\evil.example",
    "https://evil.example",
    "HtTpS://evil.example",
    "javascript:alert(1)",
    "JAVASCRIPT:alert(1)",
    "java\tscript:alert(1)",
    "%6A%61%76%61script:alert(1)",
    "data:text/html;base64,PHNjcmlwdD4=",
    " //evil.example",
  ];

  it("never leaves the portal's origin, whatever the input", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.webUrl(), fc.webPath(), fc.constantFrom(...hostilePrefixes)), (value) => {
        const result = safeReturnPath(value, origin);
        if (result === null) return;
        expect(result.startsWith("/")).toBe(true);
        expect(result.startsWith("//")).toBe(false);
        expect(new URL(result, origin).origin).toBe(origin);
      }),
      { numRuns: 2000 },
    );
  });

  it("refuses every hostile prefix whatever follows it", () => {
    fc.assert(
      fc.property(fc.constantFrom(...hostilePrefixes), fc.webPath(), (prefix, rest) => {
        const result = safeReturnPath(prefix + rest, origin);
        // Either refused, or kept as a harmless path on the portal itself (e.g. "/%5Cevil.example").
        if (result !== null) {
          expect(new URL(result, origin).origin).toBe(origin);
          expect(result.startsWith("/") && !result.startsWith("//")).toBe(true);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it("keeps path and query of ordinary portal addresses", () => {
    const segment = fc.stringMatching(/^[a-z0-9-]{1,12}$/);
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 4 }), fc.dictionary(segment, segment, { maxKeys: 3 }), (segments, query) => {
        const search = new URLSearchParams(query).toString();
        const value = `/${segments.join("/")}${search ? `?${search}` : ""}`;
        expect(safeReturnPath(value, origin)).toBe(value);
      }),
    );
  });
});
