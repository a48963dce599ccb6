import { errorFields, REQUEST_ID_HEADER } from "@common/log-lines";

/**
 * The portal's error lines: one JSON line on stderr, with the request id the portal server gave the
 * request (`X-Request-Id`, the same the API writes in its own lines) and the error without its
 * message (`errorFields`: no personal data).
 */
export function logError(msg: string, error: unknown, request?: Request, extra: Record<string, string | number> = {}) {
  const line = {
    time: new Date().toISOString(),
    level: "error",
    service: "portal",
    msg,
    ...(request ? { requestId: request.headers.get(REQUEST_ID_HEADER) ?? undefined } : {}),
    ...extra,
    error: errorFields(error),
  };
  process.stderr.write(`${JSON.stringify(line)}\n`);
}
