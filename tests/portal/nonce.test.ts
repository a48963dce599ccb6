import { describe, expect, it } from "vitest";
import { completeSecurityHeaders, contentSecurityPolicy, newNonce } from "~/lib/headers.server";

describe("a page's nonce and policy (decisions 076 and 099)", () => {
  it("gives every answer 128 random bits of its own", () => {
    const drawn = Array.from({ length: 600 }, newNonce);
    for (const nonce of drawn) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
    expect(new Set(drawn).size).toBe(drawn.length);
  });

  it("two HTML answers get policies with different nonces", () => {
    const nonceOf = () =>
      /'nonce-([^']+)'/.exec(completeSecurityHeaders(new Headers({ "Content-Type": "text/html" })).get("Content-Security-Policy")!)?.[1];
    const [a, b] = [nonceOf(), nonceOf()];
    expect(a).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(b).not.toBe(a);
  });

  it("writes the nonce into the script source of a policy otherwise the same for every page", () => {
    const [a, b] = [contentSecurityPolicy("AAAA"), contentSecurityPolicy("BBBB")];
    expect(a).toContain("script-src 'self' 'nonce-AAAA' 'strict-dynamic'");
    expect(a.replace("AAAA", "BBBB")).toBe(b);
    expect(a).toMatch(/^default-src 'self'; /);
    expect(a).toContain("form-action 'self' http://idp.test");
  });
});
