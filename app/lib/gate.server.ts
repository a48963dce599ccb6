import { UPLOAD_LIMIT_BYTES } from "@common/limits";
import { crossSiteRefusal } from "./csrf.server";
import { errorPage } from "./resource.server";

/**
 * What the portal's HTTP server refuses before Remix sees a request, from its head alone (issue 28;
 * decisions 005 and 017): a method no page takes (405), another site's post (403) and a body larger
 * than its kind allows by its declared length (413). Every refusal is the Spanish error page with the
 * strict headers, and the connection closes without reading the body. Bodies sent without a length
 * are limited while they stream by their readers (app/lib/form.server.ts, app/lib/multipart.server.ts).
 */

/** A form post that carries no file: the largest the portal's forms send, with room to spare. */
export const FORM_LIMIT_BYTES = 256 * 1024;
/** The most files one upload post takes (the no-JavaScript 'Agregar Documentos' form's three cards). */
const FILES_PER_POST = 3;
/** An upload post: its files at the spec's 50 MB each, and its fields. */
export const UPLOAD_POST_LIMIT_BYTES = FILES_PER_POST * UPLOAD_LIMIT_BYTES + 1024 * 1024;

/** The routes whose actions read an upload (multipart with files). */
const UPLOAD_PATHS = new Set(["/resources/records/upload", "/records/manager", "/procedures/chat", "/resources/chat/attach"]);

/** The methods a route of the portal answers; anything else (TRACE, PROPFIND, …) is a 405. */
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"]);

const isMultipart = (request: Request) => /^multipart\/form-data\s*;/i.test(request.headers.get("Content-Type") ?? "");

/** The most bytes the body of `request` may have: an upload's on an upload route, a form's anywhere else. */
export function bodyLimitOf(request: Request): number {
  const pathname = new URL(request.url).pathname.replace(/\/+$/, "");
  return isMultipart(request) && UPLOAD_PATHS.has(pathname) ? UPLOAD_POST_LIMIT_BYTES : FORM_LIMIT_BYTES;
}

/**
 * The refusal of a request from its method and headers, or null to let it through to Remix. `method`
 * is the request's own, given apart for those a `Request` cannot carry (TRACE, TRACK, CONNECT).
 */
export function requestRefusal(request: Request, method = request.method.toUpperCase()): Response | null {
  if (!METHODS.has(method)) return errorPage(405, { headers: { Allow: "GET, HEAD, POST" } });
  if (method === "GET" || method === "HEAD") return null;
  const crossSite = crossSiteRefusal(request);
  if (crossSite) return crossSite;
  const declared = Number(request.headers.get("Content-Length") ?? 0);
  if (Number.isFinite(declared) && declared > bodyLimitOf(request)) return errorPage(413);
  return null;
}
