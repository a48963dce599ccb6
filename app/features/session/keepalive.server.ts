import { json } from "@remix-run/node";
import { readForm } from "~/lib/form.server";
import { getActiveSession, sessionDeadline, sessionStorage } from "~/lib/session.server";

/**
 * Action of /resources/session/keepalive, 'Continuar' of the session warning (WCAG 2.2.1): a
 * CSRF-checked post that refreshes the idle time of a session still alive. An expired one is not
 * revived (401): the citizen signs in again.
 */
export async function keepAlive(request: Request) {
  await readForm(request);
  const active = await getActiveSession(request);
  if (!active) return json({ ok: false as const }, { status: 401 });
  const now = Date.now();
  active.session.set("lastSeen", now);
  const expiresAt = sessionDeadline({ createdAt: active.data.createdAt, lastSeen: now });
  return json(
    { ok: true as const, remainingMs: expiresAt - now, expiresAt },
    { headers: { "Set-Cookie": await sessionStorage.commitSession(active.session) } },
  );
}
