import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../server/config.js";

/** A complete production configuration (issue 29). */
const PRODUCTION = {
  NODE_ENV: "production",
  OIDC_ISSUER: "https://id.provincia.gob.ar",
  PORTAL_URL: "https://tramites.provincia.gob.ar",
  SMTP_URL: "smtp://relay.provincia.gob.ar:587",
};

/** The lines a process prints before it refuses to start, for `source`. */
function refusal(source: Record<string, string>): string[] {
  try {
    loadConfig(source);
  } catch (error) {
    if (error instanceof ConfigError) return error.lines();
    throw error;
  }
  return [];
}

describe("environment", () => {
  it("has development defaults matching the contract", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      API_PORT: 4000,
      API_HOST: "127.0.0.1",
      OIDC_PORT: 4001,
      OIDC_ISSUER: "http://localhost:4001",
      API_AUDIENCE: "http://127.0.0.1:4000/api",
      SIGN_IN_URL: "/auth/login",
      PORTAL_URL: "http://localhost:3000",
      OIDC_CLIENT_ID: "portal",
      OIDC_CLIENT_SECRET: "dev-portal-secret",
      TENANT: "provincia",
      devProvider: true,
      jwksUri: "http://localhost:4001/jwks",
    });
  });

  it("refuses bad values, listing each", () => {
    expect(() => loadConfig({ API_PORT: "abc", DATABASE_URL: "mysql://x" })).toThrow(ConfigError);
    const attempt = () => loadConfig({ API_PORT: "99999", OIDC_ISSUER: "not a url" });
    expect(attempt).toThrow(/API_PORT/);
    expect(attempt).toThrow(/OIDC_ISSUER/);
  });

  it("the sweeper's grace is never shorter than the longest hold of an uploaded file (issue 28)", () => {
    // The message names both: the setting refused and the hold it may not be shorter than.
    expect(() => loadConfig({ SWEEP_GRACE_MINUTES: "59" })).toThrow(
      /SWEEP_GRACE_MINUTES: must be at least 60 minutes, .*LONGEST_HOLD_MINUTES/,
    );
    expect(() => loadConfig({ SWEEP_GRACE_MINUTES: "0" })).toThrow(/SWEEP_GRACE_MINUTES/);
    expect(loadConfig({ SWEEP_GRACE_MINUTES: "60" }).SWEEP_GRACE_MINUTES).toBe(60);
  });

  it("takes the balancers' addresses for the sign-in limiter and the logout URL's extra origins (issue 28)", () => {
    const config = loadConfig({ OIDC_TRUSTED_PROXIES: "10.0.0.5, 10.0.0.6", LOGOUT_URL_ORIGINS: "https://sso.example/path" });
    expect(config.OIDC_TRUSTED_PROXIES).toEqual(["10.0.0.5", "10.0.0.6"]);
    expect(config.LOGOUT_URL_ORIGINS).toEqual(["https://sso.example"]);
  });

  it("an external issuer turns the development provider off; production needs https and a real secret", () => {
    expect(loadConfig({ OIDC_ISSUER: "https://id.provincia.gob.ar" }).devProvider).toBe(false);
    expect(loadConfig({ OIDC_DEV_PROVIDER: "0" }).devProvider).toBe(false);
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow(/OIDC_ISSUER/);
    expect(() => loadConfig({ NODE_ENV: "production", OIDC_ISSUER: "https://id.example", OIDC_DEV_PROVIDER: "1" })).toThrow(
      /OIDC_DEV_PROVIDER/,
    );
    // Decision 007: production has named operators only; the shared token is for development.
    expect(() =>
      loadConfig({ NODE_ENV: "production", OIDC_ISSUER: "https://id.provincia.gob.ar", OPERATOR_TOKEN: "dev-operator-token-change-me" }),
    ).toThrow(/OPERATOR_TOKEN/);
    expect(() =>
      loadConfig({
        NODE_ENV: "production",
        OIDC_ISSUER: "https://id.provincia.gob.ar",
        OPERATOR_TOKEN: "a-real-operator-token-0123456789",
      }),
    ).toThrow(/OPERATOR_TOKEN/);
    const production = loadConfig(PRODUCTION);
    expect(production.isProduction).toBe(true);
    expect(production.OPERATOR_TOKEN).toBeUndefined();
    expect(loadConfig({}).OPERATOR_TOKEN).toBe("dev-operator-token-change-me");
  });
});

