/**
 * Procedures calls of spec section 7 ("Common and procedures"). Shapes follow section 3;
 * the requirements path (`GET /api/v4/procedures/{id}/requirements`) and the tabs' counts in one call
 * (`GET /api/v4/instances/counts`) are ours (docs/contract.md).
 */
import { z } from "zod/v4";
import { CurrentStateSchema, InstanceDescriptionSchema, PayloadDescriptionsSchema } from "./schemas";
import { count, countOr, date, flag, id, list, omittedIn, optText, orNull, text, unwrap, wrapped } from "./read.server";
import { api, apiJson, apiRaw, type ApiContext } from "./client.server";
import { offers } from "./extensions.server";

/** The portal's module value in the shared instances listing (the backend also accepts 'av'). */
export const PROCEDURES_MODULE = "procedures";

/** The row actions of spec section 3, by their names in any case (`EDIT`, `go_to_record`). */
const BUTTON_NAMES = ["edit", "history", "attachments", "goToRecord", "preview", "discard"] as const;
const buttonName = (raw: string) => {
  const key = raw
    .trim()
    .replace(/[_\s-]/g, "")
    .toLowerCase();
  return BUTTON_NAMES.find((name) => name.toLowerCase() === key) ?? raw.trim();
};

/** A row action: a text (`edit`), or an object naming it (`{ code: "edit" }`, `{ value, label }`, `{ type: … }`). */
export const InstanceButtonSchema = z
  .union([
    z.string(),
    z.object({ code: z.string() }).transform((b) => b.code),
    z.object({ value: z.string() }).transform((b) => b.value),
    z.object({ type: z.string() }).transform((b) => b.type),
  ])
  .transform(buttonName);

export const InstanceSchema = z.object({
  id,
  title: text,
  description: InstanceDescriptionSchema,
  payloadDescriptions: PayloadDescriptionsSchema,
  createdAt: date,
  arrivedOn: date,
  type: text.transform((v) => v.toLowerCase()),
  currentState: CurrentStateSchema,
  buttons: list(InstanceButtonSchema),
  hasAlert: flag(false),
});
export type Instance = z.infer<typeof InstanceSchema>;

/**
 * `count/{tab}` "returns count": that field, a wrapper around it, or the number itself. A count that
 * cannot be read is none: the tab shows no count (its list still shows).
 */
export const CountSchema = z.preprocess(
  (v) => unwrap(v, (x) => typeof x === "number" || typeof x === "string", ["count", "result", "data"], "count"),
  orNull(count),
);
/** A list page "returns instances and last_page"; a missing last page is the first. */
export const PageSchema = <T extends z.ZodTypeAny>(item: T) =>
  wrapped(z.object({ instances: list(item), last_page: countOr(1) }), "instances", ["result", "data"]).transform((page) => ({
    ...page,
    /** the items that could not be read, left out (the page says so) */
    omitted: omittedIn(page.instances),
  }));

export const HistoryEntrySchema = z.object({
  cn: optText,
  excutedOn: date,
  action: optText,
  comment: optText,
  files: list(z.object({ fileId: id, name: text })),
});
export type HistoryEntry = z.infer<typeof HistoryEntrySchema>;

export const AttachedDocumentSchema = z.object({
  createdAt: date,
  fileName: text,
  fileId: id,
  status: text.transform((v) => v.toLowerCase()),
});
export type AttachedDocument = z.infer<typeof AttachedDocumentSchema>;

/** The catalogue (its reader is its own module). */
export { CatalogueItemSchema, getCatalogue, type CatalogueItem } from "./catalogue.server";

/** A row of the documents table: `name` (or `description` alone, or `documentName`), and whether it is required. */
export const DocsRowSchema = z
  .object({ name: optText, documentName: optText, description: optText, required: flag(false), isRequired: flag(false) })
  .transform((r) => ({
    name: r.name ?? r.documentName ?? r.description ?? "",
    description: r.name || r.documentName ? r.description : null,
    required: r.required || r.isRequired,
  }));

const PhoneSchema = z.object({ code: text, number: text });
export const RequirementsSchema = z.object({
  procedureDescription: text,
  procedureExplanation: optText,
  procedureInformationUrl: optText,
  procedureAcceptedTerms: flag(false),
  enabledProcedureAcceptedTerms: flag(false),
  acceptedTermsDescription: optText,
  procedureCode: optText,
  procedureRequirements: list(z.union([z.string(), z.object({ description: z.string() }).transform((r) => r.description)])),
  initialDocuments: list(DocsRowSchema),
  citizenData: z.object({ cn: optText, cuil: optText, email: optText, telephone_number: optText, phone: PhoneSchema.nullish() }).nullish(),
  /** Earlier instances: the spec names their `link` ('Completar' opens it); an `id` is ours. One with neither is left out. */
  instances: list(
    z.object({
      id: optText,
      procedureDescription: optText,
      cn: optText,
      createdAt: optText,
      dashboardLabel: optText,
      completable: flag(false),
      link: optText,
    }),
  ).transform((items) => items.flatMap((i) => ((i.id ?? i.link) ? [{ ...i, id: (i.id ?? i.link)! }] : []))),
  redirectionUrl: optText,
});
export type Requirements = z.infer<typeof RequirementsSchema>;

export type ListParams = { pageNumber: number; searchTerm?: string | null; sort: string; since?: string | null; until?: string | null };

