/** Queries of the records module that the operator's side uses (decision 063). */
import type { DbOrTx } from "../../db/index.js";
import "./tables.js";

/** A record by id, whoever owns it (the operator's side; the citizen's goes through `getOwnedRecord`). */
export function findRecord(db: DbOrTx, id: string) {
  return db.selectFrom("records").selectAll().where("id", "=", id).executeTakeFirst();
}