describe("production configuration checked at start (issue 29)", () => {
  it("starts on a complete configuration", () => {
    expect(refusal(PRODUCTION)).toEqual([]);
    expect(loadConfig(PRODUCTION).notReadyMs).toBe(5000);
    expect(loadConfig({}).notReadyMs).toBe(0);
  });

  it("refuses an http public URL and an http issuer, one line each", () => {
    expect(refusal({ ...PRODUCTION, PORTAL_URL: "http://tramites.provincia.gob.ar", OIDC_ISSUER: "http://id.provincia.gob.ar" })).toEqual([
      "Configuración inválida: OIDC_ISSUER: must be https in production",
      "Configuración inválida: PORTAL_URL: must be the portal's public https:// address in production",
    ]);
  });

  it("refuses a missing mail transport unless file mail is chosen explicitly", () => {
    const { SMTP_URL: _smtp, ...noMail } = PRODUCTION;
    expect(refusal(noMail)).toEqual([
      "Configuración inválida: SMTP_URL: is required in production (the citizens' mail would be written to local files); set MAIL_TRANSPORT=file to mean that",
    ]);
    expect(refusal({ ...noMail, MAIL_TRANSPORT: "file" })).toEqual([]);
    expect(refusal({ ...PRODUCTION, MAIL_TRANSPORT: "file" })).toEqual([
      "Configuración inválida: MAIL_TRANSPORT: is file but SMTP_URL is set: choose one",
    ]);
    expect(refusal({ MAIL_TRANSPORT: "smtp" })).toEqual(["Configuración inválida: SMTP_URL: is required with MAIL_TRANSPORT=smtp"]);
  });

  it("refuses a weak metrics token in production", () => {
    expect(refusal({ ...PRODUCTION, METRICS_TOKEN: "metrics-token-change-me" })).toEqual([
      "Configuración inválida: METRICS_TOKEN: looks like a placeholder (make one with `openssl rand -hex 32`) (production)",
    ]);
    expect(refusal({ ...PRODUCTION, METRICS_TOKEN: "1111111111111111" })[0]).toMatch(/METRICS_TOKEN: has fewer than 10 different/);
    expect(refusal({ ...PRODUCTION, METRICS_TOKEN: "5c0e8f2a9b7d4163e0a1" })).toEqual([]);
  });
});

