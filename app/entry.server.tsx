import { randomBytes } from "node:crypto";
import { Writable } from "node:stream";
import type { EntryContext, HandleDataRequestFunction } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { applySecurityHeaders } from "~/lib/headers.server";
import { NonceProvider } from "~/lib/nonce";

const ABORT_DELAY = 5_000;

/**
 * A page is rendered whole and sent as one body (decision 076). No page defers data, so React
 * renders everything at once either way; sent as a stream, its twenty-odd chunks of 2 KB each went
 * through Remix's adapter, which flushes the compressor after every chunk: gzip's sync blocks,
 * twenty times a page, were a tenth of the portal's CPU. `onAllReady` keeps a future Suspense
 * boundary correct (it waits for it instead of sending its fallback).
 */
export default function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, remixContext: EntryContext) {
  const nonce = randomBytes(16).toString("base64");
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const chunks: Buffer[] = [];
    const page = new Writable({
      // React ends the page itself, then answers a 'close' by ending it again: Node builds (with its
      // stack trace) an ERR_STREAM_ALREADY_FINISHED nobody reads, 1 % of the bare page's CPU.
      emitClose: false,
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        clearTimeout(timer);
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        applySecurityHeaders(responseHeaders, { nonce });
        resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status: responseStatusCode }));
        done();
      },
    });
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        onShellReady() {
          shellRendered = true;
        },
        onAllReady() {
          pipe(page);
        },
        onShellError(error: unknown) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Rendering errors are logged without request data; the page shows the spec's error screen.
          if (shellRendered) console.error(error);
        },
      },
    );
    // React starts rendering on the next turn, so `timer` exists before any callback above runs.
    const timer = setTimeout(abort, ABORT_DELAY);
  });
}

export const handleDataRequest: HandleDataRequestFunction = (response) => {
  applySecurityHeaders(response.headers);
  return response;
};

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  console.error(error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : "unknown error");
}

/** For the portal's HTTP server, which asks it before Remix (portal/server.ts, decision 055). */
export { crossSiteRefusal } from "~/lib/csrf.server";

/**
 * For the portal's HTTP server, which asks it for every answer that reaches the citizen without
 * the headers (decision 068): a loader's or an action's redirect on a document request, which
 * Remix sends past this module, and Remix's own bare answers.
 */
export { completeSecurityHeaders } from "~/lib/headers.server";
