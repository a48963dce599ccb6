/**
 * Operator side of the mail outbox (decision 060):
 * - `GET /mail/outbox` — rows by status and the parked ones (id, kind, address, subject, tries,
 *   last error) — CLI `mail:parked`;
 * - `POST /mail/requeue` `{ ids: [...] }` or `{ all: true }` — parked rows back in the queue with
 *   their tries reset — CLI `mail:requeue --id ID … | --all`.
 */
import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { ApiError } from "../errors.js";
import type { RouteDeps } from "../http/types.js";
import { parse } from "../http/validation.js";
import { listParkedMail, outboxDepth, requeueParkedMail } from "../mail/outbox.js";
import type { OperatorCommand } from "./command-types.js";

const RequeueBody = z
  .object({ ids: z.array(z.string().uuid()).min(1).max(1000).optional(), all: z.literal(true).optional() })
  .strict()
  .refine((b) => Boolean(b.ids) !== Boolean(b.all), "ids o all, uno de los dos");

export const mailOperatorRoutes: FastifyPluginAsync<RouteDeps> = async (app, { db }) => {
  app.get("/mail/outbox", { config: { citizenData: false } }, async () => ({
    depth: await outboxDepth(db),
    parked: await listParkedMail(db),
  }));

  app.post("/mail/requeue", { config: { citizenData: false } }, async (request) => {
    const body = parse(RequeueBody, request.body ?? {});
    const requeued = await requeueParkedMail(db, body.all ? "all" : body.ids!);
    if (body.ids && requeued === 0) throw ApiError.notFound("Ninguno de esos correos está detenido.");
    return { requeued };
  });
};

export const mailCommands: Record<string, OperatorCommand> = {
  "mail:parked": {
    usage: "mail:parked",
    description: "Muestra la cola de correo (pendientes, enviándose, detenidos) y los correos detenidos tras su último intento.",
    options: {},
    run: (_values, call) => call("GET", "/mail/outbox"),
  },
  "mail:requeue": {
    usage: "mail:requeue --id ID [--id ID …] | --all",
    description: "Vuelve a poner en la cola correos detenidos (con sus intentos en cero).",
    options: { id: { type: "string", multiple: true }, all: { type: "boolean" } },
    run: (values, call) => {
      const ids = (Array.isArray(values.id) ? values.id : values.id ? [values.id] : []).map(String);
      return call("POST", "/mail/requeue", values.all === true ? { all: true } : { ids });
    },
  },
};
