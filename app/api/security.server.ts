import { safeLogoutUrl } from "./logout-url.server";
import { api, apiJson, apiRaw, type ApiContext } from "./client.server";
import { wrapped } from "./read.server";
import { perRequest, referenceCache } from "./reference.server";
import { ConfigSchema, UserSchema, type PortalConfig } from "./schemas";

/** `get_roles` "returns data.data (the user)"; a backend that sends it less deeply wrapped (or bare) is read too. */
const RolesAnswer = wrapped(UserSchema, "cuil", ["data", "result", "user"], "data");

export async function getRoles(ctx: ApiContext) {
  const user = await apiJson(ctx, api`/api/security/user/get_roles`, RolesAnswer);
  return { ...user, cuil: user.cuil || ctx.cuil };
}

const PortalConfigAnswer = wrapped(ConfigSchema, "modules").transform((config) => ({
  ...config,
  logout_url: safeLogoutUrl(config.logout_url),
}));

/**
 * The root loader and a page's startup rule both need the configuration: it is asked for once per
 * request (`perRequest`), and a process keeps the answer for a short time (reference data, decision 047).
 */
export const configCache = referenceCache<PortalConfig>();

export const getConfig = perRequest((ctx: ApiContext) =>
  configCache.get(() => apiJson(ctx, api`/api/v4/instances/config`, PortalConfigAnswer)),
);

/** Revokes the access token on the backend (an extension, best effort: the portal session ends either way). */
export async function revokeSession(ctx: ApiContext) {
  await apiRaw(ctx, api`/api/security/logout`, { method: "POST", timeoutMs: 3000 });
}

/** The readers of this module's answers, by call: the property tests read answers through them (issue 36). */
export const securityAnswers = { roles: RolesAnswer, config: PortalConfigAnswer };
