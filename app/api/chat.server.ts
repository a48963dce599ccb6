/**
 * The chat and forms calls of spec section 7 (procedures): initial chat, a chat, its preview,
 * the citizen's actions, the force finalisation, discarding a file to send, form data and the
 * three ways to save a form. Shapes follow spec section 3 (Chat, Chat event, Chat document,
 * Form data); answers are checked with zod.
 */
import { z } from "zod/v4";
import { apiJson, seg, type ApiContext } from "./client.server";

const FieldOptionSchema = z.object({ value: z.string(), label: z.string() });
export const FormFieldSchema = z.object({
  name: z.string(),
  label: z.string(),
  type: z.enum(["text", "textarea", "number", "date", "email", "phone", "select", "radio", "checkbox"]),
  required: z.boolean().optional(),
  hint: z.string().optional(),
  minLength: z.number().optional(),
  maxLength: z.number().optional(),
  pattern: z.string().optional(),
  min: z.union([z.number(), z.string()]).optional(),
  max: z.union([z.number(), z.string()]).optional(),
  options: z.array(FieldOptionSchema).optional(),
});
export const FormSpecSchema = z.object({
  description: z.string().nullable().optional(),
  header: z.object({ name: z.string() }),
  fields: z.array(FormFieldSchema),
});
export type FormSpec = z.infer<typeof FormSpecSchema>;

export const ChatDocumentSchema = z.object({
  id: z.string(),
  spec: z.object({
    id: z.string(),
    code: z.string(),
    description: z.string(),
    validExtensions: z.array(z.string()).default([]),
    tDocumento: z.string().nullable().optional(),
    form: z.object({ id: z.string() }).nullable().optional(),
  }),
  file: z.object({ id: z.string(), name: z.string() }).nullable().optional(),
  isRequired: z.boolean(),
  status: z.string(),
  reason: z.string().nullable().optional(),
  /** Ours, beside the spec (decisions 026, 027): due day `yyyy-mm-dd` of a requested document */
  dueDate: z.string().nullable().optional(),
});
export type ChatDocument = z.infer<typeof ChatDocumentSchema>;

export const ChatEventSchema = z.object({
  id: z.string(),
  type: z.string(),
  author: z.enum(["user", "operator"]),
  message: z.string().nullable().optional(),
  description: z.string().nullable().optional(),
  createdAt: z.string(),
  commiter: z.object({ cn: z.string() }).optional(),
  documents: z.array(ChatDocumentSchema).default([]),
});
export type ChatEvent = z.infer<typeof ChatEventSchema>;

export const ChatSchema = z.object({
  procedureId: z.number(),
  procedureDescription: z.string(),
  first: z.boolean(),
  draft: z.boolean(),
  instanceId: z.string().nullable(),
  events: z.array(ChatEventSchema),
  current: z.object({
    documents: z.array(ChatDocumentSchema).default([]),
    open: z.boolean(),
    enabledProcedureAcceptedTerms: z.boolean().optional(),
    state: z.object({ text: z.string(), color: z.string() }).nullable().optional(),
  }),
});
export type Chat = z.infer<typeof ChatSchema>;

const FirstSchema = z.object({
  result: ChatSchema,
  data: z.object({
    form: z.object({ id: z.string() }).nullable().optional(),
    spec: z.object({ description: z.string().nullable().optional(), header: z.object({ name: z.string() }) }),
    procedureType: z.string().nullable().optional(),
  }),
});
export type FirstChat = z.infer<typeof FirstSchema>;

const ChatAnswer = z.object({ result: ChatSchema });
const InstanceAnswer = z.object({ result: z.object({ instanceId: z.string() }) });

export function getFirstChat(ctx: ApiContext, procedureId: string | number) {
  return apiJson(ctx, `/api/v4/procedures/${seg(procedureId)}/forms/first`, FirstSchema);
}

export async function getChat(ctx: ApiContext, instanceId: string) {
  return (await apiJson(ctx, `/api/v4/instances/${seg(instanceId)}/interactive/citizen`, ChatAnswer)).result;
}

export async function getPreviewChat(ctx: ApiContext, instanceId: string) {
  return (await apiJson(ctx, `/api/v4/instances/${seg(instanceId)}/interactive/previewChat`, ChatAnswer)).result;
}

