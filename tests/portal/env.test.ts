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

  it("lets a loopback address through (the production build tried on one machine)", () => {
    expect(problemsOf({ ...production, PORTAL_URL: "http://localhost:3000", OIDC_ISSUER: "http://localhost:4001" })).toEqual([]);
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
    const others = ["PORT", "HOST", "PORTAL_METRICS_TOKEN", "REMINDERS_INTERVAL_MS", "OPERATOR_API_URL"];
    const missing = [...portal, ...api, ...others].filter((name) => !listed.has(name) && name !== "OIDC_HOST" && name !== "OIDC_PORT");
    expect(missing).toEqual([]);
  });
});
