import { useState, type ChangeEvent, type FocusEvent } from "react";
import { common } from "~/lib/messages/common";
import { TextField } from "~/ui";

/**
 * A 'Desde'/'Hasta' day box of a list's filters. A day that cannot be read is said next to the box,
 * never dropped silently (issue 40): without JavaScript the server sends back what was typed
 * (`invalid`) with the message; with it, a box the browser holds as half-typed or impossible
 * (`validity.badInput`) shows the message and filters nothing until it is fixed.
 */
export function DateFilter({
  id,
  name,
  label,
  value,
  invalid,
  onValid,
}: {
  id: string;
  name: string;
  label: string;
  value: string | null;
  invalid?: string;
  onValid: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  const [bad, setBad] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const error = bad || (invalid && !dismissed) ? common.search.invalidDate : null;
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const badInput = event.currentTarget.validity.badInput;
    setBad(badInput);
    setDismissed(true);
    if (!badInput) onValid(event);
  };
  const onBlur = (event: FocusEvent<HTMLInputElement>) => setBad(event.currentTarget.validity.badInput);
  return (
    <TextField
      id={id}
      name={name}
      type="date"
      lang="es-AR"
      label={label}
      hint={common.search.dateHint}
      defaultValue={value ?? invalid ?? ""}
      error={error}
      onChange={onChange}
      onBlur={onBlur}
    />
  );
}
