import { json } from "@remix-run/node";
import { readForm } from "~/lib/form.server";
import { ApiError } from "~/api/client.server";
import { getRoles } from "~/api/security.server";
import { ABSOLUTE_MS, apiContext, getActiveSession, sessionDeadline, sessionStorage, type RequestScope } from "~/lib/session.server";
import { markSignedOut } from "~/lib/signed-out.server";

/** The Set-Cookie headers of an answer (those of the redirect that ended the session). */
function cookiesOf(response: Response): Headers {
  const headers = new Headers();
  response.headers.forEach((value, name) => name.toLowerCase() === "set-cookie" && headers.append("Set-Cookie", value));
  return headers;
}

/**
 * Action of /resources/session/keepalive, 'Continuar' of the session warning (WCAG 2.2.1): a
 * CSRF-checked post that refreshes the idle time of a session still alive. An expired one is not
 * revived (401): the citizen signs in again.
 */
export async function keepAlive({ request, context }: RequestScope) {
  await readForm(request);
  const active = await getActiveSession({ request, context });
  if (!active) return json({ ok: false as const }, { status: 401 });
  // Only a token the API still accepts is kept alive (decision 103): a session signed out elsewhere is not revived.
  try {
    await getRoles(apiContext({ request, context }, active.data));
  } catch (error) {
    if (error instanceof Response && error.status >= 300 && error.status < 400) {
      markSignedOut(active.data.sid, active.data.createdAt + ABSOLUTE_MS);
      return json({ ok: false as const }, { status: 401, headers: cookiesOf(error) });
    }
    if (!(error instanceof ApiError)) throw error;
    // The API cannot answer now: the session stays as it is, not refreshed.
    return json({ ok: false as const }, { status: 503 });
  }
  const now = Date.now();
  active.session.set("confirmedAt", now);
  active.session.set("lastSeen", now);
  const expiresAt = sessionDeadline({ createdAt: active.data.createdAt, lastSeen: now });
  return json(
    { ok: true as const, remainingMs: expiresAt - now, expiresAt },
    { headers: { "Set-Cookie": await sessionStorage.commitSession(active.session) } },
  );
}
