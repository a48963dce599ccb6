/**
 * What the portal's two halves (its HTTP server in portal/ and the Remix app in app/) share to write
 * their JSON log lines (issue 29): the request id they carry, and an error described without
 * personal data.
 */

/** A request id taken from a balancer's `X-Request-Id` (the API accepts the same, server/app.ts). */
export const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

export const REQUEST_ID_HEADER = "x-request-id";

export type ErrorFields = { name: string; code?: string; frames: string[] };

/**
 * An error as a log line shows it: its class, its code when it has one, and where it was thrown
 * (the stack's `at …` frames, at most 12). Never its message: a message may quote the citizen's
 * input (a name, an address, a cuil) or a URL with an id, and the logs hold no personal data.
 */
export function errorFields(error: unknown): ErrorFields {
  if (!(error instanceof Error)) return { name: typeof error, frames: [] };
  const code = (error as { code?: unknown }).code;
  const frames = (error.stack ?? "")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line.startsWith("at "))
    .slice(0, 12);
  return { name: error.name, ...(typeof code === "string" && /^[A-Z0-9_]{1,40}$/.test(code) ? { code } : {}), frames };
}
