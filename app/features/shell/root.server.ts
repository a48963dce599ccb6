import { json } from "@remix-run/node";
import { ApiError } from "~/api/client.server";
import type { ModuleId } from "~/api/schemas";
import { isAdhered } from "~/api/digital.server";
import { getConfig, getRoles } from "~/api/security.server";
import { pageToken } from "~/lib/csrf.server";
import { env } from "~/env.server";
import {
  ABSOLUTE_MS,
  apiContext,
  getActiveSession,
  getSession,
  LAST_SEEN_STEP_MS,
  needsConfirmation,
  sessionDeadline,
  sessionStorage,
  type ShellUser,
  type RequestScope,
} from "~/lib/session.server";
import { isSignedOut, markSignedOut } from "~/lib/signed-out.server";
import { getToast } from "~/lib/toast.server";
import { offeredExtensions } from "~/api/extensions.server";
import { EXTENSIONS } from "@common/extensions";
import { readReceiptFlash } from "~/features/receipts/flash.server";
import { draftCookieUpkeep, draftOwnerTags } from "~/features/session/drafts.server";

/**
 * The root route's loader: reads the toast, refreshes the idle timer, loads the page furniture, and
 * hands the page the session deadline, the draft owner tag and a receipt notice (decisions 032, 033).
 * It lives in one server module so that the root's browser bundle, which every page loads, carries
 * one empty stand-in instead of one per server module the loader needs.
 */
export async function loadRoot({ request, context }: RequestScope) {
  const headers = new Headers();
  const { toast, headers: toastHeaders } = await getToast(request);
  toastHeaders?.forEach((value) => headers.append("Set-Cookie", value));
  const [csrfToken, csrfCookie] = await pageToken(request);
  if (csrfCookie) headers.append("Set-Cookie", csrfCookie);

  let user: ShellUser | null = null;
  let modules: ModuleId[] = [];
  let tenant = env.TENANT;
  let datos = false;
  let receipts = false;
  let sessionInfo: { expiresAt: number; remainingMs: number; draftOwners: string[] } | null = null;
  let active = await getActiveSession({ request, context });
  if (!active) {
    // A copy of a cookie signed out through this process: its fields go too (decision 103).
    const stale = await getSession({ request, context });
    if (stale.data.sid && isSignedOut(stale.data.sid)) {
      for (const key of ["sid", "cuil", "accessToken", "idToken", "createdAt", "lastSeen", "user", "adhered", "confirmedAt"] as const)
        stale.unset(key);
      headers.append("Set-Cookie", await sessionStorage.commitSession(stale));
    }
  }
  let changed = false;
  if (active) {
    const known = active.data;
    const ctx = apiContext({ request, context }, known);
    // The citizen and a yes of the adhesion check are kept in the session once answered (decision 002);
    // until the adhesion says yes, this loader asks with the page's startup rule (one call per request).
    // The roles call is also the API's word that the token stands: asked again past SESSION_CHECK_MS
    // (decision 103), so a session signed out elsewhere shows nothing of the citizen.
    const confirm = !known.user || needsConfirmation(known);
    const adhesion = known.adhered ? null : isAdhered(ctx).catch(() => false);
    let ended = false;
    try {
      const [kept, config, offered] = await Promise.all([
        confirm ? getRoles(ctx).then(shellUser) : known.user!,
        getConfig(ctx),
        offeredExtensions(ctx),
      ]);
      // Links to what the backend offers beyond the spec (decision 098): 'Tus datos', the receipts.
      datos = offered.has(EXTENSIONS.accesses);
      receipts = offered.has(EXTENSIONS.receipts);
      user = kept;
      if (!known.user || JSON.stringify(known.user) !== JSON.stringify(kept)) {
        active.session.set("user", kept);
        changed = true;
      }
      if (confirm) {
        active.session.set("confirmedAt", Date.now());
        changed = true;
      }
      modules = config.modules.filter((m) => m.enabled).map((m) => m.id);
      if (config.tenant && /^[a-z0-9-]+$/.test(config.tenant)) tenant = config.tenant;
    } catch (error) {
      if (error instanceof Response) {
        // The API refused the token (revoked, expired): the session is over here too; the page is
        // shown signed out, with the cookie's session fields cleared.
        if (error.status < 300 || error.status >= 400) throw error;
        markSignedOut(known.sid, known.createdAt + ABSOLUTE_MS);
        error.headers.forEach((value, name) => void (name.toLowerCase() === "set-cookie" && headers.append("Set-Cookie", value)));
        ended = true;
      } else if (!(error instanceof ApiError)) throw error;
      // The furniture degrades; the route below decides whether the page can be shown.
    }
    if (ended) {
      await adhesion;
      active = null;
      user = null;
      datos = false;
      modules = [];
    } else if (adhesion && (await adhesion)) {
      active.session.set("adhered", true);
      changed = true;
    }
  }
  if (active) {
    const known = active.data;
    // The idle timer moves in steps of a minute (decision 076): pages seen within a minute of the
    // last cookie written send none, unless the session learnt something above.
    const now = Date.now();
    const moved = now - known.lastSeen >= LAST_SEEN_STEP_MS;
    if (moved) active.session.set("lastSeen", now);
    if (changed || moved) headers.append("Set-Cookie", await sessionStorage.commitSession(active.session));
    const expiresAt = sessionDeadline({ createdAt: known.createdAt, lastSeen: moved ? now : known.lastSeen });
    sessionInfo = { expiresAt, remainingMs: expiresAt - now, draftOwners: draftOwnerTags(known.cuil) };
  }
  // Decision 032: a kept draft is dropped once restored, expired, or not this citizen's.
  const draftHeader = await draftCookieUpkeep(request, active?.data.cuil ?? null);
  if (draftHeader) headers.append("Set-Cookie", draftHeader);
  // Receipts (decision 033): 'Ver comprobante' after an action that issued a receipt.
  const { receipt, header: receiptHeader } = await readReceiptFlash(request);
  if (receiptHeader) headers.append("Set-Cookie", receiptHeader);

  return json(
    {
      toast,
      csrfToken,
      user,
      modules,
      tenant,
      datos,
      receipts,
      citizenIdUrl: env.CITIZEN_ID_URL,
      session: sessionInfo ? { expiresAt: sessionInfo.expiresAt, remainingMs: sessionInfo.remainingMs } : null,
      draftOwners: sessionInfo?.draftOwners ?? null,
      receipt: user ? receipt : null,
    },
    { headers },
  );
}

function shellUser(roles: Awaited<ReturnType<typeof getRoles>>): ShellUser {
  return { cn: roles.cn, cuil: roles.cuil, email: roles.email ?? null, telephone: roles.telephone_number ?? null };
}
