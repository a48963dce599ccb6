import { json } from "@remix-run/node";
import type { z } from "zod/v4";
import { assertSameOrigin, assertToken, CsrfRejected } from "./csrf.server";
import { errors as E } from "./messages/errors";

/**
 * The one entry point for reading a posted form: CSRF checks (origin first, then
 * token), then zod. Every route action goes through here.
 */
export type FormResult<T> =
  | { ok: true; data: T; formData: FormData }
  | { ok: false; fieldErrors: Record<string, string>; values: Record<string, string>; formData: FormData };

/** The bodies an HTML form sends; anything else (JSON, text/plain…) is not a form post (415). */
const FORM_TYPES = /^(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i;

const refuse = (status: 400 | 403 | 415) => json({ message: E.requests.refused }, { status });

export async function readForm(request: Request, readBody: (r: Request) => Promise<FormData> = readUrlEncodedOrMultipart) {
  try {
    assertSameOrigin(request);
    if (!FORM_TYPES.test(request.headers.get("Content-Type") ?? "")) throw refuse(415);
    const formData = await readBody(request);
    await assertToken(formData, request);
    return formData;
  } catch (error) {
    if (error instanceof CsrfRejected) throw refuse(403);
    throw error;
  }
}

/**
 * The `intent` of a posted form, read from a copy of the body, for a route with two forms whose
 * actions read their own body (e.g. /digital/settings). The origin is checked before the copy is
 * made (copying starts reading the body); the copy gets every check of `readForm`.
 */
export async function postedIntent(request: Request): Promise<string | null> {
  try {
    assertSameOrigin(request);
  } catch (error) {
    if (error instanceof CsrfRejected) throw refuse(403);
    throw error;
  }
  const intent = (await readForm(request.clone())).get("intent");
  return typeof intent === "string" ? intent : null;
}

/** The platform's form reader, a broken body being a 400 rather than a 500. */
async function readUrlEncodedOrMultipart(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw refuse(400);
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
