import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { z } from "zod";
import type { InboxFilters } from "../../domain/dd/inbox-repository.js";
import {
  contactInfo,
  enroll,
  getHistory,
  getOne,
  inbox,
  legalText,
  listTypes,
  openCommunicationFile,
  requireAdhesion,
  setArchived,
  setSelfDa,
  toSelfDa,
} from "../../domain/dd/service.js";
import { describeLinks } from "../../domain/thread/service.js";
import { ApiError } from "../../errors.js";
import { assertOwnCuil, assertUserIdHeader, cuilParam } from "../identity.js";
import type { RouteDeps } from "../types.js";
import { parse } from "../validation.js";
import { contentDisposition as rfc6266ContentDisposition } from "../fs/content-disposition.js";
import { withTypeExtension } from "../../../common/file-names.js";
import {
  INBOX_DEFAULT_SORT,
  INBOX_PAGE_MAX,
  INBOX_SELECTED,
  INBOX_TEXT_MAX,
  parseInboxOrder,
  splitInboxTypes,
  type InboxFilterName,
} from "../../../common/inbox.js";

const CuilParams = z.object({ cuil: cuilParam }).strict();
const CodeParams = z.object({ code: z.string().min(1).max(32) }).strict();
const FileParams = z.object({ code: z.string().min(1).max(32), fileId: z.string().min(1).max(64) }).strict();
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)));
const flag = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");

/** The inbox call's query: spec section 3's filters, as common/inbox.ts names them. */
const InboxQuery = z.object({
  page: z.coerce.number().int().min(1).max(INBOX_PAGE_MAX).default(1),
  order: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const order = v === undefined ? INBOX_DEFAULT_SORT : parseInboxOrder(v);
      if (!order) ctx.addIssue({ code: z.ZodIssueCode.custom, message: "Invalid order" });
      return order ?? INBOX_DEFAULT_SORT;
    }),
  search: z.string().max(INBOX_TEXT_MAX).optional(),
  seen: flag.optional(),
  archived: flag.optional(),
  client: z.string().max(INBOX_TEXT_MAX).optional(),
  type: z.string().max(500).optional(),
  created_since: day.optional(),
  created_until: day.optional(),
  seen_since: day.optional(),
  seen_until: day.optional(),
  selected: z.enum(INBOX_SELECTED).default("received"),
} satisfies Record<InboxFilterName, z.ZodTypeAny>);

const PhoneSchema = z
  .object({ code: z.string().regex(/^\d{2,5}$/), number: z.string().regex(/^\d{5,10}$/) })
  .nullable()
  .optional();
const EnrollBody = z.object({
  user_id: cuilParam,
  first_name: z.string().max(200).optional(),
  last_name: z.string().max(200).optional(),
  email: z.string().email().max(320),
  phone: PhoneSchema,
});
const SettingsBody = z.object({ user_id: cuilParam, email: z.string().email().max(320), phone: PhoneSchema });
const CodesBody = z.object({ communications: z.array(z.string().min(1).max(32)).min(1).max(100) });

/** `filename` for Content-Disposition: the shared RFC 6266 / 5987 form (server/http/fs/content-disposition.ts). */
export function contentDisposition(name: string): string {
  return rfc6266ContentDisposition(name.trim() ? name : "archivo.pdf");
}

