import { z } from "zod/v4";
import { apiJson, apiRaw, type ApiContext } from "./client.server";
import { perRequest, referenceCache } from "./reference.server";
import { ConfigSchema, UserSchema, type PortalConfig } from "./schemas";

const RolesAnswer = z.object({ data: z.object({ data: UserSchema }) });

export function getRoles(ctx: ApiContext) {
  return apiJson(ctx, "/api/security/user/get_roles", RolesAnswer).then((r) => r.data.data);
}

/**
 * The root loader and a page's startup rule both need the configuration: it is asked for once per
 * request (`perRequest`), and a process keeps the answer for a short time (reference data, decision 047).
 */
export const configCache = referenceCache<PortalConfig>();

export const getConfig = perRequest((ctx: ApiContext) => configCache.get(() => apiJson(ctx, "/api/v4/instances/config", ConfigSchema)));

/** Revokes the access token on the backend (best effort: the portal session ends either way). */
export async function revokeSession(ctx: ApiContext) {
  await apiRaw(ctx, "/api/security/logout", { method: "POST", timeoutMs: 3000 });
}
