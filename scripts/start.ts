import path from "node:path";
import { requireSupportedNode } from "../common/node-line";
import { demoCitizens } from "../server/auth/oidc/demo-citizens";
import { startStack } from "./stack";

// On an older Node the API would die in its SQLite driver with no word: refuse at once, with the reason.
requireSupportedNode("npm start");

/**
 * `npm start` (`npm run build`, then `node dist/start.js`): runs the API (migrated and seeded with
 * demo data under DATA_DIR), the development identity provider and the built portal, compiled
 * (decision 045). The end-to-end tests run this file through tsx on a portal built beforehand.
 */
const dataDir = path.resolve(process.env.DATA_DIR ?? "./data");
const portalPort = Number(process.env.PORT ?? 3000);
const apiPort = Number(process.env.API_PORT ?? 4000);
const oidcPort = Number(process.env.OIDC_PORT ?? 4001);

// A process that dies is started again; one that keeps dying ends the launcher with the reason (issue 28).
const stack = await startStack({
  dataDir,
  portalPort,
  apiPort,
  oidcPort,
  env: { SEED: process.env.SEED ?? "1" },
  restart: {
    onGiveUp: (reason) => {
      console.error(reason);
      void stack.stop().finally(() => process.exit(1));
    },
  },
});

console.log(`
Atención Virtual está en ${stack.portalUrl}
  API:                   ${stack.apiUrl}
  Proveedor de identidad: ${stack.issuer}
  Datos:                 ${dataDir}

Ingresos de demostración (contraseña para todos: ${demoCitizens[0]?.password}):`);
for (const c of demoCitizens) console.log(`  CUIL ${c.cuil}  ${c.name} — ${c.description}`);
console.log("\nCtrl+C para detener.");

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, async () => {
    await stack.stop();
    process.exit(0);
  });
}
