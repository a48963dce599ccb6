import { getAccesses } from "~/api/accesses.server";
import type { ApiContext } from "~/api/client.server";

/**
 * Whether the backend offers 'Tus datos' (decision 072): learnt from the call itself (404: not
 * offered) and remembered by this process for ten minutes. That is a fact about the backend, not
 * about a citizen: the answer's entries are never kept. `/datos` refreshes it on every visit.
 */
const TTL_MS = 10 * 60 * 1000;
let known: { offered: boolean; at: number } | null = null;

export function rememberOffered(offered: boolean, now = Date.now()) {
  known = { offered, at: now };
}

/** The remembered answer, or a probe (one call, in parallel with the root loader's others) when stale. */
export async function accessLogOffered(ctx: ApiContext, now = Date.now()): Promise<boolean> {
  if (known && now - known.at < TTL_MS) return known.offered;
  try {
    const page = await getAccesses(ctx, { page: 1 });
    rememberOffered(page !== null, now);
    return page !== null;
  } catch {
    // Down or failing: the links stay as they were (hidden when never known); the next page asks again.
    return known?.offered ?? false;
  }
}

/** Tests: forget what was learnt. */
export function forgetOffered() {
  known = null;
}
