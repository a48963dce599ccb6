import type { FastifyPluginAsync } from "fastify";
import { ping } from "../../db/index.js";
import type { RouteDeps } from "../types.js";

export const healthRoutes: FastifyPluginAsync<RouteDeps> = async (app, { db }) => {
  app.get("/health/live", async () => ({ status: "ok" }));
  app.get("/health/ready", async (_request, reply) => {
    if (await ping(db)) return { status: "ok" };
    return reply.code(503).send({ status: "unavailable" });
  });
};
