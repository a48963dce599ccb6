/**
 * A form definition rendered as plain, accessible HTML (no script needed): labels, hints,
 * fieldsets for radio and checkbox groups, `aria-invalid` and `aria-describedby` tied to each
 * field's error. Every field has an error slot (`<name>-error`, hidden when empty) so the
 * parent page's script can fill it when it validates before sending: that slot, always present, is
 * why these fields are not ~/ui/Field's (whose error exists only when there is one).
 */
import { common } from "~/lib/messages/common";
import type { FormSpec } from "~/api/chat.server";
import { procedureChat as t } from "~/lib/messages/procedureChat";
import type { FieldErrorCode, FormField } from "@common/forms";

export type FieldErrors = Record<string, string>;

/** The text of a field's error code (messages.ts). */
export function fieldErrorText(
  field: Pick<FormField, "minLength" | "maxLength" | "min" | "max" | "type">,
  code: FieldErrorCode | string,
): string {
  const e = t.form.errors;
  switch (code) {
    case "minLength":
      return e.minLength(field.minLength ?? 0);
    case "maxLength":
      return e.maxLength(field.maxLength ?? (field.type === "textarea" ? 5000 : 500));
    case "min":
      return e.min(field.min ?? "");
    case "max":
      return e.max(field.max ?? "");
    case "pattern":
    case "number":
    case "date":
    case "email":
    case "phone":
    case "option":
    case "required":
      return e[code];
    default:
      return e.pattern;
  }
}

const inputType: Record<string, string> = { text: "text", number: "text", date: "date", email: "email", phone: "tel" };

function ErrorSlot({ id, error }: { id: string; error?: string }) {
  return (
    <p className="field__error" id={`${id}-error`} hidden={!error}>
      {error ?? ""}
    </p>
  );
}

/** A field's hint; a date's says the format a text browser's plain box expects (issue 31). */
const hintOf = (field: FormField) => (field.type === "date" ? [field.hint, common.search.dateHint].filter(Boolean).join(" ") : field.hint);

function describedBy(id: string, field: FormField, error?: string) {
  return [hintOf(field) ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
}

export function FormFields({ spec, values, errors }: { spec: FormSpec; values: Record<string, string | string[]>; errors: FieldErrors }) {
  return (
    <>
      {spec.fields.map((field) => {
        const id = `f-${field.name}`;
        const error = errors[field.name];
        const value = values[field.name];
        const text = Array.isArray(value) ? (value[0] ?? "") : (value ?? "");
        const label = (
          <>
            {field.label}
            {field.required ? <span className="field__required"> {t.form.requiredMark}</span> : null}
          </>
        );
        const hint = hintOf(field) ? (
          <p className="field__hint" id={`${id}-hint`}>
            {hintOf(field)}
          </p>
        ) : null;
        const cls = error ? "field field--error" : "field";

        if (field.type === "radio" || (field.type === "checkbox" && field.options?.length)) {
          const chosen = Array.isArray(value) ? value : value ? [value] : [];
          return (
            <fieldset className={cls} key={field.name} id={id} aria-describedby={describedBy(id, field, error)} data-field={field.name}>
              <legend className="field__label">{label}</legend>
              {hint}
              <ErrorSlot id={id} error={error} />
              {field.options!.map((o, i) => (
                <div className="checkbox__item" key={o.value}>
                  <input
                    type={field.type}
                    className="checkbox__input"
                    id={`${id}-${i}`}
                    name={field.name}
                    value={o.value}
                    defaultChecked={chosen.includes(o.value)}
                    aria-invalid={error ? true : undefined}
                  />
                  <label className="checkbox__label" htmlFor={`${id}-${i}`}>
                    {o.label}
                  </label>
                </div>
              ))}
            </fieldset>
          );
        }
        if (field.type === "checkbox") {
          return (
            <div className={`${cls} checkbox`} key={field.name} data-field={field.name}>
              <ErrorSlot id={id} error={error} />
              <div className="checkbox__item">
                <input
                  type="checkbox"
                  className="checkbox__input"
                  id={id}
                  name={field.name}
                  defaultChecked={text === "on"}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={describedBy(id, field, error)}
                />
                <label className="checkbox__label" htmlFor={id}>
                  {label}
                </label>
              </div>
              {hint}
            </div>
          );
        }
        return (
          <div className={cls} key={field.name} data-field={field.name}>
            <label className="field__label" htmlFor={id}>
              {label}
            </label>
            {hint}
            <ErrorSlot id={id} error={error} />
            {field.type === "textarea" ? (
              <textarea
                className="field__input field__textarea"
                id={id}
                name={field.name}
                rows={4}
                defaultValue={text}
                maxLength={field.maxLength}
                aria-invalid={error ? true : undefined}
                aria-describedby={describedBy(id, field, error)}
              />
            ) : field.type === "select" ? (
              <select
                className="field__input"
                id={id}
                name={field.name}
                defaultValue={text}
                aria-invalid={error ? true : undefined}
                aria-describedby={describedBy(id, field, error)}
              >
                <option value="">{t.form.selectPlaceholder}</option>
                {field.options?.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            ) : (
              <input
                className="field__input"
                id={id}
                name={field.name}
                type={inputType[field.type] ?? "text"}
                inputMode={field.type === "number" ? "decimal" : undefined}
                defaultValue={text}
                maxLength={field.maxLength}
                autoComplete={field.type === "email" ? "email" : field.type === "phone" ? "tel" : undefined}
                aria-invalid={error ? true : undefined}
                aria-describedby={describedBy(id, field, error)}
              />
            )}
          </div>
        );
      })}
    </>
  );
}

/** Reads a definition's values out of posted form data (multi-option checkboxes as lists). */
export function valuesFrom(spec: FormSpec, form: FormData): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const field of spec.fields) {
    if (field.type === "checkbox" && field.options?.length) out[field.name] = form.getAll(field.name).map(String);
    else {
      const v = form.get(field.name);
      out[field.name] = typeof v === "string" ? v : "";
    }
  }
  return out;
}
