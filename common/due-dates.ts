/**
 * Due dates in plain words (decision 014): one pure module used by the portal (what 'Vence el …'
 * says) and by the API (when the three-day reminder goes out), so both count days the same way.
 *
 * A due date is a calendar day `yyyy-mm-dd` in the province's time zone (./time-zone.ts). "Today"
 * is the day of an instant in that zone; days left is the whole number of calendar days from today
 * to the due day (0 = due today, < 0 = past). Days themselves carry no zone: the arithmetic below
 * is on UTC midnights of those days.
 */
export { dayIn } from "./time-zone.js";

/** The reminder goes out this many days before the due day. */
export const REMINDER_DAYS_BEFORE = 3;
/** At most this many days left counts as 'soon' (shown with a warning style, words say it too). */
export const SOON_DAYS = 3;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar day written `yyyy-mm-dd` (years 2000-2999). */
export function isDueDate(value: unknown): value is string {
  if (typeof value !== "string") return false;
  const m = DAY.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 2000 || y > 2999) return false;
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

const utcOf = (day: string) => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));

/** Whole calendar days from `today` to `due` (both `yyyy-mm-dd`). */
export function daysBetween(today: string, due: string): number {
  return Math.round((utcOf(due) - utcOf(today)) / 86_400_000);
}

/** `yyyy-mm-dd` plus n calendar days. */
export function addDays(day: string, n: number): string {
  return new Date(utcOf(day) + n * 86_400_000).toISOString().slice(0, 10);
}

/** '24/11/2026' from '2026-11-24' (no time zone involved: it is a day, not an instant). */
export function dueDay(due: string): string {
  return `${due.slice(8, 10)}/${due.slice(5, 7)}/${due.slice(0, 4)}`;
}

export type DueStatus =
  { kind: "future"; days: number; soon: boolean } | { kind: "today"; days: 0; soon: true } | { kind: "past"; days: number; soon: false };

/** Where a due day stands relative to today (`days` is never negative: past counts days ago). */
export function dueStatus(due: string, today: string): DueStatus {
  const days = daysBetween(today, due);
  if (days === 0) return { kind: "today", days: 0, soon: true };
  if (days < 0) return { kind: "past", days: -days, soon: false };
  return { kind: "future", days, soon: days <= SOON_DAYS };
}

/** The reminder window of a run on `today`: due days from today to today + 3 (a late run still reminds). */
export function reminderWindow(today: string): { from: string; to: string } {
  return { from: today, to: addDays(today, REMINDER_DAYS_BEFORE) };
}
