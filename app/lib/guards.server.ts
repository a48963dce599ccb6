import { redirect } from "@remix-run/node";
import { ApiError, type ApiContext } from "~/api/client.server";
import { requireApiContext, type RequestScope } from "~/lib/session.server";
import { isAdhered } from "~/api/digital.server";
import { getConfig } from "~/api/security.server";
import type { ModuleId, PortalConfig } from "~/api/schemas";
import { failedPage } from "~/lib/outage.server";

/**
 * Route guards (spec sections 2 and 4, "Startup"): a signed-in citizen, and for
 * guarded routes one adhered to the digital domicile. The digital module being
 * disabled counts as adhered. Failures other than "not adhered" go to /error.
 */
export type Startup = { ctx: ApiContext; config: PortalConfig; adhered: boolean };

export function moduleEnabled(config: PortalConfig, id: ModuleId) {
  return config.modules.some((m) => m.id === id && m.enabled);
}

export function moduleConfig(config: PortalConfig, id: ModuleId) {
  return config.modules.find((m) => m.id === id && m.enabled) ?? null;
}

/** Anything but a redirect or a Response becomes a trip to /error; the API out of reach, the error screen with 503. */
export async function orErrorPage<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof ApiError) throw failedPage(error);
    throw error;
  }
}

export async function loadStartup(scope: RequestScope): Promise<Startup> {
  const ctx = await requireApiContext(scope);
  return orErrorPage(async () => {
    // One round (decision 047): the adhesion check goes out with the configuration; its answer is
    // used only when the digital module is enabled (a disabled module counts as adhered). A yes this
    // session already had is not asked again (decision 002).
    const adhesion = (ctx.adhered ? Promise.resolve(true) : isAdhered(ctx)).then(
      (adhered) => ({ adhered }),
      (error: unknown) => ({ error }),
    );
    const config = await getConfig(ctx);
    if (!moduleEnabled(config, "digital")) return { ctx, config, adhered: true };
    const checked = await adhesion;
    if ("error" in checked) throw checked.error;
    return { ctx, config, adhered: checked.adhered };
  });
}

/** Guarded routes: adhered citizens only; `module` must be enabled when given. */
export async function requireAdhered(scope: RequestScope, module?: ModuleId): Promise<Startup> {
  const startup = await loadStartup(scope);
  if (!startup.adhered) throw redirect("/procedures/no-adhesion");
  if (module && !moduleEnabled(startup.config, module)) throw new Response("No encontrado", { status: 404 });
  return startup;
}
