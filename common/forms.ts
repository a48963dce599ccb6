/**
 * Form definitions (JSON stored by the API) and their validation (decision 016). Pure TypeScript
 * with no imports but common/days.ts (the one reading of a typed day), shared on purpose: the API validates every submission against the definition
 * (the rule that counts), and the portal runs the same rules first so a form that is not valid is
 * never sent and its errors are tied to its fields. Errors are codes; the portal turns them into
 * text (app/lib/messages/procedures.ts, `formErrors`).
 */
import { parseDay } from "./days.js";
export const FIELD_TYPES = ["text", "textarea", "number", "date", "email", "phone", "select", "radio", "checkbox"] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export type FieldOption = { value: string; label: string };
export type FormField = {
  name: string;
  label: string;
  type: FieldType;
  required?: boolean;
  hint?: string;
  minLength?: number;
  maxLength?: number;
  /** a JavaScript regular expression the whole value must match */
  pattern?: string;
  /** number: bounds; date: yyyy-mm-dd bounds */
  min?: number | string;
  max?: number | string;
  /** select, radio, checkbox (a checkbox without options is a single yes/no box) */
  options?: FieldOption[];
};
export type FormDefinition = {
  description?: string | null;
  header: { name: string };
  fields: FormField[];
};

export type FormValue = string | string[];
export type FormValues = Record<string, FormValue>;
export type FieldErrorCode =
  "required" | "minLength" | "maxLength" | "pattern" | "number" | "min" | "max" | "date" | "email" | "phone" | "option";

const NAME = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const PHONE = /^\+?[0-9][0-9 -]{5,19}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const MAX_TEXT = 5000;

/** Checks the shape of a definition (operator input); answers the problems found. */
export function definitionProblems(value: unknown): string[] {
  const problems: string[] = [];
  const def = value as FormDefinition;
  if (!def || typeof def !== "object") return ["definition"];
  if (!def.header || typeof def.header.name !== "string" || !def.header.name.trim()) problems.push("header.name");
  if (!Array.isArray(def.fields) || def.fields.length === 0 || def.fields.length > 100) return [...problems, "fields"];
  const names = new Set<string>();
  def.fields.forEach((f, i) => {
    if (!f || typeof f !== "object") return problems.push(`fields.${i}`);
    if (typeof f.name !== "string" || !NAME.test(f.name) || names.has(f.name)) problems.push(`fields.${i}.name`);
    names.add(f.name);
    if (typeof f.label !== "string" || !f.label.trim()) problems.push(`fields.${i}.label`);
    if (!FIELD_TYPES.includes(f.type)) problems.push(`fields.${i}.type`);
    if ((f.type === "select" || f.type === "radio") && (!Array.isArray(f.options) || f.options.length === 0))
      problems.push(`fields.${i}.options`);
    if (f.pattern !== undefined) {
      try {
        new RegExp(f.pattern);
      } catch {
        problems.push(`fields.${i}.pattern`);
      }
    }
  });
  return problems;
}

function asList(value: FormValue | undefined): string[] {
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : [value]).map((v) => String(v));
}

/**
 * Validates submitted values against a definition. Unknown names are dropped; text is
 * trimmed; a multi-option checkbox gives a list; a single checkbox gives "on" or "".
 */
export function validateForm(def: FormDefinition, input: Record<string, FormValue | undefined>) {
  const values: FormValues = {};
  const errors: Record<string, FieldErrorCode> = {};
  for (const field of def.fields) {
    const raw = input[field.name];
    if (field.type === "checkbox" && field.options?.length) {
      const chosen = asList(raw).filter((v) => v !== "");
      values[field.name] = chosen;
      if (field.required && chosen.length === 0) errors[field.name] = "required";
      else if (chosen.some((v) => !field.options!.some((o) => o.value === v))) errors[field.name] = "option";
      continue;
    }
    let text = (asList(raw)[0] ?? "").trim().slice(0, MAX_TEXT + 1);
    if (field.type === "checkbox") {
      const on = text === "on" || text === "true" || text === "1";
      values[field.name] = on ? "on" : "";
      if (field.required && !on) errors[field.name] = "required";
      continue;
    }
    // A day is kept as yyyy-mm-dd however it was typed (dd/mm/yyyy in a text browser, issue 31).
    const day = field.type === "date" ? parseDay(text) : null;
    if (day) text = day;
    values[field.name] = text;
    if (text === "") {
      if (field.required) errors[field.name] = "required";
      continue;
    }
    const error = checkValue(field, text);
    if (error) errors[field.name] = error;
  }
  return { values, errors, valid: Object.keys(errors).length === 0 };
}

function checkValue(field: FormField, text: string): FieldErrorCode | null {
  switch (field.type) {
    case "number": {
      if (!/^-?\d+([.,]\d+)?$/.test(text)) return "number";
      const n = Number(text.replace(",", "."));
      if (typeof field.min === "number" && n < field.min) return "min";
      if (typeof field.max === "number" && n > field.max) return "max";
      break;
    }
    case "date": {
      if (!DATE.test(text) || Number.isNaN(Date.parse(`${text}T00:00:00Z`))) return "date";
      if (typeof field.min === "string" && text < field.min) return "min";
      if (typeof field.max === "string" && text > field.max) return "max";
      break;
    }
    case "email":
      if (!EMAIL.test(text) || text.length > 254) return "email";
      break;
    case "phone":
      if (!PHONE.test(text)) return "phone";
      break;
    case "select":
    case "radio":
      if (!field.options?.some((o) => o.value === text)) return "option";
      break;
    default:
      break;
  }
  const max = field.maxLength ?? (field.type === "textarea" ? MAX_TEXT : 500);
  if (field.minLength !== undefined && text.length < field.minLength) return "minLength";
  if (text.length > max) return "maxLength";
  if (field.pattern) {
    let re: RegExp | null = null;
    try {
      re = new RegExp(`^(?:${field.pattern})$`);
    } catch {
      re = null;
    }
    if (re && !re.test(text)) return "pattern";
  }
  return null;
}
