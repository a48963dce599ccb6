/**
 * Date formatting for the portal (spec section 9):
 * dates dd/mm/yyyy in UTC, times 'HH:MM hs' (UTC), long dates es-AR, weeks start on Monday.
 *
 * Every function is pure and independent of the machine's time zone: values are interpreted and
 * shown in UTC, so the server render and the browser render always agree (no hydration mismatch).
 * Formatters accept an ISO string, an epoch number or a Date, and return `fallback` (default '')
 * for null, undefined or unparseable input instead of throwing or printing 'Invalid Date'.
 */

export const TIME_ZONE = "UTC";
/** Calendar weeks start on Monday (date-fns `weekStartsOn`). */
export const WEEK_STARTS_ON = 1 as const;

export type DateInput = string | number | Date | null | undefined;

/** The form of `Date#toISOString` (and so of a Date in JSON). */
const CANONICAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const ISO = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?))?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

/**
 * ISO 8601 dates and date-times as the API sends them, through the platform's own parser (the
 * ECMAScript date-time string format): the value is only normalised to that format first — a space
 * before the time becomes 'T', a missing offset becomes 'Z' (UTC), '+0300' becomes '+03:00'.
 * Anything else is invalid.
 */
function parseIsoUtc(text: string): Date {
  // Most values come as JSON writes a Date: read at once, and kept only if they read back the same
  // (an impossible day rolls over, and then does not).
  if (CANONICAL.test(text)) {
    const date = new Date(text);
    return !Number.isNaN(date.getTime()) && date.toISOString() === text ? date : new Date(Number.NaN);
  }
  const match = ISO.exec(text);
  if (!match) return new Date(Number.NaN);
  const [, day, time = "00:00", rawOffset = "Z"] = match;
  // Date rolls impossible days over ('2026-02-30' would become 2 March): refuse them instead.
  if (Number.isNaN(Date.parse(`${day}T00:00Z`)) || new Date(`${day}T00:00Z`).toISOString().slice(0, 10) !== day)
    return new Date(Number.NaN);
  const offset =
    rawOffset.toUpperCase() === "Z"
      ? "Z"
      : /^[+-]\d{2}$/.test(rawOffset)
        ? `${rawOffset}:00`
        : rawOffset.replace(/^([+-]\d{2}):?(\d{2})$/, "$1:$2");
  return new Date(`${day}T${time}${offset}`);
}

/** Interprets a value as an instant. Strings without an offset are read as UTC. */
export function toUtcDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === "") return null;
  let date: Date;
  if (value instanceof Date) date = new Date(value.getTime());
  else if (typeof value === "number") date = new Date(value);
  else date = parseIsoUtc(value.trim());
  return Number.isNaN(date.getTime()) ? null : date;
}

/*
 * Numeric dates and times come from the Date's UTC fields; long dates go through the platform's Intl
 * (UTC, es-AR): the same output on the server and in the browser, and no date library or locale data
 * in the browser bundle (ISO strings are read by the platform's Date parser).
 */
const LONG = new Intl.DateTimeFormat("es-AR", { timeZone: TIME_ZONE, day: "numeric", month: "long", year: "numeric" });

const two = (n: number) => String(n).padStart(2, "0");

/**
 * The numbers of an instant in UTC. The zone is UTC (TIME_ZONE), so the Date's own UTC fields give
 * what Intl would, at a fraction of the cost (a page of tables formats dozens of dates).
 */
function utcParts(value: DateInput) {
  const date = toUtcDate(value);
  if (!date) return null;
  return {
    year: String(date.getUTCFullYear()).padStart(4, "0"),
    month: two(date.getUTCMonth() + 1),
    day: two(date.getUTCDate()),
    hour: two(date.getUTCHours()),
    minute: two(date.getUTCMinutes()),
  };
}

/** '01/03/2026' (dd/mm/yyyy, UTC). */
export function formatDate(value: DateInput, fallback = ""): string {
  const p = utcParts(value);
  return p ? `${p.day}/${p.month}/${p.year}` : fallback;
}

/** '14:05 hs' (24 h, UTC). */
export function formatTime(value: DateInput, fallback = ""): string {
  const p = utcParts(value);
  return p ? `${p.hour}:${p.minute} hs` : fallback;
}

/** '01/03/2026 14:05 hs' (UTC). */
export function formatDateTime(value: DateInput, fallback = ""): string {
  const p = utcParts(value);
  return p ? `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute} hs` : fallback;
}

/** '21 de noviembre de 2026' (es-AR long date, UTC). */
export function formatLongDate(value: DateInput, fallback = ""): string {
  const date = toUtcDate(value);
  return date ? LONG.format(date) : fallback;
}

/** Machine-readable value for <time dateTime>: the ISO instant, or undefined when invalid. */
export function toIsoString(value: DateInput): string | undefined {
  return toUtcDate(value)?.toISOString();
}
