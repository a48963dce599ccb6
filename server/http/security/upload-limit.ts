import type { preHandlerAsyncHookHandler } from "fastify";
import { hitRateLimit, type RateLimitRule } from "../../domain/security/rate-limit.js";
import { ApiError } from "../../errors.js";
import type { RouteDeps } from "../types.js";

/** Spec-style text (section 8: 'Error al subir el documento. …'); the portal shows it as it comes. */
export const UPLOAD_RATE_LIMIT_MESSAGE =
  "Error al subir el documento. Se alcanzó el máximo de documentos que se pueden subir en poco tiempo. Intente nuevamente en unos minutos.";

export function uploadRule(config: RouteDeps["config"]): RateLimitRule {
  return { scope: "upload", limit: config.UPLOAD_RATE_LIMIT, windowMs: config.UPLOAD_RATE_WINDOW_SECONDS * 1000 };
}

/**
 * Uploads per citizen (`UPLOAD_RATE_LIMIT` per `UPLOAD_RATE_WINDOW_SECONDS`), counted in the
 * database before the body is read: every attempt counts, and a refused one is answered 429
 * with `Retry-After` without storing a byte (Node discards the unread body).
 */
export function limitUploads({ db, config }: Pick<RouteDeps, "db" | "config">): preHandlerAsyncHookHandler {
  const rule = uploadRule(config);
  return async (request, reply) => {
    const result = await hitRateLimit(db, rule, request.citizen.cuil);
    if (result.allowed) return;
    request.log.warn({ scope: rule.scope, hits: result.hits, limit: result.limit }, "rate limit reached");
    reply.header("retry-after", String(result.retryAfterSeconds));
    throw new ApiError(429, "TOO_MANY_REQUESTS", UPLOAD_RATE_LIMIT_MESSAGE);
  };
}
