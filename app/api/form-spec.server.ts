/**
 * A form's fields as a backend describes them in formData's `spec` (spec section 3: "form_data, spec
 * (description or header.name), globals"). The spec names no field list, so each honest way of
 * writing one is read into the portal's own (`fields`, common/forms.ts):
 *
 * - ours: `fields: [{ name, label, type, required, options }]` (also keyed by name, or with
 *   `key`/`id` and `title`);
 * - a Form.io definition, what `/forms/index.html` embeds in the original product: `components`,
 *   nested in panels, fieldsets, columns and tables, with `key`, `validate.required`,
 *   `data.values` or `values`;
 * - a JSON Schema: `properties` with `title`, `enum`/`oneOf`, `format`, and a `required` list;
 * - any of them under `schema`, `form` or `definition`, or as JSON text.
 *
 * A field without a usable name, a button or a piece of text is left out; an unknown kind of field is
 * a text field (the citizen can still answer it); a list without options is a text field too.
 */
import type { FormField } from "@common/forms";
import { note } from "./read.server";

type Raw = Record<string, unknown>;
/** A field as the portal's FormFieldSchema reads it (its kind still a word: the schema checks it). */
export type FieldInput = Omit<FormField, "type"> & { type: string };

const isObject = (v: unknown): v is Raw => typeof v === "object" && v !== null && !Array.isArray(v);
const str = (v: unknown) =>
  typeof v === "string" ? v.trim() || undefined : typeof v === "number" && Number.isFinite(v) ? String(v) : undefined;
const first = (o: Raw, keys: readonly string[]) => keys.map((k) => str(o[k])).find((v) => v !== undefined);
const num = (v: unknown) => {
  const n = typeof v === "number" ? v : typeof v === "string" && v.trim() !== "" ? Number(v) : NaN;
  return Number.isFinite(n) ? n : undefined;
};
const truthy = (v: unknown) =>
  v === true || v === 1 || (typeof v === "string" && ["true", "1", "si", "sí", "yes"].includes(v.trim().toLowerCase()));
const parsed = (v: unknown): unknown => {
  if (typeof v !== "string") return v;
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
};

/** A name the form can carry safely (an `id` attribute, a CSS selector, a form field). */
const NAME = /^[\p{L}\p{N}_.-]{1,64}$/u;

/** The backend's words (Form.io's, JSON Schema's, ours) for each kind of field of the portal. */
const WORDS: Record<string, readonly string[]> = {
  text: ["text", "textfield", "string", "input", "password", "shorttext"],
  textarea: ["textarea", "longtext", "paragraph"],
  number: ["number", "integer", "decimal", "currency", "numeric"],
  date: ["date", "datetime", "date-time", "day", "fecha"],
  email: ["email", "mail"],
  phone: ["phone", "phonenumber", "tel", "telephone", "telefono"],
  select: ["select", "dropdown", "combo"],
  radio: ["radio", "radios"],
  checkbox: ["checkbox", "boolean", "selectboxes", "checkboxes"],
};
/** Not something the citizen answers here (a button, a piece of text), or data of another shape: left out. */
const NOT_FIELDS = [
  "button",
  "submit",
  "content",
  "htmlelement",
  "html",
  "hidden",
  "object",
  "container",
  "datagrid",
  "editgrid",
  "datamap",
  "file",
  "signature",
];
/** The portal's kind of field for a backend's word; null: not a field. */
const KINDS = new Map<string, string | null>([
  ...Object.entries(WORDS).flatMap(([kind, words]) => words.map((word): [string, string] => [word, kind])),
  ...NOT_FIELDS.map((word): [string, null] => [word, null]),
]);
/** Form.io's layout components: their children are the form's fields. */
const LAYOUT = new Set(["panel", "fieldset", "well", "columns", "column", "table", "tabs", "tab", "section", "page", "wizard"]);

function optionsOf(v: unknown, labels?: unknown): FieldInput["options"] {
  const list = parsed(v);
  if (!Array.isArray(list)) return undefined;
  const names = Array.isArray(labels) ? labels : [];
  return list.flatMap((o, i) => {
    if (!isObject(o)) {
      const value = str(o);
      return value === undefined ? [] : [{ value, label: str(names[i]) ?? value }];
    }
    const value = first(o, ["value", "const", "id", "code", "key"]);
    const label = first(o, ["label", "title", "text", "description", "name"]) ?? value;
    return value === undefined ? [] : [{ value, label: label! }];
  });
}

