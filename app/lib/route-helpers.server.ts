import { json, type LoaderFunctionArgs } from "@remix-run/node";
import type { ModuleId } from "~/api/schemas";
import { requireAdhered } from "./guards.server";
import { requireApiContext } from "~/api/client.server";

/** Loader of a guarded screen whose module has not landed yet: guard only. */
export function guardedLoader(module: ModuleId) {
  return async ({ request }: LoaderFunctionArgs) => {
    await requireAdhered(request, module);
    return json({ ok: true });
  };
}

/** Loader of an unguarded screen that still needs a signed-in citizen. */
export async function signedInLoader({ request }: LoaderFunctionArgs) {
  await requireApiContext(request);
  return json({ ok: true });
}
