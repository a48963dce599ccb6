/**
 * A list's search words sealed for one session (issue 40, decision 032). The search forms post
 * (CSRF-checked like every post) to /resources/search, which answers 303 to the list with the words
 * sealed as `?sq=`; the list's loader opens them. The seal's key is derived from the session secret
 * and the session's own id (`sid`, never sent to the browser), so a copied address means nothing in
 * another session or after 'Cerrar sesión': there it opens to nothing and the list shows unfiltered.
 * A plain `?q=`/`?search=` (a link) still works; the page's own links then carry it sealed.
 */
import { redirect } from "@remix-run/node";
import { readForm } from "./form.server";
import { sealer } from "./sealed-cookie.server";
import { getActiveSession, type RequestScope } from "./session.server";
import { SEALED_SEARCH, SEARCH_LISTS, sealedOf, type SearchList } from "./search-param";

/** As long as any search box takes (maxLength 200), with room for a pasted text trimmed later. */
const WORDS_MAX = 200;

const sealerOf = (sid: string) => sealer(`list-search:${sid}`);

export async function sealSearch(sid: string, words: string): Promise<string> {
  return sealerOf(sid).seal(words);
}

/** The words sealed for this session, or null (another session's, a former secret's, tampered, not ours). */
export async function openSearch(sid: string, token: string | undefined): Promise<string | null> {
  if (!token) return null;
  const words = await sealerOf(sid).open(token);
  return typeof words === "string" ? words.slice(0, WORDS_MAX) : null;
}

/**
 * A list's query as its parser reads it, with the words in `name` (opened from `sq`, else as a link
 * sent them), and the sealed words the page's links carry. Without an active session (the guard
 * then sends to sign-in) the sealed words are dropped.
 */
export async function readListSearch(scope: RequestScope, params: URLSearchParams, name: string) {
  const opened = new URLSearchParams(params);
  opened.delete(SEALED_SEARCH);
  const active = await getActiveSession(scope);
  if (!active) {
    opened.delete(name);
    return { params: opened, sealed: undefined };
  }
  const token = sealedOf(params);
  const words = token ? ((await openSearch(active.data.sid, token)) ?? "") : (params.get(name) ?? "").trim().slice(0, WORDS_MAX);
  opened.delete(name);
  if (!words.trim()) return { params: opened, sealed: undefined };
  opened.set(name, words);
  return { params: opened, sealed: token ?? (await sealSearch(active.data.sid, words.trim())) };
}

const isList = (path: string): path is SearchList => Object.hasOwn(SEARCH_LISTS, path);

/** Fields of a search form that are not view state. */
const NOT_STATE = new Set(["csrf", "to", "intent", SEALED_SEARCH, "page"]);

/**
 * The action of /resources/search: the form's fields become the list's query (as its GET form
 * made it: empty fields left out, the page back to 1), but the words, which are sealed.
 */
export async function searchAction(scope: RequestScope): Promise<Response> {
  const formData = await readForm(scope.request);
  const to = formData.get("to");
  if (typeof to !== "string" || !isList(to)) return redirect("/", 303);
  const name = SEARCH_LISTS[to];
  const active = await getActiveSession(scope);
  // No session: the list itself sends to sign-in (and comes back to it, without the words).
  if (!active) return redirect(to, 303);
  const query = new URLSearchParams();
  for (const [key, value] of formData) {
    if (typeof value !== "string" || NOT_STATE.has(key) || key === name || !value.trim()) continue;
    query.append(key, value.slice(0, 1000));
  }
  const words = formData.get(name);
  const text = typeof words === "string" ? words.trim().slice(0, WORDS_MAX) : "";
  if (text) query.set(SEALED_SEARCH, await sealSearch(active.data.sid, text));
  const search = query.toString();
  return redirect(search ? `${to}?${search}` : to, 303);
}
