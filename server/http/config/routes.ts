import type { FastifyPluginAsync } from "fastify";
import { getInstanceConfig } from "../../domain/config/service.js";
import type { RouteDeps } from "../types.js";
import { EXTENSION_NAMES } from "../../../common/extensions.js";

export const configRoutes: FastifyPluginAsync<RouteDeps> = async (app, { db, config }) => {
  app.get("/v4/instances/config", async () => getInstanceConfig(db, { tenant: config.TENANT }));
  // The calls of ours beyond the spec that this backend offers (decision 098): all of them.
  app.get("/v1/extensions", async () => ({ extensions: EXTENSION_NAMES }));
};