/** Digital domicile (`/api/dd/v1`). Every call checks the User-ID header and the path cuil. */
export const ddRoutes: FastifyPluginAsync<RouteDeps> = async (app, deps) => {
  const { db, store, config } = deps;

  /** User-ID check, then (digital calls only) the adhesion. */
  async function citizen(request: FastifyRequest, opts: { adhered?: boolean } = {}) {
    assertUserIdHeader(request);
    const cuil = request.citizen.cuil;
    if (opts.adhered !== false) await requireAdhesion(db, cuil);
    return cuil;
  }

  app.get("/dd/v1/users/get-user-self-da/:cuil", async (request) => {
    const { cuil } = parse(CuilParams, request.params);
    assertUserIdHeader(request);
    assertOwnCuil(request, cuil);
    const adhesion = await requireAdhesion(db, cuil);
    return { data: toSelfDa(adhesion) };
  });

  app.get("/dd/v1/users/get_contact_info/:cuil", async (request) => {
    const { cuil } = parse(CuilParams, request.params);
    await citizen(request, { adhered: false });
    assertOwnCuil(request, cuil);
    return { data: await contactInfo(db, cuil) };
  });

  app.get("/dd/v1/users/get_terms", async (request) => {
    const cuil = await citizen(request, { adhered: false });
    return { data: { html: await legalText(db, config.TENANT, "terms", cuil) } };
  });
  app.get("/dd/v1/users/get_policies", async (request) => {
    const cuil = await citizen(request, { adhered: false });
    return { data: { html: await legalText(db, config.TENANT, "privacy", cuil) } };
  });

  app.post("/dd/v1/users/enroll", async (request) => {
    const cuil = await citizen(request, { adhered: false });
    const body = parse(EnrollBody, request.body);
    assertOwnCuil(request, body.user_id);
    // Adhering and its mail are one transaction; the outbox sends it (decision 028).
    await enroll(db, cuil, body.email, body.phone ?? null);
    return { data: toSelfDa(await requireAdhesion(db, cuil)) };
  });

  app.put("/dd/v1/users/set-self-da", async (request) => {
    const cuil = await citizen(request, { adhered: false });
    const body = parse(SettingsBody, request.body);
    assertOwnCuil(request, body.user_id);
    await setSelfDa(db, cuil, body.email, body.phone ?? null);
    return { data: toSelfDa(await requireAdhesion(db, cuil)) };
  });

  app.get("/dd/v1/communications/inbox/:cuil", async (request) => {
    const { cuil } = parse(CuilParams, request.params);
    assertUserIdHeader(request);
    assertOwnCuil(request, cuil);
    await requireAdhesion(db, cuil);
    const q = parse(InboxQuery, request.query);
    for (const [a, b] of [
      [q.created_since, q.created_until],
      [q.seen_since, q.seen_until],
    ]) {
      if (a && b && a > b) throw ApiError.badRequest("La fecha desde no puede ser posterior a la fecha hasta.");
    }
    const filters: InboxFilters = {
      page: q.page,
      order: { key: q.order.key, desc: q.order.desc },
      search: q.search?.trim() || undefined,
      seen: q.seen,
      archived: q.archived ?? false,
      client: q.client?.trim() || undefined,
      types: q.type === undefined ? undefined : splitInboxTypes(q.type),
      created_since: q.created_since,
      created_until: q.created_until,
      seen_since: q.seen_since,
      seen_until: q.seen_until,
      selected: q.selected,
    };
    return inbox(db, cuil, filters);
  });

  app.get("/dd/v1/communications/get_one/:code", async (request) => {
    const cuil = await citizen(request);
    const { code } = parse(CodeParams, request.params);
    const communication = await getOne(db, cuil, code);
    // Additive to the spec (decision 026): the procedure / record it concerns, with what the portal shows of them.
    return { communication: { ...communication, ...(await describeLinks(db, cuil, communication)) } };
  });

  app.get("/dd/v1/communications/get_history/:code", async (request) => {
    const cuil = await citizen(request);
    const { code } = parse(CodeParams, request.params);
    return { history: await getHistory(db, cuil, code) };
  });

  app.get("/dd/v1/communications/get_file/:code/:fileId", async (request, reply) => {
    const cuil = await citizen(request);
    const { code, fileId } = parse(FileParams, request.params);
    const file = await openCommunicationFile(db, store, cuil, code, fileId);
    return reply
      .header("content-type", file.mime)
      .header("content-length", String(file.size))
      .header("content-disposition", contentDisposition(withTypeExtension(file.name, file.mime)))
      .header("x-content-type-options", "nosniff")
      .send(file.stream);
  });

  for (const [action, archived] of [
    ["archive", true],
    ["recover", false],
  ] as const) {
    app.put(`/dd/v1/communications/${action}`, async (request) => {
      const cuil = await citizen(request);
      const { communications } = parse(CodesBody, request.body);
      await setArchived(db, cuil, communications, archived);
      return { communications };
    });
  }

  app.get("/dd/v1/communications/types/all", async (request) => {
    await citizen(request);
    return { types: await listTypes(db) };
  });
};
