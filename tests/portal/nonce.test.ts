import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, newNonce } from "~/lib/headers.server";

describe("a page's nonce and policy (decision 095)", () => {
  it("draws 128 fresh random bits for every page, past the end of the buffer it draws from", () => {
    const drawn = Array.from({ length: 600 }, newNonce);
    for (const nonce of drawn) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
    expect(new Set(drawn).size).toBe(drawn.length);
  });

  it("writes the nonce into the script source of a policy otherwise the same for every page", () => {
    const [a, b] = [contentSecurityPolicy("AAAA"), contentSecurityPolicy("BBBB")];
    expect(a).toContain("script-src 'self' 'nonce-AAAA' 'strict-dynamic'");
    expect(a.replace("AAAA", "BBBB")).toBe(b);
    expect(a).toMatch(/^default-src 'self'; /);
    expect(a).toContain("form-action 'self' http://idp.test");
  });
});
