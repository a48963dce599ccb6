/**
 * Operator side of the blob store (`/operator/api/storage…` and `npm run operator -- files:sweep`):
 * one run of the orphan sweeper now (decision 057), with the configured grace period or a longer one.
 */
import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import type { RouteDeps } from "../http/types.js";
import { parse } from "../http/validation.js";
import { sweep } from "../jobs/sweeper.js";
import type { OperatorCommand } from "./command-types.js";

/** Never less than the configured grace: an operator cannot sweep uploads in flight by mistake. */
const SweepBody = z.object({ graceMinutes: z.number().int().min(1).max(525_600).optional() }).optional();

export const storageOperatorRoutes: FastifyPluginAsync<RouteDeps> = async (app, { db, store, config }) => {
  app.post("/storage/sweep", { config: { citizenData: false } }, async (request) => {
    const body = parse(SweepBody, request.body);
    const minutes = Math.max(config.SWEEP_GRACE_MINUTES, body?.graceMinutes ?? 0);
    return { graceMinutes: minutes, ...(await sweep({ db, store }, { graceMs: minutes * 60_000 })) };
  });
};

export const storageCommands: Record<string, OperatorCommand> = {
  "files:sweep": {
    usage: "files:sweep [--grace-minutes N]",
    description:
      "Borra ahora los archivos huérfanos: blobs sin fila, subidas sin terminar, imágenes de páginas de archivos borrados y archivos descartados, más viejos que el período de gracia (SWEEP_GRACE_MINUTES, o N si es mayor).",
    options: { "grace-minutes": { type: "string" } },
    run: (v, call) => call("POST", "/storage/sweep", v["grace-minutes"] === undefined ? {} : { graceMinutes: Number(v["grace-minutes"]) }),
  },
};
