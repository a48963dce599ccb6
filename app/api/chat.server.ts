/**
 * The chat and forms calls of spec section 7 (procedures): initial chat, a chat, its preview,
 * the citizen's actions, the force finalisation, discarding a file to send, form data and the
 * three ways to save a form. Shapes follow spec section 3 (Chat, Chat event, Chat document,
 * Form data); answers are checked with zod.
 */
import type { ChatDocStatus, ChatDocument } from "@common/chat";
import { z } from "zod/v4";
import { withPortalFields } from "./form-spec.server";
import { api, apiJson, type ApiContext } from "./client.server";
import {
  orNull,
  date,
  flag,
  id,
  list,
  maybeText,
  optText,
  orEmpty,
  text,
  unwrap,
  wireId,
  wireIdOf,
  wrapped,
  type WireId,
} from "./read.server";
import { CurrentStateSchema } from "./schemas";

const FieldOptionSchema = z.union([
  z.object({ value: text, label: text }),
  z.union([z.string(), z.number()]).transform((v) => ({ value: String(v), label: String(v) })),
]);
const FIELD_TYPES = ["text", "textarea", "number", "date", "email", "phone", "select", "radio", "checkbox"] as const;
export const FormFieldSchema = z.object({
  name: id,
  label: text,
  /** An unknown kind of field is a text field: the citizen can still answer it. */
  type: z
    .string()
    .nullish()
    .transform((v) =>
      (FIELD_TYPES as readonly string[]).includes((v ?? "").toLowerCase())
        ? ((v ?? "").toLowerCase() as (typeof FIELD_TYPES)[number])
        : "text",
    ),
  required: flag(false).optional(),
  hint: maybeText,
  minLength: z.number().optional(),
  maxLength: z.number().optional(),
  pattern: maybeText,
  min: z.union([z.number(), z.string()]).optional(),
  max: z.union([z.number(), z.string()]).optional(),
  options: list(FieldOptionSchema).optional(),
});
/**
 * Form data's `spec` (spec section 3: "description or header.name"). The spec names no field list:
 * one in any shape a backend sends is read (form-spec.server.ts); else the form's fields are derived
 * from its data (below).
 */
export const FormSpecSchema = z
  .preprocess(
    withPortalFields,
    z.object({
      description: optText,
      header: z.object({ name: text }).nullish(),
      name: optText,
      fields: list(FormFieldSchema),
    }),
  )
  .transform((spec) => ({
    description: spec.description,
    header: { name: spec.header?.name || spec.name || spec.description || "" },
    fields: spec.fields,
  }));
export type FormSpec = z.infer<typeof FormSpecSchema>;

/** A document's status in our model; the spec's words (pending, received…) and the event it came in decide it. */
export type ChatDocumentStatus = ChatDocStatus;
const STATUS_WORDS: Record<string, ChatDocumentStatus> = {
  requested: "requested",
  pending: "requested",
  tosend: "toSend",
  to_send: "toSend",
  sent: "sent",
  uploaded: "sent",
  toevaluate: "sent",
  received: "received",
  approved: "approved",
  rejected: "rejected",
};
const STATUS_OF_EVENT: Record<string, ChatDocumentStatus> = {
  requestedDocuments: "requested",
  toSendDocuments: "toSend",
  uploadedDocuments: "sent",
  toEvaluateDocuments: "sent",
  receivedDocuments: "received",
  approvedDocuments: "approved",
  rejectedDocuments: "rejected",
};

/** `validExtensions`: a list, or one comma-separated text; unreadable, none (any file is offered). */
const extensions = orEmpty(z.union([list(optText), z.string().transform((s) => s.split(/[,\s]+/))]).nullish(), () => null).transform((v) =>
  (v ?? []).flatMap((e) => (e ? [e.trim()] : [])).filter(Boolean),
);

const ChatDocumentRead = z.object({
  id: optText,
  spec: orEmpty(
    z
      .object({
        id: optText,
        code: optText,
        description: text,
        validExtensions: extensions,
        tDocumento: optText,
        form: orNull(z.object({ id })),
      })
      .nullish(),
    () => null,
  ).transform((v) => v ?? { id: null, code: null, description: "", validExtensions: [], tDocumento: null, form: null }),
  file: orNull(z.object({ id: optText, name: text })),
  isRequired: flag(false),
  status: optText,
  reason: optText,
  /** Ours, beside the spec (decisions 026 and 014): due day `yyyy-mm-dd` of a requested document */
  dueDate: optText,
});

