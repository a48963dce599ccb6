/**
 * Records calls of spec section 7. Shapes follow section 3 (record header, incorporated,
 * sent and pending documents, upload payload); extra fields the reference backend sends
 * (ids, mime, page counts) are optional so any backend honouring the contract works.
 */
import { z } from "zod/v4";
import { CurrentStateSchema, InstanceDescriptionSchema, PayloadDescriptionsSchema } from "./schemas";
import { apiJson, seg, type ApiContext } from "./client.server";

export const RECORDS_MODULE = "records";
const q = { module: RECORDS_MODULE };

const idString = z.union([z.string(), z.number()]).transform(String);
const text = z
  .string()
  .nullable()
  .optional()
  .transform((v) => v ?? "");

export const RecordInstanceSchema = z.object({
  id: idString,
  code: z.string().nullable().optional(),
  title: text,
  description: InstanceDescriptionSchema,
  payloadDescriptions: PayloadDescriptionsSchema,
  createdAt: z.string().nullable().optional(),
  arrivedOn: z.string().nullable().optional(),
  currentState: CurrentStateSchema,
  association_type: z.string().nullable().optional(),
});
export type RecordInstance = z.infer<typeof RecordInstanceSchema>;

const CountSchema = z.object({ count: z.number().int().nonnegative() });
const PageSchema = z.object({ instances: z.array(RecordInstanceSchema), last_page: z.number().int().nonnegative() });

export const DetailSchema = z.object({ label: z.string(), value: z.union([z.string(), z.number()]).transform(String) });
export type Detail = z.infer<typeof DetailSchema>;
const details = z
  .array(DetailSchema)
  .nullable()
  .optional()
  .transform((v) => v ?? []);

export const RecordHeaderSchema = z.object({
  code: z.string(),
  status: z.object({ code: z.string().nullable().optional(), description: z.string(), color: z.string().nullable().optional() }),
  read_only: z.boolean().nullable().optional().transform(Boolean),
  header: z
    .array(
      z.object({ code: z.string().nullable().optional(), key: z.string(), value: z.union([z.string(), z.number()]).transform(String) }),
    )
    .nullable()
    .optional()
    .transform((v) => v ?? []),
  association: z
    .object({
      type: z.string().nullable().optional(),
      associated_instance: z
        .array(
          z.object({
            id: idString.nullable().optional(),
            code: z.string(),
            type: z.string().nullable().optional(),
          }),
        )
        .nullable()
        .optional()
        .transform((v) => v ?? []),
    })
    .nullable()
    .optional(),
});
export type RecordHeader = z.infer<typeof RecordHeaderSchema>;

export const IncorporatedSchema = z.object({
  id: idString.optional(),
  file: z.object({
    name: z.string(),
    signedFileId: idString,
    mime: z.string().optional(),
    pageCount: z.number().optional(),
  }),
  spec: z.object({ description: text, date: z.string().nullable().optional(), user: text }),
  nroFolio: z.union([z.number(), z.string()]).nullable().optional(),
  details,
});
export type IncorporatedDocument = z.infer<typeof IncorporatedSchema>;

export const SentSchema = z.object({
  id: idString.optional(),
  file: z.object({ id: idString.optional(), name: z.string(), mime: z.string().optional() }),
  updated_at: z.string().nullable().optional(),
  spec: z.object({ id: idString.optional(), reference: text }),
  status: z.object({ code: z.string().nullable().optional(), description: z.string(), color: z.string().nullable().optional() }),
  details,
});
export type SentDocument = z.infer<typeof SentSchema>;

export const PendingSchema = z.object({
  file: z.object({ id: idString, name: z.string(), mime: z.string().optional() }),
  spec: z.object({ id: idString, reference: text }),
});
export type PendingDocument = z.infer<typeof PendingSchema>;

export async function countRecords(ctx: ApiContext, tab: string): Promise<number> {
  return (await apiJson(ctx, `/api/v4/instances/count/${seg(tab)}`, CountSchema, { query: q })).count;
}

export function listRecords(
  ctx: ApiContext,
  tab: string,
  options: { pageNumber: number; searchTerm?: string; sort?: string; since?: string | null; until?: string | null },
) {
  return apiJson(ctx, `/api/v4/instances/${seg(tab)}`, PageSchema, {
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

const RecordHeaderAnswer = z.object({ result: RecordHeaderSchema });
const IncorporatedAnswer = z.object({ documents: z.array(IncorporatedSchema) });
const SentAnswer = z.object({ documents: z.array(SentSchema) });
const PendingAnswer = z.object({ documents: z.array(PendingSchema) });

export async function getRecordHeader(ctx: ApiContext, id: string): Promise<RecordHeader> {
  return (await apiJson(ctx, `/api/v4/filemanager/${seg(id)}`, RecordHeaderAnswer, { query: q })).result;
}

export async function getIncorporated(ctx: ApiContext, id: string) {
  return (await apiJson(ctx, `/api/v4/filemanager/${seg(id)}/incorporated`, IncorporatedAnswer, { query: q })).documents;
}
export async function getSent(ctx: ApiContext, id: string) {
  return (await apiJson(ctx, `/api/v4/filemanager/${seg(id)}/sent`, SentAnswer, { query: q })).documents;
}
export async function getPending(ctx: ApiContext, id: string) {
  return (await apiJson(ctx, `/api/v4/filemanager/${seg(id)}/pending`, PendingAnswer, { query: q })).documents;
}

export type UploadEntry = { fileId: string; fileName: string; reference: string; mime: string };

export async function registerUploads(ctx: ApiContext, id: string, files: UploadEntry[]): Promise<void> {
  await apiJson(ctx, `/api/v4/filemanager/${seg(id)}/upload`, z.unknown(), { method: "POST", query: q, body: { files } });
}

export async function discardPending(ctx: ApiContext, id: string, documentId: string): Promise<void> {
  await apiJson(ctx, `/api/v4/filemanager/${seg(id)}/discard/${seg(documentId)}`, z.unknown(), { method: "DELETE", query: q });
}

export async function sendPending(ctx: ApiContext, id: string, documents: string[]): Promise<void> {
  await apiJson(ctx, `/api/v4/filemanager/${seg(id)}/send`, z.unknown(), { method: "PUT", query: q, body: { documents } });
}
