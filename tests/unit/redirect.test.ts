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

describe("safeReturnPath, hostile return paths", () => {
  // Every input the requirement lists, and the variants a browser would also read as another site.
  const listed = [
    "//evil",
    "//evil.com/path?x=1",
    "/\\evil",
    "/\\/evil.com",
    "/%09/evil.com",
    "/%5Cevil",
    "/%5C%5Cevil.com",
    "/%2F/evil.com",
    "/%2F%2Fevil.com",
    "%2F%2Fevil.com",
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    "jAvAsCrIpT:alert(document.cookie)",
    "javascript%3Aalert(1)",
    "%6A%61%76%61%73%63%72%69%70%74:alert(1)",
    "&#106;avascript:alert(1)",
    "vbscript:msgbox(1)",
    "HTTP://evil.com",
    "hTtPs://evil.com/procedures",
    "https:evil.com",
    "https:/evil.com",
    "http:\\\\evil.com",
    "\t//evil.com",
    " /\\evil.com",
    "/\r\n//evil.com",
    "／/evil.com",
    "＼evil.com",
  ];

  it.each(listed)("%j is refused or stays a path on the portal", (value) => {
    const result = safeReturnPath(value, origin);
    if (result === null) return;
    expect(result.startsWith("/")).toBe(true);
    expect(result.startsWith("//")).toBe(false);
    expect(result.includes("\\")).toBe(false);
    expect(new URL(result, origin).origin).toBe(origin);
  });

  it.each(["//evil", "/\\evil", "javascript:alert(1)", "JaVaScRiPt:alert(1)", "hTtPs://evil.com", "\t//evil.com"])(
    "%j is refused outright",
    (value) => {
      expect(safeReturnPath(value, origin)).toBeNull();
    },
  );

  it("keeps path + query (and only them) of a same-origin absolute address", () => {
    expect(safeReturnPath("/digital?page=2&q=a%20b", origin)).toBe("/digital?page=2&q=a%20b");
    expect(safeReturnPath("/%5Cevil", origin)).toBe("/%5Cevil"); // a literal backslash in a path segment of the portal
    expect(safeReturnPath("/%09/evil.com", origin)).toBe("/%09/evil.com"); // an encoded tab stays encoded: a portal path
  });

  it("any scheme spelled in any case, percent-encoded or not, never comes out", () => {
    const encodedChar = (c: string) => fc.constantFrom(c.toLowerCase(), c.toUpperCase(), `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
    const scheme = fc.constantFrom("javascript", "data", "vbscript", "http", "https", "file");
    fc.assert(
      fc.property(
        scheme.chain((s) => fc.tuple(...[...s].map(encodedChar))).map((chars) => chars.join("")),
        fc.constantFrom(":", "%3A", "%3a"),
        fc.constantFrom("alert(1)", "//evil.com", "evil.com", "/\\evil.com"),
        (s, colon, rest) => {
          expect(safeReturnPath(`${s}${colon}${rest}`, origin)).toBeNull();
        },
      ),
      { numRuns: 1000 },
    );
  });

  it("slashes and backslashes, raw or encoded, with whitespace between them, never reach another host", () => {
    const piece = fc.constantFrom("/", "\\", "%2F", "%2f", "%5C", "%5c", "%09", "\t", "\n", " ", ".", "%2E");
    fc.assert(
      fc.property(
        fc.array(piece, { minLength: 1, maxLength: 6 }),
        fc.constantFrom("evil.com", "evil.com/x?y=1", "@evil.com"),
        (pieces, host) => {
          const result = safeReturnPath(`/${pieces.join("")}${host}`, origin);
          if (result === null) return;
          expect(result.startsWith("//")).toBe(false);
          expect(new URL(result, origin).origin).toBe(origin);
          expect(new URL(result, origin).host).toBe("localhost:3000");
        },
      ),
      { numRuns: 2000 },
    );
  });
});
