import { describe, expect, it } from "vitest";
import { clientAddress } from "../../server/auth/oidc/client-address";

/** Issue 28: the sign-in limiter's key behind a balancer is the client's address, from a trusted proxy only. */
describe("the address of a sign-in attempt", () => {
  const trusted = ["10.0.0.5", "10.0.0.6"];

  it("is the socket's peer when it is not a trusted proxy, whatever X-Forwarded-For says", () => {
    expect(clientAddress("203.0.113.7", "198.51.100.1", trusted)).toBe("203.0.113.7");
    expect(clientAddress("::ffff:203.0.113.7", undefined, trusted)).toBe("203.0.113.7");
  });

  it("is the client the trusted balancer saw: the right-most untrusted X-Forwarded-For entry", () => {
    expect(clientAddress("10.0.0.5", "198.51.100.1", trusted)).toBe("198.51.100.1");
    expect(clientAddress("::ffff:10.0.0.5", "1.2.3.4, 198.51.100.2, 10.0.0.6", trusted)).toBe("198.51.100.2");
    expect(clientAddress("10.0.0.5", ["1.2.3.4", "198.51.100.3"], trusted)).toBe("198.51.100.3");
  });

  it("two citizens behind one balancer have two keys", () => {
    expect(clientAddress("10.0.0.5", "198.51.100.1", trusted)).not.toBe(clientAddress("10.0.0.5", "198.51.100.9", trusted));
  });

  it("without a header, or with only proxies in it, falls back to the peer", () => {
    expect(clientAddress("10.0.0.5", undefined, trusted)).toBe("10.0.0.5");
    expect(clientAddress("10.0.0.5", "10.0.0.6", trusted)).toBe("10.0.0.5");
  });
});
