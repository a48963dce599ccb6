/**
 * `tsx tests/spec-backend/main.ts`: the spec backend on SPEC_BACKEND_PORT (4202), variant
 * SPEC_BACKEND_VARIANT (plain | numeric | wrapped), verifying tokens of OIDC_ISSUER.
 */
import { buildSpecBackend } from "./app";

const port = Number(process.env.SPEC_BACKEND_PORT ?? 4202);
const issuer = process.env.OIDC_ISSUER ?? "http://localhost:4001";
const { app, shape } = await buildSpecBackend({
  variant: process.env.SPEC_BACKEND_VARIANT,
  issuer,
  audience: process.env.SPEC_BACKEND_AUDIENCE || undefined,
  logoutUrl: process.env.SPEC_BACKEND_LOGOUT_URL ?? "https://cuenta.provincia.example/salir",
  logMisses: process.env.SPEC_BACKEND_LOG === "1",
});
await app.listen({ port, host: process.env.SPEC_BACKEND_HOST ?? "127.0.0.1" });
console.log(`spec backend (${shape.name}) on http://127.0.0.1:${port}, tokens of ${issuer}`);
for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => void app.close().then(() => process.exit(0)));
