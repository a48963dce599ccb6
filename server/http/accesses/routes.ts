/**
 * 'Tus datos' (decision 071): `GET /api/v1/me/accesses?page=&since=&until=&kind=` lists the
 * operator accesses to the signed-in citizen's data, newest first, one page of 20. Only the bearer's
 * own entries; there is no path parameter to point at anyone else's.
 * `GET` / `PUT /api/v1/me/access-digest` read and set the bearer's switch of the daily e-mail
 * digest (decision 071): `{ enabled }`.
 */
import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { ACCESS_KINDS } from "../../../common/accesses.js";
import { digestEnabled, setDigestEnabled } from "../../domain/accesses/digest.js";
import { listCitizenAccesses } from "../../domain/accesses/service.js";
import { ApiError } from "../../errors.js";
import type { RouteDeps } from "../types.js";
import { parse } from "../validation.js";

const Day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((v) => {
    const d = new Date(`${v}T00:00:00.000Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v) && v >= "2000-01-01" && v <= "2999-12-31";
  }, "aaaa-mm-dd");

export const AccessesQuery = z.object({
  page: z
    .string()
    .regex(/^\d{1,6}$/)
    .transform(Number)
    .pipe(z.number().int().min(1))
    .optional(),
  since: Day.optional(),
  until: Day.optional(),
  kind: z.enum(ACCESS_KINDS).optional(),
});

const DigestSwitch = z.object({ enabled: z.boolean() }).strict();

export const accessesRoutes: FastifyPluginAsync<RouteDeps> = async (app, { db }) => {
  app.get("/v1/me/accesses", async (request) => {
    const q = parse(AccessesQuery, Object.fromEntries(Object.entries(request.query as Record<string, string>).filter(([, v]) => v !== "")));
    if (q.since && q.until && q.since > q.until) throw ApiError.badRequest("La fecha «desde» es posterior a la fecha «hasta».");
    return listCitizenAccesses(db, request.citizen.cuil, { page: q.page ?? 1, since: q.since, until: q.until, kind: q.kind });
  });

  app.get("/v1/me/access-digest", async (request) => ({ enabled: await digestEnabled(db, request.citizen.cuil) }));

  app.put("/v1/me/access-digest", async (request) => {
    const { enabled } = parse(DigestSwitch, request.body);
    return { enabled: await setDigestEnabled(db, request.citizen.cuil, enabled) };
  });
};
