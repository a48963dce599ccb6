import { redirect } from "@remix-run/node";
import { ApiError } from "~/api/client.server";

/**
 * The API out of reach (issue 29): not answering (refused, timed out) or answering that it cannot
 * serve now (503, or 502/504 from a balancer with no process behind it). A malformed answer or a
 * 500 is a fault of the API, not an outage.
 */
export function isApiOutage(error: unknown): error is ApiError {
  if (!(error instanceof ApiError)) return false;
  if (error.code === "UNREACHABLE" || error.code === "TIMEOUT") return true;
  if (isStoreOutage(error)) return false;
  return error.code !== "MALFORMED" && (error.status === 502 || error.status === 503 || error.status === 504);
}

/**
 * The object store away (issue 38): the API answered 503 `STORE_UNAVAILABLE`. Only documents fail
 * (the screen 'No podemos mostrar documentos en este momento', 503); it is not an API outage, and
 * every other page is served.
 */
export function isStoreOutage(error: unknown): boolean {
  return error instanceof ApiError && error.status === 503 && error.code === "STORE_UNAVAILABLE";
}

/** How long a citizen is told to wait before asking a document again during a store outage. */
export const STORE_RETRY_AFTER_SECONDS = 30;

/**
 * What a page answers during an outage: the error screen (the root's error boundary, the spec's
 * /error text) with status 503 at the address the citizen asked for, so a reload tries again, and a
 * balancer or an alert sees the failure (a redirect to /error answered 200).
 */
export function outageResponse(): Response {
  return new Response("Servicio no disponible", { status: 503, headers: { "Retry-After": "10", "Cache-Control": "no-store" } });
}

/**
 * Where a page goes when the call it shows failed: /error as the spec says, or, during an outage,
 * the error screen with 503 at the same address (`outageResponse`).
 */
export function failedPage(error: unknown): Response {
  return isApiOutage(error) ? outageResponse() : redirect("/error");
}
