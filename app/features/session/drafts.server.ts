/**
 * Drafts that survive an expired session (decision 032). When a form post arrives
 * after the session expired, what the citizen wrote is kept in a cookie sealed by the portal's
 * cookie helper (app/lib/sealed-cookie.server.ts: encrypted, rotation-safe), tied to the CUIL of the expired session and
 * living 30 minutes; the sign-in then returns to the page (pending origin) and the page restores
 * it only when the new sign-in is the same citizen. Another citizen signing in on the same
 * browser never sees it: the root loader drops a draft whose owner is not the signed-in citizen,
 * and 'Cerrar sesión' clears it.
 */
import { createHmac } from "node:crypto";
import { env } from "~/env.server";
import { readForm } from "~/lib/form.server";
import { portalCookie, sealer } from "~/lib/sealed-cookie.server";
import { getActiveSession, getSession, redirectToSignIn, sessionProblem, type SessionData, type RequestScope } from "~/lib/session.server";

export const DRAFT_TTL_SECONDS = 30 * 60;
/** Browsers keep about 4 kB per cookie: a bigger draft is not kept (the local draft still is, with JavaScript). */
const MAX_COOKIE_LENGTH = 3900;

export const draftCookie = portalCookie("av_draft", { maxAge: DRAFT_TTL_SECONDS });

/** Sealed by the portal's one helper (jose's JWE; the previous secrets still open it after a rotation). */
const drafts = sealer("draft-cookie");

export type DraftFields = Record<string, string | string[]>;
type Draft = { cuil: string; page: string; fields: DraftFields; exp: number };

export const sealDraft = (draft: Draft): Promise<string> => drafts.seal(draft);

export async function openDraft(value: unknown): Promise<Draft | null> {
  const draft = (await drafts.open(value)) as Partial<Draft> | null;
  if (
    !draft ||
    typeof draft.cuil !== "string" ||
    typeof draft.page !== "string" ||
    typeof draft.exp !== "number" ||
    typeof draft.fields !== "object" ||
    !draft.fields
  )
    return null;
  return draft as Draft;
}

/** The page a request is for, as the draft key: path and query, without Remix's `_data`. */
export function pageOf(request: Request | string): string {
  const url = new URL(typeof request === "string" ? request : request.url, "http://portal.invalid");
  url.searchParams.delete("_data");
  const search = url.searchParams.toString();
  return `${url.pathname}${search ? `?${search}` : ""}`;
}

async function readDraft(request: Request): Promise<Draft | null> {
  return openDraft(await draftCookie.parse(request.headers.get("Cookie")));
}

export const clearDraftCookie = () => draftCookie.serialize("", { maxAge: 0 });

/**
 * Call first in an action: when the session expired (idle or absolute) and the post is a valid
 * same-origin form (CSRF checked), keeps `pick(form)` for the expired session's citizen and
 * sends the browser to sign in, coming back to `returnTo` (default: the page posted to); the draft
 * is restored by the page `draftPage` (default: the same).
 * Otherwise returns and the action goes on (a missing session keeps nothing: there is nobody to
 * tie the draft to). Uploads (multipart) are not kept.
 */
