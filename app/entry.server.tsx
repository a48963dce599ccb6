import type { AppLoadContext, EntryContext, HandleDataRequestFunction } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToString } from "react-dom/server";
import { compressPage } from "~/lib/compress.server";
import { applySecurityHeaders, newNonce } from "~/lib/headers.server";
import { keptFor } from "~/api/load-context.server";
import { logError } from "~/lib/log.server";
import { NonceProvider } from "~/lib/nonce";

const NONCE = Symbol("the page's nonce");

/**
 * A page is rendered whole, as one string, and sent as one body (decision 076). No page
 * defers data or suspends on the server, so nothing is gained by streaming: sent as a stream, the
 * page's chunks went through Remix's adapter, which flushed the compressor after every chunk; and
 * the stream's renderer encoded every chunk to bytes and copied them into a buffer, where
 * `renderToString` builds the page as text, which is compressed in one call (decision 076). A render
 * error is thrown to Remix, which logs it through `handleError` and renders the error screen.
 * The page's nonce is the request's (its load context's, decision 076): an error screen rendered
 * after a failed render carries the same one.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = keptFor(loadContext, NONCE, newNonce);
  const html = renderToString(
    <NonceProvider value={nonce}>
      <RemixServer context={remixContext} url={request.url} nonce={nonce} />
    </NonceProvider>,
  );
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  applySecurityHeaders(responseHeaders, { nonce });
  const body = compressPage(request, `<!DOCTYPE html>${html}`, responseHeaders);
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}

export const handleDataRequest: HandleDataRequestFunction = (response) => {
  applySecurityHeaders(response.headers);
  return response;
};

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  logError("request failed", error, request);
}

/** For the portal's HTTP server, which asks it before Remix (portal/server.ts, decisions 005 and 017). */
export { crossSiteRefusal } from "~/lib/csrf.server";
export { requestRefusal } from "~/lib/gate.server";

/**
 * For the portal's HTTP server, which asks it for every answer that reaches the citizen without
 * the headers (decision 005): a loader's or an action's redirect on a document request, which
 * Remix sends past this module, and Remix's own bare answers.
 */
export { completeSecurityHeaders } from "~/lib/headers.server";
