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
const listening = new AsyncLocalStorage<{ tolerances: Set<string>; degraded: Degraded[] }>();
export function note(tolerance: string) {
  listening.getStore()?.tolerances.add(tolerance);
}
/** Runs `work` and answers the tolerances its reads used, and the fields and items they could not read (degrades). */
export async function withTolerances<T>(work: () => Promise<T>): Promise<{ value: T; tolerances: string[]; degraded: Degraded[] }> {
  const heard = { tolerances: new Set<string>(), degraded: [] as Degraded[] };
  const value = await listening.run(heard, work);
  return { value, tolerances: [...heard.tolerances].sort(), degraded: heard.degraded };
}

/**
 * Failing small (issue 36). A field that cannot be read becomes its empty value, and a list item that
 * cannot be read is left out (and counted, `omittedIn`): only an answer whose envelope cannot be read
 * fails. Each such degrade is told to whoever reads the answer (`readAnswer`): the pieces below call
 * `tolerate`, which counts it, and which, on a second reading made only to find where it happened,
 * leaves an issue marked with its kind, so that the JSON path comes out of zod as for a failure.
 */
export type DegradeKind = "field" | "item";
/** A degraded read: where, which kind, what was wanted and what came (types only, never values). */
export type Degraded = Unreadable & { kind: DegradeKind };
type Tagged = z.core.$ZodIssue & { degraded?: DegradeKind };

/** The read in progress (a parse is synchronous: one at a time). */
let reading: { found: number; reporting: boolean } | null = null;

function tolerate(ctx: { issues: unknown[] }, kind: DegradeKind, issues: readonly z.core.$ZodIssue[]) {
  if (!reading) return;
  reading.found++;
  if (!reading.reporting) return;
  const tagged = (issues as Tagged[]).filter((issue) => issue.degraded);
  const own = (issues as Tagged[]).filter((issue) => !issue.degraded);
  // A field is reported where it is (`type`, not `type.id`); an item, where it failed (`communications[].code`).
  const mine = kind === "field" && own.length ? [{ ...own[0]!, path: [] }] : own;
  for (const issue of [...tagged, ...mine]) ctx.issues.push({ ...issue, degraded: issue.degraded ?? kind });
}

/**
 * Shortcuts (issue 39). Each layer of a tolerant reader is a zod parse of its own, and a page reads
 * thousands of fields: most are the plain value every backend sends (a string for a text, a boolean
 * for a flag). A reader made with `fast` first asks its shortcut, which answers for such a value
 * exactly what the full reader answers (with no tolerance to note), and `READ_FULLY` for any other,
 * which the full reader then reads. tests/unit/reader-shortcuts.property.test.ts reads every value and
 * every generated answer both ways (`readFully`) and holds the two to the same result.
 */
const READ_FULLY = Symbol("read fully");
type Shortcut<T> = (value: unknown) => T | typeof READ_FULLY;
const shortcuts = new WeakMap<z.ZodTypeAny, Shortcut<unknown>>();
let shortcutsOn = true;

/** Tests: `work` with every shortcut off, as the full readers alone read. */
export function readFully<T>(work: () => T): T {
  shortcutsOn = false;
  try {
    return work();
  } finally {
    shortcutsOn = true;
  }
}

function fast<T extends z.ZodTypeAny>(reader: T, shortcut: Shortcut<z.output<T>>) {
  const schema = z.unknown().transform((value, ctx): z.output<T> => {
    const quick = shortcutsOn ? shortcut(value) : READ_FULLY;
    if (quick !== READ_FULLY) return quick;
    const read = reader.safeParse(value);
    if (read.success) return read.data;
    ctx.issues.push(...read.error.issues);
    return z.NEVER;
  });
  shortcuts.set(schema, shortcut);
  return schema;
}

