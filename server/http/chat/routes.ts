/**
 * The chat and forms calls of spec section 7: initial chat (`forms/first`), a chat
 * (`interactive/citizen`, `previewChat`), the citizen's actions (`interactive/generic` with
 * `text` / `toSendDocument`, `DRAFT` creating the instance on the first send), the `force`
 * finalisation, `discardToSendDocument`, form data and the three ways to save a form.
 * Every instance is the signed-in citizen's (another's id answers 404).
 */
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { z } from "zod";
import { discardToSend, draftSend, finalise, firstChat, genericAction, getChat } from "../../domain/chat/conversation.js";
import { createFormInstance, getFormData, saveDraftForm, saveInstanceForm } from "../../domain/chat/forms.js";
import { MAX_MESSAGE_LENGTH } from "../../domain/chat/service.js";
import { citizenName } from "../../domain/citizens/service.js";
import { ApiError } from "../../errors.js";
import type { RouteDeps } from "../types.js";
import { parse } from "../validation.js";

const Id = z.string().regex(/^[A-Za-z0-9-]{1,64}$/);
const IdParams = z.object({ id: Id });
const ProcedureParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const FormId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
const Key = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/)
  .optional();
const Terms = z
  .union([z.boolean(), z.literal("true"), z.literal("false")])
  .optional()
  .transform((v) => v === true || v === "true");

const Generic = z.object({
  action: z.enum(["text", "toSendDocument"]),
  data: z
    .object({
      message: z.string().max(MAX_MESSAGE_LENGTH).nullable().optional(),
      document: z.string().max(64).optional(),
      file: z.object({ id: z.string().max(64), name: z.string().max(255).optional() }).optional(),
    })
    .default({}),
  procedureId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  procedureAcceptedTerms: Terms,
  idempotencyKey: Key,
});
const Force = z.object({ force: z.literal(true) });
const Discard = z.object({ data: z.object({ document: z.string().max(64) }) });
const FormValue = z.union([z.string().max(5001), z.array(z.string().max(500)).max(100)]);
const FormData = z.record(z.string().max(64), FormValue);
const FormSave = z.object({
  formData: FormData,
  submitType: z.literal("FINAL").optional(),
  procedureAcceptedTerms: Terms,
  idempotencyKey: Key,
});
const CreateInstance = z.object({
  formData: FormData,
  procedureId: z.coerce.number().int().positive().max(2_147_483_647),
  formId: FormId.optional(),
  procedureAcceptedTerms: Terms,
  idempotencyKey: Key,
});

async function citizenOf(deps: RouteDeps, request: FastifyRequest) {
  const cuil = request.citizen.cuil;
  return { cuil, cn: await citizenName(deps.db, cuil) };
}

export const chatRoutes: FastifyPluginAsync<RouteDeps> = async (app, deps) => {
  const { db } = deps;

  app.get("/v4/procedures/:id/forms/first", async (request) => {
    const { id } = parse(ProcedureParams, request.params);
    return firstChat(db, id);
  });

  app.get("/v4/instances/:id/interactive/citizen", async (request) => {
    const { id } = parse(IdParams, request.params);
    return { result: await getChat(db, request.citizen.cuil, id) };
  });

  app.get("/v4/instances/:id/interactive/previewChat", async (request) => {
    const { id } = parse(IdParams, request.params);
    return { result: await getChat(db, request.citizen.cuil, id) };
  });

  app.put("/v4/instances/:id/interactive/generic", async (request) => {
    const { id } = parse(IdParams, request.params);
    const body = parse(Generic, request.body);
    const citizen = await citizenOf(deps, request);
    if (id === "DRAFT") return { success: true, result: await draftSend(db, citizen, body) };
    return { success: true, result: await genericAction(db, citizen, id, body) };
  });

  app.put("/v4/instances/:id/interactive/citizen/update", async (request) => {
    const { id } = parse(IdParams, request.params);
    parse(Force, request.body);
    return { success: true, result: await finalise(db, await citizenOf(deps, request), id) };
  });

  app.post("/v4/instances/:id/interactive/discardToSendDocument", async (request) => {
    const { id } = parse(IdParams, request.params);
    const body = parse(Discard, request.body);
    return { success: true, result: await discardToSend(db, await citizenOf(deps, request), id, body.data.document) };
  });

  app.get("/v4/instances/:id/:instanceId/forms/:formId/formData", async (request) => {
    const params = parse(
      z.object({ id: z.coerce.number().int().positive().max(2_147_483_647), instanceId: Id, formId: FormId }),
      request.params,
    );
    return { result: await getFormData(db, request.citizen.cuil, params.id, params.instanceId, params.formId) };
  });

  app.put("/v4/instances/:id/forms/:formId", async (request) => {
    const params = parse(z.object({ id: Id, formId: FormId }), request.params);
    const body = parse(FormSave, request.body);
    const citizen = await citizenOf(deps, request);
    if (params.id === "DRAFT") {
      const query = parse(z.object({ procedureId: z.coerce.number().int().positive().max(2_147_483_647) }).passthrough(), request.query);
      const result = await saveDraftForm(db, citizen, {
        procedureId: query.procedureId,
        formId: params.formId,
        formData: body.formData,
        acceptedTerms: body.procedureAcceptedTerms,
        idempotencyKey: body.idempotencyKey,
      });
      return { success: true, result };
    }
    return { success: true, result: await saveInstanceForm(db, citizen, params.id, params.formId, body.formData) };
  });

  app.post("/v4/instances", async (request, reply) => {
    const query = parse(z.object({ module: z.string().max(32).optional() }).passthrough(), request.query);
    if (query.module && query.module !== "av" && query.module !== "procedures") throw ApiError.badRequest("Módulo desconocido.");
    const body = parse(CreateInstance, request.body);
    const result = await createFormInstance(db, await citizenOf(deps, request), {
      procedureId: body.procedureId,
      formData: body.formData,
      formId: body.formId,
      acceptedTerms: body.procedureAcceptedTerms,
      idempotencyKey: body.idempotencyKey,
    });
    return reply.code(201).send({ success: true, result });
  });
};
