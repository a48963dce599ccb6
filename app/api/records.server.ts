/**
 * Records calls of spec section 7. Shapes follow section 3 (record header, incorporated,
 * sent and pending documents, upload payload); extra fields the reference backend sends
 * (ids, mime, page counts) are optional so any backend honouring the contract works.
 */
import { z } from "zod/v4";
import { CurrentStateSchema, InstanceDescriptionSchema, PayloadDescriptionsSchema } from "./schemas";
import { PageSchema } from "./procedures.server";
import { count, date, flag, id, list, maybe, maybeText, optText, orNull, text, wrapped } from "./read.server";
import { api, apiJson, readPart, type ApiContext } from "./client.server";

export const RECORDS_MODULE = "records";
const q = { module: RECORDS_MODULE };

export const RecordInstanceSchema = z.object({
  id,
  code: optText,
  title: text,
  description: InstanceDescriptionSchema,
  payloadDescriptions: PayloadDescriptionsSchema,
  createdAt: date,
  arrivedOn: date,
  currentState: CurrentStateSchema,
  association_type: optText.transform((v) => v?.toLowerCase() ?? null),
});
export type RecordInstance = z.infer<typeof RecordInstanceSchema>;

const RecordPage = PageSchema(RecordInstanceSchema);

export const DetailSchema = z.object({ label: text, value: text });
export type Detail = z.infer<typeof DetailSchema>;
/** Details: a list of `{ label, value }`, or an object of label → value; unreadable, none. */
const details = orNull(
  z.union([
    list(DetailSchema),
    z
      .record(z.string(), z.unknown())
      .transform((o) => Object.entries(o).flatMap(([label, value]) => (isScalarOrFlag(value) ? [{ label, value: String(value) }] : []))),
  ]),
).transform((v) => v ?? []);
const isScalarOrFlag = (v: unknown) => typeof v === "string" || typeof v === "number" || typeof v === "boolean";

/** A status `{ code, description, color }` (or `{ text }`…), or a bare text (its description); unreadable, none. */
const StatusSchema = orNull(
  z.union([
    z.object({ code: optText, description: text, text: optText, color: optText }).transform((s) => ({
      code: s.code,
      description: s.description || s.text || s.code || "",
      color: s.color,
    })),
    z.union([z.string(), z.number()]).transform((s) => ({ code: String(s), description: String(s), color: null })),
  ]),
).transform((v) => v ?? { code: null, description: "", color: null });

/** A record associated to this one: `{ id, code, type }`, or its code alone (then it is shown, not linked). */
const Associated = z.union([
  z.object({ id: orNull(id), code: text, type: optText }).transform((a) => ({ ...a, code: a.code || a.id || "" })),
  z.union([z.string().min(1), z.number()]).transform((code) => ({ id: null, code: String(code), type: null })),
]);

export const RecordHeaderSchema = z.object({
  code: text,
  status: StatusSchema,
  read_only: flag(false),
  header: list(z.object({ code: optText, key: text, value: text })),
  association: orNull(
    z.object({
      type: optText.transform((v) => v?.toLowerCase() ?? null),
      associated_instance: list(Associated),
    }),
  ),
});
export type RecordHeader = z.infer<typeof RecordHeaderSchema>;

/** Incorporated document (spec: file (name, signedFileId), spec (description, date, user), nroFolio, details). */
export const IncorporatedSchema = z.object({
  id: maybe(id),
  file: z.object({
    name: text,
    signedFileId: id,
    mime: maybeText,
    pageCount: maybe(count),
  }),
  spec: orNull(z.object({ description: text, date, user: text })).transform((v) => v ?? { description: "", date: null, user: "" }),
  nroFolio: orNull(z.union([z.number(), z.string()])),
  details,
});
export type IncorporatedDocument = z.infer<typeof IncorporatedSchema>;

/**
 * Sent document (spec: "file name, updated_at, spec reference, status, details"). The spec gives it no
 * file id: without one, the portal offers what the fields allow (the name, the date, the status, the
 * details) and hides preview and download.
 */
export const SentSchema = z
  .object({
    id: maybe(id),
    file: orNull(
      z.union([
        z.object({ id: maybe(id), name: text, mime: maybeText }),
        z.string().transform((name) => ({ id: undefined, name, mime: undefined })),
      ]),
    ).transform((v) => v ?? { id: undefined, name: "", mime: undefined }),
    file_name: optText,
    updated_at: date,
    spec: orNull(z.object({ id: maybe(id), reference: text })).transform((v) => v ?? { id: undefined, reference: "" }),
    status: StatusSchema,
    details,
  })
  .transform(({ file_name, ...doc }) => ({ ...doc, file: { ...doc.file, name: doc.file.name || file_name || "" } }));
export type SentDocument = z.infer<typeof SentSchema>;

/** Pending document (spec: file (id, name), spec (id, reference)). */
export const PendingSchema = z.object({
  file: z.object({ id, name: text, mime: maybeText }),
  spec: z.object({ id, reference: text }),
});
export type PendingDocument = z.infer<typeof PendingSchema>;

