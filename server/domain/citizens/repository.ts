import type { DbOrTx } from "../../db/index.js";
import type { CitizensTable } from "../../db/types.js";

export type CitizenRow = CitizensTable;

export function findCitizenByCuil(db: DbOrTx, cuil: string): Promise<CitizenRow | undefined> {
  return db.selectFrom("citizens").selectAll().where("cuil", "=", cuil).executeTakeFirst();
}

export async function insertCitizen(db: DbOrTx, row: CitizenRow) {
  await db.insertInto("citizens").values(row).execute();
}