describe("production refuses what is unsafe, one line naming the variable (issue 38)", () => {
  it("refuses the development identity provider, asked for or implied by a local issuer", () => {
    expect(refusal({ ...PRODUCTION, OIDC_DEV_PROVIDER: "1" })).toEqual([
      "Configuración inválida: OIDC_DEV_PROVIDER: the development identity provider cannot run in production (OIDC_DEV_PROVIDER=0)",
    ]);
    expect(refusal({ ...PRODUCTION, OIDC_ISSUER: "http://localhost:4001" })).toEqual([
      "Configuración inválida: OIDC_DEV_PROVIDER: the development identity provider cannot run in production (OIDC_DEV_PROVIDER=0)",
      "Configuración inválida: OIDC_ISSUER: is unset or a local address: production needs the provincial identity provider (https)",
    ]);
  });

  it("refuses seeding the demo citizens", () => {
    expect(refusal({ ...PRODUCTION, SEED: "1" })).toEqual([
      "Configuración inválida: SEED: the demo citizens (their password is published) cannot be seeded in production (SEED=0)",
    ]);
    expect(refusal({ ...PRODUCTION, SEED: "0" })).toEqual([]);
  });

  it("refuses an identity provider or a public address left unset or on this machine", () => {
    const { OIDC_ISSUER: _issuer, PORTAL_URL: _portal, ...unset } = PRODUCTION;
    const lines = refusal({ ...unset, OIDC_DEV_PROVIDER: "0" });
    expect(lines).toEqual([
      "Configuración inválida: OIDC_ISSUER: is unset or a local address: production needs the provincial identity provider (https)",
      "Configuración inválida: PORTAL_URL: is unset or a local address: production needs the portal's public https:// address",
    ]);
    expect(refusal({ ...PRODUCTION, OIDC_ISSUER: "https://127.0.0.1:4001", OIDC_DEV_PROVIDER: "0" })).toEqual([lines[0]]);
    expect(refusal({ ...PRODUCTION, PORTAL_URL: "https://localhost" })).toEqual([lines[1]]);
  });

  it("refuses every secret this repository publishes: samples of deploy/.env.example, the trial's, the built-in ones", () => {
    const published = "is a sample or development secret published in this repository: make a real one";
    expect(refusal({ ...PRODUCTION, DATABASE_URL: "postgres://atencion:CLAVE@postgres.interna:5432/atencion" })).toEqual([
      `Configuración inválida: DATABASE_URL: ${published}`,
    ]);
    expect(refusal({ ...PRODUCTION, DATABASE_URL: "postgres://atencion:atencion-trial@postgres:5432/atencion" })).toEqual([
      `Configuración inválida: DATABASE_URL: ${published}`,
    ]);
    expect(
      refusal({
        ...PRODUCTION,
        BLOB_STORE: "s3",
        S3_BUCKET: "atencion-virtual",
        S3_ACCESS_KEY_ID: "S3RVER",
        S3_SECRET_ACCESS_KEY: "S3RVER",
      }),
    ).toEqual([`Configuración inválida: S3_ACCESS_KEY_ID: ${published}`, `Configuración inválida: S3_SECRET_ACCESS_KEY: ${published}`]);
    expect(refusal({ ...PRODUCTION, SMTP_URL: "smtps://portal:Demo2026!@relay.provincia.gob.ar:465" })).toEqual([
      `Configuración inválida: SMTP_URL: ${published}`,
    ]);
    // A real password in the same place starts.
    expect(refusal({ ...PRODUCTION, DATABASE_URL: "postgres://atencion:4f1c9e7b2a6d@postgres.interna:5432/atencion" })).toEqual([]);
  });

  it("deploy/.env.example's own values are refused until its samples are replaced", async () => {
    const fs = await import("node:fs");
    const example = Object.fromEntries(
      fs
        .readFileSync("deploy/.env.example", "utf8")
        .split("\n")
        .map((line) => /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line))
        .filter((m): m is RegExpExecArray => m !== null)
        .map((m) => [m[1], m[2]]),
    );
    expect(refusal(example)).toEqual([
      "Configuración inválida: DATABASE_URL: is a sample or development secret published in this repository: make a real one",
    ]);
  });
});

describe("the API process refuses to start (issue 38)", () => {
  it("exits 1 before opening anything, one line per unsafe setting", async () => {
    const { spawnSync } = await import("node:child_process");
    const run = spawnSync(process.execPath, ["--import", "tsx", "server/main.ts"], {
      env: {
        PATH: process.env.PATH ?? "",
        ...PRODUCTION,
        OIDC_DEV_PROVIDER: "1",
        SEED: "1",
        DATA_DIR: "/nonexistent/atencion",
      } as NodeJS.ProcessEnv,
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split("\n")).toEqual([
      "Configuración inválida: OIDC_DEV_PROVIDER: the development identity provider cannot run in production (OIDC_DEV_PROVIDER=0)",
      "Configuración inválida: SEED: the demo citizens (their password is published) cannot be seeded in production (SEED=0)",
    ]);
  }, 60_000);
});
