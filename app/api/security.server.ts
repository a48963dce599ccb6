import { z } from "zod";
import { apiJson, apiRaw, type ApiContext } from "./client.server";
import { ConfigSchema, UserSchema } from "./schemas";

export function getRoles(ctx: ApiContext) {
  return apiJson(ctx, "/api/security/user/get_roles", z.object({ data: z.object({ data: UserSchema }) })).then((r) => r.data.data);
}

export function getConfig(ctx: ApiContext) {
  return apiJson(ctx, "/api/v4/instances/config", ConfigSchema);
}

/** Revokes the access token on the backend (best effort: the portal session ends either way). */
export async function revokeSession(ctx: ApiContext) {
  await apiRaw(ctx, "/api/security/logout", { method: "POST", timeoutMs: 3000 });
}
