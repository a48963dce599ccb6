import { describe, expect, it } from "vitest";
import { parseEnv } from "~/env.server";

/**
 * The portal refuses to start in production on a configuration that would quietly be unsafe
 * (issue 29): one clear line for each problem.
 */
const STRONG = "9f2c4e7a1b3d5f6081a2c3e4f5a6b7c8d9e0f1a2b3c4d5e6";
const production = {
  NODE_ENV: "production",
  PORTAL_URL: "https://tramites.provincia.gob.ar",
  OIDC_ISSUER: "https://id.provincia.gob.ar",
  OIDC_CLIENT_SECRET: "registered-client-credential-4471",
  SESSION_SECRET: STRONG,
  API_BASE_URL: "http://api.interna:4000",
};
const problemsOf = (source: Record<string, string | undefined>) => {
  const result = parseEnv(source);
  return "problems" in result ? result.problems : [];
};

describe("portal configuration in production", () => {
  it("starts on a complete https configuration", () => {
    const result = parseEnv(production);
    expect("env" in result && result.env.secure).toBe(true);
  });

  it("refuses an http public URL and an http issuer, one line each", () => {
    const problems = problemsOf({
      ...production,
      PORTAL_URL: "http://tramites.provincia.gob.ar",
      OIDC_ISSUER: "http://id.provincia.gob.ar",
    });
    expect(problems).toEqual([
      "PORTAL_URL: must be the portal's public https:// address in production",
      "OIDC_ISSUER: must be https in production",
    ]);
  });

  it("refuses an identity provider or a public address left unset or on this machine (issue 38)", () => {
    expect(problemsOf({ ...production, PORTAL_URL: undefined, OIDC_ISSUER: undefined })).toEqual([
      "PORTAL_URL: is required in production (the portal's public https:// address)",
      "OIDC_ISSUER: is required in production (the provincial identity provider, https)",
    ]);
    expect(problemsOf({ ...production, PORTAL_URL: "http://localhost:3000", OIDC_ISSUER: "https://127.0.0.1:4001" })).toEqual([
      "PORTAL_URL: is a local address; production needs the portal's public https:// address",
      "OIDC_ISSUER: is a local address; production needs the provincial identity provider, https",
    ]);
  });

  it("refuses an unset API address (issue 38)", () => {
    expect(problemsOf({ ...production, API_BASE_URL: undefined })).toEqual([
      "API_BASE_URL: is required in production (the API's balancer)",
    ]);
  });

  it("lets loopback addresses through only for a local trial listening on loopback (npm start, the tests)", () => {
    const local = {
      ...production,
      PORTAL_URL: "http://localhost:3000",
      OIDC_ISSUER: "http://localhost:4001",
      OIDC_CLIENT_SECRET: undefined,
    };
    expect(problemsOf({ ...local, LOCAL_TRIAL: "1", HOST: "127.0.0.1", API_BASE_URL: undefined })).toEqual([]);
    expect(problemsOf({ ...local, LOCAL_TRIAL: "1", HOST: "0.0.0.0" })).toEqual([
      "LOCAL_TRIAL: a local trial must listen on loopback only (HOST=127.0.0.1); never set it in production",
    ]);
    expect(problemsOf({ ...local, LOCAL_TRIAL: "1" })[0]).toMatch(/^LOCAL_TRIAL: /);
    // A local trial against a real issuer still needs the registered secret.
    expect(problemsOf({ ...production, OIDC_CLIENT_SECRET: undefined, LOCAL_TRIAL: "1", HOST: "localhost" })).toEqual([
      "OIDC_CLIENT_SECRET: the development secret cannot be used in production",
    ]);
  });

  it("refuses a missing or weak session secret", () => {
    expect(problemsOf({ ...production, SESSION_SECRET: undefined })).toEqual([
      "SESSION_SECRET: is required in production (32 characters or more, the same on every portal process)",
    ]);
    expect(problemsOf({ ...production, SESSION_SECRET: "a".repeat(40) })).toEqual([
      "SESSION_SECRET: has fewer than 10 different characters",
    ]);
    expect(problemsOf({ ...production, SESSION_SECRET: "change-me-to-a-long-random-value-please" })).toEqual([
      "SESSION_SECRET: looks like a placeholder (make one with `openssl rand -hex 32`)",
    ]);
    expect(problemsOf({ ...production, SESSION_SECRET: "short" })[0]).toMatch(/^SESSION_SECRET: /);
  });

  it("refuses the development client secret against a real issuer", () => {
    expect(problemsOf({ ...production, OIDC_CLIENT_SECRET: undefined })).toEqual([
      "OIDC_CLIENT_SECRET: the development secret cannot be used in production",
    ]);
  });

  it("outside production, makes a development secret and warns", () => {
    const result = parseEnv({ NODE_ENV: "development" });
    expect("env" in result && result.env.SESSION_SECRET).toMatch(/^[0-9a-f]{64}$/);
    expect("warnings" in result && result.warnings[0]).toMatch(/SESSION_SECRET is not set/);
  });
});

describe("deploy/.env.example", () => {
  it("lists every setting of the portal and of the API", async () => {
    const fs = await import("node:fs");
    const { EnvSchema } = await import("~/env.server");
    const { EnvSchema: ApiEnvSchema } = await import("../../server/config");
    const listed = new Set(
      fs
        .readFileSync("deploy/.env.example", "utf8")
        .split("\n")
        .map((line) => /^([A-Z][A-Z0-9_]*)=/.exec(line)?.[1])
        .filter(Boolean),
    );
    const portal = Object.keys(EnvSchema.shape);
    const api = Object.keys(ApiEnvSchema.innerType().shape);
    const others = ["PORT", "HOST", "PORTAL_METRICS_TOKEN", "REMINDERS_INTERVAL_MS", "OPERATOR_API_URL", "ID_CIUDADANA_URL"];
    const missing = [...portal, ...api, ...others].filter((name) => !listed.has(name) && name !== "OIDC_HOST" && name !== "OIDC_PORT");
    expect(missing).toEqual([]);
  });
});
