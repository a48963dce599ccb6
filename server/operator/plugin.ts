import type { FastifyPluginAsync } from "fastify";
import type { RouteDeps } from "../http/types.js";
import { operatorAuth } from "./auth.js";
import { citizensOperatorRoutes } from "./citizens.js";
import { configOperatorRoutes } from "./config.js";
import { proceduresOperatorRoutes } from "./procedures.js";
import { chatOperatorRoutes } from "./chat.js";
import { digitalOperatorRoutes } from "./digital.js";
import { recordsOperatorRoutes } from "./records.js";
import { threadOperatorRoutes } from "./thread.js";

/**
 * Route plugins of the operator API, mounted under `/operator/api` behind the
 * operator token. A module adds its plugin here (one line).
 */
export const operatorRoutePlugins: FastifyPluginAsync<RouteDeps>[] = [citizensOperatorRoutes, configOperatorRoutes, proceduresOperatorRoutes, digitalOperatorRoutes, recordsOperatorRoutes, chatOperatorRoutes, threadOperatorRoutes];

export const operatorApi: FastifyPluginAsync<RouteDeps> = async (app, deps) => {
  app.addHook("onRequest", operatorAuth(deps.config.OPERATOR_TOKEN));
  app.addHook("onSend", async (_request, reply, payload) => {
    reply.header("cache-control", "no-store");
    return payload;
  });
  // Only the dependencies travel on: the prefix this plugin was mounted with must not repeat.
  const { db, config, store } = deps;
  for (const plugin of operatorRoutePlugins) await app.register(plugin, { db, config, store });
};
