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
  ])("refuses %j", (value) => {
    const result = safeReturnPath(value, origin);
    if (result !== null) expect(new URL(result, origin).origin).toBe(origin);
    if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) expect(result).toBeNull();
  });

  it("refuses non-strings and overlong values", () => {
    expect(safeReturnPath(undefined, origin)).toBeNull();
    expect(safeReturnPath(42, origin)).toBeNull();
    expect(safeReturnPath(`/${"a".repeat(3000)}`, origin)).toBeNull();
  });
});
