/**
 * `GET /operator/api/whoami`: the operator the token stands for (decision 007), so a person can
 * check which identity their calls are recorded under. CLI `whoami`.
 */
import type { FastifyPluginAsync } from "fastify";
import type { RouteDeps } from "../http/types.js";
import type { OperatorCommand } from "./command-types.js";

export const whoamiOperatorRoutes: FastifyPluginAsync<RouteDeps> = async (app) => {
  app.get("/whoami", { config: { citizenData: false } }, async (request) => request.operator);
};

export const whoamiCommands: Record<string, OperatorCommand> = {
  whoami: {
    usage: "whoami",
    description: "Muestra el operador (nombre, organismo) que corresponde al token en uso.",
    options: {},
    run: (_v, call) => call("GET", "/whoami"),
  },
};
