/**
 * Whole minutes left in a span of milliseconds, rounded up: what a relative time says
 * ('dentro de 15 minutos') where a wall-clock time would need a time zone (decision 014).
 * A module of its own: the session notice is on every page, so it must not bring the date
 * formatters of app/lib/dates.ts into the shared bundle (decision 034).
 */
export function minutesLeft(ms: number): number {
  return Number.isFinite(ms) ? Math.max(0, Math.ceil(ms / 60_000)) : 0;
}
