/** Queries of the procedures module that the operator's side and the chat share (decision 063). */
import type { DbOrTx } from "../../db/index.js";
import "./tables.js";

/** An instance by id, whoever owns it (the operator's side; the citizen's goes through `getOwnedInstance`). */
export function findInstance(db: DbOrTx, id: string) {
  return db.selectFrom("proc_instances").selectAll().where("id", "=", id).executeTakeFirst();
}