/**
 * A chat document in the portal's model. Its `id` is what the portal sends back to name it (the
 * backend's own id, else the spec's document id or code); its status is the backend's, else the one
 * its event says (a document in `requestedDocuments` is requested…).
 */
export type { ChatDocument };

/**
 * `eventType` is the event the document came in; for the chat's `current` documents (the ones the
 * citizen can act on) it is empty, and a file there means one attached and not yet sent.
 */
function toDocument(raw: z.infer<typeof ChatDocumentRead>, eventType: string, fallbackId: string): ChatDocument {
  const docId = raw.id ?? raw.spec.id ?? raw.spec.code ?? fallbackId;
  const unsaid: ChatDocumentStatus = eventType ? (raw.file ? "sent" : "requested") : raw.file ? "toSend" : "requested";
  const status = STATUS_WORDS[(raw.status ?? "").toLowerCase()] ?? STATUS_OF_EVENT[eventType] ?? unsaid;
  return {
    id: docId,
    spec: { ...raw.spec, id: raw.spec.id ?? docId, code: raw.spec.code ?? raw.spec.id ?? docId, form: raw.spec.form ?? null },
    file: raw.file ? { id: raw.file.id ?? "", name: raw.file.name } : null,
    isRequired: raw.isRequired,
    status,
    reason: raw.reason,
    dueDate: raw.dueDate,
  };
}

const AUTHORS: Record<string, "user" | "operator"> = { operator: "operator", op: "operator", operador: "operator", system: "operator" };
const ChatEventRead = z.object({
  id: optText,
  type: text,
  author: optText,
  message: optText,
  description: optText,
  /** '' when it cannot be read: the date is then not shown */
  createdAt: date.transform((v) => v ?? ""),
  commiter: orNull(z.object({ cn: optText })),
  documents: list(ChatDocumentRead),
});

export type ChatEvent = {
  id: string;
  type: string;
  author: "user" | "operator";
  message: string | null;
  description: string | null;
  createdAt: string;
  commiter?: { cn: string };
  documents: ChatDocument[];
};

/** Events get a stable id when the backend sends none (their place in the conversation). */
function toEvent(raw: z.infer<typeof ChatEventRead>, index: number): ChatEvent {
  const eventId = raw.id ?? `e${index}`;
  return {
    id: eventId,
    type: raw.type,
    author: AUTHORS[(raw.author ?? "").toLowerCase()] ?? "user",
    message: raw.message,
    description: raw.description,
    createdAt: raw.createdAt,
    ...(raw.commiter?.cn ? { commiter: { cn: raw.commiter.cn } } : {}),
    documents: raw.documents.map((d, i) => toDocument(d, raw.type, `${eventId}-${i}`)),
  };
}

/**
 * `current` is not a field the spec names: when the backend sends none, the documents the citizen
 * can act on are derived from the conversation (the latest state of each requested or to-send
 * document), and the chat is open.
 */
function deriveCurrent(events: ChatEvent[]): ChatEvent["documents"] {
  const latest = new Map<string, ChatDocument>();
  for (const event of events) for (const doc of event.documents) latest.set(doc.id, doc);
  return [...latest.values()].filter((d) => d.status === "requested" || d.status === "toSend");
}

/**
 * The spec names the chat's `current` and gives it no shape: ours (`{ documents, open, state }`), the
 * state itself (`{ text, color }`, `{ state: "in_progress" }`) or its bare text are read; anything
 * else reads as none (the documents are then derived from the conversation).
 */
const CurrentRead = orEmpty(
  z
    .preprocess(
      (v) =>
        typeof v === "string" || typeof v === "number"
          ? { text: v }
          : typeof v === "object" && v !== null && !Array.isArray(v)
            ? { ...v, listed: Array.isArray((v as { documents?: unknown }).documents) }
            : v,
      z.object({
        /** whether the backend lists the documents here (else they are derived from the conversation) */
        listed: z.boolean().default(false),
        documents: orEmpty(list(ChatDocumentRead), () => []),
        open: flag(true),
        enabledProcedureAcceptedTerms: flag(false).optional(),
        state: CurrentStateSchema,
        text: optText,
        color: optText,
      }),
    )
    .nullish(),
  () => null,
);

const ChatRead = z.object({
  procedureId: orNull(wireId),
  procedureDescription: text,
  first: flag(false),
  draft: flag(false),
  instanceId: optText,
  events: list(ChatEventRead),
  current: CurrentRead,
});

