/**
 * Operator side of the chat (not in the spec): post a message, request documents (valid
 * extensions, required flag, optional form), mark received, approve, reject with a reason,
 * a 'documents under evaluation' notice, close the procedure, define forms, read a chat.
 * With `DEMO_OPERATOR=1` an automatic operator answers the citizen after a few seconds, so
 * a person trying the demo sees the conversation move.
 */
import { readFile } from "node:fs/promises";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { z } from "zod";
import type { Db, DbOrTx } from "../db/index.js";
import { audited, procedureItem, type AccessActor } from "../domain/accesses/service.js";
import type { AccessAction } from "../../common/accesses.js";
import { actorOf } from "./access.js";
import { createForm } from "../domain/chat/forms.js";
import {
  operatorChat,
  operatorEvaluate,
  operatorFinish,
  operatorMessage,
  operatorRequest,
  operatorToEvaluate,
} from "../domain/chat/operator.js";
import { chatActivity } from "../domain/chat/service.js";
import type { RouteDeps } from "../http/types.js";
import { parse } from "../http/validation.js";
import type { OperatorCommand } from "./command-types.js";
import { isDueDate } from "../../common/due-dates.js";
import { ID_PATTERN, TOKEN_ID_PATTERN } from "../../common/ids.js";

const IdParams = z.object({ id: z.string().regex(ID_PATTERN) });
const Cn = z.string().min(1).max(200).optional();
const Message = z.object({ message: z.string().min(1).max(1000), cn: Cn });
const DocumentRequest = z.object({
  description: z.string().min(1).max(300),
  code: z.string().max(64).optional(),
  specId: z.string().max(64).optional(),
  validExtensions: z
    .array(z.string().regex(/^\.?[A-Za-z0-9]{1,10}$/))
    .max(20)
    .optional(),
  tDocumento: z.string().max(64).nullable().optional(),
  formId: z.string().regex(TOKEN_ID_PATTERN).nullable().optional(),
  isRequired: z.boolean().optional(),
  /** due day `yyyy-mm-dd` (Buenos Aires; decision 014) */
  dueDate: z.string().refine(isDueDate, "aaaa-mm-dd").nullable().optional(),
});
const Request = z.object({ documents: z.array(DocumentRequest).min(1).max(20), message: z.string().max(1000).optional(), cn: Cn });
const Evaluate = z.object({ documentIds: z.array(z.string().max(64)).max(50).optional(), cn: Cn });
const Reject = Evaluate.extend({ reason: z.string().min(1).max(1000), requestAgain: z.boolean().optional() });
const Finish = z.object({ approved: z.boolean(), message: z.string().max(1000).optional(), cn: Cn });
const Form = z.object({
  id: z.string().regex(TOKEN_ID_PATTERN).optional(),
  procedureId: z.number().int().positive().nullable().optional(),
  definition: z.unknown(),
});

let demoListening = false;

/** The automatic operator of the demo writes the access log too (decision 071), under its own name. */
const DEMO_ACTOR = (): AccessActor => ({
  operator: { id: "demo", name: "Operador de demostración", organismo: "Demostración" },
  purpose: "Respuesta automática de la demostración",
  recorded: 0,
});

/** The automatic operator of the demo: replies, acknowledges what was sent, then approves it. */
export function startDemoOperator(db: Db, delayMs = 3000) {
  if (demoListening) return;
  demoListening = true;
  const later = (work: () => Promise<unknown>, ms = delayMs) => {
    setTimeout(() => void work().catch(() => undefined), ms).unref();
  };
  const as = (instanceId: string, action: AccessAction, work: (trx: DbOrTx) => Promise<unknown>) =>
    audited(db, DEMO_ACTOR(), action, (trx) => procedureItem(trx, instanceId), work);
  chatActivity.on("citizen", ({ instanceId, kind }: { instanceId: string; kind: string }) => {
    if (kind === "created" || kind === "text") {
      later(() =>
        as(instanceId, "chat.message", (trx) =>
          operatorMessage(trx, instanceId, { message: "Gracias por tu consulta. Un agente la está revisando." }),
        ),
      );
    } else if (kind === "sent") {
      later(() => as(instanceId, "chat.evaluating", (trx) => operatorToEvaluate(trx, instanceId)));
      later(() => as(instanceId, "chat.approve", (trx) => operatorEvaluate(trx, instanceId, { status: "approved" })), delayMs * 2);
    }
  });
}

