import type { FastifyPluginAsync } from "fastify";
import { findCitizenByCuil } from "../../domain/citizens/repository.js";
import { toUser } from "../../domain/citizens/service.js";
import { purgeExpiredRevocations, revokeToken } from "../../domain/security/repository.js";
import { ApiError } from "../../errors.js";
import type { RouteDeps } from "../types.js";

export const securityRoutes: FastifyPluginAsync<RouteDeps> = async (app, { db }) => {
  app.get("/security/user/get_roles", async (request) => {
    const citizen = await findCitizenByCuil(db, request.citizen.cuil);
    if (!citizen) throw ApiError.notFound("No se encontraron los datos del ciudadano.");
    return { data: { data: toUser(citizen) } };
  });

  app.post("/security/logout", async (request, reply) => {
    await revokeToken(db, request.citizen.jti, request.citizen.expiresAt);
    // Housekeeping: entries of expired tokens are useless.
    await purgeExpiredRevocations(db).catch((error) => request.log.warn({ err: error }, "purge of revocations failed"));
    return reply.code(204).send();
  });
};
