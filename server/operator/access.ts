/**
 * The operator API's side of the access log (decision 071).
 *
 * - Every operator route is about a citizen's data unless it says `config: { citizenData: false }`
 *   (fail closed: a new route is audited until someone decides otherwise).
 * - Such a call must give its purpose in the `X-Motivo` header (UTF-8, percent-encoded when not
 *   ASCII; 3–500 characters): without it, 400 before the body is read.
 * - The route writes the entries (`request.access` is the actor to pass to the service). If a 2xx
 *   answer is about to leave without any entry written, the answer is replaced by a 500: data never
 *   leaves the operator API unlogged, and the test of every route notices.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AccessActor } from "../domain/accesses/service.js";
import { ApiError } from "../errors.js";
import { PURPOSE_MAX, PURPOSE_MIN } from "../../common/accesses.js";

declare module "fastify" {
  interface FastifyRequest {
    /** The actor of an audited operator call (routes about a citizen's data); null elsewhere. */
    access: AccessActor | null;
  }
}

export const PURPOSE_HEADER = "x-motivo";

export function isCitizenDataRoute(request: FastifyRequest): boolean {
  if (!request.routeOptions.url) return false; // no route: the 404 handler answers
  return request.routeOptions.config?.citizenData !== false;
}

/** Bidirectional controls: they make a purpose read otherwise than it was written (U+202E…). */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;

/**
 * The purpose given in `X-Motivo`: percent-encoded UTF-8 as documented, or raw UTF-8 (which Node
 * hands over as one Latin-1 character per byte: read back as UTF-8, refused when it is not valid
 * UTF-8) — never stored as mojibake (issue 28). Control and bidirectional characters are refused.
 */
export function purposeOf(request: FastifyRequest): string | null {
  const raw = request.headers[PURPOSE_HEADER];
  if (typeof raw !== "string") return null;
  let text = raw;
  if (/[\u0080-\u00ff]/.test(text)) {
    const bytes = Buffer.from(text, "latin1");
    text = bytes.toString("utf8");
    if (text.includes("\uFFFD") || !Buffer.from(text, "utf8").equals(bytes)) return null;
  }
  try {
    text = decodeURIComponent(text);
  } catch {
    return null;
  }
  text = text.replace(/\s+/g, " ").trim();
  if (text.length < PURPOSE_MIN || text.length > PURPOSE_MAX || /\p{Cc}/u.test(text) || BIDI_CONTROLS.test(text)) return null;
  return text;
}

/** The purpose of an operator call that must give one, or the 400 that says so. */
export function requirePurpose(request: FastifyRequest, what = "del acceso a los datos del ciudadano"): string {
  const purpose = purposeOf(request);
  if (purpose) return purpose;
  throw new ApiError(
    400,
    "PURPOSE_REQUIRED",
    `Falta el motivo ${what} (encabezado X-Motivo, de ${PURPOSE_MIN} a ${PURPOSE_MAX} caracteres, sin caracteres de control; --motivo en la línea de comandos).`,
  );
}

export function installAccessLog(app: FastifyInstance) {
  app.decorateRequest("access", null);
  // After the operator's token is checked (the auth hook is added first).
  app.addHook("onRequest", async (request) => {
    if (!isCitizenDataRoute(request)) return;
    const purpose = requirePurpose(request);
    request.access = { operator: request.operator, purpose, recorded: 0 };
  });
  app.addHook("onSend", async (request, reply, payload) => {
    if (request.access && reply.statusCode < 400 && request.access.recorded === 0) {
      request.log.error({ route: request.routeOptions.url }, "operator call on citizen data answered without an access-log entry");
      reply.code(500).header("content-type", "application/json; charset=utf-8");
      return JSON.stringify(ApiError.internal().toJSON());
    }
    return payload;
  });
}

/** The actor of the current call, for the services that write the entries. */
export function actorOf(request: FastifyRequest): AccessActor {
  if (!request.access) throw ApiError.internal();
  return request.access;
}
