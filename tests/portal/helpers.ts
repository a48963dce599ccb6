import type { AddressInfo } from "node:net";
import type { LoaderFunctionArgs, ServerBuild } from "@remix-run/node";
import { afterAll, beforeAll } from "vitest";
import { createPortalApp, hardenServer } from "../../portal/server";
import { csrf } from "~/lib/csrf.server";
import { newLoadContext } from "~/api/load-context.server";
import { getToast } from "~/lib/toast.server";
import { sessionStorage, newSessionData, type SessionData } from "~/lib/session.server";

/** A request carrying a valid portal session cookie (with `kept`: what the session already knows, decision 002). */
export async function signedInRequest(
  url: string,
  init: RequestInit & { createdAt?: number; lastSeen?: number; kept?: Pick<SessionData, "user" | "adhered"> } = {},
) {
  const session = await sessionStorage.getSession();
  const data: SessionData = {
    ...newSessionData({ cuil: "20123456783", accessToken: "token", idToken: "id" }, init.createdAt ?? Date.now()),
    ...init.kept,
  };
  if (init.lastSeen !== undefined) data.lastSeen = init.lastSeen;
  for (const [k, v] of Object.entries(data)) session.set(k as keyof typeof data, v as never);
  const cookie = (await sessionStorage.commitSession(session)).split(";")[0]!;
  const headers = new Headers(init.headers);
  headers.set("Cookie", [headers.get("Cookie"), cookie].filter(Boolean).join("; "));
  return new Request(url, { ...init, headers });
}

/**
 * A loader's or an action's arguments for `request`, as Remix hands them: with a load context of its
 * own (decision 076), or `context` to share one between the loaders of one request.
 */
export function argsOf(request: Request, params: Record<string, string> = {}, context = newLoadContext()): LoaderFunctionArgs {
  return { request, params, context };
}

/** Runs a loader and returns the Response it returned or threw. */
export async function settle(work: () => Promise<unknown>): Promise<Response> {
  try {
    const result = await work();
    if (result instanceof Response) return result;
    throw new Error("loader returned a non-Response value");
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
}

/** The portal's address in the portal tests. */
export const BASE = "http://localhost:3000";

/** A route module's loader or action (both take the same arguments). */
export type RouteFunction = (args: LoaderFunctionArgs) => unknown;

/** Runs a loader for `path` as the signed-in citizen: the Response it returned or threw. */
export async function load(loader: RouteFunction, path: string, params: Record<string, string> = {}, headers?: HeadersInit) {
  const request = await signedInRequest(`${BASE}${path}`, { headers });
  return settle(async () => loader(argsOf(request, params)));
}

/** Form fields as the tests write them: pairs, a record (an array for a repeated field) or a body. */
export type Fields = [string, string][] | Record<string, string | string[]> | URLSearchParams | FormData;

/**
 * Posts a form to an action as the signed-in citizen, with a valid CSRF token and cookie, from the
 * portal's own origin: URL-encoded, or multipart when the fields are a FormData.
 */
export async function post(
  actionFn: RouteFunction,
  path: string,
  fields: Fields,
  base = BASE,
  kept?: Pick<SessionData, "user" | "adhered">,
) {
  const [token, cookie] = await csrf.commitToken();
  const headers = new Headers({ Cookie: cookie!.split(";")[0]!, "Sec-Fetch-Site": "same-origin" });
  let body: URLSearchParams | FormData;
  if (fields instanceof FormData || fields instanceof URLSearchParams) body = fields;
  else if (Array.isArray(fields)) body = new URLSearchParams(fields);
  else {
    body = new URLSearchParams();
    for (const [k, v] of Object.entries(fields)) for (const one of Array.isArray(v) ? v : [v]) body.append(k, one);
  }
  if (body instanceof FormData) {
    // The token first, as the portal's forms send it (an upload's token is checked before its first file).
    const ordered = new FormData();
    ordered.set("csrf", token);
    for (const [k, v] of body) if (k !== "csrf") ordered.append(k, v);
    body = ordered;
  } else body.set("csrf", token);
  if (body instanceof URLSearchParams) headers.set("Content-Type", "application/x-www-form-urlencoded");
  const request = await signedInRequest(`${base}${path}`, { method: "POST", body, headers, kept });
  return settle(async () => actionFn(argsOf(request)));
}

/**
 * Posts a form with only a valid CSRF token to an action, from the portal's own origin, with
 * `cookie` beside the token's: a session cookie as it is (a copied one, an expired one).
 */
export async function postWithCookie(actionFn: RouteFunction, url: string, cookie: string) {
  const [token, csrfCookie] = await csrf.commitToken();
  const request = new Request(url, {
    method: "POST",
    body: new URLSearchParams({ csrf: token }),
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      "Sec-Fetch-Site": "same-origin",
      Cookie: `${cookie}; ${csrfCookie!.split(";")[0]}`,
    },
  });
  return settle(async () => actionFn(argsOf(request)));
}

/** The flash toast a redirect carries (the toast cookie among its Set-Cookie headers), or null. */
export async function toastOf(response: Response) {
  const cookie = response.headers.get("Set-Cookie") ?? "";
  const toastCookie = cookie.split(/,(?=\s*\w+=)/).find((c) => c.trim().startsWith("av_toast="));
  const { toast } = await getToast(new Request(BASE, { headers: { Cookie: (toastCookie ?? "").split(";")[0]! } }));
  return toast;
}

/** The `name=value` of the cookie `name` a response sets (the draft a failed action kept, say), or undefined. */
export const setCookieOf = (response: Response, name: string) =>
  response.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${name}=`))
    ?.split(";")[0];

/** Posts a multipart form to an action as the signed-in citizen (see `post`). */
export const postMultipart = (actionFn: RouteFunction, path: string, form: FormData, base = BASE) => post(actionFn, path, form, base);
export { failOnUnhandled } from "./unhandled";

/**
 * The portal's real HTTP server (portal/server.ts) over `build`, on a free port, for the test file:
 * started before its tests, closed after them; `base` is its URL once started.
 */
export function servedPortal(build: ServerBuild, options: { perSegment?: boolean } = {}): { readonly base: string } {
  let served: { base: string; close: () => void } | null = null;
  beforeAll(async () => {
    const listening = hardenServer(createPortalApp({ build, onAccess: () => {}, ...options }).listen(0, "127.0.0.1"));
    await new Promise((r) => listening.once("listening", r));
    served = { base: `http://127.0.0.1:${(listening.address() as AddressInfo).port}`, close: () => listening.close() };
  });
  afterAll(() => served?.close());
  return {
    get base() {
      if (!served) throw new Error("the portal starts in beforeAll");
      return served.base;
    },
  };
}
