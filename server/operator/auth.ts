import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { ApiError } from "../errors.js";

/**
 * The operator API is for the province's back office and for demos and tests:
 * one bearer token (`OPERATOR_TOKEN`), compared in constant time.
 */
export function operatorAuth(token: string) {
  const expected = createHash("sha256").update(token).digest();
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const header = request.headers.authorization ?? "";
    const given = header.startsWith("Bearer ") ? header.slice(7) : "";
    const digest = createHash("sha256").update(given).digest();
    if (!given || !timingSafeEqual(digest, expected)) {
      throw new ApiError(401, "UNAUTHORIZED", "Token de operador inválido.");
    }
  };
}
