import { json } from "@remix-run/node";
import { ApiError, type ApiContext } from "~/api/client.server";
import type { ModuleId } from "~/api/schemas";
import { isAdhered } from "~/api/digital.server";
import { getConfig, getRoles } from "~/api/security.server";
import { pageToken } from "~/lib/csrf.server";
import { env } from "~/lib/env.server";
import { getActiveSession, LAST_SEEN_STEP_MS, sessionDeadline, sessionStorage } from "~/lib/session.server";
import { draftCookieUpkeep, draftOwnerTag } from "~/features/session/drafts.server";
import { readReceiptFlash } from "~/features/receipts/flash.server";
import { getToast } from "~/lib/toast.server";
import type { ShellUser } from "~/features/shell/Shell";
import { accessLogOffered } from "~/features/datos/offered.server";

/**
 * The root route's loader: reads the toast, refreshes the idle timer, loads the page furniture, and
 * hands the page the session deadline, the draft owner tag and a receipt notice (decisions 032, 033).
 * It lives in one server module so that the root's browser bundle, which every page loads, carries
 * one empty stand-in instead of one per server module the loader needs.
 */
export async function loadRoot(request: Request) {
  const headers = new Headers();
  const { toast, headers: toastHeaders } = await getToast(request);
  toastHeaders?.forEach((value) => headers.append("Set-Cookie", value));
  const [csrfToken, csrfCookie] = await pageToken(request);
  if (csrfCookie) headers.append("Set-Cookie", csrfCookie);

  let user: ShellUser | null = null;
  let modules: ModuleId[] = [];
  let tenant = env.TENANT;
  let datos = false;
  let sessionInfo: { expiresAt: number; remainingMs: number; draftOwner: string } | null = null;
  const active = await getActiveSession(request);
  if (active) {
    const known = active.data;
    const ctx: ApiContext = { request, accessToken: known.accessToken, cuil: known.cuil, adhered: known.adhered === true };
    // The citizen and a yes of the adhesion check are kept in the session once answered (decision 075);
    // until the adhesion says yes, this loader asks with the page's startup rule (one call per request).
    const adhesion = known.adhered ? null : isAdhered(ctx).catch(() => false);
    let changed = false;
    try {
      const [kept, config, offered] = await Promise.all([
        known.user ?? getRoles(ctx).then(shellUser),
        getConfig(ctx),
        accessLogOffered(ctx),
      ]);
      datos = offered;
      user = kept;
      if (!known.user) {
        active.session.set("user", kept);
        changed = true;
      }
      modules = config.modules.filter((m) => m.enabled).map((m) => m.id);
      if (config.tenant && /^[a-z0-9-]+$/.test(config.tenant)) tenant = config.tenant;
    } catch (error) {
      if (error instanceof Response) throw error;
      if (!(error instanceof ApiError)) throw error;
      // The furniture degrades; the route below decides whether the page can be shown.
    }
    if (adhesion && (await adhesion)) {
      active.session.set("adhered", true);
      changed = true;
    }
    // The idle timer moves in steps of a minute (decision 076): pages seen within a minute of the
    // last cookie written send none, unless the session learnt something above.
    const now = Date.now();
    const moved = now - known.lastSeen >= LAST_SEEN_STEP_MS;
    if (moved) active.session.set("lastSeen", now);
    if (changed || moved) headers.append("Set-Cookie", await sessionStorage.commitSession(active.session));
    const expiresAt = sessionDeadline({ createdAt: known.createdAt, lastSeen: moved ? now : known.lastSeen });
    sessionInfo = { expiresAt, remainingMs: expiresAt - now, draftOwner: draftOwnerTag(known.cuil) };
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
      citizenIdUrl: env.CITIZEN_ID_URL,
      session: sessionInfo ? { expiresAt: sessionInfo.expiresAt, remainingMs: sessionInfo.remainingMs } : null,
      draftOwner: sessionInfo?.draftOwner ?? null,
      receipt: user ? receipt : null,
    },
    { headers },
  );
}

function shellUser(roles: Awaited<ReturnType<typeof getRoles>>): ShellUser {
  return { cn: roles.cn, cuil: roles.cuil, email: roles.email ?? null, telephone: roles.telephone_number ?? null };
}
