import { json } from "@remix-run/node";
import type { z } from "zod";
import { assertSameOrigin, assertToken, CsrfRejected } from "./csrf.server";

/**
 * The one entry point for reading a posted form: CSRF checks (origin first, then
 * token), then zod. Every route action goes through here.
 */
export type FormResult<T> =
  | { ok: true; data: T; formData: FormData }
  | { ok: false; fieldErrors: Record<string, string>; values: Record<string, string>; formData: FormData };

export async function readForm(request: Request, readBody: (r: Request) => Promise<FormData> = (r) => r.formData()) {
  try {
    assertSameOrigin(request);
    const formData = await readBody(request);
    await assertToken(formData, request);
    return formData;
  } catch (error) {
    if (error instanceof CsrfRejected) {
      throw json({ message: "La solicitud no es válida. Recargá la página e intentá nuevamente." }, { status: 403 });
    }
    throw error;
  }
}

export async function parseForm<S extends z.ZodTypeAny>(
  request: Request,
  schema: S,
  readBody?: (r: Request) => Promise<FormData>,
): Promise<FormResult<z.infer<S>>> {
  const formData = await readForm(request, readBody);
  const values: Record<string, string> = {};
  for (const [key, value] of formData) if (typeof value === "string" && key !== "csrf") values[key] = value;
  const parsed = schema.safeParse(values);
  if (parsed.success) return { ok: true, data: parsed.data, formData };
  const fieldErrors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.join(".") || "form";
    fieldErrors[key] ??= issue.message;
  }
  return { ok: false, fieldErrors, values, formData };
}
