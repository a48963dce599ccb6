import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { requireAdhesion, toSelfDa } from "../../domain/dd/service.js";
import { assertOwnCuil, assertUserIdHeader, cuilParam } from "../identity.js";
import type { RouteDeps } from "../types.js";
import { parse } from "../validation.js";

const CuilParams = z.object({ cuil: cuilParam }).strict();

/** Digital domicile (`/api/dd/v1`). Every call checks the User-ID header and the path cuil. */
export const ddRoutes: FastifyPluginAsync<RouteDeps> = async (app, { db }) => {
  app.get("/dd/v1/users/get-user-self-da/:cuil", async (request) => {
    const { cuil } = parse(CuilParams, request.params);
    assertUserIdHeader(request);
    assertOwnCuil(request, cuil);
    const adhesion = await requireAdhesion(db, cuil);
    return { data: toSelfDa(adhesion) };
  });
};