export function listRecords(
  ctx: ApiContext,
  tab: string,
  options: { pageNumber: number; searchTerm?: string; sort?: string; since?: string | null; until?: string | null },
) {
  return apiJson(ctx, api`/api/v4/instances/${tab}`, RecordPage, {
    query: {
      ...q,
      pageNumber: options.pageNumber,
      searchTerm: options.searchTerm,
      sort: options.sort,
      since: options.since,
      until: options.until,
    },
  });
}

/** The header "result with code, status": there, under `data`, or bare. */
const RecordHeaderAnswer = wrapped(RecordHeaderSchema, "status", ["result", "data"], "result");
/** Each document list "returns documents": there, under another wrapper, or a bare list. */
const documents = <T extends z.ZodTypeAny>(item: T) => wrapped(list(item), "array", ["documents", "result", "data"], "documents");
const IncorporatedAnswer = documents(IncorporatedSchema);
const SentAnswer = documents(SentSchema);
const PendingAnswer = documents(PendingSchema);

export async function getRecordHeader(ctx: ApiContext, id: string): Promise<RecordHeader> {
  return apiJson(ctx, api`/api/v4/filemanager/${id}`, RecordHeaderAnswer, { query: q });
}

export async function getIncorporated(ctx: ApiContext, id: string) {
  return apiJson(ctx, api`/api/v4/filemanager/${id}/incorporated`, IncorporatedAnswer, { query: q });
}
export async function getSent(ctx: ApiContext, id: string) {
  return apiJson(ctx, api`/api/v4/filemanager/${id}/sent`, SentAnswer, { query: q });
}
export async function getPending(ctx: ApiContext, id: string) {
  return apiJson(ctx, api`/api/v4/filemanager/${id}/pending`, PendingAnswer, { query: q });
}

/**
 * Our `record-documents` (decision 098): the three lists in one answer, `{ incorporated, sent, pending }`
 * (bare, or in `result` / `data`); an answer that is no object fails the call.
 */
const DocumentsAnswer = wrapped(z.record(z.string(), z.unknown()), "incorporated", ["result", "data"]);
/** A list of that answer must be there (a spec call's empty body is an empty list; a list left out here is not). */
const present = z
  .unknown()
  .refine((v) => v !== undefined, { params: { expected: "a list" }, message: "expected a list, received undefined" });
/** Each list of that answer, read by its spec call's reader. */
const DocumentsLists = {
  incorporated: z.object({ incorporated: present.pipe(IncorporatedAnswer) }).transform((a) => a.incorporated),
  sent: z.object({ sent: present.pipe(SentAnswer) }).transform((a) => a.sent),
  pending: z.object({ pending: present.pipe(PendingAnswer) }).transform((a) => a.pending),
};

export type RecordDocuments = {
  incorporated: PromiseSettledResult<IncorporatedDocument[]>;
  sent: PromiseSettledResult<SentDocument[]>;
  pending: PromiseSettledResult<PendingDocument[]>;
};

/** `read()`'s value, or what it threw, as `Promise.allSettled` gives them. */
function settled<T>(read: () => T): PromiseSettledResult<T> {
  try {
    return { status: "fulfilled", value: read() };
  } catch (reason) {
    return { status: "rejected", reason };
  }
}

/**
 * The three lists in one call (`record-documents`, when the backend offers it), each read as its spec
 * call's answer is and settled on its own: a list missing or unreadable fails alone (an ApiError 502,
 * as its own call's would). The call failing (an ApiError) is the caller's to fall back on.
 */
export async function getRecordDocuments(ctx: ApiContext, id: string): Promise<RecordDocuments> {
  const call = api`/api/v4/filemanager/${id}/documents`;
  const body = await apiJson(ctx, call, DocumentsAnswer, { query: q });
  return {
    incorporated: settled(() => readPart(ctx, call, DocumentsLists.incorporated, body)),
    sent: settled(() => readPart(ctx, call, DocumentsLists.sent, body)),
    pending: settled(() => readPart(ctx, call, DocumentsLists.pending, body)),
  };
}

export type UploadEntry = { fileId: string; fileName: string; reference: string; mime: string };

export async function registerUploads(ctx: ApiContext, id: string, files: UploadEntry[]): Promise<void> {
  await apiJson(ctx, api`/api/v4/filemanager/${id}/upload`, z.unknown(), { method: "POST", query: q, body: { files } });
}

export async function discardPending(ctx: ApiContext, id: string, documentId: string): Promise<void> {
  await apiJson(ctx, api`/api/v4/filemanager/${id}/discard/${documentId}`, z.unknown(), { method: "DELETE", query: q });
}

export async function sendPending(ctx: ApiContext, id: string, documents: string[]): Promise<void> {
  await apiJson(ctx, api`/api/v4/filemanager/${id}/send`, z.unknown(), { method: "PUT", query: q, body: { documents } });
}

/** The readers of this module's answers, by call: the property tests read answers through them (issue 36). */
export const recordsAnswers = {
  records: RecordPage,
  header: RecordHeaderAnswer,
  incorporated: IncorporatedAnswer,
  sent: SentAnswer,
  pending: PendingAnswer,
};
