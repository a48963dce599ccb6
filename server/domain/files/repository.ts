/** Every query of the shared files layer (decision 063); the service (./index.ts) keeps the rules and the blobs. */
import type { DbOrTx } from "../../db/index.js";
import type { FilesTable } from "./types.js";

export async function insertFile(db: DbOrTx, row: FilesTable) {
  await db.insertInto("files").values(row).execute();
}

/** The citizen's file by id; undefined when it is another citizen's or does not exist. */
export function findOwnedFile(db: DbOrTx, cuil: string, id: string) {
  return db.selectFrom("files").selectAll().where("id", "=", id).where("owner_cuil", "=", cuil).executeTakeFirst();
}

/** The citizen's file's id and name, alone. */
export function findOwnedFileName(db: DbOrTx, cuil: string, id: string) {
  return db.selectFrom("files").select(["id", "name"]).where("id", "=", id).where("owner_cuil", "=", cuil).executeTakeFirst();
}

/** The citizen's files among `ids` (unknown or foreign ids are left out). */
export function listOwnedFiles(db: DbOrTx, cuil: string, ids: string[]) {
  return db.selectFrom("files").selectAll().where("id", "in", ids).where("owner_cuil", "=", cuil).execute();
}

export async function deleteFileRow(db: DbOrTx, id: string) {
  await db.deleteFrom("files").where("id", "=", id).execute();
}

export async function renameFile(db: DbOrTx, id: string, name: string) {
  await db.updateTable("files").set({ name }).where("id", "=", id).execute();
}
