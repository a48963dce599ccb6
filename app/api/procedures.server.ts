/**
 * Procedures calls of spec section 7 ("Common and procedures"). Shapes follow section 3;
 * the requirements path (`GET /api/v4/procedures/{id}/requirements`) is ours (docs/contract.md).
 */
import { z } from "zod/v4";
import { CurrentStateSchema, InstanceDescriptionSchema, PayloadDescriptionsSchema } from "./schemas";
import { apiJson, apiRaw, seg, type ApiContext } from "./client.server";

/** The portal's module value in the shared instances listing (the backend also accepts 'av'). */
export const PROCEDURES_MODULE = "procedures";

export const InstanceButtonSchema = z.string();

export const InstanceSchema = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  title: z
    .string()
    .nullable()
    .optional()
    .transform((v) => v ?? ""),
  description: InstanceDescriptionSchema,
  payloadDescriptions: PayloadDescriptionsSchema,
  createdAt: z.string().nullable().optional(),
  arrivedOn: z.string().nullable().optional(),
  type: z
    .string()
    .nullable()
    .optional()
    .transform((v) => (v ?? "").toLowerCase()),
  currentState: CurrentStateSchema,
  buttons: z
    .array(InstanceButtonSchema)
    .nullable()
    .optional()
    .transform((v) => v ?? []),
  hasAlert: z.boolean().nullable().optional().transform(Boolean),
});
export type Instance = z.infer<typeof InstanceSchema>;

const CountSchema = z.object({ count: z.number().int().nonnegative() });
const PageSchema = z.object({ instances: z.array(InstanceSchema), last_page: z.number().int().nonnegative() });

export const HistoryEntrySchema = z.object({
  cn: z.string().nullable().optional(),
  excutedOn: z.string().nullable().optional(),
  action: z.string().nullable().optional(),
  comment: z.string().nullable().optional(),
  files: z
    .array(z.object({ fileId: z.union([z.string(), z.number()]).transform(String), name: z.string() }))
    .nullable()
    .optional()
    .transform((v) => v ?? []),
});
export type HistoryEntry = z.infer<typeof HistoryEntrySchema>;

export const AttachedDocumentSchema = z.object({
  createdAt: z.string().nullable().optional(),
  fileName: z.string(),
  fileId: z.union([z.string(), z.number()]).transform(String),
  status: z.string(),
});
export type AttachedDocument = z.infer<typeof AttachedDocumentSchema>;

export const CatalogueItemSchema = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  description: z.string(),
  type: z.string().nullable().optional(),
  isParent: z.boolean(),
  highlighted: z.boolean().nullable().optional().transform(Boolean),
  parentId: z.union([z.string(), z.number()]).nullable().optional(),
  parents: z
    .array(z.object({ id: z.union([z.string(), z.number()]).transform(String), description: z.string() }))
    .nullable()
    .optional()
    .transform((v) => v ?? []),
  theme: z.string().nullable().optional(),
  organism: z.string().nullable().optional(),
  recipient: z.string().nullable().optional(),
});
export type CatalogueItem = z.infer<typeof CatalogueItemSchema>;

export const DocsRowSchema = z.object({
  name: z.string(),
  description: z.string().nullable().optional(),
  required: z.boolean().nullable().optional().transform(Boolean),
});
export type DocsRow = z.infer<typeof DocsRowSchema>;

export const RequirementsSchema = z.object({
  procedureDescription: z.string(),
  procedureExplanation: z.string().nullable().optional(),
  procedureInformationUrl: z.string().nullable().optional(),
  procedureAcceptedTerms: z.boolean().nullable().optional(),
  enabledProcedureAcceptedTerms: z.boolean().nullable().optional().transform(Boolean),
  acceptedTermsDescription: z.string().nullable().optional(),
  procedureCode: z.string().nullable().optional(),
  procedureRequirements: z
    .array(z.string())
    .nullable()
    .optional()
    .transform((v) => v ?? []),
  initialDocuments: z
    .array(DocsRowSchema)
    .nullable()
    .optional()
    .transform((v) => v ?? []),
  citizenData: z
    .object({
      cn: z.string().nullable().optional(),
      cuil: z.string().nullable().optional(),
      email: z.string().nullable().optional(),
      telephone_number: z.string().nullable().optional(),
      phone: z.object({ code: z.string(), number: z.string() }).nullable().optional(),
    })
    .nullable()
    .optional(),
  instances: z
    .array(
      z.object({
        id: z.union([z.string(), z.number()]).transform(String),
        procedureDescription: z.string().nullable().optional(),
        cn: z.string().nullable().optional(),
        createdAt: z.string().nullable().optional(),
        dashboardLabel: z.string().nullable().optional(),
        completable: z.boolean().nullable().optional().transform(Boolean),
        link: z.union([z.string(), z.number()]).nullable().optional(),
      }),
    )
    .nullable()
    .optional()
    .transform((v) => v ?? []),
  redirectionUrl: z.string().nullable().optional(),
});
export type Requirements = z.infer<typeof RequirementsSchema>;

