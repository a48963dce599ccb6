import type { ReactNode } from "react";
import { describedBy, FieldError, FieldHint, wrapperClass, type FieldBaseProps } from "./Field";

export interface RadioOption {
  value: string;
  label: ReactNode;
  /** The radio's id; `<group id>-<n>` by default. */
  id?: string;
}

export type RadioGroupProps = Omit<FieldBaseProps, "labelHidden"> & {
  options: readonly RadioOption[];
  /** The value checked at first. */
  defaultValue?: string;
  /** Called with the value of the radio just checked. */
  onChange?: (value: string) => void;
};

/**
 * A group of radio buttons, made of Field's parts: a fieldset whose legend is the label, the error
 * and hint tied to it, each radio with its label to the right (the whole row is a 44 px target).
 * Imported from here, not from ~/ui or ./Field: in Field's module it weighed 0.13 KB on every page
 * with a field (three of them then over their script ceilings, decision 034); here only the pages
 * with a group carry it.
 */
export function RadioGroup({ id, name, label, error, hint, className, options, defaultValue, onChange }: RadioGroupProps) {
  return (
    <fieldset className={wrapperClass("field", error, className)} aria-describedby={describedBy(id, { error, hint })}>
      <legend className="field__label">{label}</legend>
      <FieldHint id={id} hint={hint} />
      <FieldError id={id} error={error} />
      {options.map((option, index) => {
        const optionId = option.id ?? `${id}-${index}`;
        return (
          <div className="checkbox__item" key={option.value}>
            <input
              className="checkbox__input"
              type="radio"
              id={optionId}
              name={name}
              value={option.value}
              defaultChecked={defaultValue === option.value}
              onChange={onChange ? () => onChange(option.value) : undefined}
            />
            <label className="checkbox__label" htmlFor={optionId}>
              {option.label}
            </label>
          </div>
        );
      })}
    </fieldset>
  );
}
