/**
 * One change of one node of a JSON answer, the way another honest reading of the spec could answer
 * (issue 36): a field missing or null, a number as text or a text as a number, a flag as 0/1 or
 * "true", a text given as `{ text }`, an object given as its text, a list of texts given as objects
 * (and back), a date as epoch milliseconds or without its zone, an extra field. Shared by the readers'
 * property tests (tests/unit/readers.property.test.ts) and the screen-level proxy (mutating-proxy.ts).
 */
export type Path = (string | number)[];
export type MutationKind =
  | "missing"
  | "null"
  | "number as text"
  | "text as number"
  | "flag as number"
  | "flag as text"
  | "text as object"
  | "object as its text"
  | "texts as objects"
  | "objects as texts"
  | "epoch milliseconds"
  | "epoch milliseconds as text"
  | "date without zone"
  | "extra field";
export type Mutation = { path: Path; kind: MutationKind };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/;

/** Every node of `value` below its root, depth first: their paths. */
export function nodesOf(value: unknown, path: Path = []): Path[] {
  const out: Path[] = [];
  if (Array.isArray(value)) value.forEach((v, i) => out.push([...path, i], ...nodesOf(v, [...path, i])));
  else if (isObject(value)) for (const [k, v] of Object.entries(value)) out.push([...path, k], ...nodesOf(v, [...path, k]));
  return out;
}

export function at(value: unknown, path: Path): unknown {
  return path.reduce<unknown>((v, key) => (v as Record<string | number, unknown> | null)?.[key], value);
}

/** The first text an object holds (its name, its description…), for "an object given as its text". */
function textIn(v: Record<string, unknown>): string | null {
  for (const key of ["text", "label", "description", "name", "title", "value", "code", "id"]) {
    if (typeof v[key] === "string" || typeof v[key] === "number") return String(v[key]);
  }
  return null;
}

/** The changes that apply to the node at `path` (none to the root). */
export function kindsAt(root: unknown, path: Path): MutationKind[] {
  if (!path.length) return [];
  const v = at(root, path);
  const inList = typeof path[path.length - 1] === "number";
  const kinds: MutationKind[] = [inList ? "null" : "missing", "null"];
  if (typeof v === "number") kinds.push("number as text");
  if (typeof v === "string" && v.trim() !== "") kinds.push("text as number", "text as object");
  if (typeof v === "boolean") kinds.push("flag as number", "flag as text");
  if (typeof v === "string" && ISO_INSTANT.test(v)) kinds.push("epoch milliseconds", "epoch milliseconds as text", "date without zone");
  if (isObject(v)) {
    kinds.push("extra field");
    if (textIn(v) !== null) kinds.push("object as its text");
  }
  if (Array.isArray(v) && v.length && v.every((x) => typeof x === "string")) kinds.push("texts as objects");
  if (Array.isArray(v) && v.length && v.every((x) => isObject(x) && textIn(x) !== null)) kinds.push("objects as texts");
  return [...new Set(kinds)];
}

/** Every single change that applies to `value`. */
export function mutationsOf(value: unknown): Mutation[] {
  return nodesOf(value).flatMap((path) => kindsAt(value, path).map((kind) => ({ path, kind })));
}

function changed(v: unknown, kind: MutationKind): unknown {
  switch (kind) {
    case "null":
      return null;
    case "number as text":
      return String(v);
    case "text as number":
      return /^\d+$/.test(String(v)) ? Number(v) : 7;
    case "flag as number":
      return v ? 1 : 0;
    case "flag as text":
      return v ? "true" : "false";
    case "text as object":
      return { text: v };
    case "object as its text":
      return textIn(v as Record<string, unknown>);
    case "texts as objects":
      return (v as string[]).map((text) => ({ text }));
    case "objects as texts":
      return (v as Record<string, unknown>[]).map(textIn);
    case "epoch milliseconds":
      return Date.parse(String(v));
    case "epoch milliseconds as text":
      return String(Date.parse(String(v)));
    case "date without zone":
      return new Date(Date.parse(String(v))).toISOString().slice(0, 19);
    case "extra field":
      return { ...(v as Record<string, unknown>), x_extra: { nested: [1, "dos", null] } };
    default:
      return v;
  }
}

/** `value` with one change (a deep copy: `value` itself is left as it was). */
export function mutate<T>(value: T, { path, kind }: Mutation): T {
  const copy = structuredClone(value);
  const parent = at(copy, path.slice(0, -1)) as Record<string | number, unknown>;
  const key = path[path.length - 1]!;
  if (kind === "missing") delete parent[key];
  else parent[key] = changed(parent[key], kind);
  return copy;
}

export const describeMutation = ({ path, kind }: Mutation) =>
  `${kind} at ${path.reduce<string>((out, k) => (typeof k === "number" ? `${out}[${k}]` : out ? `${out}.${k}` : k), "")}`;
