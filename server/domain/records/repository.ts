/** Queries of the records module that the operator's side uses (decision 063). */
import type { DbOrTx } from "../../db/index.js";
import "./tables.js";

/** A record by id, whoever owns it (the operator's side; the citizen's goes through `getOwnedRecord`). */
export function findRecord(db: DbOrTx, id: string) {
  return db.selectFrom("records").selectAll().where("id", "=", id).executeTakeFirst();
}

/**
 * The associations of records, as `cuil` may see them: joined to the other record (`other`) only
 * when that one is the citizen's too, so its id is known only then (the code always is).
 */
export function associationsSeenBy(db: DbOrTx, cuil: string) {
  return db
    .selectFrom("record_associations")
    .leftJoin("records as other", (join) =>
      join.onRef("other.id", "=", "record_associations.associated_record_id").on("other.owner_cuil", "=", cuil),
    );
}
