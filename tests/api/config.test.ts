import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../server/config.js";
import { formatCuil, isValidCuil, normalizeCuil } from "../../server/domain/citizens/cuil.js";

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

  it("an external issuer turns the development provider off; production needs https and a real secret", () => {
    expect(loadConfig({ OIDC_ISSUER: "https://id.provincia.gob.ar" }).devProvider).toBe(false);
    expect(loadConfig({ OIDC_DEV_PROVIDER: "0" }).devProvider).toBe(false);
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow(/OIDC_ISSUER/);
    expect(() => loadConfig({ NODE_ENV: "production", OIDC_ISSUER: "https://id.example", OIDC_DEV_PROVIDER: "1" })).toThrow(
      /OIDC_CLIENT_SECRET/,
    );
    // Decision 070: production has named operators only; the shared token is for development.
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
    const production = loadConfig({ NODE_ENV: "production", OIDC_ISSUER: "https://id.provincia.gob.ar" });
    expect(production.isProduction).toBe(true);
    expect(production.OPERATOR_TOKEN).toBeUndefined();
    expect(loadConfig({}).OPERATOR_TOKEN).toBe("dev-operator-token-change-me");
  });
});

describe("cuil", () => {
  it("checks the AFIP mod-11 digit and accepts dashes", () => {
    expect(isValidCuil("20123456786")).toBe(true);
    expect(isValidCuil("20123456787")).toBe(false);
    expect(isValidCuil("99123456786")).toBe(false);
    expect(normalizeCuil("20-12345678-6")).toBe("20123456786");
    expect(normalizeCuil(" 20123456786 ")).toBe("20123456786");
    expect(normalizeCuil("20-1234-5678-6")).toBeNull();
    expect(formatCuil("20123456786")).toBe("20-12345678-6");
  });
});
