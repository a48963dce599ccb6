import { z } from "zod/v4";
import { ACCESS_KINDS } from "@common/accesses";
import { api, ApiError, apiJson, type ApiContext } from "./client.server";
import { offers } from "./extensions.server";

/**
 * 'Tus datos' (decision 071): `GET /api/v1/me/accesses` and the digest's switch, calls of
 * the reference backend (ours, not in the spec). A 404 means this backend does not offer them:
 * `null`, and the portal hides the page or the form.
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

/** A call of ours: its answer, or null when this backend does not offer it (decision 098; a 404 says so too). */
async function offered<T>(ctx: ApiContext, call: () => Promise<T>): Promise<T | null> {
  if (!(await offers(ctx, "accesses"))) return null;
  try {
    return await call();
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function getAccesses(ctx: ApiContext, q: AccessQuery): Promise<AccessPage | null> {
  return offered(ctx, () =>
    apiJson(ctx, api`/api/v1/me/accesses`, AccessPage, {
      query: { page: q.page, since: q.since || undefined, until: q.until || undefined, kind: q.kind || undefined },
    }),
  );
}

/** The switch of the daily e-mail digest of the accesses (decision 071): `GET` / `PUT /api/v1/me/access-digest`. */
const DigestSwitch = z.object({ enabled: z.boolean() });

export async function getAccessDigest(ctx: ApiContext): Promise<boolean | null> {
  const answer = await offered(ctx, () => apiJson(ctx, api`/api/v1/me/access-digest`, DigestSwitch));
  return answer ? answer.enabled : null;
}

export async function setAccessDigest(ctx: ApiContext, enabled: boolean): Promise<boolean> {
  return (await apiJson(ctx, api`/api/v1/me/access-digest`, DigestSwitch, { method: "PUT", body: { enabled } })).enabled;
}
