/**
 * The one error type of the API. Every error answer has the body `{ code, message }`
 * (messages in Spanish, fit to show to a citizen); stacks never leave the server.
 */
import type { ErrorCode } from "../common/error-codes.js";

export type { ErrorCode };

export class ApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "ApiError";
  }

  toJSON() {
    return { code: this.code, message: this.message };
  }

  static badRequest(message = "La solicitud no es válida.") {
    return new ApiError(400, "BAD_REQUEST", message);
  }
  static forbidden(message = "No tenés permiso para acceder a este recurso.") {
    return new ApiError(403, "FORBIDDEN", message);
  }
  static notFound(message = "No se encontró el recurso solicitado.") {
    return new ApiError(404, "NOT_FOUND", message);
  }
  static internal(message = "Ocurrió un error inesperado. Intente nuevamente.") {
    return new ApiError(500, "INTERNAL", message);
  }
}

/**
 * Raised when the caller has no valid session: answered as HTTP 303 with
 * `{ location }` (spec section 7), not as an `{ code, message }` error.
 */
export class SignInRequired extends Error {
  constructor(public readonly reason: string) {
    super(`sign-in required: ${reason}`);
    this.name = "SignInRequired";
  }
}

const STATUS_CODES: Record<number, ErrorCode> = {
  400: "BAD_REQUEST",
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  405: "BAD_REQUEST",
  406: "BAD_REQUEST",
  409: "CONFLICT",
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA_TYPE",
  429: "TOO_MANY_REQUESTS",
  503: "SERVICE_UNAVAILABLE",
};

const STATUS_MESSAGES: Record<number, string> = {
  400: "La solicitud no es válida.",
  401: "Se requiere iniciar sesión.",
  403: "No tenés permiso para acceder a este recurso.",
  404: "No se encontró el recurso solicitado.",
  409: "La operación entra en conflicto con el estado actual.",
  413: "El contenido enviado supera el límite permitido.",
  415: "El tipo de contenido no es compatible.",
  429: "Demasiadas solicitudes. Intente nuevamente en unos minutos.",
  503: "El servicio no está disponible. Intente nuevamente más tarde.",
};

/** Turns anything thrown into an ApiError, keeping client errors (4xx) and hiding server errors. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const status =
    typeof error === "object" && error !== null && "statusCode" in error && typeof error.statusCode === "number" ? error.statusCode : 500;
  if (status >= 400 && status < 500) {
    return new ApiError(status, STATUS_CODES[status] ?? "BAD_REQUEST", STATUS_MESSAGES[status] ?? STATUS_MESSAGES[400]);
  }
  if (status === 503) return new ApiError(503, "SERVICE_UNAVAILABLE", STATUS_MESSAGES[503]);
  return ApiError.internal();
}
