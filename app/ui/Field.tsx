import {
  useEffect,
  useRef,
  useState,
  type ChangeEvent,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from "react";
import { common } from "../lib/messages/common";

/**
 * Form fields that wire accessibility for free: `id`, a <label for>, `aria-invalid` when there is
 * an error, and `aria-describedby="<id>-error <id>-hint"` (only the parts that exist).
 * The error text is prefixed with a visually hidden 'Error:' (GOV.UK pattern). Errors come from
 * the server (the action's 400 answer), so everything works without JavaScript.
 */

export interface FieldBaseProps {
  /** Input id; also the anchor of ErrorSummary links. */
  id: string;
  /** Form field name (leave it out for a field that a script reads instead of a form posting it). */
  name?: string;
  /** Visible label. */
  label: ReactNode;
  /** Error message under the label (sets aria-invalid). */
  error?: string | null;
  /** Help text under the label. */
  hint?: ReactNode;
  /** Keep the label for screen readers only (e.g. a search box with a visible button). */
  labelHidden?: boolean;
  /** Class of the wrapping `.field` element. */
  className?: string;
}

/** The ids a field's describing elements get. */
export function fieldIds(id: string) {
  return { error: `${id}-error`, hint: `${id}-hint`, count: `${id}-count` };
}

/** aria-describedby value: error id, hint id, then any extra ids; undefined when empty. */
export function describedBy(
  id: string,
  parts: { error?: unknown; hint?: unknown; extra?: (string | null | undefined | false)[] },
): string | undefined {
  const ids = fieldIds(id);
  const list = [parts.error ? ids.error : null, parts.hint ? ids.hint : null, ...(parts.extra ?? [])].filter(
    (v): v is string => typeof v === "string" && v.length > 0,
  );
  return list.length ? list.join(" ") : undefined;
}

/** Class of a field's wrapper: `base`, `field--error` when in error, then the caller's class. */
export function wrapperClass(base: string, error: unknown, className?: string) {
  return [base, error ? "field--error" : "", className ?? ""].filter(Boolean).join(" ");
}

function FieldLabel({ id, label, hidden }: { id: string; label: ReactNode; hidden?: boolean }) {
  return (
    <label className={hidden ? "field__label visually-hidden" : "field__label"} htmlFor={id}>
      {label}
    </label>
  );
}

export function FieldHint({ id, hint }: { id: string; hint?: ReactNode }) {
  return hint ? (
    <div className="field__hint" id={fieldIds(id).hint}>
      {hint}
    </div>
  ) : null;
}

export function FieldError({ id, error }: { id: string; error?: string | null }) {
  return error ? (
    <p className="field__error" id={fieldIds(id).error}>
      <span className="visually-hidden">{common.fields.errorPrefix} </span>
      {error}
    </p>
  ) : null;
}

/** Splits a field's own props (the shell's) from the ones its control takes. */
function splitField<P extends FieldBaseProps>({ id, name, label, error, hint, labelHidden, className, ...control }: P) {
  return [{ id, name, label, error, hint, labelHidden, className } as FieldBaseProps, control] as const;
}

/** What every control gets from its field: id, name, `aria-invalid` on error, `aria-describedby`. */
function controlWiring(field: FieldBaseProps, extra: (string | null | undefined | false)[]) {
  return {
    id: field.id,
    name: field.name,
    "aria-invalid": field.error ? true : undefined,
    "aria-describedby": describedBy(field.id, { error: field.error, hint: field.hint, extra }),
  };
}

/** The shell of a labelled field: wrapper, label, hint, error, then the control (and what follows it). */
function FieldShell({ field, children }: { field: FieldBaseProps; children: ReactNode }) {
  return (
    <div className={wrapperClass("field", field.error, field.className)}>
      <FieldLabel id={field.id} label={field.label} hidden={field.labelHidden} />
      <FieldHint id={field.id} hint={field.hint} />
      <FieldError id={field.id} error={field.error} />
      {children}
    </div>
  );
}

export type TextFieldProps = FieldBaseProps &
  Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name" | "className" | "children"> & {
    /** Extra class on the <input>. */
    inputClassName?: string;
  };

/**
 * Single-line input (type text by default; any input type but checkbox/radio). `aria-invalid` may
 * also come from the caller, for a box checked as it is typed with no message to show.
 */
export function TextField(props: TextFieldProps) {
  const [field, { inputClassName, type = "text", "aria-describedby": extra, "aria-invalid": invalid, ...inputProps }] = splitField(props);
  const wiring = controlWiring(field, [extra]);
  return (
    <FieldShell field={field}>
      <input
        {...inputProps}
        {...wiring}
        type={type}
        className={["field__input", inputClassName].filter(Boolean).join(" ")}
        aria-invalid={wiring["aria-invalid"] ?? invalid}
      />
    </FieldShell>
  );
}

export type TextAreaProps = FieldBaseProps &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id" | "name" | "className" | "children"> & {
    /** Show the 'n/1000 caracteres' counter (default: when maxLength is set). */
    showCounter?: boolean;
  };

/**
 * Multi-line input with an optional character counter ('n/1000 caracteres'). With JavaScript the
 * counter follows the typing (and a polite live region announces it after a pause); without
 * JavaScript it shows the limit ('Hasta 1000 caracteres'); `maxLength` is enforced by the browser
 * either way and must be checked again on the server.
 */
