import type { FastifyRequest } from "fastify";
import { z } from "zod";
import { ApiError } from "../errors.js";
import { CUIL_PATTERN } from "../../common/cuil.js";

export const cuilParam = z.string().regex(CUIL_PATTERN, "11 dígitos");

/** A cuil in a path or body that is not the signed-in citizen's answers 403 (contract). */
export function assertOwnCuil(request: FastifyRequest, cuil: string): void {
  if (cuil !== request.citizen.cuil) throw ApiError.forbidden();
}

/**
 * Digital-domicile calls carry `User-ID: {cuil}`; missing or different from the
 * token's subject answers 403 (not 400, which the portal reads as "not adhered").
 */
export function assertUserIdHeader(request: FastifyRequest): void {
  const value = request.headers["user-id"];
  if (typeof value !== "string" || value.trim() !== request.citizen.cuil) throw ApiError.forbidden();
}
