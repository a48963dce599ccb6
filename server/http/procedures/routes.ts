/**
 * Procedures module (spec section 7, "Common and procedures"): the tray's lister (through the
 * shared instances dispatcher), history, received documents, discard, the link to a record,
 * the catalogue, its documents table and the requirements of a procedure.
 * Every instance call is scoped to the signed-in citizen: another citizen's id answers 404.
 */
import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { citizenName } from "../../domain/citizens/service.js";
import { ApiError } from "../../errors.js";
import {
  catalogueFacets,
  countInstances,
  countInstancesByTab,
  discardInstance,
  docsTable,
  getHistory,
  getReceivedDocs,
  listCatalogue,
  listInstances,
  MAX_REASON_LENGTH,
  MODULE_ID,
  redirectRecord,
  requirements,
  type SortField,
} from "../../domain/procedures/service.js";
import { pageSizeOf, tabExists } from "../../domain/config/reference.js";
import { registerInstanceLister, type InstanceLister } from "../instances/dispatch.js";
import type { RouteDeps } from "../types.js";
import { parse } from "../validation.js";

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function parseDay(value: string | undefined, name: string): string | null {
  if (!value) return null;
  const day = value.slice(0, 10);
  if (!DAY.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00.000Z`))) throw ApiError.badRequest(`Datos inválidos en: ${name}.`);
  return day;
}

export function parseSort(value: string): { field: SortField; direction: "asc" | "desc" } {
  const match = /^([+-]?)(createdAt|arrivedOn)$/.exec(value.trim());
  if (!match) throw ApiError.badRequest("Datos inválidos en: sort.");
  return { field: match[2] as SortField, direction: match[1] === "-" ? "desc" : "asc" };
}

async function assertTab(deps: RouteDeps, code: string) {
  if (!(await tabExists(deps.db, MODULE_ID, code))) throw ApiError.notFound("No se encontró la bandeja.");
}

const lister: InstanceLister = {
  async count(deps, query) {
    await assertTab(deps, query.code);
    return countInstances(deps.db, query.cuil, query.code);
  },
  counts: (deps, query) => countInstancesByTab(deps.db, query.cuil),
  async page(deps, query) {
    await assertTab(deps, query.code);
    const since = parseDay(query.since, "since");
    const until = parseDay(query.until, "until");
    const pageSize = await pageSizeOf(deps.db, MODULE_ID);
    const { instances, last_page } = await listInstances(deps.db, query.cuil, query.code, {
      pageNumber: query.pageNumber,
      pageSize,
      searchTerm: query.searchTerm || null,
      sort: parseSort(query.sort),
      since,
      until,
    });
    return { instances, last_page };
  },
};
registerInstanceLister(MODULE_ID, lister);
registerInstanceLister("av", lister);

const IdParams = z.object({ id: z.string().min(1).max(64) });
const ProcedureParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const DiscardBody = z
  .object({ message: z.string().max(MAX_REASON_LENGTH).nullable().optional() })
  .passthrough()
  .optional();
const CatalogueQuery = z.object({
  filter: z.string().max(200).optional(),
  parentId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});

export const proceduresRoutes: FastifyPluginAsync<RouteDeps> = async (app, deps) => {
  const { db } = deps;

  app.get("/v4/instances/history/:id", async (request) => {
    const { id } = parse(IdParams, request.params);
    return { result: await getHistory(db, request.citizen.cuil, id) };
  });

  app.get("/v4/instances/:id/received_docs", async (request) => {
    const { id } = parse(IdParams, request.params);
    return { result: await getReceivedDocs(db, request.citizen.cuil, id) };
  });

  app.post("/v4/instances/:id/discard", async (request) => {
    const { id } = parse(IdParams, request.params);
    const body = parse(DiscardBody, request.body);
    const cn = await citizenName(deps.db, request.citizen.cuil);
    const result = await discardInstance(db, { cuil: request.citizen.cuil, cn }, id, body?.message ?? null);
    return { success: true, result };
  });

  app.get("/v4/filemanager/:id/redirectRecord", async (request) => {
    const { id } = parse(IdParams, request.params);
    return { result: await redirectRecord(db, request.citizen.cuil, id) };
  });

  app.get("/v4/procedures", async (request) => {
    const query = parse(CatalogueQuery, request.query);
    return { result: await listCatalogue(db, { filter: query.filter, parentId: query.parentId }) };
  });

  app.get("/v4/procedures/facets", async () => ({ result: await catalogueFacets(db) }));

  app.get("/v4/procedures/:id/docs_table", async (request) => {
    const { id } = parse(ProcedureParams, request.params);
    return { result: await docsTable(db, id) };
  });

  app.get("/v4/procedures/:id/requirements", async (request) => {
    const { id } = parse(ProcedureParams, request.params);
    return { result: await requirements(db, { cuil: request.citizen.cuil }, id) };
  });
};
