import type { DbOrTx } from "../../db/index.js";
import type { DdAdhesionsTable } from "../../db/types.js";
import "./tables.js";

export type AdhesionRow = DdAdhesionsTable;

export function findAdhesion(db: DbOrTx, cuil: string): Promise<AdhesionRow | undefined> {
  return db.selectFrom("dd_adhesions").selectAll().where("cuil", "=", cuil).executeTakeFirst();
}
