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
  throw ApiError.badRequest(
    fields.length ? `Datos inválidos en: ${fields.join(", ")}.` : "La solicitud no es válida.",
  );
}
