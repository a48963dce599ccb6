import type { FastifyPluginAsync } from "fastify";
import { getInstanceConfig } from "../../domain/config/service.js";
import type { RouteDeps } from "../types.js";

export const configRoutes: FastifyPluginAsync<RouteDeps> = async (app, { db, config }) => {
  app.get("/v4/instances/config", async () => getInstanceConfig(db, { tenant: config.TENANT }));
};
