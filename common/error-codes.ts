/**
 * The machine-readable codes of the API's error answers (`{ code, message }`). The message is for
 * people (Spanish, fit to show); the portal decides on the code, never on the message's words.
 * Codes the spec names (REQUIRED_FILES_NOT_UPLOADED) keep the spec's spelling.
 */
export const ERROR_CODES = [
  "BAD_REQUEST",
  "UNAUTHORIZED",
  "FORBIDDEN",
  "NOT_FOUND",
  "NOT_ADHERED",
  "CONFLICT",
  "PAYLOAD_TOO_LARGE",
  "UNSUPPORTED_MEDIA_TYPE",
  "TOO_MANY_REQUESTS",
  "INTERNAL",
  "SERVICE_UNAVAILABLE",
  /** 409: a chat message or send while requested documents are not attached (spec section 4). */
  "REQUIRED_FILES_NOT_UPLOADED",
  /** 400: a form submission that its definition refuses (decision 016). */
  "FORM_INVALID",
  /** 409: an upload, discard or send on a read-only record. */
  "RECORD_READ_ONLY",
  /** 404: 'Descargar todo' of a record or procedure that has no document (decision 030). */
  "ARCHIVE_EMPTY",
  /** 409: 'Descargar mis datos' while another request's build of the same citizen's ZIP goes on (decision 073). */
  "EXPORT_IN_PROGRESS",
  /** 503: the object store does not answer; only file features fail, every other call is served (issue 38). */
  "STORE_UNAVAILABLE",
] as const;

export type KnownErrorCode = (typeof ERROR_CODES)[number];
/** A known code, or another one a module adds (kept open so a new code needs no change here). */
export type ErrorCode = KnownErrorCode | (string & {});