export function TextArea(props: TextAreaProps) {
  const [
    field,
    { maxLength, showCounter = maxLength !== undefined, onChange, value, defaultValue, rows = 4, "aria-describedby": extra, ...rest },
  ] = splitField(props);
  const [typedLength, setTypedLength] = useState(() => String(value ?? defaultValue ?? "").length);
  const length = value !== undefined ? String(value).length : typedLength;
  const [announcement, setAnnouncement] = useState("");
  const touched = useRef(false);
  const counter = showCounter && maxLength !== undefined;

  useEffect(() => {
    if (!counter || !touched.current) return;
    const timer = setTimeout(() => setAnnouncement(common.fields.characterCount(length, maxLength!)), 1000);
    return () => clearTimeout(timer);
  }, [counter, length, maxLength]);

  const handleChange = (event: ChangeEvent<HTMLTextAreaElement>) => {
    touched.current = true;
    setTypedLength(event.currentTarget.value.length);
    onChange?.(event);
  };

  const countId = fieldIds(field.id).count;
  return (
    <FieldShell field={field}>
      <textarea
        {...rest}
        {...controlWiring(field, [counter ? countId : null, extra])}
        rows={rows}
        maxLength={maxLength}
        value={value}
        defaultValue={defaultValue}
        onChange={handleChange}
        className="field__input field__textarea"
      />
      {counter ? (
        <>
          <p className={length >= maxLength! ? "field__count field__count--limit" : "field__count"} id={countId}>
            <span className="js-only">{common.fields.characterCount(length, maxLength!)}</span>
            <span className="no-js-only">{common.fields.characterLimit(maxLength!)}</span>
          </p>
          <span className="visually-hidden" aria-live="polite">
            {announcement}
          </span>
        </>
      ) : null}
    </FieldShell>
  );
}

export type CheckboxProps = FieldBaseProps & Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name" | "className" | "children" | "type">;

/** A checkbox with its label to the right (the whole row is a 44 px target). */
export function Checkbox(props: CheckboxProps) {
  const [field, { "aria-describedby": extra, ...inputProps }] = splitField(props);
  return (
    <div className={wrapperClass("field checkbox", field.error, field.className)}>
      <FieldError id={field.id} error={field.error} />
      <div className="checkbox__item">
        <input {...inputProps} {...controlWiring(field, [extra])} type="checkbox" className="checkbox__input" />
        <label className={field.labelHidden ? "checkbox__label visually-hidden" : "checkbox__label"} htmlFor={field.id}>
          {field.label}
        </label>
      </div>
      <FieldHint id={field.id} hint={field.hint} />
    </div>
  );
}

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export type SelectProps = FieldBaseProps &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, "id" | "name" | "className"> & {
    /** Options; or pass <option> children instead. */
    options?: readonly SelectOption[];
    /** First, empty-valued option (e.g. 'Selecciona una opción'). */
    placeholder?: string;
  };

/** A native <select> (works everywhere, accessible by default). */
export function Select(props: SelectProps) {
  const [field, { options, placeholder, children, "aria-describedby": extra, ...selectProps }] = splitField(props);
  return (
    <FieldShell field={field}>
      <select {...selectProps} {...controlWiring(field, [extra])} className="field__input field__select">
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options?.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
        {children}
      </select>
    </FieldShell>
  );
}

export interface ErrorSummaryItem {
  /** Id of the field in error (the link target). */
  fieldId: string;
  message: string;
}

export interface ErrorSummaryProps {
  errors: readonly ErrorSummaryItem[];
  /** Heading; default 'Hay un problema'. */
  title?: string;
  /** Element id (default 'error-summary'). */
  id?: string;
}

/**
 * GOV.UK error summary: put it at the top of the form's page when the action answers with errors
 * (and prefix the page title with 'Error: '). role="alert", tabIndex -1, focused on mount and when
 * the errors change (without JavaScript by the browser, through `autofocus`); each link moves focus to its field (with JS) or jumps to it (without).
 * Renders nothing when there are no errors.
 */
export function ErrorSummary({ errors, title = common.errorSummary.title, id = "error-summary" }: ErrorSummaryProps) {
  const ref = useRef<HTMLDivElement>(null);
  const signature = errors.map((e) => `${e.fieldId}:${e.message}`).join("|");

  useEffect(() => {
    if (signature) ref.current?.focus();
  }, [signature]);

  if (errors.length === 0) return null;
  const titleId = `${id}-title`;
  return (
    // Without JavaScript the server's HTML asks the browser to focus it (autofocus); with it, the effect above does.
    // eslint-disable-next-line jsx-a11y/no-autofocus -- GOV.UK: the summary of a form that came back takes focus.
    <div ref={ref} id={id} className="error-summary" role="alert" tabIndex={-1} aria-labelledby={titleId} autoFocus>
      <h2 className="error-summary__title" id={titleId}>
        {title}
      </h2>
      <ul className="error-summary__list">
        {errors.map((error) => (
          <li key={`${error.fieldId}-${error.message}`}>
            <a
              href={`#${error.fieldId}`}
              onClick={(event) => {
                const field = document.getElementById(error.fieldId);
                if (!field) return;
                event.preventDefault();
                const label = document.querySelector(`label[for="${CSS.escape(error.fieldId)}"]`);
                (label ?? field).scrollIntoView({ block: "start" });
                field.focus({ preventScroll: true });
              }}
            >
              {error.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
