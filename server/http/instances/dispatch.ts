/**
 * `GET /api/v4/instances/count/:code?module=…` and `GET /api/v4/instances/:code?module=…`
 * are shared by several modules (spec section 7: procedures use `module=procedures|av`, records
 * `module=records`), and so is ours `GET /api/v4/instances/counts?module=…` (the `tab-counts`
 * extension: every tab's count at once). Each module registers its lister here, once, at import time:
 *
 *   registerInstanceLister("records", { count, counts, page });
 *
 * and these routes dispatch on the `module` query value (unknown module → 400).
 */
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { z } from "zod";
import { ApiError } from "../../errors.js";
import type { RouteDeps } from "../types.js";
import { parse } from "../validation.js";

export type InstanceListQuery = {
  cuil: string;
  /** tab code */
  code: string;
  pageNumber: number;
  searchTerm: string;
  /** e.g. "-createdAt", "+arrivedOn" ("createdAt"/"arrivedOn" alone mean ascending) */
  sort: string;
  since: string | undefined;
  until: string | undefined;
  /** every raw query value, for module-specific parameters */
  raw: Record<string, string>;
};

export type InstanceLister = {
  count(deps: RouteDeps, query: { cuil: string; code: string; raw: Record<string, string> }, request: FastifyRequest): Promise<number>;
  /** What `count` answers for each of the module's tabs, by tab code (0 for an empty tab), in one query. */
  counts(deps: RouteDeps, query: { cuil: string; raw: Record<string, string> }, request: FastifyRequest): Promise<Record<string, number>>;
  page(deps: RouteDeps, query: InstanceListQuery, request: FastifyRequest): Promise<unknown>;
};

const listers = new Map<string, InstanceLister>();

export function registerInstanceLister(module: string, lister: InstanceLister): void {
  listers.set(module, lister);
}

const Code = z.object({ code: z.string().min(1).max(64) });
const Query = z
  .object({
    module: z.string().min(1).max(32),
    pageNumber: z.coerce.number().int().min(1).max(100_000).optional(),
    searchTerm: z.string().max(200).optional(),
    sort: z.string().max(32).optional(),
    since: z.string().max(32).optional(),
    until: z.string().max(32).optional(),
  })
  .passthrough();

function listerFor(module: string): InstanceLister {
  const lister = listers.get(module);
  if (!lister) throw ApiError.badRequest("Módulo desconocido.");
  return lister;
}

const rawOf = (q: unknown) =>
  Object.fromEntries(Object.entries(q as Record<string, unknown>).filter(([, v]) => typeof v === "string")) as Record<string, string>;

export const instancesDispatchRoutes: FastifyPluginAsync<RouteDeps> = async (app, deps) => {
  const routeDeps: RouteDeps = { db: deps.db, config: deps.config, store: deps.store };

  app.get("/v4/instances/count/:code", async (request) => {
    const { code } = parse(Code, request.params);
    const q = parse(Query, request.query);
    const count = await listerFor(q.module).count(routeDeps, { cuil: request.citizen.cuil, code, raw: rawOf(request.query) }, request);
    return { count };
  });

  // A static path: find-my-way matches it before `/v4/instances/:code` (a tab so named is not listed).
  app.get("/v4/instances/counts", async (request) => {
    const q = parse(Query, request.query);
    const counts = await listerFor(q.module).counts(routeDeps, { cuil: request.citizen.cuil, raw: rawOf(request.query) }, request);
    return { counts };
  });

  app.get("/v4/instances/:code", async (request) => {
    const { code } = parse(Code, request.params);
    const q = parse(Query, request.query);
    return listerFor(q.module).page(
      routeDeps,
      {
        cuil: request.citizen.cuil,
        code,
        pageNumber: q.pageNumber ?? 1,
        searchTerm: (q.searchTerm ?? "").trim(),
        sort: q.sort ?? "-createdAt",
        since: q.since || undefined,
        until: q.until || undefined,
        raw: rawOf(request.query),
      },
      request,
    );
  });
};
