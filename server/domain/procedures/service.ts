/**
 * Procedures module: the catalogue, the citizen's instances, their history, received
 * documents, discarding and the link to a record. Plain functions taking `db` (or a
 * transaction) first; every instance query is scoped to the owner's cuil, so an instance
 * of another citizen answers 404 exactly like one that does not exist.
 */
import { randomUUID } from "node:crypto";
import type { Db, DbOrTx } from "../../db/index.js";
import { parseJson } from "../../db/index.js";
import { fromBool, toBool } from "../../db/columns.js";
import { ApiError } from "../../errors.js";
import { normalizeSearch } from "../../../common/search.js";
import { findCitizenByCuil } from "../citizens/repository.js";
import { listTabLabels } from "../config/repository.js";
import { findOwnedFileName } from "../files/repository.js";
import { countInstanceRows, countInstanceRowsByTab, listInstanceRows, type InstanceListSpec } from "../instances/repository.js";
import {
  discardOwnedInstance,
  findCatalogueParent,
  findOwnedInstance,
  findProcedure,
  insertHistoryEntry,
  insertInstance,
  insertReceivedDoc,
  listCatalogueChildren,
  listCatalogueLeaves,
  listHistoryWithAction,
  listOwnedInstancesOfProcedure,
  listReceivedDocs,
  searchCatalogueLeaves,
  updateInstance,
} from "./repository.js";
import {
  CANCELLED_STATE,
  CANCELLED_TAB,
  type DocStatus,
  type InstanceButton,
  type ProcCatalogueTable,
  type ProcInstancesTable,
} from "./tables.js";
import { isId } from "../../../common/ids.js";

export const MODULE_ID = "procedures";
export const MAX_REASON_LENGTH = 1000;

// ---------------------------------------------------------------- instances

export type PayloadDescription = { code: string; label: string; value: string };

export function instanceSearchText(input: { title: string; description: string[]; payload: PayloadDescription[] }) {
  return normalizeSearch([input.title, ...input.description, ...input.payload.map((p) => p.value)].join(" \n "));
}

export function toInstance(row: ProcInstancesTable) {
  return {
    id: row.id,
    procedureId: row.procedure_id,
    title: row.title,
    description: parseJson<string[]>(row.description, []),
    payloadDescriptions: parseJson<PayloadDescription[]>(row.payload_descriptions, []),
    createdAt: row.created_at,
    arrivedOn: row.arrived_on,
    type: row.type === "FORM" ? "form" : "interactive",
    currentState: { text: row.state_text, color: row.state_color },
    buttons: parseJson<InstanceButton[]>(row.buttons, []),
    hasAlert: toBool(row.has_alert),
    tab: row.tab_code,
  };
}

export type SortField = "createdAt" | "arrivedOn";
export type ListOptions = {
  pageNumber: number;
  pageSize: number;
  searchTerm: string | null;
  sort: { field: SortField; direction: "asc" | "desc" };
  /** yyyy-mm-dd, inclusive, on the creation date (UTC) */
  since: string | null;
  until: string | null;
};

/** Procedures as instances (decision 023): their normalised `search_text` is what the search reads. */
const LIST: InstanceListSpec = { table: "proc_instances", search: [{ column: "search_text", normalised: true }] };

export function countInstances(db: DbOrTx, cuil: string, tabCode: string): Promise<number> {
  return countInstanceRows(db, LIST, { cuil, tab: tabCode });
}

/** `countInstances` of every tab of the module, by tab code, in one query. */
export function countInstancesByTab(db: DbOrTx, cuil: string): Promise<Record<string, number>> {
  return countInstanceRowsByTab(db, LIST, MODULE_ID, cuil);
}

export async function listInstances(db: DbOrTx, cuil: string, tabCode: string, options: ListOptions) {
  const { rows, total, lastPage } = await listInstanceRows<ProcInstancesTable>(db, LIST, {
    cuil,
    tab: tabCode,
    searchTerm: options.searchTerm,
    since: options.since,
    until: options.until,
    pageNumber: options.pageNumber,
    pageSize: options.pageSize,
    sort: { column: options.sort.field === "arrivedOn" ? "arrived_on" : "created_at", direction: options.sort.direction },
  });
  return { instances: rows.map(toInstance), last_page: lastPage, total };
}

