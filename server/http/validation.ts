import type { z } from "zod";
import { ApiError } from "../errors.js";

/**
 * Parses a request part with zod; on failure a 400 `{ code: "BAD_REQUEST", message }`
 * naming the fields (never echoing their values).
 */
export function parse<S extends z.ZodTypeAny>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fields = [...new Set(result.error.issues.map((i) => i.path.join(".")).filter(Boolean))];
  throw ApiError.badRequest(fields.length ? `Datos inválidos en: ${fields.join(", ")}.` : "La solicitud no es válida.");
}

/** True when a string anywhere in a parsed request part holds a NUL character. */
function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (depth > 32 || value === null || typeof value !== "object") return false;
  return Object.entries(value).some(([key, item]) => key.includes("\u0000") || holdsNul(item, depth + 1));
}

/**
 * A `preValidation` hook for every route: a NUL character in a path parameter, the query or a
 * JSON body is a 400. No text column can hold one (PostgreSQL refuses it outright), so without
 * this such a value reached the database and came back as a 500.
 */
export async function refuseNulCharacters(request: { params: unknown; query: unknown; body: unknown }) {
  if (holdsNul(request.params) || holdsNul(request.query) || holdsNul(request.body)) {
    throw ApiError.badRequest("La solicitud no es válida.");
  }
}
