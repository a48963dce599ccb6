import path from "node:path";
import { z } from "zod";
import { isPublishedSecret, secretWeakness } from "../common/secrets.js";
import { LONGEST_HOLD_MINUTES } from "../common/limits.js";
import { REFERENCE_CACHE_MS_DEFAULT, REFERENCE_CACHE_MS_MAX } from "../common/reference-data.js";

/**
 * Environment of the API process (and of the development identity provider it
 * may start). Parsed once at start-up; `main.ts` refuses to start on a bad value.
 */
const flag = z.enum(["0", "1", "true", "false"]).transform((v) => v === "1" || v === "true");

const port = z.coerce.number().int().min(0).max(65535);

/** The development operator's token (decision 007); never accepted in production. */
export const DEV_OPERATOR_TOKEN = "dev-operator-token-change-me";

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

/** The API's settings that hold a secret, or a URL that may carry one as its password (issue 38). */
const PUBLISHED_SECRET_SETTINGS = ["METRICS_TOKEN", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "DATABASE_URL", "SMTP_URL"] as const;

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
    /**
     * Addresses of the balancers in front of the development identity provider (comma-separated):
     * from them, the sign-in limiter keys an attempt on the `X-Forwarded-For` client (issue 28).
     */
    OIDC_TRUSTED_PROXIES: z
      .string()
      .default("")
      .transform((v) =>
        v
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    /**
     * Origins the logout URL may point to besides the identity provider's and the portal's (issue 28):
     * comma-separated, e.g. `https://sso.provincia.gob.ar`. An operator's logout URL elsewhere is refused.
     */
    LOGOUT_URL_ORIGINS: z
      .string()
      .default("")
      .transform((v) =>
        v
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean)
          .map((s) => URL.parse(s)?.origin ?? s),
      ),
    /**
     * The development operator's bearer token (decision 007): calls with it are recorded as
     * 'Operador de desarrollo'. Default `dev-operator-token-change-me` outside production; refused
     * in production, where every operator has a named token (`operators:create`).
     */
    OPERATOR_TOKEN: z.string().min(16).optional(),
    /** Lifetime of access tokens in seconds (contract: 8 h at most). */
    ACCESS_TOKEN_TTL: z.coerce
      .number()
      .int()
      .min(60)
      .max(8 * 3600)
      .default(8 * 3600),
    /** Pages drawn or read at the same time by the renditions workers (decision 009; 1–2 on a 2-core machine). */
    RENDER_CONCURRENCY: z.coerce.number().int().min(1).max(8).default(1),
    /** A page that takes longer is stopped (its worker thread is terminated) and marked as failed. */
    RENDER_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).default(20_000),
    /**
     * Minutes before a page that timed out is tried again (doubled after each further timeout, a
     * day at most); until then it is refused at once (422) without taking a worker. A page the
     * document itself breaks waits a day. `files:retry-pages` clears failures now.
     */
    RENDER_RETRY_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
    /** Uploads one citizen may start per window (`/api/fs/raw/bucket`); past it, 429. */
    UPLOAD_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(60),
    UPLOAD_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(600),
    /** Uploads one citizen may have in flight at once in the portal (a lease each, `/api/fs/upload-leases`); past it, 429. */
    UPLOAD_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(3),

    // Mail (decision 028): without SMTP_URL each mail is written as an .eml under DATA_DIR/outbox.
    /**
     * `smtp` (SMTP_URL required) or `file` (.eml files under DATA_DIR/outbox); unset: smtp when
     * SMTP_URL is set, else file — except in production, where file must be chosen explicitly.
     */
    MAIL_TRANSPORT: z.enum(["smtp", "file"]).optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
      .optional(),
    MAIL_FROM: z.string().min(3).max(320).optional(),
    /** tries of one mail before it is parked for the operator (`mail:parked`, `mail:requeue`) */
    MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(8),
    /** wait after a failed try, doubled after each further one up to MAIL_RETRY_MAX_MS */
    MAIL_RETRY_BASE_MS: z.coerce.number().int().min(10).max(86_400_000).default(30_000),
    MAIL_RETRY_MAX_MS: z.coerce.number().int().min(10).max(86_400_000).default(3_600_000),
    /** how often an idle outbox worker looks for due mail */
    MAIL_POLL_MS: z.coerce.number().int().min(10).max(3_600_000).default(2_000),
    /** how long a worker's claim holds a mail; must exceed the SMTP timeout */
    MAIL_LEASE_MS: z.coerce.number().int().min(1_000).max(86_400_000).default(120_000),
    /** connection, greeting and socket timeout of the SMTP client */
    MAIL_SEND_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
    /** days a sent e-mail (its address and text) is kept in the outbox before it is deleted */
    MAIL_KEEP_SENT_DAYS: z.coerce.number().int().min(1).max(3650).default(30),

    /** How often each API process looks for access-log digests to mail (decision 071); 0 = never. */
    ACCESS_DIGEST_INTERVAL_MS: z.coerce.number().int().min(0).max(86_400_000).default(900_000),

    /**
     * How long the process keeps the reference data of the citizen's calls: page sizes, tabs,
     * communication types (decision 023); 0 = read them every time.
     */
    REFERENCE_CACHE_MS: z.coerce.number().int().min(0).max(REFERENCE_CACHE_MS_MAX).default(REFERENCE_CACHE_MS_DEFAULT),

    /** Bearer token of GET /metrics (decision 061); unset: /metrics answers 404. */
    METRICS_TOKEN: z.string().min(16).optional(),
    /** On SIGTERM: how long in-flight requests and mail may take before the process exits anyway (decision 018). */
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(30_000),
    /**
     * On SIGTERM, first answer /health/ready with 503 for this long while still serving, so the
     * balancer takes the process out before it stops accepting (decision 018). Default 5000 in
     * production, 0 otherwise.
     */
    SHUTDOWN_NOT_READY_MS: z.coerce.number().int().min(0).max(300_000).optional(),

    /** Where blobs live (decision 057): `disk` (DATA_DIR/blobs, one machine) or `s3` (an S3-compatible object store). */
    BLOB_STORE: z.enum(["disk", "s3"]).default("disk"),
    S3_BUCKET: z.string().min(3).max(63).optional(),
    S3_REGION: z.string().min(1).default("us-east-1"),
    /** MinIO, Ceph RGW or another S3-compatible server; unset for AWS S3. */
    S3_ENDPOINT: z.string().url().optional(),
    /** `endpoint/bucket/key` addressing instead of `bucket.endpoint/key` (MinIO, Ceph). */
    S3_FORCE_PATH_STYLE: flag.default("false"),
    /** Static credentials; unset: the AWS SDK's default chain (AWS_* variables, profile, instance role). */
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    /** Key prefix inside the bucket, e.g. `portal/`. */
    S3_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9][A-Za-z0-9_./-]{0,62}\/$/, "must end with a slash")
      .optional(),
    /** The orphan sweeper runs every this many ms in each API process (decision 057); 0 = off. */
    SWEEP_INTERVAL_MS: z.coerce
      .number()
      .int()
      .min(0)
      .max(7 * 86_400_000)
      .default(3_600_000),
    /**
     * Nothing younger than this is swept: uploads in flight, blobs whose row is being written, held
     * uploads, fresh discards. Never below the longest hold, or the sweeper would take a held file.
     */
    SWEEP_GRACE_MINUTES: z.coerce
      .number()
      .int()
      .min(
        LONGEST_HOLD_MINUTES,
        `must be at least ${LONGEST_HOLD_MINUTES} minutes, the hold of a file uploaded without JavaScript (LONGEST_HOLD_MINUTES): a shorter grace would sweep a held file`,
      )
      .max(525_600)
      .default(1440),
  })
  .superRefine((env, ctx) => {
    if (env.MAIL_SEND_TIMEOUT_MS >= env.MAIL_LEASE_MS) {
      ctx.addIssue({ code: "custom", path: ["MAIL_LEASE_MS"], message: "must be longer than MAIL_SEND_TIMEOUT_MS" });
    }
    // zod also runs this on input whose fields already failed: parse defensively.
    const issuer = URL.parse(env.OIDC_ISSUER);
    if (!issuer) return;
    if (env.BLOB_STORE === "s3" && !env.S3_BUCKET) {
      ctx.addIssue({ code: "custom", path: ["S3_BUCKET"], message: "is required with BLOB_STORE=s3" });
    }
    if (!env.S3_ACCESS_KEY_ID !== !env.S3_SECRET_ACCESS_KEY) {
      ctx.addIssue({ code: "custom", path: ["S3_SECRET_ACCESS_KEY"], message: "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together" });
    }
    if (env.MAIL_TRANSPORT === "smtp" && !env.SMTP_URL) {
      ctx.addIssue({ code: "custom", path: ["SMTP_URL"], message: "is required with MAIL_TRANSPORT=smtp" });
    }
    if (env.MAIL_TRANSPORT === "file" && env.SMTP_URL) {
      ctx.addIssue({ code: "custom", path: ["MAIL_TRANSPORT"], message: "is file but SMTP_URL is set: choose one" });
    }
    if (env.NODE_ENV === "production") {
      // Issue 38: nothing of development in production, each refusal naming its variable.
      const refuse = (name: string, message: string) => ctx.addIssue({ code: "custom", path: [name], message });
      if (env.OIDC_DEV_PROVIDER ?? LOCAL_HOSTS.has(issuer.hostname)) {
        refuse("OIDC_DEV_PROVIDER", "the development identity provider cannot run in production (OIDC_DEV_PROVIDER=0)");
      }
      if (env.SEED) refuse("SEED", "the demo citizens (their password is published) cannot be seeded in production (SEED=0)");
      // Left unset, both are their development defaults on localhost.
      if (LOCAL_HOSTS.has(issuer.hostname)) {
        refuse("OIDC_ISSUER", "is unset or a local address: production needs the provincial identity provider (https)");
      } else if (issuer.protocol !== "https:") {
        refuse("OIDC_ISSUER", "must be https in production");
      }
      // Issue 29: the portal's public address is in every e-mail's links; http there means no Secure cookies, no HSTS.
      const portal = URL.parse(env.PORTAL_URL);
      if (LOCAL_HOSTS.has(portal?.hostname ?? "")) {
        refuse("PORTAL_URL", "is unset or a local address: production needs the portal's public https:// address");
      } else if (portal?.protocol !== "https:") {
        refuse("PORTAL_URL", "must be the portal's public https:// address in production");
      }
      for (const name of PUBLISHED_SECRET_SETTINGS) {
        if (isPublishedSecret(env[name])) refuse(name, "is a sample or development secret published in this repository: make a real one");
      }
      if (!env.SMTP_URL && env.MAIL_TRANSPORT !== "file") {
        ctx.addIssue({
          code: "custom",
          path: ["SMTP_URL"],
          message: "is required in production (the citizens' mail would be written to local files); set MAIL_TRANSPORT=file to mean that",
        });
      }
      const weakMetrics = env.METRICS_TOKEN === undefined ? null : secretWeakness(env.METRICS_TOKEN, 16);
      if (weakMetrics) ctx.addIssue({ code: "custom", path: ["METRICS_TOKEN"], message: `${weakMetrics} (production)` });
      if (env.OPERATOR_TOKEN !== undefined) {
        ctx.addIssue({
          code: "custom",
          path: ["OPERATOR_TOKEN"],
          message:
            "the shared development operator token cannot be used in production: give each operator a named token (operators:create)",
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
  /** SHUTDOWN_NOT_READY_MS with its default (decision 018). */
  notReadyMs: number;
};

export class ConfigError extends Error {
  constructor(public readonly issues: string[]) {
    super(`Configuración inválida: ${issues.join("; ")}`);
    this.name = "ConfigError";
  }

  /** One line per problem, each naming its variable (what a process prints before it refuses to start). */
  lines(): string[] {
    return this.issues.map((issue) => `Configuración inválida: ${issue}`);
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
    OPERATOR_TOKEN: env.OPERATOR_TOKEN ?? (env.NODE_ENV === "production" ? undefined : DEV_OPERATOR_TOKEN),
    isProduction: env.NODE_ENV === "production",
    devProvider: env.OIDC_DEV_PROVIDER ?? LOCAL_HOSTS.has(issuer.hostname),
    jwksUri: env.OIDC_JWKS_URI ?? `${env.OIDC_ISSUER}/jwks`,
    dataDir: path.resolve(env.DATA_DIR),
    notReadyMs: env.SHUTDOWN_NOT_READY_MS ?? (env.NODE_ENV === "production" ? 5_000 : 0),
  };
}