export type ListParams = { pageNumber: number; searchTerm?: string | null; sort: string; since?: string | null; until?: string | null };

export function countInstances(ctx: ApiContext, tab: string) {
  return apiJson(ctx, `/api/v4/instances/count/${seg(tab)}`, CountSchema, { query: { module: PROCEDURES_MODULE } }).then((r) => r.count);
}

export function listInstances(ctx: ApiContext, tab: string, params: ListParams) {
  return apiJson(ctx, `/api/v4/instances/${seg(tab)}`, PageSchema, {
    query: { module: PROCEDURES_MODULE, ...params },
  });
}

const HistoryAnswer = z.object({ result: z.array(HistoryEntrySchema) });
const ReceivedDocsAnswer = z.object({ result: z.array(AttachedDocumentSchema) });
const RedirectAnswer = z.object({ result: z.object({ id: z.union([z.string(), z.number()]).transform(String) }) });

export function getHistory(ctx: ApiContext, instanceId: string) {
  return apiJson(ctx, `/api/v4/instances/history/${seg(instanceId)}`, HistoryAnswer).then((r) =>
    // Only entries that have an action are shown (spec section 3).
    r.result.filter((e) => Boolean(e.action && e.action.trim())),
  );
}

export function getReceivedDocs(ctx: ApiContext, instanceId: string) {
  return apiJson(ctx, `/api/v4/instances/${seg(instanceId)}/received_docs`, ReceivedDocsAnswer).then((r) => r.result);
}

export function discardInstance(ctx: ApiContext, instanceId: string, message: string) {
  return apiJson(ctx, `/api/v4/instances/${seg(instanceId)}/discard`, z.unknown(), { method: "POST", body: { message } });
}

export function redirectRecord(ctx: ApiContext, instanceId: string) {
  return apiJson(ctx, `/api/v4/filemanager/${seg(instanceId)}/redirectRecord`, RedirectAnswer, {
    query: { module: PROCEDURES_MODULE, redirectModule: "records" },
  }).then((r) => r.result.id);
}

/** Base64 of the UTF-8 file name, as the download path wants it. */
export function base64FileName(name: string) {
  return Buffer.from(name, "utf8").toString("base64");
}

export function downloadFile(ctx: ApiContext, fileId: string, fileName: string) {
  return apiRaw(ctx, `/api/fs/bucket/${seg(base64FileName(fileName))}/${seg(fileId)}`, { timeoutMs: 60_000 });
}

const CatalogueSchema = z.object({ result: z.array(CatalogueItemSchema) });

export function getCatalogue(ctx: ApiContext, options: { filter?: string | null; parentId?: string | null } = {}) {
  const query = options.filter ? { filter: options.filter } : options.parentId ? { parentId: options.parentId } : {};
  return apiJson(ctx, `/api/v4/procedures/`, CatalogueSchema, { query }).then((r) => r.result);
}

const DocsTableAnswer = z.object({ result: z.array(DocsRowSchema) });
const RequirementsAnswer = z.object({ result: RequirementsSchema });

export function getDocsTable(ctx: ApiContext, procedureId: string) {
  return apiJson(ctx, `/api/v4/procedures/${seg(procedureId)}/docs_table`, DocsTableAnswer).then((r) => r.result);
}

export function getRequirements(ctx: ApiContext, procedureId: string) {
  return apiJson(ctx, `/api/v4/procedures/${seg(procedureId)}/requirements`, RequirementsAnswer).then((r) => r.result);
}
