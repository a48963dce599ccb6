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
      /OIDC_CLIENT_SECRET/,
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