/** First send of a draft chat: creates the instance (once per idempotency key). */
export async function sendDraft(
  ctx: ApiContext,
  input: { procedureId: number; message: string; acceptedTerms: boolean; idempotencyKey: string },
) {
  const answer = await apiJson(ctx, `/api/v4/instances/DRAFT/interactive/generic`, InstanceAnswer, {
    method: "PUT",
    body: {
      action: "text",
      data: { message: input.message },
      procedureId: input.procedureId,
      ...(input.acceptedTerms ? { procedureAcceptedTerms: true } : {}),
      idempotencyKey: input.idempotencyKey,
    },
  });
  return answer.result.instanceId;
}

export async function sendText(
  ctx: ApiContext,
  instanceId: string,
  input: { procedureId: number; message: string; idempotencyKey?: string },
) {
  return (
    await apiJson(ctx, `/api/v4/instances/${seg(instanceId)}/interactive/generic`, ChatAnswer, {
      method: "PUT",
      body: {
        action: "text",
        data: { message: input.message },
        procedureId: input.procedureId,
        ...(input.idempotencyKey ? { idempotencyKey: input.idempotencyKey } : {}),
      },
    })
  ).result;
}

export async function sendToSendDocument(
  ctx: ApiContext,
  instanceId: string,
  input: { procedureId: number; document: string; file: { id: string; name: string } },
) {
  return (
    await apiJson(ctx, `/api/v4/instances/${seg(instanceId)}/interactive/generic`, ChatAnswer, {
      method: "PUT",
      body: { action: "toSendDocument", data: { document: input.document, file: input.file }, procedureId: input.procedureId },
    })
  ).result;
}

export async function finalise(ctx: ApiContext, instanceId: string) {
  await apiJson(ctx, `/api/v4/instances/${seg(instanceId)}/interactive/citizen/update`, z.unknown(), {
    method: "PUT",
    body: { force: true },
  });
}

export async function discardToSendDocument(ctx: ApiContext, instanceId: string, document: string) {
  return (
    await apiJson(ctx, `/api/v4/instances/${seg(instanceId)}/interactive/discardToSendDocument`, ChatAnswer, {
      method: "POST",
      body: { data: { document } },
    })
  ).result;
}

const FormDataAnswer = z.object({
  result: z.object({
    data: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
    spec: FormSpecSchema,
    globals: z.record(z.string(), z.unknown()).optional(),
  }),
});
export type FormData = z.infer<typeof FormDataAnswer>["result"];
export type FormValues = Record<string, string | string[]>;

export async function getFormData(ctx: ApiContext, procedureId: string | number, instanceId: string | null, formId: string) {
  return (
    await apiJson(ctx, `/api/v4/instances/${seg(procedureId)}/${seg(instanceId ?? "DRAFT")}/forms/${seg(formId)}/formData`, FormDataAnswer)
  ).result;
}

export async function saveInstanceForm(ctx: ApiContext, instanceId: string, formId: string, formData: FormValues) {
  return (
    await apiJson(ctx, `/api/v4/instances/${seg(instanceId)}/forms/${seg(formId)}`, InstanceAnswer, {
      method: "PUT",
      query: { module: "av" },
      body: { formData, submitType: "FINAL" },
    })
  ).result.instanceId;
}

export async function saveDraftForm(
  ctx: ApiContext,
  input: { procedureId: string | number; formId: string; formData: FormValues; acceptedTerms: boolean; idempotencyKey: string },
) {
  return (
    await apiJson(ctx, `/api/v4/instances/DRAFT/forms/${seg(input.formId)}`, InstanceAnswer, {
      method: "PUT",
      query: { module: "av", procedureId: input.procedureId },
      body: {
        formData: input.formData,
        submitType: "FINAL",
        ...(input.acceptedTerms ? { procedureAcceptedTerms: true } : {}),
        idempotencyKey: input.idempotencyKey,
      },
    })
  ).result.instanceId;
}

export async function createFormInstance(
  ctx: ApiContext,
  input: { procedureId: string | number; formData: FormValues; acceptedTerms: boolean; idempotencyKey: string },
) {
  return (
    await apiJson(ctx, `/api/v4/instances/`, InstanceAnswer, {
      method: "POST",
      query: { module: "av" },
      body: {
        formData: input.formData,
        procedureId: Number(input.procedureId),
        ...(input.acceptedTerms ? { procedureAcceptedTerms: true } : {}),
        idempotencyKey: input.idempotencyKey,
      },
    })
  ).result.instanceId;
}
