import { z } from "zod";
import { ACCESS_KINDS } from "@common/accesses";
import { ApiError, apiJson, type ApiContext } from "./client.server";

/**
 * 'Tus datos' (decisions 071–072): `GET /api/v1/me/accesses` of the reference backend (ours, not in
 * the spec). A 404 means this backend does not offer it: `null`, and the portal hides the page.
 */
export const Access = z.object({
  id: z.string(),
  occurredAt: z.string(),
  operator: z.object({ name: z.string(), organismo: z.string() }),
  kind: z.enum(ACCESS_KINDS),
  action: z.string(),
  item: z.object({ ref: z.string().nullable(), label: z.string().nullable() }),
  purpose: z.string(),
});
export type Access = z.infer<typeof Access>;

const AccessPage = z.object({
  accesses: z.array(Access),
  total: z.number(),
  page: z.number(),
  last_page: z.number(),
  page_size: z.number(),
});
export type AccessPage = z.infer<typeof AccessPage>;

export type AccessQuery = { page: number; since?: string | null; until?: string | null; kind?: string | null };

export async function getAccesses(ctx: ApiContext, q: AccessQuery): Promise<AccessPage | null> {
  try {
    return await apiJson(ctx, "/api/v1/me/accesses", AccessPage, {
      query: { page: q.page, since: q.since || undefined, until: q.until || undefined, kind: q.kind || undefined },
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