export async function keepDraftOnExpiry(
  { request, context }: RequestScope,
  pick: (form: FormData) => DraftFields | null,
  options: { draftPage?: string; returnTo?: string } = {},
): Promise<void> {
  const page = options.draftPage ?? pageOf(request);
  const returnTo = options.returnTo ?? pageOf(request);
  if (request.method.toUpperCase() !== "POST") return;
  if (!(request.headers.get("Content-Type") ?? "").startsWith("application/x-www-form-urlencoded")) return;
  const data = (await getSession({ request, context })).data as Partial<SessionData>;
  const problem = sessionProblem(data);
  if ((problem !== "idle" && problem !== "absolute") || !data.cuil) return;
  let form: FormData;
  try {
    form = await readForm(request.clone());
  } catch {
    return; // refused (CSRF) or unreadable: keep nothing, the action answers as usual
  }
  const fields = pick(form);
  const kept = fields && Object.values(fields).some((v) => (Array.isArray(v) ? v.length > 0 : v.trim() !== ""));
  let header: string | null = null;
  if (kept) {
    header = await draftCookie.serialize(await sealDraft({ cuil: data.cuil, page, fields, exp: Date.now() + DRAFT_TTL_SECONDS * 1000 }));
    if (header.length > MAX_COOKIE_LENGTH) header = null;
  }
  // Back to the page itself after sign-in (a data request's own URL would not be remembered).
  const pageRequest = new Request(new URL(returnTo, request.url), { headers: request.headers });
  try {
    await redirectToSignIn({ request: pageRequest, context });
  } catch (response) {
    if (response instanceof Response && header) response.headers.append("Set-Cookie", header);
    throw response;
  }
}

/**
 * The Set-Cookie that keeps `fields` for `page` and the signed-in citizen `cuil` (restored once by that
 * page), or null when they are too large for a cookie. A chat attach without JavaScript keeps the
 * message typed beside it this way: the attach and the message cannot be one form post's only fields.
 */
export async function keepDraftHeader(cuil: string, page: string, fields: DraftFields): Promise<string | null> {
  const header = await draftCookie.serialize(
    await sealDraft({ cuil, page: pageOf(page), fields, exp: Date.now() + DRAFT_TTL_SECONDS * 1000 }),
  );
  return header.length > MAX_COOKIE_LENGTH ? null : header;
}

/** The fields of a form post, but for the CSRF token and the hidden bookkeeping ones. */
export function formFields(form: FormData, skip: string[] = []): DraftFields {
  const out: DraftFields = {};
  for (const [name, value] of form) {
    if (typeof value !== "string" || name === "csrf" || skip.includes(name)) continue;
    const prev = out[name];
    out[name] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
  }
  return out;
}

/** The draft kept for `page`, when the signed-in citizen is its owner and it has not expired. */
export async function restoreDraft({ request, context }: RequestScope, page = pageOf(request)): Promise<DraftFields | null> {
  const draft = await readDraft(request);
  if (!draft || draft.page !== page || draft.exp < Date.now()) return null;
  const active = await getActiveSession({ request, context });
  if (!active || active.data.cuil !== draft.cuil) return null;
  return draft.fields;
}

/**
 * Root loader: the Set-Cookie that drops the draft cookie when it is expired, belongs to another
 * citizen than the one signed in, or is being restored by this very page (restored once).
 */
export async function draftCookieUpkeep(request: Request, cuil: string | null): Promise<string | null> {
  if (!request.headers.get("Cookie")?.includes("av_draft=")) return null;
  const draft = await readDraft(request);
  if (!draft || draft.exp < Date.now()) return clearDraftCookie();
  if (!cuil) return null;
  if (draft.cuil !== cuil || draft.page === pageOf(request)) return clearDraftCookie();
  return null;
}

/** Tags already computed, by CUIL: every page hands the tags to the browser (bounded, emptied when full). */
const ownerTags = new Map<string, string[]>();
const OWNER_TAGS_KEPT = 10_000;

/**
 * Tags of the signed-in citizen for the browser's local drafts: not the CUIL, not derivable without the
 * secret. The first is made with the current secret (new copies carry it); the others with the previous
 * secrets, so a copy kept before a rotation of `SESSION_SECRET` is still the citizen's (decision 099).
 */
export function draftOwnerTags(cuil: string): string[] {
  let tags = ownerTags.get(cuil);
  if (tags === undefined) {
    tags = [env.SESSION_SECRET, ...env.SESSION_PREVIOUS_SECRETS].map((secret) =>
      createHmac("sha256", secret).update(`av-local-draft:${cuil}`).digest("base64url").slice(0, 22),
    );
    if (ownerTags.size >= OWNER_TAGS_KEPT) ownerTags.clear();
    ownerTags.set(cuil, tags);
  }
  return tags;
}
