import { randomBytes } from "node:crypto";
import { z } from "zod/v4";

/**
 * Portal configuration, parsed once at start-up. A bad value stops the process
 * with a readable message instead of failing later on a request.
 */
const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORTAL_URL: z.string().url().default("http://localhost:3000"),
  API_BASE_URL: z.string().url().default("http://127.0.0.1:4000"),
  API_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** How long a portal process keeps reference data (module configuration, communication types); 0 = ask every time (decision 047). */
  REFERENCE_CACHE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
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
  TENANT: z
    .string()
    .regex(/^[a-z0-9-]+$/)
    .default("provincia"),
  PUBLIC_PROCEDURES_URL: z.string().url().default("https://tramites.provincia.gob.ar"),
  CITIZEN_ID_URL: z.string().url().default("https://ciudadano.provincia.gob.ar"),
});

export type Env = z.infer<typeof EnvSchema> & {
  SESSION_SECRET: string;
  isProduction: boolean;
  /** Served over HTTPS: Secure cookies with `__Host-` names, HSTS, upgrade-insecure-requests. */
  secure: boolean;
};

function load(): Env {
  const parsed = EnvSchema.safeParse(process.env);
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    console.error(`Configuración inválida del portal: ${details}`);
    process.exit(1);
  }
  const isProduction = parsed.data.NODE_ENV === "production";
  let secret = parsed.data.SESSION_SECRET;
  if (!secret) {
    if (isProduction && process.env.ALLOW_EPHEMERAL_SESSION_SECRET !== "1") {
      console.error("SESSION_SECRET is required in production (32 characters or more).");
      process.exit(1);
    }
    secret = randomBytes(32).toString("hex");
    console.warn("SESSION_SECRET is not set: using a random development secret (sessions end on restart).");
  }
  return { ...parsed.data, SESSION_SECRET: secret, isProduction, secure: parsed.data.PORTAL_URL.startsWith("https:") };
}

export const env: Env = load();
