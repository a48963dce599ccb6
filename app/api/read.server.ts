/**
 * The tolerant reader at the boundary (decision 098). The spec fixes the calls and a few fields and
 * leaves most answer shapes open ("Response shapes beyond those listed: not shown"), so every adapter
 * in this folder reads an answer with these pieces: they accept what a reasonable backend sends where
 * the spec is silent and hand the portal its own strict model.
 *
 * - ids: a string or a number (kept as text; `seg` still encodes it before it goes into a path);
 * - counts: a number or a numeric string; flags: a boolean, 0/1 or "true"/"false";
 * - texts: a string, a number, or missing (then empty);
 * - lists: missing or null is an empty list;
 * - bodies: bare or wrapped in `data` / `result` (the spec's own wording varies from call to call).
 *
 * What cannot be read is reported once per call and field (the call's pattern, the JSON path, the
 * expected and received type; never a value) and counted by call in the portal's metrics.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { z } from "zod/v4";

/**
 * The tolerances a read used, for the backend checker (`npm run backend:check`): each piece that bends
 * an answer into the portal's model says so here while a check listens; otherwise it costs nothing.
 */
const listening = new AsyncLocalStorage<Set<string>>();
export function note(tolerance: string) {
  listening.getStore()?.add(tolerance);
}
/** Runs `work` and answers the tolerances its reads used. */
export async function withTolerances<T>(work: () => Promise<T>): Promise<{ value: T; tolerances: string[] }> {
  const heard = new Set<string>();
  const value = await listening.run(heard, work);
  return { value, tolerances: [...heard].sort() };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** An id: text or a number, never empty. */
export const id = z.union([z.string().trim().min(1), z.number().finite()]).transform((v) => {
  if (typeof v === "number") note("ids as numbers");
  return String(v);
});

/** An id as the backend wrote it, to be sent back the same way (a number stays a number). */
export const wireId = z.union([z.string().trim().min(1), z.number().finite()]);
export type WireId = z.infer<typeof wireId>;

/** A text: missing or null reads as empty. */
export const text = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((v) => {
    if (typeof v === "number") note("texts as numbers");
    return v === null || v === undefined ? "" : String(v);
  });

/** An optional text: missing, null or empty reads as null. */
export const optText = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((v) => (v === null || v === undefined || v === "" ? null : String(v)));

/** A text that may be left out (missing or null reads as left out). */
export const maybeText = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((v) => (v === null || v === undefined ? undefined : String(v)))
  .optional();

/** A count: a whole number, as a number or numeric text. */
export const count = z
  .union([z.number(), z.string().regex(/^\s*\d+\s*$/)])
  .transform((v) => {
    if (typeof v === "string") note("counts as text");
    return Number(v);
  })
  .pipe(z.number().int().nonnegative());

const TRUE = new Set(["true", "1", "yes", "si", "sí", "s", "y"]);
const FALSE = new Set(["false", "0", "no", "n", ""]);

/** A flag: a boolean, a number (0 is false) or "true"/"false"/"1"/"0"; missing reads as `fallback`. */
export function flag(fallback = false) {
  return z
    .union([
      z.boolean(),
      z.number(),
      z.string().refine((s) => TRUE.has(s.trim().toLowerCase()) || FALSE.has(s.trim().toLowerCase()), { message: "expected a flag" }),
    ])
    .nullish()
    .transform((v) => {
      if (v === null || v === undefined) return fallback;
      if (typeof v === "boolean") return v;
      note(typeof v === "number" ? "flags as numbers" : "flags as text");
      if (typeof v === "number") return v !== 0;
      return TRUE.has(v.trim().toLowerCase());
    });
}

/** A list: missing or null reads as empty. */
export function list<T extends z.ZodTypeAny>(item: T) {
  return z
    .array(item)
    .nullish()
    .transform((v) => {
      if (v === null) note("lists as null");
      return v ?? [];
    });
}

/**
 * A body that may come bare or wrapped: `isBare` says whether a value already is the thing; while it
 * is not, the first of `keys` the object has is opened (at most three levels: `{ data: { data: … } }`).
 */
export function unwrap(
  value: unknown,
  isBare: (v: unknown) => boolean,
  keys: readonly string[] = ["result", "data"],
  /** the wrapper the spec's own wording names for this call (opening it is no tolerance) */
  specKey?: string,
): unknown {
  let v = value;
  for (let depth = 0; depth < 3 && !isBare(v) && isObject(v); depth++) {
    const key = keys.find((k) => v !== null && typeof v === "object" && (v as Record<string, unknown>)[k] !== undefined);
    if (!key) break;
    if (key !== specKey) note(`body wrapped in "${key}"`);
    v = (v as Record<string, unknown>)[key];
  }
  return v;
}

/** `schema`, read from a body that may be wrapped; bare when it has `marker` (an object key), or is an array for `"array"`. */
export function wrapped<T extends z.ZodTypeAny>(schema: T, marker: string | "array", keys?: readonly string[], specKey?: string) {
  const isBare = marker === "array" ? Array.isArray : (v: unknown) => isObject(v) && marker in v;
  return z.preprocess((v) => unwrap(v, isBare, keys, specKey), schema);
}

/** One field that could not be read: where, what was wanted and what came (types only, never values). */
export type Unreadable = { path: string; expected: string; received: string };

/** The JSON path of an issue: `modules[0].tabs[1].count`. */
function pathOf(path: readonly PropertyKey[]): string {
  return path.reduce<string>((out, key) => (typeof key === "number" ? `${out}[${key}]` : out ? `${out}.${String(key)}` : String(key)), "");
}

/**
 * The fields of a failed read. Of a union (a body bare or wrapped, a type or its alternative), the
 * branch that went deepest before failing is the one the backend meant.
 */
export function unreadableFields(error: z.ZodError, prefix: readonly PropertyKey[] = []): Unreadable[] {
  const out: Unreadable[] = [];
  for (const issue of error.issues) {
    const path = [...prefix, ...issue.path];
    if (issue.code === "invalid_union" && issue.errors.length) {
      const branches = issue.errors.map((issues) => unreadableFields(new z.ZodError(issues), path));
      const depth = (fields: Unreadable[]) => Math.max(0, ...fields.map((f) => f.path.split(/[.[]/).length));
      out.push(...branches.reduce((best, b) => (depth(b) > depth(best) ? b : best)));
      continue;
    }
    const received = /received (\w+)/.exec(issue.message)?.[1] ?? "other";
    const expected =
      issue.code === "invalid_type"
        ? String(issue.expected)
        : issue.code === "invalid_value"
          ? "one of the known values"
          : issue.code === "too_small" || issue.code === "too_big"
            ? `a ${issue.origin} within its bounds`
            : issue.code;
    out.push({ path: pathOf(path) || "(body)", expected, received: issue.code === "invalid_type" ? received : "other" });
  }
  return out;
}

/**
 * An id taken from the portal's own URL or form, to be sent in a body: a whole number is sent as a
 * number (as a backend with numeric ids wrote it), anything else as the text.
 */
export function wireIdOf(value: string): WireId {
  return /^[1-9]\d{0,14}$/.test(value) ? Number(value) : value;
}
