/**
 * Which calls of ours beyond spec section 7 the backend offers (decision 098). A backend that honours
 * only the spec answers the discovery call with 404 or 501: it offers none, and every feature an
 * extension serves is hidden (no dead button, no error text, no broken image). What a process learns
 * is a fact about the backend, not about a citizen: it is kept for `TTL_MS`; a failure other than
 * "not offered" keeps what was known (or offers nothing until the next try).
 */
import { z } from "zod/v4";
import { EXTENSIONS, type Extension } from "@common/extensions";
import { ApiError, api, apiJson, type ApiContext } from "./client.server";
import { list, wrapped } from "./read.server";

export type { Extension };

const TTL_MS = 5 * 60 * 1000;
const NOT_OFFERED = new Set([404, 405, 501]);
const Discovery = wrapped(list(z.union([z.string(), z.object({ name: z.string() }).transform((e) => e.name)])), "array", [
  "extensions",
  "result",
  "data",
]);

let known: { offered: ReadonlySet<string>; until: number } | null = null;
let asking: Promise<ReadonlySet<string>> | null = null;

async function discover(ctx: ApiContext): Promise<ReadonlySet<string>> {
  try {
    const names = await apiJson(ctx, api`/api/v1/extensions`, Discovery);
    known = { offered: new Set(names), until: Date.now() + TTL_MS };
  } catch (error) {
    // A redirect to sign in belongs to the citizen whose token it was: the page's own calls will meet it.
    if (error instanceof Response) return known?.offered ?? new Set();
    if (error instanceof ApiError && NOT_OFFERED.has(error.status)) known = { offered: new Set(), until: Date.now() + TTL_MS };
    else if (!known) return new Set();
  }
  return known.offered;
}

/** The extensions the backend offers (one discovery call per process at a time, then kept). */
export async function offeredExtensions(ctx: ApiContext): Promise<ReadonlySet<string>> {
  if (known && known.until > Date.now()) return known.offered;
  asking ??= discover(ctx).finally(() => {
    asking = null;
  });
  return asking;
}

/** Whether the backend offers `extension`. */
export async function offers(ctx: ApiContext, extension: Extension): Promise<boolean> {
  return (await offeredExtensions(ctx)).has(EXTENSIONS[extension]);
}

/** Tests: forget what was learnt. */
export function forgetExtensions() {
  known = null;
  asking = null;
}
