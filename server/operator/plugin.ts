import type { FastifyPluginAsync } from "fastify";
import type { RouteDeps } from "../http/types.js";
import { installAccessLog } from "./access.js";
import { operatorAuth } from "./auth.js";
import { citizensOperatorRoutes } from "./citizens.js";
import { configOperatorRoutes } from "./config.js";
import { proceduresOperatorRoutes } from "./procedures.js";
import { chatOperatorRoutes } from "./chat.js";
import { digitalOperatorRoutes } from "./digital.js";
import { recordsOperatorRoutes } from "./records.js";
import { threadOperatorRoutes } from "./thread.js";
import { mailOperatorRoutes } from "./mail.js";
import { storageOperatorRoutes } from "./storage.js";
import { renditionsOperatorRoutes } from "./renditions.js";
import { whoamiOperatorRoutes } from "./whoami.js";

/**
 * Route plugins of the operator API, mounted under `/operator/api` behind the
 * operator token. A module adds its plugin here (one line).
 */
export const operatorRoutePlugins: FastifyPluginAsync<RouteDeps>[] = [
  citizensOperatorRoutes,
  configOperatorRoutes,
  proceduresOperatorRoutes,
  digitalOperatorRoutes,
  recordsOperatorRoutes,
  chatOperatorRoutes,
  threadOperatorRoutes,
  mailOperatorRoutes,
  storageOperatorRoutes,
  renditionsOperatorRoutes,
  whoamiOperatorRoutes,
];

export const operatorApi: FastifyPluginAsync<RouteDeps> = async (app, deps) => {
  app.decorateRequest("operator", null as never);
  app.addHook("onRequest", operatorAuth({ db: deps.db, devToken: deps.config.OPERATOR_TOKEN }));
  installAccessLog(app);
  app.addHook("onSend", async (_request, reply, payload) => {
    reply.header("cache-control", "no-store");
    return payload;
  });
  // Only the dependencies travel on: the prefix this plugin was mounted with must not repeat.
  const { db, config, store } = deps;
  for (const plugin of operatorRoutePlugins) await app.register(plugin, { db, config, store });
};
