/**
 * Operator side of the thread between the modules and of deadlines (decisions 026 and 014):
 * - `PUT /digital/communications/{code}/thread` `{ instanceId?, recordId?, dueDate? }` (null clears;
 *   links must be the communication's citizen's: 400 INVALID_LINK) — CLI `digital:thread`;
 * - `PUT /chat/documents/{id}/due` `{ dueDate }` — CLI `chat:document:due`;
 * - `POST /reminders/send` `{ now? }` runs the three-day reminder once (mails go to the outbox) — CLI `reminders:send`.
 * Sending a communication with links / due day: `digital:send --instance --record --due`; asking for
 * documents with a due day: `chat:request --due`.
 */
import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { isDueDate, sendDueReminders, updateCommunicationThread, updateDocumentDue } from "../domain/deadlines/service.js";
import type { RouteDeps } from "../http/types.js";
import { parse } from "../http/validation.js";
import { audited, chatDocumentItem, communicationItem } from "../domain/accesses/service.js";
import { actorOf } from "./access.js";
import type { OperatorCommand } from "./command-types.js";
import { ID_PATTERN } from "../../common/ids.js";

const Id = z.string().regex(ID_PATTERN);
export const DueDate = z.string().refine(isDueDate, "aaaa-mm-dd");
const CodeParams = z.object({ code: z.string().min(1).max(32) });
const IdParams = z.object({ id: z.string().regex(ID_PATTERN) });
const ThreadBody = z
  .object({ instanceId: Id.nullable().optional(), recordId: Id.nullable().optional(), dueDate: DueDate.nullable().optional() })
  .strict();
const DueBody = z.object({ dueDate: DueDate.nullable() }).strict();
const RemindBody = z.object({ now: z.string().datetime({ offset: true }).optional() }).strict();

export const threadOperatorRoutes: FastifyPluginAsync<RouteDeps> = async (app, { db }) => {
  app.put("/digital/communications/:code/thread", async (request) => {
    const { code } = parse(CodeParams, request.params);
    const body = parse(ThreadBody, request.body ?? {});
    return audited(
      db,
      actorOf(request),
      "communication.thread",
      (trx) => communicationItem(trx, code),
      (trx) => updateCommunicationThread(trx, code, body),
    );
  });

  app.put("/chat/documents/:id/due", async (request) => {
    const { id } = parse(IdParams, request.params);
    const { dueDate } = parse(DueBody, request.body);
    return audited(
      db,
      actorOf(request),
      "chat.document-due",
      (trx) => chatDocumentItem(trx, id),
      (trx) => updateDocumentDue(trx, id, dueDate),
    );
  });

  app.post("/reminders/send", { config: { citizenData: false } }, async (request) => {
    const { now } = parse(RemindBody, request.body ?? {});
    return sendDueReminders(db, { now: now ? new Date(now) : undefined });
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
