import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { renderToStaticMarkup } from "react-dom/server";
import { ApiError } from "~/api/client.server";
import { furniture } from "~/lib/messages/furniture";
import stylesheet from "~/styles/app.css";
import { DocumentsUnavailableContent, ErrorContent, NotFoundContent } from "./error-screens";
import { isStoreOutage, STORE_RETRY_AFTER_SECONDS } from "./outage.server";
import { applySecurityHeaders, newNonce } from "./headers.server";
import { logError } from "./log.server";

/**
 * Answers of resource routes (downloads, pages, images, receipts' PDFs, the chat's events).
 * Remix passes them straight through, past entry.server's headers, so they get the portal's
 * security headers here, errors included; and an error is the spec's Spanish error page (or the
 * not-found screen), never a bare text or a framework 500.
 */

/** A page number in a path or query: a positive integer with at most 7 digits (the API refuses more). */
export const MAX_PAGE = 1_000_000;
export function pageParam(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,7}$/.test(value)) return null;
  const page = Number(value);
  return page >= 1 && page <= MAX_PAGE ? page : null;
}

/** The status the citizen gets for a failed API call: the API's own 4xx, else 502 (the API failed, not the request). */
export function upstreamStatus(error: ApiError): number {
  return error.status >= 400 && error.status < 500 ? error.status : error.status === 504 ? 504 : 502;
}

/** The Spanish error page (404: the not-found screen) with the strict headers and no-store. */
export function errorPage(status: number, init: { headers?: HeadersInit; documents?: boolean } = {}): Response {
  const notFound = status === 404;
  const screen = notFound ? furniture.notFound : init.documents ? furniture.documentsUnavailable : furniture.errorPage;
  const title = `${screen.title} · ${furniture.appName}`;
  const body = renderToStaticMarkup(
    <html lang="es">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <link rel="stylesheet" href={stylesheet} />
      </head>
      <body>
        <main id="main" className="page">
          {notFound ? <NotFoundContent /> : init.documents ? <DocumentsUnavailableContent /> : <ErrorContent />}
        </main>
      </body>
    </html>,
  );
  const headers = new Headers(init.headers);
  headers.set("Content-Type", "text/html; charset=utf-8");
  // No script on this page; the nonce keeps the same strict policy as every page.
  applySecurityHeaders(headers, { nonce: newNonce() });
  return new Response(`<!DOCTYPE html>${body}`, { status, headers });
}

/** Security headers on an answer of a resource route; an error status becomes the error page. */
export function secureResource(response: Response): Response {
  if (response.status >= 400 && !isJson(response)) return errorPage(response.status, { headers: keptHeaders(response) });
  applySecurityHeaders(response.headers);
  return response;
}

const isJson = (response: Response) => (response.headers.get("Content-Type") ?? "").includes("json");

/** What an error answer keeps of the original headers (cookies it sets, the wait before a retry). */
function keptHeaders(response: Response) {
  const headers = new Headers();
  // forEach gives each Set-Cookie on its own with the platform's Headers and with the one Remix installs
  // in the portal server (installGlobals), which has no getSetCookie().
  response.headers.forEach((value, name) => {
    if (/^(set-cookie|retry-after)$/i.test(name)) headers.append(name, value);
  });
  return headers;
}

type Handler<A> = (args: A) => Promise<Response> | Response;

/**
 * Wraps a resource route's loader or action: returned and thrown answers get the security headers;
 * a failed API call becomes its status's error page; anything unexpected is logged and becomes the
 * 500 error page (never a stack trace).
 */
export function resource<A extends LoaderFunctionArgs | ActionFunctionArgs>(handler: Handler<A>): (args: A) => Promise<Response> {
  return async (args) => {
    try {
      return secureResource(await handler(args));
    } catch (error) {
      if (error instanceof Response) throw secureResource(error);
      if (isStoreOutage(error)) throw errorPage(503, { documents: true, headers: { "Retry-After": String(STORE_RETRY_AFTER_SECONDS) } });
      if (error instanceof ApiError) throw errorPage(upstreamStatus(error));
      logError("resource failed", error, args.request);
      throw errorPage(500);
    }
  };
}