/** One tab's count in a module's list (`procedures`, or `records` for the records list). */
export function countTab(ctx: ApiContext, module: string, tab: string) {
  return apiJson(ctx, api`/api/v4/instances/count/${tab}`, CountSchema, { query: { module } });
}

/**
 * Ours (the `tab-counts` extension): `{ counts: { tab: count } }`, wrapped or bare; each tab's count
 * read as `count/{tab}`'s, so one that cannot be read is none for that tab only.
 */
const TabCountsSchema = z.preprocess(
  (v) => unwrap(v, () => false, ["counts", "result", "data"], "counts"),
  z.record(z.string(), CountSchema),
);

/**
 * The counts of `tabs` of a module's list, by tab: in one call where the backend offers `tab-counts`,
 * else one `count/{tab}` call per tab (the spec). A tab the answer leaves out, or whose count cannot be
 * read, is null (it shows no count); a failed call fails them all, as a failed count call does.
 */
export async function countTabs(ctx: ApiContext, module: string, tabs: readonly string[]): Promise<Map<string, number | null>> {
  if (!tabs.length) return new Map();
  if (await offers(ctx, "tabCounts")) {
    const counts = new Map(Object.entries(await apiJson(ctx, api`/api/v4/instances/counts`, TabCountsSchema, { query: { module } })));
    return new Map(tabs.map((tab) => [tab, counts.get(tab) ?? null]));
  }
  return new Map(await Promise.all(tabs.map(async (tab) => [tab, await countTab(ctx, module, tab)] as const)));
}

const InstancePage = PageSchema(InstanceSchema);
export function listInstances(ctx: ApiContext, tab: string, params: ListParams) {
  return apiJson(ctx, api`/api/v4/instances/${tab}`, InstancePage, {
    query: { module: PROCEDURES_MODULE, ...params },
  });
}

/** The calls that "return result" hold a list there (or under another wrapper, or bare). */
const resultList = <T extends z.ZodTypeAny>(item: T, ...keys: string[]) =>
  wrapped(list(item), "array", ["result", ...keys, "data"], "result");
const HistoryAnswer = resultList(HistoryEntrySchema, "history");
const ReceivedDocsAnswer = resultList(AttachedDocumentSchema, "documents");
/** `redirectRecord` "returns result.id": the id there, in `id`, or bare. */
const RedirectAnswer = z.preprocess((v) => unwrap(v, (x) => typeof x !== "object" || x === null, ["result", "data", "id"], "result"), id);

export function getHistory(ctx: ApiContext, instanceId: string) {
  return apiJson(ctx, api`/api/v4/instances/history/${instanceId}`, HistoryAnswer).then((entries) =>
    // Only entries that have an action are shown (spec section 3).
    entries.filter((e) => Boolean(e.action && e.action.trim())),
  );
}

export function getReceivedDocs(ctx: ApiContext, instanceId: string) {
  return apiJson(ctx, api`/api/v4/instances/${instanceId}/received_docs`, ReceivedDocsAnswer);
}

export function discardInstance(ctx: ApiContext, instanceId: string, message: string) {
  return apiJson(ctx, api`/api/v4/instances/${instanceId}/discard`, z.unknown(), { method: "POST", body: { message } });
}

export function redirectRecord(ctx: ApiContext, instanceId: string) {
  return apiJson(ctx, api`/api/v4/filemanager/${instanceId}/redirectRecord`, RedirectAnswer, {
    query: { module: PROCEDURES_MODULE, redirectModule: "records" },
  });
}

/** Base64 of the UTF-8 file name, as the download path wants it. */
export function base64FileName(name: string) {
  return Buffer.from(name, "utf8").toString("base64");
}

export function downloadFile(ctx: ApiContext, fileId: string, fileName: string) {
  return apiRaw(ctx, api`/api/fs/bucket/${base64FileName(fileName)}/${fileId}`, { timeoutMs: 60_000 });
}

/**
 * `docs_table`: the documents table, as rows (bare or wrapped), or the whole requirements entity of
 * spec section 3 (its `initialDocuments` are the table).
 */
const DocsTableAnswer = z
  .preprocess(
    (v) => unwrap(v, (x) => Array.isArray(x) || (typeof x === "object" && x !== null && "procedureDescription" in x), ["result", "data"]),
    z.union([list(DocsRowSchema), RequirementsSchema]),
  )
  .transform((v) => (Array.isArray(v) ? { rows: v, requirements: null } : { rows: v.initialDocuments, requirements: v }));

export function getDocsTable(ctx: ApiContext, procedureId: string) {
  return apiJson(ctx, api`/api/v4/procedures/${procedureId}/docs_table`, DocsTableAnswer);
}

const RequirementsAnswer = wrapped(RequirementsSchema, "procedureDescription", ["result", "data"]);

/** Ours (the `requirements` extension): the requirements entity in one call. */
export function getRequirementsExtension(ctx: ApiContext, procedureId: string) {
  return apiJson(ctx, api`/api/v4/procedures/${procedureId}/requirements`, RequirementsAnswer);
}

/** The readers of the tray's answers, by call: the property tests read answers through them (issue 36). */
export const trayAnswers = {
  count: CountSchema,
  counts: TabCountsSchema,
  instances: InstancePage,
  history: HistoryAnswer,
  receivedDocs: ReceivedDocsAnswer,
};
