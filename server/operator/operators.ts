/**
 * Named operators (decision 007), managed on the database itself, not through the operator API:
 * whoever runs these commands has the API's own database credentials (DATABASE_URL or DATA_DIR),
 * which is what creating the first operator needs anyway. The token is printed once.
 *
 *   npm run operator -- operators:create --name "Ana Díaz" --organismo "Dirección de Rentas"
 *   npm run operator -- operators:list
 *   npm run operator -- operators:revoke --id ID
 */
import type { DbOrTx } from "../db/index.js";
import { createOperator, operatorsList, revoke } from "../domain/operators/service.js";
import type { CliCommand } from "./command-types.js";

/** A command that works on the database directly. */
export type LocalCommand = CliCommand<DbOrTx>;

const text = (v: unknown) => (typeof v === "string" ? v : "");

export const operatorAdminCommands: Record<string, LocalCommand> = {
  "operators:create": {
    usage: 'operators:create --name "Nombre Apellido" --organismo "Organismo"',
    description:
      "Da de alta un operador con nombre y organismo; muestra su token una sola vez (se guarda solo su hash). Directo sobre la base.",
    options: { name: { type: "string" }, organismo: { type: "string" } },
    run: async (v, db) => {
      const created = await createOperator(db, { name: text(v.name), organismo: text(v.organismo) });
      return { ...created, aviso: "Guarda este token ahora: no se vuelve a mostrar. Úsalo como OPERATOR_TOKEN de la línea de comandos." };
    },
  },
  "operators:list": {
    usage: "operators:list",
    description: "Lista los operadores (activos y revocados), sin sus tokens. Directo sobre la base.",
    options: {},
    run: (_v, db) => operatorsList(db),
  },
  "operators:revoke": {
    usage: "operators:revoke --id ID",
    description: "Revoca el token de un operador (la fila queda: el registro de accesos lo nombra). Directo sobre la base.",
    options: { id: { type: "string" } },
    run: (v, db) => revoke(db, text(v.id)),
  },
};
