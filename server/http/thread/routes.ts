/**
 * One thread between the modules (decision 026), citizen side: the communications about
 * given procedure instances or a record. Ours (the spec does not name it); digital domicile
 * conventions: User-ID header, the cuil in the path, adhesion required.
 *
 * `GET /api/dd/v1/communications/linked/{cuil}?instance=ID[,ID…]` (up to 50) and/or `&record=ID`
 * → `{ communications: LinkedCommunication[] }`, newest first; 404 when any id is not the citizen's.
 */
import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { linkedCommunications } from "../../domain/thread/service.js";
import { ApiError } from "../../errors.js";
import { assertOwnCuil, assertUserIdHeader, cuilParam } from "../identity.js";
import type { RouteDeps } from "../types.js";
import { parse } from "../validation.js";

const Id = z.string().regex(/^[A-Za-z0-9-]{1,36}$/);
const Params = z.object({ cuil: cuilParam }).strict();
const Query = z
  .object({
    instance: z
      .string()
      .max(50 * 37)
      .transform((v) =>
        v
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean),
      )
      .pipe(z.array(Id).max(50))
      .optional(),
    record: Id.optional(),
  })
  .strict();

export const threadRoutes: FastifyPluginAsync<RouteDeps> = async (app, { db }) => {
  app.get("/dd/v1/communications/linked/:cuil", async (request) => {
    const { cuil } = parse(Params, request.params);
    assertUserIdHeader(request);
    assertOwnCuil(request, cuil);
    // The adhesion comes first (400 NOT_ADHERED, even to a query that is not valid), then the query,
    // then the ids' owner (404): the listing asks the adhesion and the owner in one query, and lists
    // nothing about no item.
    const query = Query.safeParse(request.query);
    const about = query.success ? { instances: query.data.instance, record: query.data.record } : {};
    const communications = await linkedCommunications(db, cuil, about);
    if (!query.success) parse(Query, request.query); // its 400, worded as every route's
    if (!about.instances?.length && !about.record) throw ApiError.badRequest("Indica un trámite (instance) o un expediente (record).");
    return { communications };
  });
};