export type Chat = {
  procedureId: WireId | null;
  procedureDescription: string;
  first: boolean;
  draft: boolean;
  instanceId: string | null;
  events: ChatEvent[];
  current: {
    documents: ChatDocument[];
    open: boolean;
    enabledProcedureAcceptedTerms?: boolean;
    state: { text: string; color: string | null } | null;
  };
};

export const ChatSchema = ChatRead.transform((raw): Chat => {
  const events = raw.events.map(toEvent);
  const current = raw.current;
  return {
    procedureId: raw.procedureId ?? null,
    procedureDescription: raw.procedureDescription,
    first: raw.first,
    draft: raw.draft,
    instanceId: raw.instanceId,
    events,
    current: {
      documents: current?.listed ? current.documents.map((d, i) => toDocument(d, "", `c${i}`)) : deriveCurrent(events),
      open: current ? current.open : true,
      ...(current?.enabledProcedureAcceptedTerms !== undefined
        ? { enabledProcedureAcceptedTerms: current.enabledProcedureAcceptedTerms }
        : {}),
      state: current?.state ?? (current?.text ? { text: current.text, color: current.color } : null),
    },
  };
});

/** An answer that "returns result" as the chat: there, under `data`, or the chat itself. */
const chatAnswer = wrapped(ChatSchema, "events", ["result", "data"], "result");

/** The readers of the conversation's answers (citizen and preview): the property tests read answers through them (issue 36). */
export const chatAnswers = { chat: chatAnswer };

/**
 * `forms/first`: the initial chat (in `result`), and the form's header (`data.spec.header.name`); the
 * form's id and the procedure's type are read where a backend puts them and are optional.
 */
const FirstSchema = z
  .object({
    result: z.unknown().optional(),
    data: z
      .object({
        form: z.object({ id }).nullish(),
        spec: z.object({ description: optText, header: z.object({ name: text }).nullish() }).nullish(),
        procedureType: optText,
      })
      .nullish(),
  })
  .transform((v, ctx) => {
    const chat = ChatSchema.safeParse(v.result ?? { events: [] });
    if (!chat.success) {
      for (const issue of chat.error.issues) ctx.issues.push({ ...issue, path: ["result", ...issue.path] });
      return z.NEVER;
    }
    return {
      result: chat.data,
      data: {
        form: v.data?.form ?? null,
        spec: { description: v.data?.spec?.description ?? null, header: { name: v.data?.spec?.header?.name ?? "" } },
        procedureType: v.data?.procedureType?.toUpperCase() ?? null,
      },
    };
  });

/** The answer of a new draft: "result (chat, or instanceId for a new draft)". */
const InstanceAnswer = z.preprocess(
  (v) => unwrap(v, (x) => typeof x !== "object" || x === null || "instanceId" in x, ["result", "data"], "result"),
  z.union([z.object({ instanceId: id }).transform((r) => r.instanceId), id]),
);

export function getFirstChat(ctx: ApiContext, procedureId: string | number) {
  return apiJson(ctx, api`/api/v4/procedures/${procedureId}/forms/first`, FirstSchema);
}

export async function getChat(ctx: ApiContext, instanceId: string) {
  return apiJson(ctx, api`/api/v4/instances/${instanceId}/interactive/citizen`, chatAnswer);
}

export async function getPreviewChat(ctx: ApiContext, instanceId: string) {
  return apiJson(ctx, api`/api/v4/instances/${instanceId}/interactive/previewChat`, chatAnswer);
}

/** First send of a draft chat: creates the instance (once per idempotency key). */
export async function sendDraft(
  ctx: ApiContext,
  input: { procedureId: WireId; message: string; acceptedTerms: boolean; idempotencyKey: string },
) {
  return apiJson(ctx, api`/api/v4/instances/DRAFT/interactive/generic`, InstanceAnswer, {
    method: "PUT",
    body: {
      action: "text",
      data: { message: input.message },
      procedureId: input.procedureId,
      ...(input.acceptedTerms ? { procedureAcceptedTerms: true } : {}),
      idempotencyKey: input.idempotencyKey,
    },
  });
}

export async function sendText(
  ctx: ApiContext,
  instanceId: string,
  input: { procedureId: WireId | null; message: string; idempotencyKey?: string },
) {
  await apiJson(ctx, api`/api/v4/instances/${instanceId}/interactive/generic`, z.unknown(), {
    method: "PUT",
    body: {
      action: "text",
      data: { message: input.message },
      procedureId: input.procedureId,
      ...(input.idempotencyKey ? { idempotencyKey: input.idempotencyKey } : {}),
    },
  });
}

