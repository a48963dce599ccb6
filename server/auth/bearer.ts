import type { FastifyReply, FastifyRequest } from "fastify";
import { createRemoteJWKSet, errors, jwtVerify, type JWTVerifyGetKey } from "jose";
import type { DbOrTx } from "../db/index.js";
import { isTokenRevoked } from "../domain/security/repository.js";
import { ApiError, SignInRequired } from "../errors.js";
import { isCuilShape } from "../../common/cuil.js";

/** The signed-in citizen, derived only from a verified access token. */
export type AuthenticatedCitizen = {
  /** token `sub`: 11 digits */
  cuil: string;
  /** token id, used for revocation */
  jti: string;
  expiresAt: Date;
  clientId: string | null;
};

declare module "fastify" {
  interface FastifyRequest {
    /** Set by the bearer hook on every `/api` route; absent elsewhere. */
    citizen: AuthenticatedCitizen;
  }
}

export type VerifierOptions = {
  issuer: string;
  audience: string;
  /** Key set to verify with; default: the issuer's JWKS over HTTP (cached by jose). */
  keys?: JWTVerifyGetKey;
  jwksUri: string;
  /** How long a verified signature is remembered (decision 023); 0 verifies every call. */
  verifiedCacheMs?: number;
};

/** Verified tokens remembered at most (a token is ~1 KB: a few MB at most). */
const VERIFIED_MAX = 5000;

const ALGORITHMS = ["RS256", "ES256"];
const BEARER = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/i;

/** Errors that mean "this token is not acceptable" (answered 303), as opposed to "cannot check now" (503). */
function isTokenProblem(error: unknown): boolean {
  return error instanceof errors.JOSEError && !(error instanceof errors.JWKSTimeout) && !(error instanceof errors.JWKSInvalid);
}

export function createBearerAuth(db: DbOrTx, options: VerifierOptions) {
  const keys =
    options.keys ?? createRemoteJWKSet(new URL(options.jwksUri), { timeoutDuration: 5000, cooldownDuration: 30_000, cacheMaxAge: 600_000 });

  /**
   * A token's signature and claims are checked once and remembered for `verifiedCacheMs` (60 s by
   * default, never past its expiry): an RSA verification is costly, and every call of a session
   * carries the same token.
   * Revocation is still looked up for every call (decision 023); calls that arrive while a look-up
   * of the same token is under way (a page's calls of one round) share its answer (decision 023).
   */
  const verifiedCacheMs = options.verifiedCacheMs ?? 60_000;
  const verified = new Map<string, { citizen: AuthenticatedCitizen; until: number }>();
  const lookingUp = new Map<string, Promise<boolean>>();

  function revoked(jti: string): Promise<boolean> {
    let lookUp = lookingUp.get(jti);
    if (!lookUp) {
      lookUp = isTokenRevoked(db, jti).finally(() => lookingUp.delete(jti));
      lookingUp.set(jti, lookUp);
    }
    return lookUp;
  }

  async function verify(token: string): Promise<AuthenticatedCitizen> {
    const now = Date.now();
    const known = verified.get(token);
    const citizen = known && known.until > now ? known.citizen : await verifySignature(token);
    if (!known || known.until <= now) {
      if (known) verified.delete(token);
      if (verifiedCacheMs > 0) {
        if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
        verified.set(token, { citizen, until: Math.min(now + verifiedCacheMs, citizen.expiresAt.getTime()) });
      }
    }
    if (await revoked(citizen.jti)) throw new SignInRequired("revoked");
    return citizen;
  }

  async function verifySignature(token: string): Promise<AuthenticatedCitizen> {
    let payload;
    try {
      ({ payload } = await jwtVerify(token, keys, {
        issuer: options.issuer,
        audience: options.audience,
        algorithms: ALGORITHMS,
        requiredClaims: ["sub", "exp", "jti"],
        clockTolerance: 5,
      }));
    } catch (error) {
      if (isTokenProblem(error)) throw new SignInRequired((error as errors.JOSEError).code);
      throw new ApiError(503, "SERVICE_UNAVAILABLE", "No se pudo verificar la sesión. Intente nuevamente más tarde.");
    }
    if (!isCuilShape(payload.sub)) throw new SignInRequired("bad_sub");
    if (typeof payload.jti !== "string" || payload.jti.length === 0 || payload.jti.length > 255) {
      throw new SignInRequired("bad_jti");
    }
    return {
      cuil: payload.sub,
      jti: payload.jti,
      expiresAt: new Date((payload.exp as number) * 1000),
      clientId: typeof payload.client_id === "string" ? payload.client_id : null,
    };
  }

  /** onRequest hook: verifies `Authorization: Bearer …` and sets `request.citizen`. */
  async function authenticate(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const match = BEARER.exec(request.headers.authorization ?? "");
    if (!match) throw new SignInRequired("missing");
    request.citizen = await verify(match[1]);
  }

  return { verify, authenticate };
}
