import path from "node:path";
import { z } from "zod";

/**
 * Environment of the API process (and of the development identity provider it
 * may start). Parsed once at start-up; `main.ts` refuses to start on a bad value.
 */
const flag = z
  .enum(["0", "1", "true", "false"])
  .transform((v) => v === "1" || v === "true");

const port = z.coerce.number().int().min(0).max(65535);

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

export const EnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),

    API_HOST: z.string().min(1).default("127.0.0.1"),
    API_PORT: port.default(4000),
    API_AUDIENCE: z.string().url().default("http://127.0.0.1:4000/api"),
    /** Where the portal sends a citizen without a valid session (body of the 303 answers). */
    SIGN_IN_URL: z.string().min(1).default("/auth/login"),

    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")
      .optional(),
    /** PostgreSQL schema to use (search_path); default: the server's default (public). */
    DATABASE_SCHEMA: z
      .string()
      .regex(/^[a-z_][a-z0-9_]{0,62}$/)
      .optional(),
    TENANT: z
      .string()
      .regex(/^[a-z0-9-]+$/)
      .default("provincia"),
    SEED: flag.optional(),

    OIDC_ISSUER: z
      .string()
      .url()
      .refine((v) => !v.endsWith("/"), "must not end with a slash")
      .default("http://localhost:4001"),
    /** JWKS of the issuer; default `${OIDC_ISSUER}/jwks` (where oidc-provider serves it). */
    OIDC_JWKS_URI: z.string().url().optional(),
    /** Start the development identity provider: default on when OIDC_ISSUER is a local address. */
    OIDC_DEV_PROVIDER: flag.optional(),
    OIDC_HOST: z.string().min(1).default("127.0.0.1"),
    OIDC_PORT: port.default(4001),
    OIDC_CLIENT_ID: z.string().min(1).default("portal"),
    OIDC_CLIENT_SECRET: z.string().min(1).default("dev-portal-secret"),
    PORTAL_URL: z
      .string()
      .url()
      .transform((v) => v.replace(/\/+$/, ""))
      .default("http://localhost:3000"),
    /** Bearer token of the operator API (`/operator/api`) and its CLI. */
    OPERATOR_TOKEN: z.string().min(16).default("dev-operator-token-change-me"),
    /** Lifetime of access tokens in seconds (contract: 8 h at most). */
    ACCESS_TOKEN_TTL: z.coerce.number().int().min(60).max(8 * 3600).default(8 * 3600),
    /** Pages drawn or read at the same time by the renditions workers (issue 9; 1–2 on a 2-core machine). */
    RENDER_CONCURRENCY: z.coerce.number().int().min(1).max(8).default(1),
    /** A page that takes longer is stopped (its worker thread is terminated) and marked as failed. */
    RENDER_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).default(20_000),
    /** Uploads one citizen may start per window (`/api/fs/raw/bucket`); past it, 429. */
    UPLOAD_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(60),
    UPLOAD_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(600),
  })
  .superRefine((env, ctx) => {
    // zod also runs this on input whose fields already failed: parse defensively.
    const issuer = URL.parse(env.OIDC_ISSUER);
    if (!issuer) return;
    const devProvider = env.OIDC_DEV_PROVIDER ?? LOCAL_HOSTS.has(issuer.hostname);
    if (env.NODE_ENV === "production") {
      if (issuer.protocol !== "https:") {
        ctx.addIssue({ code: "custom", path: ["OIDC_ISSUER"], message: "must be https in production" });
      }
      if (env.OPERATOR_TOKEN === "dev-operator-token-change-me") {
        ctx.addIssue({ code: "custom", path: ["OPERATOR_TOKEN"], message: "the development operator token cannot be used in production" });
      }
      if (devProvider && env.OIDC_CLIENT_SECRET === "dev-portal-secret") {
        ctx.addIssue({
          code: "custom",
          path: ["OIDC_CLIENT_SECRET"],
          message: "the development secret cannot be used in production",
        });
      }
    }
  });

export type Env = z.infer<typeof EnvSchema>;

export type Config = Env & {
  isProduction: boolean;
  /** Whether this process runs the development identity provider. */
  devProvider: boolean;
  jwksUri: string;
  dataDir: string;
};

export class ConfigError extends Error {
  constructor(public readonly issues: string[]) {
    super(`Configuración inválida: ${issues.join("; ")}`);
    this.name = "ConfigError";
  }
}

/** Parses an environment (default `process.env`); throws ConfigError listing every bad value. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  // Treat empty strings as unset, as shells and .env files often produce them.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join(".") || "env"}: ${i.message}`));
  }
  const env = parsed.data;
  const issuer = new URL(env.OIDC_ISSUER);
  return {
    ...env,
    isProduction: env.NODE_ENV === "production",
    devProvider: env.OIDC_DEV_PROVIDER ?? LOCAL_HOSTS.has(issuer.hostname),
    jwksUri: env.OIDC_JWKS_URI ?? `${env.OIDC_ISSUER}/jwks`,
    dataDir: path.resolve(env.DATA_DIR),
  };
}