/** The citizen's instance, or 404. */
export async function getOwnedInstance(db: DbOrTx, cuil: string, id: string): Promise<ProcInstancesTable> {
  if (!isId(id)) throw ApiError.notFound();
  const row = await findOwnedInstance(db, cuil, id);
  if (!row) throw ApiError.notFound();
  return row;
}

export async function getHistory(db: DbOrTx, cuil: string, id: string) {
  await getOwnedInstance(db, cuil, id);
  const rows = await listHistoryWithAction(db, id);
  return rows
    .filter((r) => r.action && r.action.trim() !== "")
    .map((r) => ({
      cn: r.cn,
      excutedOn: r.excuted_on,
      action: r.action,
      comment: r.comment,
      files: parseJson<{ fileId: string; name: string }[]>(r.files, []),
    }));
}

export async function getReceivedDocs(db: DbOrTx, cuil: string, id: string) {
  await getOwnedInstance(db, cuil, id);
  const rows = await listReceivedDocs(db, id);
  return rows.map((r) => ({ createdAt: r.created_at, fileName: r.file_name, fileId: r.file_id, status: r.status as DocStatus }));
}

function assertActive(row: ProcInstancesTable) {
  if (row.discarded_at) {
    throw new ApiError(409, "CONFLICT", "El trámite fue cancelado y ya no admite cambios.");
  }
}

/**
 * 'Cancelar trámite': final. The instance moves to the cancelled tab, keeps only history and
 * attachments as actions, and gets a history entry with the reason. A second discard answers 409.
 */
export async function discardInstance(db: Db, citizen: { cuil: string; cn: string }, id: string, reason: string | null) {
  const message = reason?.trim() ? reason.trim().slice(0, MAX_REASON_LENGTH) : null;
  return db.transaction().execute(async (trx) => {
    const row = await getOwnedInstance(trx, citizen.cuil, id);
    assertActive(row);
    const now = new Date().toISOString();
    const discarded = await discardOwnedInstance(trx, citizen.cuil, id, {
      tab_code: CANCELLED_TAB,
      state_text: CANCELLED_STATE.text,
      state_color: CANCELLED_STATE.color,
      buttons: JSON.stringify(["history", "attachments"]),
      arrived_on: now,
      discarded_at: now,
      discard_reason: message,
    });
    if (!discarded) throw new ApiError(409, "CONFLICT", "El trámite ya fue cancelado.");
    await insertHistoryEntry(trx, {
      id: randomUUID(),
      instance_id: id,
      cn: citizen.cn,
      excuted_on: now,
      action: "Trámite cancelado por el ciudadano",
      comment: message,
      files: "[]",
      operator_message: 0,
    });
    return { id, discardedAt: now };
  });
}

export async function redirectRecord(db: DbOrTx, cuil: string, id: string) {
  const row = await getOwnedInstance(db, cuil, id);
  if (!row.record_id) throw ApiError.notFound("El trámite no tiene un expediente asociado.");
  return { id: row.record_id };
}

// ---------------------------------------------------------------- operator side

export type NewInstance = {
  ownerCuil: string;
  procedureId: number;
  tabCode: string;
  state: { text: string; color: string };
  title?: string;
  description?: string[];
  payloadDescriptions?: PayloadDescription[];
  buttons?: InstanceButton[];
  recordId?: string | null;
  createdAt?: string;
  arrivedOn?: string;
  id?: string;
};

export async function createInstance(db: DbOrTx, input: NewInstance) {
  const procedure = await findProcedure(db, input.procedureId);
  if (!procedure || toBool(procedure.is_parent)) throw ApiError.notFound("No se encontró el trámite.");
  const row = instanceRow(procedure, input);
  await insertInstance(db, row);
  return toInstance(row);
}

