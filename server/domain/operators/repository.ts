import type { DbOrTx } from "../../db/index.js";
import type { OperatorsTable } from "./tables.js";

export function insertOperator(db: DbOrTx, row: OperatorsTable) {
  return db.insertInto("operators").values(row).execute();
}

/** The operator a token hash belongs to, unless revoked. */
export function findActiveOperatorByHash(db: DbOrTx, tokenHash: string) {
  return db
    .selectFrom("operators")
    .select(["id", "name", "organismo"])
    .where("token_hash", "=", tokenHash)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
}

export function listOperators(db: DbOrTx) {
  return db
    .selectFrom("operators")
    .select(["id", "name", "organismo", "created_at", "revoked_at"])
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

/** Sets `revoked_at` once; returns how many rows changed (0: unknown id or already revoked). */
export async function revokeOperator(db: DbOrTx, id: string, at: string): Promise<number> {
  const result = await db
    .updateTable("operators")
    .set({ revoked_at: at })
    .where("id", "=", id)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
