import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FailureLimiter } from "../../server/auth/oidc/rate-limit.js";
import { demoCitizenByRole } from "../../server/auth/oidc/demo-citizens.js";
import { cuilCheckDigit } from "../../common/cuil.js";
import { startStack, TEST_PORTAL, type TestStack } from "./harness.js";

/**
 * Sign-in throttle (ASVS V2.2.1) of the development identity provider: 5 failures per
 * CUIL (tests/api/oidc.test.ts) and 20 per address in 15 minutes, here; and the window on a
 * controlled clock.
 */
const TOO_MANY = "Demasiados intentos. Intenta de nuevo en unos minutos.";

describe("FailureLimiter", () => {
  it("blocks at the limit, forgets after the window, and resets on success", () => {
    let now = 1_000_000;
    const limiter = new FailureLimiter(3, 15 * 60_000, () => now);
    for (let i = 0; i < 3; i++) {
      expect(limiter.isBlocked("k")).toBe(false);
      limiter.fail("k");
    }
    expect(limiter.isBlocked("k")).toBe(true);
    expect(limiter.isBlocked("other")).toBe(false);
    now += 15 * 60_000 - 1;
    expect(limiter.isBlocked("k")).toBe(true);
    now += 1;
    expect(limiter.isBlocked("k")).toBe(false);
    limiter.fail("k");
    limiter.fail("k");
    limiter.reset("k");
    limiter.fail("k");
    expect(limiter.isBlocked("k")).toBe(false);
  });
});

describe("sign-in attempts per address", () => {
  let stack: TestStack;
  const cookies = new Map<string, string>();

  beforeAll(async () => {
    stack = await startStack({ idp: true });
  });
  afterAll(async () => stack?.close());

  async function go(url: string, init: RequestInit = {}) {
    const res = await fetch(new URL(url, stack.issuer), {
      ...init,
      redirect: "manual",
      headers: { ...(init.headers as Record<string, string>), cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join("; ") },
    });
    for (const header of res.headers.getSetCookie()) {
      const [pair] = header.split(";");
      const eq = pair!.indexOf("=");
      cookies.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
    }
    return res;
  }

  const post = (url: string, values: Record<string, string>) =>
    go(url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(values).toString(),
    });

  function validCuils(count: number): string[] {
    const out: string[] = [];
    for (let n = 30_000_000; out.length < count; n++) {
      const firstTen = `20${n}`;
      const digit = cuilCheckDigit(firstTen);
      if (digit !== null) out.push(`${firstTen}${digit}`);
    }
    return out;
  }

  it("refuses even the right password after 20 failures from one address, with the Spanish message", { timeout: 60_000 }, async () => {
    const verifier = randomBytes(32).toString("base64url");
    const params = new URLSearchParams({
      client_id: "portal",
      response_type: "code",
      scope: "openid profile email phone",
      redirect_uri: `${TEST_PORTAL}/auth/callback`,
      code_challenge: createHash("sha256").update(verifier).digest("base64url"),
      code_challenge_method: "S256",
      state: randomBytes(8).toString("base64url"),
      nonce: randomBytes(8).toString("base64url"),
    });
    const start = await go(`/auth?${params}`);
    expect(start.status).toBe(303);
    const interaction = start.headers.get("location")!;

    // 20 different CUILs (none over its own limit of 5), one address.
    for (const cuil of validCuils(20)) {
      const res = await post(`${interaction}/login`, { cuil, password: "no-es-la-clave" });
      expect(res.status).toBe(400);
      await res.text();
    }
    const blocked = await post(`${interaction}/login`, { cuil: demoCitizenByRole.adhered.cuil, password: "Demo2026!" });
    expect(blocked.status).toBe(429);
    expect(await blocked.text()).toContain(TOO_MANY);
  });
});