/** The row of a new instance of `procedure` (a leaf of the catalogue), its derived columns made here; the bench's bulk load writes it too. */
export function instanceRow(procedure: Pick<ProcCatalogueTable, "id" | "description" | "type">, input: NewInstance): ProcInstancesTable {
  const created = input.createdAt ?? new Date().toISOString();
  const title = input.title ?? procedure.description;
  const description = input.description ?? [];
  const payload = input.payloadDescriptions ?? [];
  return {
    id: input.id ?? randomUUID(),
    owner_cuil: input.ownerCuil,
    procedure_id: procedure.id,
    title,
    description: JSON.stringify(description),
    payload_descriptions: JSON.stringify(payload),
    tab_code: input.tabCode,
    state_text: input.state.text,
    state_color: input.state.color,
    type: procedure.type ?? "INTERACTIVE",
    buttons: JSON.stringify(input.buttons ?? ["history", "attachments"]),
    created_at: created,
    arrived_on: input.arrivedOn ?? created,
    has_alert: 0,
    record_id: input.recordId ?? null,
    discarded_at: null,
    discard_reason: null,
    search_text: instanceSearchText({ title, description, payload }),
  };
}

/** An entry of the instance's history; an operator message sets the card's alert. */
export async function addHistoryEntry(
  db: DbOrTx,
  input: {
    instanceId: string;
    ownerCuil: string;
    cn: string;
    action: string | null;
    comment?: string | null;
    files?: { fileId: string; name: string }[];
    operatorMessage?: boolean;
    excutedOn?: string;
  },
) {
  const row = await getOwnedInstance(db, input.ownerCuil, input.instanceId);
  assertActive(row);
  const when = input.excutedOn ?? new Date().toISOString();
  await insertHistoryEntry(db, {
    id: randomUUID(),
    instance_id: row.id,
    cn: input.cn,
    excuted_on: when,
    action: input.action,
    comment: input.comment ?? null,
    files: JSON.stringify(input.files ?? []),
    operator_message: fromBool(Boolean(input.operatorMessage)),
  });
  await updateInstance(db, row.id, {
    arrived_on: when > row.arrived_on ? when : row.arrived_on,
    ...(input.operatorMessage ? { has_alert: 1 as const } : {}),
  });
}

export async function addReceivedDoc(
  db: DbOrTx,
  input: { instanceId: string; ownerCuil: string; fileId: string; fileName: string; status: DocStatus; createdAt?: string },
) {
  const row = await getOwnedInstance(db, input.ownerCuil, input.instanceId);
  assertActive(row);
  const file = await findOwnedFileName(db, input.ownerCuil, input.fileId);
  if (!file) throw ApiError.notFound("No se encontró el archivo.");
  const id = randomUUID();
  await insertReceivedDoc(db, {
    id,
    instance_id: row.id,
    file_id: file.id,
    file_name: input.fileName,
    status: input.status,
    created_at: input.createdAt ?? new Date().toISOString(),
  });
  return { id };
}

// ---------------------------------------------------------------- catalogue

export type CatalogueItem = {
  id: number;
  code: string;
  description: string;
  type: "INTERACTIVE" | "FORM" | null;
  isParent: boolean;
  highlighted: boolean;
  parentId: number | null;
  parents: { id: number; description: string }[];
  theme: string | null;
  organism: string | null;
  recipient: string | null;
};

type CatalogueRow = ProcCatalogueTable;

async function ancestorsOf(db: DbOrTx, row: CatalogueRow): Promise<{ id: number; description: string }[]> {
  const chain: { id: number; description: string }[] = [];
  let parentId = row.parent_id;
  for (let depth = 0; parentId !== null && depth < 20; depth++) {
    const parent = await findCatalogueParent(db, parentId);
    if (!parent) break;
    chain.unshift({ id: parent.id, description: parent.description });
    parentId = parent.parent_id;
  }
  return chain;
}

function toItem(row: CatalogueRow, parents: { id: number; description: string }[]): CatalogueItem {
  return {
    id: row.id,
    code: row.code,
    description: row.description,
    type: row.type === "FORM" || row.type === "INTERACTIVE" ? row.type : null,
    isParent: toBool(row.is_parent),
    highlighted: toBool(row.highlighted),
    parentId: row.parent_id,
    parents,
    theme: row.theme,
    organism: row.organism,
    recipient: row.recipient,
  };
}

