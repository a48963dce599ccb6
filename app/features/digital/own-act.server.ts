import { env } from "~/env.server";
import { portalCookie } from "~/lib/sealed-cookie.server";

/**
 * For a digital domicile, the moment a communication is read is the moment of notification (a legal
 * act), and the API marks it read when the portal asks for it (`get_one`) or for one of its files.
 * So the portal asks only on the citizen's own act inside the portal (issue 28, decision 102): a view
 * the browser says comes from the portal itself, or the 'Abrir comunicación' post. A link from another
 * site, a bookmark or an address typed in show the envelope instead, and nothing is asked.
 */

/** Set by the 'Abrir comunicación' post for the next view of that communication (SameSite=Strict: never sent from another site). */
const opened = portalCookie("av_open", { sameSite: "strict", maxAge: 120 });

/** The Set-Cookie of the 'Abrir comunicación' post: the next view of `code` is the citizen's own act. */
export const openedCookie = (code: string) => opened.serialize(code);

/** The Set-Cookie that forgets it once used. */
export const usedCookie = () => opened.serialize("", { maxAge: 0 });

/**
 * Whether this request is the citizen's own act inside the portal: the 'Abrir comunicación' post just
 * made for `code`, or a request the browser marks same-origin (`Sec-Fetch-Site`), or — for a browser
 * that sends no fetch metadata (text browsers) — one whose `Referer` is the portal. Anything else
 * (another site, a bookmark, an address typed in, no evidence at all) is not.
 */
export async function isOwnAct(request: Request, code: string): Promise<{ own: boolean; fromPost: boolean }> {
  const marked = (await opened.parse(request.headers.get("Cookie"))) as unknown;
  if (marked === code) return { own: true, fromPost: true };
  const site = request.headers.get("Sec-Fetch-Site");
  if (site) return { own: site === "same-origin", fromPost: false };
  const referer = request.headers.get("Referer");
  if (!referer) return { own: false, fromPost: false };
  try {
    const from = new URL(referer).origin;
    return { own: from === new URL(request.url).origin || from === new URL(env.PORTAL_URL).origin, fromPost: false };
  } catch {
    return { own: false, fromPost: false };
  }
}
