import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type JWTVerifyGetKey } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBearerAuth } from "../../server/auth/bearer.js";
import { revokeToken } from "../../server/domain/security/repository.js";
import { countingReads, startStack, type TestStack } from "./harness.js";

/** Decision 023: a token's signature is verified once and remembered; revocation is checked on every call (one look-up for the calls of a round). */
describe("bearer verification cache", () => {
  let stack: TestStack;
  let keys: JWTVerifyGetKey;
  let keyLookups = 0;
  let privateKey: CryptoKey;
  beforeAll(async () => {
    stack = await startStack();
    const pair = await generateKeyPair("ES256");
    privateKey = pair.privateKey;
    const local = createLocalJWKSet({ keys: [{ ...(await exportJWK(pair.publicKey)), kid: "k", alg: "ES256" }] });
    keys = (header, token) => {
      keyLookups++;
      return local(header, token);
    };
  });
  afterAll(() => stack.close());

  const sign = (jti: string, exp: number | string = "1h") =>
    new SignJWT({})
      .setProtectedHeader({ alg: "ES256", kid: "k" })
      .setIssuer("https://idp.test")
      .setAudience("aud")
      .setSubject("27293847563")
      .setJti(jti)
      .setIssuedAt()
      .setExpirationTime(exp)
      .sign(privateKey);
  const auth = (verifiedCacheMs?: number) =>
    createBearerAuth(stack.db, { issuer: "https://idp.test", audience: "aud", jwksUri: "https://idp.test/jwks", keys, verifiedCacheMs });

  it("verifies a token's signature once, and still sees its revocation on the next call", async () => {
    const bearer = auth();
    const token = await sign("jti-cache-1");
    keyLookups = 0;
    for (let i = 0; i < 5; i++) expect((await bearer.verify(token)).cuil).toBe("27293847563");
    expect(keyLookups).toBe(1);
    await revokeToken(stack.db, "jti-cache-1", new Date(Date.now() + 3600_000));
    await expect(bearer.verify(token)).rejects.toMatchObject({ reason: "revoked" });
  });

  it("looks a token up once for calls that arrive together, and again for the next call", async () => {
    const lookUps = countingReads(stack.db, "revoked_tokens");
    const bearer = createBearerAuth(lookUps.db, { issuer: "https://idp.test", audience: "aud", jwksUri: "https://idp.test/jwks", keys });
    const [token, other] = await Promise.all([sign("jti-round-1"), sign("jti-round-2")]);
    await bearer.verify(token); // the signature, verified and remembered
    lookUps.reads = 0;
    const round = await Promise.all([bearer.verify(token), bearer.verify(token), bearer.verify(token), bearer.verify(other)]);
    expect(round.map((c) => c.jti)).toEqual(["jti-round-1", "jti-round-1", "jti-round-1", "jti-round-2"]);
    expect(lookUps.reads).toBe(2); // one per token
    await revokeToken(stack.db, "jti-round-1", new Date(Date.now() + 3600_000));
    await expect(Promise.all([bearer.verify(token), bearer.verify(token)])).rejects.toMatchObject({ reason: "revoked" });
    expect(lookUps.reads).toBe(3);
  });

  it("verifies every call when the cache is off, and never remembers a token past its expiry", async () => {
    const off = auth(0);
    const token = await sign("jti-cache-2");
    keyLookups = 0;
    await off.verify(token);
    await off.verify(token);
    expect(keyLookups).toBe(2);
    const soon = auth(60_000);
    const expiring = await sign("jti-cache-3", Math.floor(Date.now() / 1000) - 1); // expired, within the 5 s tolerance
    keyLookups = 0;
    await soon.verify(expiring);
    await soon.verify(expiring);
    expect(keyLookups).toBe(2);
  });
});