/** Root level, the children of a parent (404 when it is not a parent), or a search over the leaves. */
export async function listCatalogue(db: DbOrTx, options: { filter?: string | null; parentId?: number | null }) {
  if (options.filter && options.filter.trim()) {
    const rows = await searchCatalogueLeaves(db, options.filter);
    return Promise.all(rows.map(async (r) => toItem(r, await ancestorsOf(db, r))));
  }
  if (options.parentId !== undefined && options.parentId !== null) {
    const parent = await findProcedure(db, options.parentId);
    if (!parent || !toBool(parent.is_parent)) throw ApiError.notFound("No se encontró la categoría.");
    const parents = [...(await ancestorsOf(db, parent)), { id: parent.id, description: parent.description }];
    const rows = await listCatalogueChildren(db, parent.id);
    return rows.map((r) => toItem(r, parents));
  }
  const rows = await listCatalogueChildren(db, null);
  return rows.map((r) => toItem(r, []));
}

async function getProcedure(db: DbOrTx, id: number): Promise<CatalogueRow> {
  const row = await findProcedure(db, id);
  if (!row || toBool(row.is_parent)) throw ApiError.notFound("No se encontró el trámite.");
  return row;
}

export type DocsTableRow = { name: string; description: string; required: boolean };

export async function docsTable(db: DbOrTx, id: number): Promise<DocsTableRow[]> {
  const row = await getProcedure(db, id);
  return parseJson<DocsTableRow[]>(row.docs_table, []);
}

/** The procedures' filter facets: highlighted items, themes, organisms and recipients. */
export async function catalogueFacets(db: DbOrTx) {
  const rows = await listCatalogueLeaves(db);
  const distinct = (values: (string | null)[]) => [...new Set(values.filter((v): v is string => Boolean(v)))].sort();
  return {
    highlighted: await Promise.all(rows.filter((r) => toBool(r.highlighted)).map(async (r) => toItem(r, await ancestorsOf(db, r)))),
    themes: distinct(rows.map((r) => r.theme)),
    organisms: distinct(rows.map((r) => r.organism)),
    recipients: distinct(rows.map((r) => r.recipient)),
  };
}

/** Tabs whose instances the citizen can still complete from the requirements screen. */
const OPEN_TABS = new Set(["pending", "in_progress"]);

export async function requirements(db: DbOrTx, citizen: { cuil: string }, id: number) {
  const row = await getProcedure(db, id);
  const person = await findCitizenByCuil(db, citizen.cuil);
  const cn = person ? `${person.given_name} ${person.family_name}` : "";
  const instances = await listOwnedInstancesOfProcedure(db, citizen.cuil, row.id, 50);
  const tabs = await listTabLabels(db, MODULE_ID);
  const tabLabel = new Map(tabs.map((t) => [t.code, t.description]));
  return {
    procedureId: row.id,
    procedureCode: row.code,
    procedureDescription: row.description,
    procedureExplanation: row.explanation ?? "",
    procedureInformationUrl: row.information_url,
    procedureAcceptedTerms: false,
    enabledProcedureAcceptedTerms: toBool(row.terms_enabled),
    acceptedTermsDescription: toBool(row.terms_enabled) ? (row.terms_text ?? "") : null,
    procedureType: row.type,
    procedureRequirements: parseJson<string[]>(row.requirements, []),
    initialDocuments: parseJson<DocsTableRow[]>(row.docs_table, []),
    citizenData: {
      cn,
      cuil: citizen.cuil,
      email: person?.email ?? null,
      telephone_number: person?.phone_number ? `${person.phone_code ?? ""} ${person.phone_number}`.trim() : null,
      phone: person?.phone_number ? { code: person.phone_code ?? "", number: person.phone_number } : null,
    },
    instances: instances.map((i) => {
      const buttons = parseJson<InstanceButton[]>(i.buttons, []);
      const completable = !i.discarded_at && i.type === "INTERACTIVE" && buttons.includes("edit") && OPEN_TABS.has(i.tab_code);
      return {
        id: i.id,
        procedureDescription: row.description,
        cn,
        createdAt: i.created_at,
        dashboardLabel: tabLabel.get(i.tab_code) ?? i.state_text,
        state: { text: i.state_text, color: i.state_color },
        completable,
        link: i.id,
      };
    }),
    redirectionUrl: `/procedures/available/chat/?procedure=${row.id}`,
  };
}
