import { useState, type ChangeEvent, type FocusEvent } from "react";
import { common } from "~/lib/messages/common";
import { TextField } from "~/ui";
import type { InvalidDay } from "./day-range";

/** The message beside a day box that is not applied (./day-range). */
export const invalidDayMessage = (invalid: InvalidDay) =>
  invalid.problem === "range" ? common.search.untilBeforeSince : common.search.invalidDate;

/**
 * A 'Desde'/'Hasta' day box of a list's filters (the tray's and the inbox's). A day that is not
 * applied is said next to the box, never dropped silently (issue 40): without JavaScript the server
 * sends back what was typed (`invalid`, read by ./day-range) with the message; with it, a box the
 * browser holds as half-typed or impossible (`validity.badInput`) shows the message and filters
 * nothing until it is fixed. `onValid`, when given, runs on a change to a day the browser can read
 * (the tray filters at once; the inbox waits for its 'Aplicar filtros').
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
  invalid?: InvalidDay;
  onValid?: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  const [bad, setBad] = useState(false);
  // The server's reading is put aside once the box changes, until the server reads the box again (a
  // new answer is a new object: with JavaScript a 'hasta' before its 'desde' is said after 'Aplicar').
  const [dismissed, setDismissed] = useState<InvalidDay | undefined>(undefined);
  const error = bad ? common.search.invalidDate : invalid && dismissed !== invalid ? invalidDayMessage(invalid) : null;
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const badInput = event.currentTarget.validity.badInput;
    setBad(badInput);
    setDismissed(invalid);
    if (!badInput) onValid?.(event);
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
      defaultValue={value ?? invalid?.typed ?? ""}
      error={error}
      onChange={onChange}
      onBlur={onBlur}
    />
  );
}
