/**
 * Date and time in the province's time zone (America/Argentina/Buenos_Aires), for what a citizen
 * reads as wall-clock time: when the session ends, when a receipt was issued. The zone is explicit,
 * so the server render and the browser agree.
 */
export const LOCAL_TIME_ZONE = "America/Argentina/Buenos_Aires";

const DATE = new Intl.DateTimeFormat("es-AR", { timeZone: LOCAL_TIME_ZONE, day: "2-digit", month: "2-digit", year: "numeric" });
const TIME = new Intl.DateTimeFormat("es-AR", { timeZone: LOCAL_TIME_ZONE, hour: "2-digit", minute: "2-digit", hourCycle: "h23" });

const valid = (value: string | number | Date) => {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** '21/11/2026' */
export function localDate(value: string | number | Date): string {
  const date = valid(value);
  return date ? DATE.format(date) : "";
}

/** '14:05 hs' */
export function localTime(value: string | number | Date): string {
  const date = valid(value);
  return date ? `${TIME.format(date)} hs` : "";
}
