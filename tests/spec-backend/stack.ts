/**
 * The real portal in front of the spec backend: our API process runs only for its development
 * identity provider (and the citizens it seeds: the sign-in page and the operator API that makes
 * test citizens), while the portal's API_BASE_URL points at the spec backend (tests/spec-backend/app.ts).
 * Used as the webServer of playwright.spec-backend.config.ts; `tsx tests/spec-backend/stack.ts` by hand.
 * The spec backend listens on a port of its own; SPEC_BACKEND_PORT is the mutating proxy in front of
 * it (mutating-proxy.ts: untouched unless a test asks for one change of one answer, issue 36).
 *
 * Env: DATA_DIR, PORT (portal), API_PORT (our API, for the IdP), OIDC_PORT, SPEC_BACKEND_PORT,
 * SPEC_BACKEND_VARIANT (plain | numeric | wrapped), SPEC_BACKEND_LOGOUT_URL (the configuration's logout_url),
 * SPEC_BACKEND_LOG=1 (log the paths it answers 404 and the calls it refuses).
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startStack } from "../../scripts/stack";
import { buildSpecBackend } from "./app";
import { startMutatingProxy } from "./mutating-proxy";

const portalPort = Number(process.env.PORT ?? 3000);
const apiPort = Number(process.env.API_PORT ?? 4000);
const oidcPort = Number(process.env.OIDC_PORT ?? 4001);
const specPort = Number(process.env.SPEC_BACKEND_PORT ?? 4202);
const dataDir = process.env.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), "av-spec-backend-"));
const issuer = `http://localhost:${oidcPort}`;
const specUrl = `http://127.0.0.1:${specPort}`;
// Tokens are issued for the spec backend: it is the resource server the portal calls.
const audience = `${specUrl}/api`;

// The province's own logout page, https on another origin than the identity provider (issue 27),
// on an origin the portal is configured to allow (issue 36); the browser tests answer it themselves
// (tests/e2e-spec-backend/support.ts).
const logoutUrl = process.env.SPEC_BACKEND_LOGOUT_URL ?? "https://cuenta.provincia.example/salir";

const { app, shape } = await buildSpecBackend({
  variant: process.env.SPEC_BACKEND_VARIANT,
  issuer,
  audience,
  logoutUrl,
  logMisses: process.env.SPEC_BACKEND_LOG === "1",
});
await app.listen({ port: 0, host: "127.0.0.1" });
const proxy = await startMutatingProxy({ target: `http://127.0.0.1:${(app.server.address() as { port: number }).port}`, port: specPort });

const stack = await startStack({
  dataDir,
  portalPort,
  apiPort,
  oidcPort,
  quiet: true,
  env: { SEED: process.env.SEED ?? "1", API_AUDIENCE: audience },
  // Reference data is not kept across requests: a changed answer stays the one request's.
  portalEnv: { API_BASE_URL: specUrl, REFERENCE_CACHE_MS: "0", LOGOUT_URL_ORIGINS: new URL(logoutUrl).origin },
});
console.log(`portal ${stack.portalUrl} → spec backend (${shape.name}) ${specUrl}; identity provider ${stack.issuer}`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, async () => {
    await Promise.all([stack.stop(), app.close(), proxy.close()]);
    process.exit(0);
  });
}
