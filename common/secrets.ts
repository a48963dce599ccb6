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

/**
 * The secrets this repository publishes (issue 38): the built-in development defaults, the samples of
 * deploy/.env.example and the trial's stand-ins (deploy/compose.trial.env, the S3 peer). Production
 * refuses each of them wherever a secret goes, and a URL whose password is one of them.
 */
export const PUBLISHED_SECRETS: ReadonlySet<string> = new Set([
  "dev-portal-secret",
  "dev-operator-token-change-me",
  "CLAVE",
  "atencion-trial",
  "S3RVER",
  "Demo2026!",
]);

/** Whether `value`, or the password of `value` as a URL (postgres://user:CLAVE@…), is a published secret. */
export function isPublishedSecret(value: string | undefined): boolean {
  if (value === undefined) return false;
  if (PUBLISHED_SECRETS.has(value)) return true;
  const password = URL.parse(value)?.password;
  return password ? PUBLISHED_SECRETS.has(decodeURIComponent(password)) : false;
}
