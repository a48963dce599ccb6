/**
 * The operator audit trail of the configuration (issue 28): every change an operator makes to what
 * reaches citizens — a setting (the logout URL every 'Cerrar sesión' goes to, the tenant) or a module —
 * is one row of `operator_changes` (migration 0020, append-only), written in the transaction of the
 * change, with who, when, the value before and after, and the purpose the operator gave (`X-Motivo`).
 */
import { randomUUID } from "node:crypto";
import type { DbOrTx } from "../../db/index.js";
import type { OperatorIdentity } from "../operators/service.js";
import { insertOperatorChange } from "./repository.js";

export type ChangeActor = { operator: OperatorIdentity; purpose: string };

export async function recordChange(
  db: DbOrTx,
  actor: ChangeActor,
  change: { target: string; oldValue: string | null; newValue: string },
  now = new Date(),
) {
  await insertOperatorChange(db, {
    id: randomUUID(),
    occurred_at: now.toISOString(),
    operator_id: actor.operator.id,
    operator_name: actor.operator.name,
    organismo: actor.operator.organismo,
    target: change.target,
    old_value: change.oldValue,
    new_value: change.newValue.slice(0, 2000),
    purpose: actor.purpose,
  });
}

export { listChanges } from "./repository.js";

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * Whether `value` may be the logout URL every citizen is sent to on 'Cerrar sesión': an absolute
 * https URL (http only to this machine, outside production), without credentials, on one of the
 * allowed origins (the identity provider's, the portal's, and LOGOUT_URL_ORIGINS). Answers the
 * refusal's reason, or null.
 */
export function logoutUrlProblem(value: string, allowedOrigins: readonly string[], production: boolean): string | null {
  const url = URL.parse(value);
  if (!url) return "no es una dirección web absoluta";
  const local = url.protocol === "http:" && LOCAL_HOSTS.has(url.hostname) && !production;
  if (url.protocol !== "https:" && !local) return "debe ser https";
  if (url.username || url.password) return "no puede llevar usuario ni contraseña";
  if (!allowedOrigins.includes(url.origin))
    return `su origen no está permitido (permitidos: ${allowedOrigins.join(", ")}; LOGOUT_URL_ORIGINS agrega otros)`;
  return null;
}
