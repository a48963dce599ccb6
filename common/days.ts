/**
 * A day as a citizen types it, read in one place (issue 31) by the portal's date filters and by the
 * forms' validation on both sides: `yyyy-mm-dd` (what a browser's date box sends) or `dd/mm/yyyy`
 * (how the province writes dates, what a text browser's plain box gets; also `d/m/yyyy`, and `-` or
 * `.` between the numbers). Answers the day as `yyyy-mm-dd`, or null for anything else: impossible
 * days ('30/02/2026'), two-digit years, years outside 1900-2999.
 */
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const LOCAL_DAY = /^(\d{1,2})([/.-])(\d{1,2})\2(\d{4})$/;

export function parseDay(text: string | null | undefined): string | null {
  if (typeof text !== "string") return null;
  const value = text.trim();
  let year: number, month: number, day: number;
  const iso = ISO_DAY.exec(value);
  const local = iso ? null : LOCAL_DAY.exec(value);
  if (iso) [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (local) [day, month, year] = [Number(local[1]), Number(local[3]), Number(local[4])];
  else return null;
  if (year < 1900 || year > 2999 || month < 1 || month > 12 || day < 1) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}
