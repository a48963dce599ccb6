/**
 * Operator side of issue 9 (one thread between the modules; deadlines):
 * - `PUT /digital/communications/{code}/thread` `{ instanceId?, recordId?, dueDate? }` (null clears;
 *   links must be the communication's citizen's: 400 INVALID_LINK) — CLI `digital:thread`;
 * - `PUT /chat/documents/{id}/due` `{ dueDate }` — CLI `chat:document:due`;
 * - `POST /reminders/send` `{ now? }` runs the three-day reminder once — CLI `reminders:send`.
 * Sending a communication with links / due day: `digital:send --instance --record --due`; asking for
 * documents with a due day: `chat:request --due`.
 */
import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { isDueDate, sendDueReminders, updateCommunicationThread, updateDocumentDue } from "../domain/deadlines/service.js";
import type { RouteDeps } from "../http/types.js";
import { parse } from "../http/validation.js";
import { mailerFromEnv } from "../mail/index.js";
import type { OperatorCommand } from "./commands.js";

const Id = z.string().regex(/^[A-Za-z0-9-]{1,36}$/);
export const DueDate = z.string().refine(isDueDate, "aaaa-mm-dd");
const CodeParams = z.object({ code: z.string().min(1).max(32) });
const IdParams = z.object({ id: z.string().regex(/^[A-Za-z0-9-]{1,64}$/) });
const ThreadBody = z
  .object({ instanceId: Id.nullable().optional(), recordId: Id.nullable().optional(), dueDate: DueDate.nullable().optional() })
  .strict();
const DueBody = z.object({ dueDate: DueDate.nullable() }).strict();
const RemindBody = z.object({ now: z.string().datetime({ offset: true }).optional() }).strict();

export const threadOperatorRoutes: FastifyPluginAsync<RouteDeps> = async (app, { db, config }) => {
  const mailer = mailerFromEnv(config.dataDir);

  app.put("/digital/communications/:code/thread", async (request) => {
    const { code } = parse(CodeParams, request.params);
    return updateCommunicationThread(db, code, parse(ThreadBody, request.body ?? {}));
  });

  app.put("/chat/documents/:id/due", async (request) => {
    const { id } = parse(IdParams, request.params);
    return updateDocumentDue(db, id, parse(DueBody, request.body).dueDate);
  });

  app.post("/reminders/send", async (request) => {
    const { now } = parse(RemindBody, request.body ?? {});
    return sendDueReminders(db, mailer, { now: now ? new Date(now) : undefined, log: request.log });
  });
};

/** `none` on the command line clears a value; absent leaves it as it is. */
const orNull = (v: unknown) => (v === undefined ? undefined : v === "none" ? null : String(v));

export const threadCommands: Record<string, OperatorCommand> = {
  "digital:thread": {
    usage: "digital:thread --code 2026-000001 [--instance ID|none] [--record ID|none] [--due aaaa-mm-dd|none]",
    description: "Vincula una comunicación a un trámite o expediente del mismo ciudadano y le pone (o quita) vencimiento.",
    options: { code: { type: "string" }, instance: { type: "string" }, record: { type: "string" }, due: { type: "string" } },
    run: (values, call) =>
      call("PUT", `/digital/communications/${encodeURIComponent(String(values.code ?? ""))}/thread`, {
        instanceId: orNull(values.instance),
        recordId: orNull(values.record),
        dueDate: orNull(values.due),
      }),
  },
  "chat:document:due": {
    usage: "chat:document:due --document ID --due aaaa-mm-dd|none",
    description: "Pone (o quita) el vencimiento de un documento pedido en un trámite.",
    options: { document: { type: "string" }, due: { type: "string" } },
    run: (values, call) =>
      call("PUT", `/chat/documents/${encodeURIComponent(String(values.document ?? ""))}/due`, { dueDate: orNull(values.due) ?? null }),
  },
  "reminders:send": {
    usage: "reminders:send [--now 2026-11-21T12:00:00-03:00]",
    description: "Envía ahora los recordatorios de vencimiento (tres días antes), una sola vez por vencimiento.",
    options: { now: { type: "string" } },
    run: (values, call) => call("POST", "/reminders/send", values.now ? { now: String(values.now) } : {}),
  },
};
