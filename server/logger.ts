import type { LoggerOptions } from "pino";

/**
 * Structured logs without personal data: request id, method, route pattern (not the
 * raw URL, which may hold a cuil), status and duration. Anything that slips into a
 * log object under a personal-data key is censored.
 */
const PERSONAL_KEYS = [
  "cuil",
  "email",
  "phone",
  "phone_number",
  "phone_code",
  "telephone_number",
  "name",
  "cn",
  "given_name",
  "family_name",
  "first_name",
  "last_name",
  "password",
  "token",
  "access_token",
  "id_token",
  "refresh_token",
];

export const redactPaths = [
  "req.headers.authorization",
  "req.headers.cookie",
  'req.headers["user-id"]',
  "headers.authorization",
  "headers.cookie",
  'headers["set-cookie"]',
  "err.detail",
  "err.parameters",
  ...PERSONAL_KEYS,
  ...PERSONAL_KEYS.map((k) => `*.${k}`),
];

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: { paths: redactPaths, censor: "[redactado]" },
    base: { service: "api" },
    // Should a request or response object ever be logged: only what is safe.
    serializers: {
      req: (req: { id?: string; method?: string; routeOptions?: { url?: string } }) => ({
        id: req.id,
        method: req.method,
        route: req.routeOptions?.url,
      }),
      res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
    },
    timestamp: () => `,"time":"${new Date().toISOString()}"`,
  };
}
