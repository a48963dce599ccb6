import { json } from "@remix-run/node";
import type { z } from "zod/v4";
import { assertSameOrigin, assertToken, CsrfRejected } from "./csrf.server";
import { FORM_LIMIT_BYTES } from "./gate.server";
import { errors as E } from "./messages/errors";
import type { ReadHooks } from "./multipart.server";

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

/** A body reader: the platform's for small forms, the multipart one for uploads (which runs `beforeFirstFile`). */
export type BodyReader = (r: Request, hooks: ReadHooks) => Promise<FormData>;

export async function readForm(request: Request, readBody: BodyReader = readUrlEncodedOrMultipart) {
  try {
    assertSameOrigin(request);
    if (!FORM_TYPES.test(request.headers.get("Content-Type") ?? "")) throw refuse(415);
    // An upload's token is checked when its first file starts, before any of the file is read
    // (the portal's forms put the token first); the whole form is checked again below.
    const formData = await readBody(request, { beforeFirstFile: (fields) => assertToken(fields, request) });
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

/**
 * The platform's form reader over at most FORM_LIMIT_BYTES of body (issue 28): the bytes are counted
 * as they stream and a body past the limit is a 413 at once, never buffered whole; a broken body is
 * a 400 rather than a 500.
 */
async function readUrlEncodedOrMultipart(request: Request): Promise<FormData> {
  const declared = Number(request.headers.get("Content-Length") ?? 0);
  if (declared > FORM_LIMIT_BYTES) throw tooLarge();
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        size += value.byteLength;
        if (size > FORM_LIMIT_BYTES) {
          void reader.cancel().catch(() => {});
          throw tooLarge();
        }
        chunks.push(value);
      }
    } catch (error) {
      if (error instanceof Response) throw error;
      throw refuse(400);
    }
  }
  try {
    return await new Response(Buffer.concat(chunks), { headers: { "Content-Type": request.headers.get("Content-Type") ?? "" } }).formData();
  } catch {
    throw refuse(400);
  }
}

const tooLarge = () => json({ message: E.requests.tooLarge }, { status: 413, headers: { Connection: "close" } });

export async function parseForm<S extends z.ZodTypeAny>(
  request: Request,
  schema: S,
  readBody?: BodyReader,
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