export const chatOperatorRoutes: FastifyPluginAsync<RouteDeps> = async (app, { db }) => {
  if (process.env.DEMO_OPERATOR === "1") startDemoOperator(db, Number(process.env.DEMO_OPERATOR_DELAY_MS ?? 3000));

  /** Decision 071: the entry and the work in one transaction, on the instance's owner. */
  const onInstance = <T>(request: FastifyRequest, action: AccessAction, work: (trx: DbOrTx, id: string) => Promise<T>) => {
    const { id } = parse(IdParams, request.params);
    return audited(
      db,
      actorOf(request),
      action,
      (trx) => procedureItem(trx, id),
      (trx) => work(trx, id),
    );
  };

  app.get("/chat/instances/:id", async (request) => onInstance(request, "chat.read", (trx, id) => operatorChat(trx, id)));
  app.post("/chat/instances/:id/messages", async (request, reply) => {
    const input = parse(Message, request.body);
    return reply.code(201).send(await onInstance(request, "chat.message", (trx, id) => operatorMessage(trx, id, input)));
  });
  app.post("/chat/instances/:id/requests", async (request, reply) => {
    const input = parse(Request, request.body);
    return reply.code(201).send(await onInstance(request, "chat.request", (trx, id) => operatorRequest(trx, id, input)));
  });
  app.post("/chat/instances/:id/received", async (request) => {
    const input = parse(Evaluate, request.body ?? {});
    return onInstance(request, "chat.received", (trx, id) => operatorEvaluate(trx, id, { status: "received", ...input }));
  });
  app.post("/chat/instances/:id/approve", async (request) => {
    const input = parse(Evaluate, request.body ?? {});
    return onInstance(request, "chat.approve", (trx, id) => operatorEvaluate(trx, id, { status: "approved", ...input }));
  });
  app.post("/chat/instances/:id/reject", async (request) => {
    const input = parse(Reject, request.body);
    return onInstance(request, "chat.reject", (trx, id) => operatorEvaluate(trx, id, { status: "rejected", ...input }));
  });
  app.post("/chat/instances/:id/evaluating", async (request) => {
    const input = parse(z.object({ cn: Cn }), request.body ?? {});
    return onInstance(request, "chat.evaluating", (trx, id) => operatorToEvaluate(trx, id, input));
  });
  app.post("/chat/instances/:id/finish", async (request) => {
    const input = parse(Finish, request.body);
    return onInstance(request, "chat.finish", (trx, id) => operatorFinish(trx, id, input));
  });
  app.post("/chat/forms", { config: { citizenData: false } }, async (request, reply) => {
    const input = parse(Form, request.body);
    return reply.code(201).send(await createForm(db, { ...input, definition: input.definition }));
  });
};

const list = (v: unknown) =>
  typeof v === "string" && v.trim()
    ? v
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean)
    : undefined;
const path = (v: unknown, tail: string) => `/chat/instances/${encodeURIComponent(String(v))}/${tail}`;

export const chatCommands: Record<string, OperatorCommand> = {
  "chat:show": {
    usage: "chat:show --instance ID",
    description: "Muestra la conversación de un trámite.",
    options: { instance: { type: "string" } },
    run: (v, call) => call("GET", `/chat/instances/${encodeURIComponent(String(v.instance))}`),
  },
  "chat:message": {
    usage: "chat:message --instance ID --message TEXTO [--cn NOMBRE]",
    description: "Publica un mensaje del operador en la conversación.",
    options: { instance: { type: "string" }, message: { type: "string" }, cn: { type: "string" } },
    run: (v, call) => call("POST", path(v.instance, "messages"), { message: v.message, cn: v.cn }),
  },
  "chat:request": {
    usage:
      "chat:request --instance ID --description TEXTO [--extensions .pdf,.png] [--optional] [--form FORM_ID] [--message TEXTO] [--due aaaa-mm-dd]",
    description: "Solicita un documento al ciudadano (extensiones válidas, obligatorio u opcional, formulario adjunto).",
    options: {
      instance: { type: "string" },
      description: { type: "string" },
      extensions: { type: "string" },
      optional: { type: "boolean" },
      form: { type: "string" },
      message: { type: "string" },
      due: { type: "string" },
    },
    run: (v, call) =>
      call("POST", path(v.instance, "requests"), {
        documents: [
          {
            description: v.description,
            validExtensions: list(v.extensions),
            isRequired: !v.optional,
            formId: v.form ?? null,
            dueDate: v.due ?? null,
          },
        ],
        message: v.message,
      }),
  },
  "chat:received": {
    usage: "chat:received --instance ID [--documents ID,ID]",
    description: "Marca como recibidos los documentos enviados.",
    options: { instance: { type: "string" }, documents: { type: "string" } },
    run: (v, call) => call("POST", path(v.instance, "received"), { documentIds: list(v.documents) }),
  },
  "chat:approve": {
    usage: "chat:approve --instance ID [--documents ID,ID]",
    description: "Aprueba los documentos enviados.",
    options: { instance: { type: "string" }, documents: { type: "string" } },
    run: (v, call) => call("POST", path(v.instance, "approve"), { documentIds: list(v.documents) }),
  },
  "chat:reject": {
    usage: "chat:reject --instance ID --reason TEXTO [--documents ID,ID]",
    description: "Rechaza documentos enviados con un motivo (y los vuelve a solicitar).",
    options: { instance: { type: "string" }, reason: { type: "string" }, documents: { type: "string" } },
    run: (v, call) => call("POST", path(v.instance, "reject"), { reason: v.reason, documentIds: list(v.documents) }),
  },
  "chat:form": {
    usage: "chat:form --file DEFINICION.json [--id FORM_ID] [--procedure-id N]",
    description:
      "Define un formulario (JSON: header.name, description, fields) para adjuntar a documentos o como primer formulario de un trámite.",
    options: { file: { type: "string" }, id: { type: "string" }, "procedure-id": { type: "string" } },
    run: async (v, call) =>
      call("POST", "/chat/forms", {
        id: v.id,
        procedureId: v["procedure-id"] ? Number(v["procedure-id"]) : null,
        definition: JSON.parse(await readFile(String(v.file), "utf8")),
      }),
  },
  "chat:finish": {
    usage: "chat:finish --instance ID --approved true|false [--message TEXTO]",
    description: "Cierra el trámite como aprobado o rechazado.",
    options: { instance: { type: "string" }, approved: { type: "string" }, message: { type: "string" } },
    run: (v, call) => call("POST", path(v.instance, "finish"), { approved: v.approved !== "false", message: v.message }),
  },
};
