/**
 * A 'desde'/'hasta' pair of a list's day filters, read in one place for the tray and the inbox
 * (issue 40): the days are read by @common/days; what cannot be read comes back as typed, to be said
 * next to its box (DateFilter), and is not applied; a 'hasta' before its 'desde' is said on the
 * 'hasta' box and only the 'desde' is applied. The valid filters always apply.
 */
import { parseDay } from "@common/days";

/** Why a typed day is not applied: it is no day, or it is a 'hasta' before its 'desde'. */
export type DayProblem = "day" | "range";

/** A typed day that is not applied: what was typed (sent back into its box) and why. */
export type InvalidDay = { typed: string; problem: DayProblem };

export type DayRange = {
  since: string | null;
  until: string | null;
  invalidSince?: InvalidDay;
  invalidUntil?: InvalidDay;
};

/** What a box sent, trimmed and bounded (a typed day is short; a longer text is no day anyway). */
const typedOf = (value: string | null | undefined) => (value ?? "").trim().slice(0, 40);

export function readDayRange(rawSince: string | null | undefined, rawUntil: string | null | undefined): DayRange {
  const typedSince = typedOf(rawSince);
  const typedUntil = typedOf(rawUntil);
  const since = parseDay(typedSince);
  let until = parseDay(typedUntil);
  const range: DayRange = { since, until: null };
  if (typedSince && !since) range.invalidSince = { typed: typedSince, problem: "day" };
  if (typedUntil && !until) range.invalidUntil = { typed: typedUntil, problem: "day" };
  if (since && until && until < since) {
    range.invalidUntil = { typed: typedUntil, problem: "range" };
    until = null;
  }
  range.until = until;
  return range;
}
