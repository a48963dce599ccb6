/**
 * Whether a configured secret (the portal's SESSION_SECRET, the API's METRICS_TOKEN) is fit for
 * production (issue 29): long enough, not a run of few characters, not a placeholder copied from an
 * example. Make one with `openssl rand -hex 32` (64 characters). The reason, or null when fit.
 */
const PLACEHOLDER = /change|example|placeholder|secret|password|dev-|demo/i;

export function secretWeakness(value: string, minLength: number): string | null {
  if (value.length < minLength) return `is shorter than ${minLength} characters`;
  if (new Set(value).size < 10) return "has fewer than 10 different characters";
  if (PLACEHOLDER.test(value)) return "looks like a placeholder (make one with `openssl rand -hex 32`)";
  return null;
}
