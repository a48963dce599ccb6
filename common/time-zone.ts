/**
 * The province's time zone and "which day is it there" (decision 014). The zone's rules
 * come from the platform's Intl time-zone data (the same on the server and in every browser), read
 * through one formatter with the zone named: no offset is written or computed by hand.
 */
export const PROVINCE_TIME_ZONE = "America/Argentina/Buenos_Aires";

const dayFormat = new Intl.DateTimeFormat("en-CA", { timeZone: PROVINCE_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" });

/** The calendar day (`yyyy-mm-dd`) of an instant in the province's time zone. */
export function dayIn(now: Date | number = Date.now()): string {
  const parts: Record<string, string> = {};
  for (const p of dayFormat.formatToParts(new Date(now))) parts[p.type] = p.value;
  return `${parts.year}-${parts.month}-${parts.day}`;
}