/** The shortcut of `schema.nullish()`: null and undefined as they are, anything else as `schema`'s shortcut takes it. */
function nullishShortcut(schema: z.ZodTypeAny): Shortcut<unknown> {
  const shortcut = shortcuts.get(schema);
  return (value) => (value === null || value === undefined ? value : shortcut ? shortcut(value) : READ_FULLY);
}

/** `schema`, or `fallback()` when the value cannot be read by it (a field degraded, reported with its path). */
export function orEmpty<T extends z.ZodTypeAny, F>(schema: T, fallback: () => F, shortcut = shortcuts.get(schema)) {
  return z.unknown().transform((value, ctx): z.output<T> | F => {
    const quick = shortcut && shortcutsOn ? shortcut(value) : READ_FULLY;
    if (quick !== READ_FULLY) return quick as z.output<T>;
    const read = schema.safeParse(value);
    if (read.success) return read.data;
    tolerate(ctx, "field", read.error.issues);
    return fallback();
  });
}

/** `schema`, or null: when missing, null, or unreadable (a degrade). */
export function orNull<T extends z.ZodTypeAny>(schema: T) {
  return orEmpty(schema.nullish(), () => null, nullishShortcut(schema)).transform((v): z.output<T> | null => v ?? null);
}

/** `schema`, or left out: when missing, null, or unreadable (a degrade). */
export function maybe<T extends z.ZodTypeAny>(schema: T) {
  return orNull(schema)
    .transform((v) => v ?? undefined)
    .optional();
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const isScalar = (v: unknown): v is string | number => typeof v === "string" || (typeof v === "number" && Number.isFinite(v));

/** Where an object given for a text holds it: `{ text }`, `{ value, label }`, `{ description }`, an entity's `name`… */
const TEXT_KEYS = ["text", "label", "description", "name", "title", "value"] as const;
/** Where an object given for an id holds it: an entity instead of its id. */
const ID_KEYS = ["id", "code", "value"] as const;
function held(v: unknown, keys: readonly string[]): string | number | undefined {
  if (!isObject(v)) return undefined;
  for (const key of keys) if (isScalar(v[key])) return v[key];
  return undefined;
}

/** An id: text or a number, never empty; an entity given for its id (`{ id }`, `{ code }`) is read as that id. */
const fullId = z
  .preprocess(
    (v) => {
      const inner = held(v, ID_KEYS);
      if (inner === undefined) return v;
      note("ids as objects");
      return inner;
    },
    z.union([z.string().trim().min(1), z.number().finite()]),
  )
  .transform((v) => {
    if (typeof v === "number") note("ids as numbers");
    return String(v);
  });
export const id = fast(fullId, (v) => (typeof v === "string" && v.trim() ? v.trim() : READ_FULLY));

/** An id as the backend wrote it, to be sent back the same way (a number stays a number). */
export const wireId = z.union([z.string().trim().min(1), z.number().finite()]);
export type WireId = z.infer<typeof wireId>;

/** A text as it may come: a string, a number, or an object holding it; missing or null is `null`. */
const someText = z
  .preprocess(
    (v) => {
      const inner = held(v, TEXT_KEYS);
      if (inner === undefined) return v;
      note("texts as objects");
      return inner;
    },
    z.union([z.string(), z.number().finite()]).nullish(),
  )
  .transform((v) => {
    if (typeof v === "number") note("texts as numbers");
    return v === null || v === undefined ? null : String(v);
  });

/** A text: missing, null or unreadable reads as empty. */
export const text = fast(
  orEmpty(someText, () => null).transform((v) => v ?? ""),
  (v) => (typeof v === "string" ? v : v === null || v === undefined ? "" : READ_FULLY),
);

/** An optional text: missing, null, empty or unreadable reads as null. */
export const optText = fast(
  orEmpty(someText, () => null).transform((v) => (v === "" ? null : v)),
  (v) => (typeof v === "string" ? v || null : v === null || v === undefined ? null : READ_FULLY),
);

/** A text that may be left out (missing, null or unreadable reads as left out). */
export const maybeText = fast(
  orEmpty(someText, () => null).transform((v) => v ?? undefined),
  (v) => (typeof v === "string" ? v : v === null || v === undefined ? undefined : READ_FULLY),
).optional();

/** A count: a whole number, as a number or numeric text. */
const fullCount = z
  .union([z.number(), z.string().regex(/^\s*\d+\s*$/)])
  .transform((v) => {
    if (typeof v === "string") note("counts as text");
    return Number(v);
  })
  .pipe(z.number().int().nonnegative());
export const count = fast(fullCount, (v) => (typeof v === "number" && Number.isSafeInteger(v) && v >= 0 ? v : READ_FULLY));

/** A count that is only shown (a total, a last page): missing or unreadable reads as `fallback`. */
export const countOr = (fallback: number) => orEmpty(count.nullish(), () => null, nullishShortcut(count)).transform((v) => v ?? fallback);

const TRUE = new Set(["true", "1", "yes", "si", "sí", "s", "y"]);
const FALSE = new Set(["false", "0", "no", "n", ""]);

/** A flag: a boolean, a number (0 is false) or "true"/"false"/"1"/"0"; missing or unreadable reads as `fallback`. */
export function flag(fallback = false) {
  const read = z
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
  return orEmpty(
    read,
    () => fallback,
    (v) => (typeof v === "boolean" ? v : v === null || v === undefined ? fallback : READ_FULLY),
  );
}

/** A date or date-time as ISO 8601 writes it, with or without its zone or offset (the portal shows those as UTC). */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?\s*(?:Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;
/** Epoch milliseconds between 1973 and 2286: a number, or its digits as text. */
const EPOCH_MS = /^\d{11,13}$/;
const someDate = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((v, ctx) => {
    if (v === null || v === undefined || v === "") return null;
    const digits = String(v).trim();
    if (EPOCH_MS.test(digits)) {
      note("dates as epoch milliseconds");
      return new Date(Number(digits)).toISOString();
    }
    if (typeof v === "string" && ISO_DATE.test(digits) && !Number.isNaN(Date.parse(digits.slice(0, 10)))) return digits;
    ctx.addIssue({ code: "custom", input: v, params: { expected: "a date" }, message: `expected a date, received ${typeof v}` });
    return null;
  });
/** A date: ISO 8601 (kept as written), or epoch milliseconds (made ISO); missing or unreadable is null ('no date'). */
export const date = orEmpty(
  someDate,
  () => null,
  (v) => {
    if (v === null || v === undefined || v === "") return null;
    if (typeof v !== "string") return READ_FULLY;
    const digits = v.trim();
    return !EPOCH_MS.test(digits) && ISO_DATE.test(digits) && !Number.isNaN(Date.parse(digits.slice(0, 10))) ? digits : READ_FULLY;
  },
);

/**
 * An entity named by id and text: `{ id, text }` (or `{ code, description }`, `{ value, label }`,
 * `{ id, name }`…), or one text that is both.
 */
export const entityOf = z
  .preprocess(
    (v) => (isObject(v) ? { id: held(v, ID_KEYS) ?? held(v, TEXT_KEYS), text: held(v, TEXT_KEYS) } : { id: v, text: v }),
    z.object({ id, text }),
  )
  .transform((e) => ({ id: e.id, text: e.text || e.id }));
/** `entityOf` as a field: missing or unreadable, it is null. */
export const entity = orNull(entityOf);

/** How many items of each list read by `list` were left out (they could not be read). */
const omissions = new WeakMap<readonly unknown[], number>();
/** The items left out of a list read by `list` (0 for any other array). */
export function omittedIn(items: readonly unknown[]): number {
  return omissions.get(items) ?? 0;
}

function readItems<T extends z.ZodTypeAny>(item: T) {
  return (items: unknown[], ctx: { issues: unknown[] }): z.output<T>[] => {
    const out: z.output<T>[] = [];
    let omitted = 0;
    items.forEach((value, index) => {
      const read = value === null || value === undefined ? null : item.safeParse(value);
      if (read?.success) return void out.push(read.data);
      omitted++;
      const issues = read
        ? read.error.issues
        : [{ code: "invalid_type", expected: "object", input: value, path: [], message: "received null" }];
      tolerate(
        ctx,
        "item",
        (issues as z.core.$ZodIssue[]).map((issue) => ({ ...issue, path: [index, ...issue.path] })),
      );
    });
    if (omitted) omissions.set(out, omitted);
    return out;
  };
}

/**
 * A list: missing or null reads as empty; an item that is null or cannot be read is left out and
 * counted (`omittedIn`), the others are kept. A value that is no list cannot be read (a citizen's
 * list then fails its screen rather than show none).
 */
export function list<T extends z.ZodTypeAny>(item: T) {
  return z
    .array(z.unknown())
    .nullish()
    .transform((v, ctx) => {
      if (v === null) note("lists as null");
      return readItems(item)(v ?? [], ctx);
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
            : issue.code === "custom" && typeof issue.params?.expected === "string"
              ? issue.params.expected
              : issue.code;
    out.push({ path: pathOf(path) || "(body)", expected, received });
  }
  return out;
}

/** The degrades marked on a second reading, each once: indices are left out of the path (`communications[].client`). */
function degradedFields(issues: readonly Tagged[], prefix: readonly PropertyKey[] = [], inherited?: DegradeKind): Degraded[] {
  const out: Degraded[] = [];
  for (const issue of issues) {
    const kind = issue.degraded ?? inherited;
    const path = [...prefix, ...issue.path];
    if (issue.code === "invalid_union" && issue.errors.length) {
      // The branch the backend meant: one whose failures are all degrades, else the deepest.
      const branches = issue.errors as Tagged[][];
      const meant = branches.find((b) => b.length && b.every((i) => i.degraded)) ?? branches[0]!;
      out.push(...degradedFields(meant, path, kind));
      continue;
    }
    if (!kind) continue;
    const [field] = unreadableFields(new z.ZodError([{ ...issue, path: [] }]), path);
    out.push({ ...field!, path: field!.path.replace(/\[\d+\]/g, "[]"), kind });
  }
  return out.filter((d, i) => out.findIndex((o) => o.path === d.path && o.kind === d.kind) === i);
}

/**
 * Reads an answer with `schema`, failing small: its result (a failure only when the envelope cannot
 * be read), and the degrades it took. Those are found by a second reading, made only when the first
 * took any, in which each degrade leaves a marked issue (zod then gives each its JSON path).
 */
export function readAnswer<S extends z.ZodTypeAny>(
  schema: S,
  payload: unknown,
): { read: z.ZodSafeParseResult<z.output<S>>; degraded: Degraded[] } {
  const first = { found: 0, reporting: false };
  reading = first;
  let read: z.ZodSafeParseResult<z.output<S>>;
  try {
    read = schema.safeParse(payload);
  } finally {
    reading = null;
  }
  if (!read.success || !first.found) return { read, degraded: [] };
  reading = { found: 0, reporting: true };
  let second: z.ZodSafeParseResult<z.output<S>>;
  try {
    second = schema.safeParse(payload);
  } finally {
    reading = null;
  }
  const degraded = second.success ? [] : degradedFields(second.error.issues as Tagged[]);
  for (const d of degraded) listening.getStore()?.degraded.push(d);
  return { read, degraded };
}

/**
 * An id taken from the portal's own URL or form, to be sent in a body: a whole number is sent as a
 * number (as a backend with numeric ids wrote it), anything else as the text.
 */
export function wireIdOf(value: string): WireId {
  return /^[1-9]\d{0,14}$/.test(value) ? Number(value) : value;
}