/** One field from an object in any of the shapes above (its name may come from the map holding it). */
function fieldOf(raw: unknown, keyName?: string, required?: readonly unknown[]): FieldInput | null {
  if (!isObject(raw)) return null;
  const name = first(raw, ["name", "key", "id", "code"]) ?? keyName;
  if (!name || !NAME.test(name)) return null;
  const word = (first(raw, ["type", "kind", "fieldType", "inputType"]) ?? "text").toLowerCase().replace(/[\s_]/g, "");
  const format = str(raw.format)?.toLowerCase();
  // JSON Schema says the kind in `format` (`email`, `date`) beside `type: "string"`.
  const byFormat = format && format !== "text" ? KINDS.get(format) : undefined;
  let type = byFormat ?? (KINDS.has(word) ? (KINDS.get(word) ?? null) : "text");
  if (type === null) return null;
  const validate = isObject(raw.validate) ? raw.validate : isObject(raw.validation) ? raw.validation : {};
  const items = isObject(raw.items) ? raw.items : {};
  const data = isObject(raw.data) ? raw.data : {};
  const options =
    optionsOf(raw.options) ??
    optionsOf(raw.values) ??
    optionsOf(data.values) ??
    optionsOf(raw.choices) ??
    optionsOf(raw.enum, raw.enumNames) ??
    optionsOf(raw.oneOf) ??
    optionsOf(items.enum, items.enumNames);
  // A JSON Schema text with a list of values is a choice; a list of them, several boxes.
  if (options?.length && type === "text") type = "select";
  if (word === "array" && options?.length) type = "checkbox";
  // A choice with nothing to choose from would refuse every answer: the citizen types it instead.
  if ((type === "select" || type === "radio") && !options?.length) type = "text";
  const label = first(raw, ["label", "title", "text", "question"]) ?? first(raw, ["description"]) ?? name;
  const hint =
    first(raw, ["hint", "help", "helpText", "tooltip", "placeholder"]) ??
    (label !== str(raw.description) ? str(raw.description) : undefined);
  const field: FieldInput = {
    name,
    label,
    type,
    required:
      truthy(raw.required) ||
      truthy(raw.mandatory) ||
      truthy(raw.isRequired) ||
      truthy(validate.required) ||
      Boolean(required?.includes(name)),
  };
  if (hint) field.hint = hint;
  const minLength = num(raw.minLength ?? validate.minLength);
  const maxLength = num(raw.maxLength ?? validate.maxLength);
  if (minLength !== undefined) field.minLength = minLength;
  if (maxLength !== undefined) field.maxLength = maxLength;
  const pattern = str(raw.pattern ?? validate.pattern);
  if (pattern && isPattern(pattern)) field.pattern = pattern;
  const min = raw.min ?? raw.minimum ?? validate.min;
  const max = raw.max ?? raw.maximum ?? validate.max;
  if (typeof min === "number" || typeof min === "string") field.min = type === "number" ? (num(min) ?? min) : min;
  if (typeof max === "number" || typeof max === "string") field.max = type === "number" ? (num(max) ?? max) : max;
  if (options?.length && (type === "select" || type === "radio" || type === "checkbox")) field.options = options;
  return field;
}

function isPattern(source: string) {
  try {
    new RegExp(source);
    return true;
  } catch {
    return false;
  }
}

/** Form.io's components, their layouts opened. */
function componentFields(components: unknown[], depth = 0): FieldInput[] {
  if (depth > 8) return [];
  return components.flatMap((c): FieldInput[] => {
    if (!isObject(c)) return [];
    const word = (str(c.type) ?? "").toLowerCase();
    const children = [
      ...(Array.isArray(c.components) ? c.components : []),
      ...(Array.isArray(c.columns)
        ? c.columns.flatMap((col) => (isObject(col) && Array.isArray(col.components) ? col.components : []))
        : []),
      ...(Array.isArray(c.rows)
        ? c.rows.flat(2).flatMap((cell) => (isObject(cell) && Array.isArray(cell.components) ? cell.components : []))
        : []),
    ];
    if (LAYOUT.has(word) || (children.length && c.input !== true)) return componentFields(children, depth + 1);
    const field = fieldOf(c);
    return field ? [field] : [];
  });
}

/** The fields of a spec in whichever shape it has (see above); none when it has no list at all. */
function fieldsIn(spec: Raw, depth = 0): FieldInput[] | null {
  if (Array.isArray(spec.fields)) return spec.fields.flatMap((f) => fieldOf(f) ?? []);
  if (isObject(spec.fields)) return Object.entries(spec.fields).flatMap(([name, f]) => fieldOf(f, name) ?? []);
  if (Array.isArray(spec.components)) return componentFields(spec.components);
  if (isObject(spec.properties)) {
    const required = Array.isArray(spec.required) ? spec.required : [];
    return Object.entries(spec.properties).flatMap(([name, f]) => fieldOf(f, name, required) ?? []);
  }
  if (depth > 2) return null;
  for (const key of ["schema", "form", "definition", "formSpec", "jsonSchema"]) {
    const inner = parsed(spec[key]);
    const found = isObject(inner) ? fieldsIn(inner, depth + 1) : null;
    if (found) return found;
  }
  return null;
}

/**
 * formData's `spec` with its fields in the portal's shape (`fields`), whatever shape they came in; a
 * spec given as JSON text is read too. Anything that is no object is handed on as it is.
 */
export function withPortalFields(value: unknown): unknown {
  const spec = parsed(value);
  if (!isObject(spec)) return value;
  const fields = fieldsIn(spec);
  if (fields && !Array.isArray(spec.fields)) note("form fields in another shape");
  // Form.io names its form `title`; a header may come as its bare text.
  const header =
    typeof spec.header === "string"
      ? { name: spec.header }
      : isObject(spec.header)
        ? spec.header
        : { name: first(spec, ["title", "name"]) };
  return { ...spec, header, fields: fields ?? [] };
}
