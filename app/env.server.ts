import { randomBytes } from "node:crypto";
import { z } from "zod/v4";
import { REFERENCE_CACHE_MS_DEFAULT, REFERENCE_CACHE_MS_MAX } from "@common/reference-data";
import { secretWeakness } from "@common/secrets";

/**
 * Portal configuration, parsed once at start-up. A bad value stops the process
 * with a readable message instead of failing later on a request. It stands at the
 * bottom of app/ and imports none of it: the API client and lib/ both read it.
 */
export const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORTAL_URL: z.string().url().default("http://localhost:3000"),
  API_BASE_URL: z.string().url().default("http://127.0.0.1:4000"),
  API_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** How long a portal process keeps reference data (module configuration, communication types); 0 = ask every time (decision 097). */
  REFERENCE_CACHE_MS: z.coerce.number().int().min(0).max(REFERENCE_CACHE_MS_MAX).default(REFERENCE_CACHE_MS_DEFAULT),
  OIDC_ISSUER: z.string().url().default("http://localhost:4001"),
  OIDC_CLIENT_ID: z.string().min(1).default("portal"),
  OIDC_CLIENT_SECRET: z.string().min(1).default("dev-portal-secret"),
  SESSION_SECRET: z.string().min(32).optional(),
  /** Earlier secrets, comma-separated: sessions they sealed stay readable after a rotation (decision 054). */
  SESSION_PREVIOUS_SECRETS: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? "")
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().min(32))),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(15),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().min(1).default(8),
  /** How often a page asks the API whether the session's token still stands (decision 103); 0 = every page. */
  SESSION_CHECK_SECONDS: z.coerce.number().int().min(0).max(900).default(60),
  TENANT: z
    .string()
    .regex(/^[a-z0-9-]+$/)
    .default("provincia"),
  PUBLIC_PROCEDURES_URL: z.string().url().default("https://tramites.provincia.gob.ar"),
  CITIZEN_ID_URL: z.string().url().default("https://ciudadano.provincia.gob.ar"),
  /**
   * Origins, comma-separated, the configuration's logout URL may lead to besides the identity
   * provider's and the portal's (issue 36): a backend cannot choose where citizens go after signing out.
   */
  LOGOUT_URL_ORIGINS: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? "")
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().refine(isOrigin, "each must be an origin alone, such as https://salir.provincia.gob.ar")))
    .transform((origins) => origins.map((o) => URL.parse(o)?.origin ?? o)),
});

/** An http(s) origin written alone: no user, path, query or fragment. */
function isOrigin(value: string): boolean {
  const url = URL.parse(value);
  return (
    url !== null &&
    (url.protocol === "https:" || url.protocol === "http:") &&
    !url.username &&
    !url.password &&
    url.pathname === "/" &&
    !url.search &&
    !url.hash &&
    !/[\\@]/.test(value)
  );
}

export type Env = z.infer<typeof EnvSchema> & {
  SESSION_SECRET: string;
  isProduction: boolean;
  /** Served over HTTPS: Secure cookies with `__Host-` names, HSTS, upgrade-insecure-requests. */
  secure: boolean;
};

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** https, or a loopback address (the production build tried on one machine: `npm start`, the tests). */
const publicEnough = (url: string) => {
  const parsed = URL.parse(url);
  return parsed !== null && (parsed.protocol === "https:" || LOOPBACK.has(parsed.hostname));
};

/**
 * The portal's configuration from `source`, or every problem with it, one line each (issue 29). In
 * production: PORTAL_URL and OIDC_ISSUER https (a loopback address aside), a strong SESSION_SECRET,
 * no development client secret against a real issuer.
 */
export function parseEnv(source: Record<string, string | undefined>): { env: Env; warnings: string[] } | { problems: string[] } {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) return { problems: parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`) };
  const data = parsed.data;
  const isProduction = data.NODE_ENV === "production";
  const problems: string[] = [];
  const warnings: string[] = [];
  let secret = data.SESSION_SECRET;
  if (isProduction) {
    if (!publicEnough(data.PORTAL_URL)) problems.push("PORTAL_URL: must be the portal's public https:// address in production");
    if (!publicEnough(data.OIDC_ISSUER)) problems.push("OIDC_ISSUER: must be https in production");
    if (!data.LOGOUT_URL_ORIGINS.every(publicEnough)) problems.push("LOGOUT_URL_ORIGINS: every origin must be https in production");
    if (data.OIDC_CLIENT_SECRET === "dev-portal-secret" && !LOOPBACK.has(URL.parse(data.OIDC_ISSUER)?.hostname ?? "")) {
      problems.push("OIDC_CLIENT_SECRET: the development secret cannot be used in production");
    }
    if (!secret && source.ALLOW_EPHEMERAL_SESSION_SECRET !== "1") {
      problems.push("SESSION_SECRET: is required in production (32 characters or more, the same on every portal process)");
    }
    const weak = secret ? secretWeakness(secret, 32) : null;
    if (weak) problems.push(`SESSION_SECRET: ${weak}`);
  }
  if (problems.length) return { problems };
  if (!secret) {
    secret = randomBytes(32).toString("hex");
    warnings.push("SESSION_SECRET is not set: using a random development secret (sessions end on restart).");
  }
  return { env: { ...data, SESSION_SECRET: secret, isProduction, secure: data.PORTAL_URL.startsWith("https:") }, warnings };
}

function load(): Env {
  const result = parseEnv(process.env);
  if ("problems" in result) {
    for (const problem of result.problems) console.error(`Configuración inválida del portal: ${problem}`);
    process.exit(1);
  }
  for (const warning of result.warnings) console.warn(warning);
  return result.env;
}

export const env: Env = load();
