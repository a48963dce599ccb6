import type { FastifyPluginAsync, preHandlerAsyncHookHandler } from "fastify";
import { z } from "zod";
import { hitRateLimit, peekRateLimit, type RateLimitRule } from "../../domain/security/rate-limit.js";
import { releaseUploadLease, takeUploadLease } from "../../domain/security/lease-repository.js";
import { ApiError } from "../../errors.js";
import type { RouteDeps } from "../types.js";
import { parse } from "../validation.js";

/** Spec-style text (section 8: 'Error al subir el documento. …'); the portal shows it as it comes. */
export const UPLOAD_RATE_LIMIT_MESSAGE =
  "Error al subir el documento. Se alcanzó el máximo de documentos que se pueden subir en poco tiempo. Intente nuevamente en unos minutos.";

/** The same style, when the citizen already has UPLOAD_CONCURRENCY uploads in flight. */
export const UPLOAD_CONCURRENCY_MESSAGE =
  "Error al subir el documento. Ya hay otros documentos subiéndose: espere a que terminen e intente nuevamente.";

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

const LeaseParams = z.object({ id: z.string().uuid() });

/**
 * Our extension to the contract (issue 37, docs/backend-contract.md): the portal asks once, before it
 * reads an upload's body, whether the citizen may upload now. `POST /fs/upload-leases` answers 429
 * (with `Retry-After` and the Spanish text) when the citizen is past the rate limit (looked at, not
 * counted: the upload counts when it reaches `/fs/raw/bucket`) or already has UPLOAD_CONCURRENCY
 * uploads in flight; else `{ result: { lease } }`, given back with `DELETE /fs/upload-leases/:id`
 * when the upload is done. Counts and leases live in the database: every process sees them.
 */
export const uploadLeaseRoutes: FastifyPluginAsync<RouteDeps> = async (app, { db, config }) => {
  const rule = uploadRule(config);
  app.post("/fs/upload-leases", async (request, reply) => {
    const rate = await peekRateLimit(db, rule, request.citizen.cuil);
    if (!rate.allowed) {
      reply.header("retry-after", String(rate.retryAfterSeconds));
      throw new ApiError(429, "TOO_MANY_REQUESTS", UPLOAD_RATE_LIMIT_MESSAGE);
    }
    const lease = await takeUploadLease(db, request.citizen.cuil, config.UPLOAD_CONCURRENCY);
    if (!lease) {
      request.log.warn({ scope: "upload-concurrency", limit: config.UPLOAD_CONCURRENCY }, "rate limit reached");
      reply.header("retry-after", "5");
      throw new ApiError(429, "TOO_MANY_REQUESTS", UPLOAD_CONCURRENCY_MESSAGE);
    }
    return { result: { lease } };
  });

  app.delete("/fs/upload-leases/:id", async (request, reply) => {
    const { id } = parse(LeaseParams, request.params);
    await releaseUploadLease(db, request.citizen.cuil, id);
    return reply.code(204).send();
  });
};