export async function sendToSendDocument(
  ctx: ApiContext,
  instanceId: string,
  input: { procedureId: WireId | null; document: string; file: { id: string; name: string } },
) {
  await apiJson(ctx, api`/api/v4/instances/${instanceId}/interactive/generic`, z.unknown(), {
    method: "PUT",
    body: { action: "toSendDocument", data: { document: input.document, file: input.file }, procedureId: input.procedureId },
  });
}

export async function finalise(ctx: ApiContext, instanceId: string) {
  await apiJson(ctx, api`/api/v4/instances/${instanceId}/interactive/citizen/update`, z.unknown(), {
    method: "PUT",
    body: { force: true },
  });
}

export async function discardToSendDocument(ctx: ApiContext, instanceId: string, document: string) {
  await apiJson(ctx, api`/api/v4/instances/${instanceId}/interactive/discardToSendDocument`, z.unknown(), {
    method: "POST",
    body: { data: { document } },
  });
}

const isBoxes = (v: unknown): v is Record<string, boolean> =>
  typeof v === "object" && v !== null && !Array.isArray(v) && Object.values(v).every((x) => typeof x === "boolean");
/** A form's saved values: texts, lists of texts; numbers and flags are read as text, anything else is left out. */
const formValues = z
  .record(z.string(), z.unknown())
  .nullish()
  .transform((v) => {
    const out: Record<string, string | string[]> = {};
    for (const [key, value] of Object.entries(v ?? {})) {
      if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") out[key] = String(value);
      else if (Array.isArray(value)) out[key] = value.filter((x) => typeof x === "string" || typeof x === "number").map(String);
      // Several boxes as Form.io saves them: `{ option: true, other: false }` is the options ticked.
      else if (isBoxes(value)) out[key] = Object.keys(value).filter((option) => value[option]);
    }
    return out;
  });

/**
 * formData "returns result.data, result.spec" (spec section 3: form_data, spec, globals). With no field
 * list in the spec, each saved value becomes a text field named after its key.
 */
const FormDataAnswer = wrapped(
  z.object({
    data: formValues.optional(),
    form_data: formValues.optional(),
    spec: FormSpecSchema.nullish(),
    globals: z.record(z.string(), z.unknown()).nullish(),
  }),
  "spec",
  ["result", "data"],
).transform((r) => {
  const data = r.data ?? r.form_data ?? {};
  const spec = r.spec ?? { description: null, header: { name: "" }, fields: [] };
  const fields = spec.fields.length ? spec.fields : Object.keys(data).map((name) => ({ name, label: name, type: "text" as const }));
  return { data, spec: { ...spec, fields }, globals: r.globals ?? undefined };
});
export type FormData = z.infer<typeof FormDataAnswer>;
export type FormValues = Record<string, string | string[]>;

export async function getFormData(ctx: ApiContext, procedureId: string | number, instanceId: string | null, formId: string) {
  return apiJson(ctx, api`/api/v4/instances/${procedureId}/${instanceId ?? "DRAFT"}/forms/${formId}/formData`, FormDataAnswer);
}

export async function saveInstanceForm(ctx: ApiContext, instanceId: string, formId: string, formData: FormValues) {
  const saved = await apiJson(ctx, api`/api/v4/instances/${instanceId}/forms/${formId}`, InstanceAnswer.optional(), {
    method: "PUT",
    query: { module: "av" },
    body: { formData, submitType: "FINAL" },
  });
  return saved ?? instanceId;
}

export async function saveDraftForm(
  ctx: ApiContext,
  input: { procedureId: string | number; formId: string; formData: FormValues; acceptedTerms: boolean; idempotencyKey: string },
) {
  return apiJson(ctx, api`/api/v4/instances/DRAFT/forms/${input.formId}`, InstanceAnswer, {
    method: "PUT",
    query: { module: "av", procedureId: input.procedureId },
    body: {
      formData: input.formData,
      submitType: "FINAL",
      ...(input.acceptedTerms ? { procedureAcceptedTerms: true } : {}),
      idempotencyKey: input.idempotencyKey,
    },
  });
}

export async function createFormInstance(
  ctx: ApiContext,
  input: { procedureId: string | number; formData: FormValues; acceptedTerms: boolean; idempotencyKey: string },
) {
  return apiJson(ctx, api`/api/v4/instances/`, InstanceAnswer, {
    method: "POST",
    query: { module: "av" },
    body: {
      formData: input.formData,
      procedureId: wireIdOf(String(input.procedureId)),
      ...(input.acceptedTerms ? { procedureAcceptedTerms: true } : {}),
      idempotencyKey: input.idempotencyKey,
    },
  });
}
