import { z } from "zod";
import { apiJson, apiRaw, type ApiContext } from "./client.server";
import { referenceCache } from "./reference.server";
import { ConfigSchema, UserSchema, type PortalConfig } from "./schemas";

export function getRoles(ctx: ApiContext) {
  return apiJson(ctx, "/api/security/user/get_roles", z.object({ data: z.object({ data: UserSchema }) })).then((r) => r.data.data);
}

/**
 * The root loader and a page's startup rule both need the configuration, and on a document request
 * Remix gives every loader the same Request: it is asked for once per request (and per citizen),
 * and a process keeps the answer for a short time (reference data, decision 047).
 */
const configOfRequest = new WeakMap<Request, { cuil: string; config: Promise<PortalConfig> }>();
export const configCache = referenceCache<PortalConfig>();

function fetchConfig(ctx: ApiContext): Promise<PortalConfig> {
  return configCache.get(() => apiJson(ctx, "/api/v4/instances/config", ConfigSchema));
}

export function getConfig(ctx: ApiContext) {
  const known = configOfRequest.get(ctx.request);
  if (known && known.cuil === ctx.cuil) return known.config;
  const config = fetchConfig(ctx);
  configOfRequest.set(ctx.request, { cuil: ctx.cuil, config });
  // A failed call is not kept: the next loader asks again and decides for itself.
  config.catch(() => {
    if (configOfRequest.get(ctx.request)?.config === config) configOfRequest.delete(ctx.request);
  });
  return config;
}

/** Revokes the access token on the backend (best effort: the portal session ends either way). */
export async function revokeSession(ctx: ApiContext) {
  await apiRaw(ctx, "/api/security/logout", { method: "POST", timeoutMs: 3000 });
}
