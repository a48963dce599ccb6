import { randomBytes } from "node:crypto";
import { z } from "zod/v4";
import { REFERENCE_CACHE_MS_DEFAULT, REFERENCE_CACHE_MS_MAX } from "@common/reference-data";
import { isPublishedSecret, secretWeakness } from "@common/secrets";

/**
 * Portal configuration, parsed once at start-up. A bad value stops the process
 * with a readable message instead of failing later on a request. It stands at the
 * bottom of app/ and imports none of it: the API client and lib/ both read it.
 */
/** A comma-separated setting, read as its trimmed, non-empty items (unset is an empty list). */
const commaList = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
  );

export const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORTAL_URL: z.string().url().default("http://localhost:3000"),
  API_BASE_URL: z.string().url().default("http://127.0.0.1:4000"),
  API_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** The most bytes all of this process's uploads may hold in its temporary folder at once; past it an upload is refused (issue 37). */
  UPLOAD_TMP_LIMIT_BYTES: z.coerce.number().int().min(1_048_576).default(1_073_741_824),
  /** How long a portal process keeps reference data (module configuration, communication types); 0 = ask every time (decision 023). */
  REFERENCE_CACHE_MS: z.coerce.number().int().min(0).max(REFERENCE_CACHE_MS_MAX).default(REFERENCE_CACHE_MS_DEFAULT),
  OIDC_ISSUER: z.string().url().default("http://localhost:4001"),
  OIDC_CLIENT_ID: z.string().min(1).default("portal"),
  OIDC_CLIENT_SECRET: z.string().min(1).default("dev-portal-secret"),
  SESSION_SECRET: z.string().min(32).optional(),
  /** Earlier secrets, comma-separated: sessions they sealed stay readable after a rotation (decision 002). */
  SESSION_PREVIOUS_SECRETS: commaList.pipe(z.array(z.string().min(32))),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(15),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().min(1).default(8),
  /**
   * How often a page asks the API whether the session's token still stands (decision 103); 0 = every page.
   * The bound on a process that did not sign the session out: a copy of its cookie shows the citizen there
   * at most this long after 'Cerrar sesión' (issue 37: seconds, not a minute).
   */
  SESSION_CHECK_SECONDS: z.coerce.number().int().min(0).max(900).default(5),
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
  LOGOUT_URL_ORIGINS: commaList
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
const isLoopback = (url: string | undefined) => LOOPBACK.has(URL.parse(url ?? "")?.hostname ?? "");

/**
 * The portal's configuration from `source`, or every problem with it, one line each naming its
 * variable (issues 29 and 38). In production: PORTAL_URL and OIDC_ISSUER set, https and not on this
 * machine, API_BASE_URL set, a strong SESSION_SECRET, a client secret that is not the development
 * one. `LOCAL_TRIAL=1` lets the production build run on loopback addresses (npm start, the tests, the
 * rolling restart), and only while it listens on loopback itself (HOST).
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
    const trial = source.LOCAL_TRIAL === "1";
    if (trial && !LOOPBACK.has(source.HOST ?? "")) {
      problems.push("LOCAL_TRIAL: a local trial must listen on loopback only (HOST=127.0.0.1); never set it in production");
    }
    const address = (name: "PORTAL_URL" | "OIDC_ISSUER", what: string, notHttps: string) => {
      const url = source[name];
      if (!url) problems.push(`${name}: is required in production (${what})`);
      else if (isLoopback(url) && !trial) problems.push(`${name}: is a local address; production needs ${what}`);
      else if (URL.parse(url)?.protocol !== "https:" && !isLoopback(url)) problems.push(`${name}: ${notHttps}`);
    };
    address("PORTAL_URL", "the portal's public https:// address", "must be the portal's public https:// address in production");
    address("OIDC_ISSUER", "the provincial identity provider, https", "must be https in production");
    if (!source.API_BASE_URL && !trial) problems.push("API_BASE_URL: is required in production (the API's balancer)");
    for (const origin of data.LOGOUT_URL_ORIGINS) {
      if (URL.parse(origin)?.protocol !== "https:") problems.push("LOGOUT_URL_ORIGINS: every origin must be https in production");
    }
    if (isPublishedSecret(data.OIDC_CLIENT_SECRET) && !(trial && isLoopback(data.OIDC_ISSUER))) {
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
