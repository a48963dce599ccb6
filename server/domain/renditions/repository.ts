/**
 * Queries of `file_renditions` (decision 063): the cached page images and texts of stored files,
 * and the rows of the pages that could not be drawn.
 */
import type { Insertable, Updateable } from "kysely";
import type { DbOrTx } from "../../db/index.js";
import type { FileRenditionsTable } from "./types.js";

export type RenditionKind = "image" | "text";
export type RenditionKey = { fileId: string; ownerCuil: string; kind: RenditionKind; page: number; width: number };

/** One rendition, looked up through the file's owner (not only by the file id). */
export function findRendition(db: DbOrTx, key: RenditionKey) {
  return db
    .selectFrom("file_renditions")
    .innerJoin("files", "files.id", "file_renditions.file_id")
    .select([
      "file_renditions.id",
      "file_renditions.mime",
      "file_renditions.storage_key",
      "file_renditions.size",
      "file_renditions.error_code",
      "file_renditions.failures",
      "file_renditions.created_at",
    ])
    .where("file_renditions.file_id", "=", key.fileId)
    .where("files.owner_cuil", "=", key.ownerCuil)
    .where("file_renditions.kind", "=", key.kind)
    .where("file_renditions.page", "=", key.page)
    .where("file_renditions.width", "=", key.width)
    .executeTakeFirst();
}

export function insertRendition(db: DbOrTx, row: Insertable<FileRenditionsTable>) {
  return db.insertInto("file_renditions").values(row).execute();
}

/**
 * Moves a failure's time from `from` to `to` if it is still `from`: a process takes a failed
 * rendition for one new attempt by moving its time to now (other processes then see a fresh
 * failure and keep refusing it), and gives the claim back the same way. False when another
 * process moved it first or the operator cleared it.
 */
export async function moveFailureTime(db: DbOrTx, id: string, from: string, to: string): Promise<boolean> {
  const result = await db
    .updateTable("file_renditions")
    .set({ created_at: to })
    .where("id", "=", id)
    .where("error_code", "is not", null)
    .where("created_at", "=", from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Writes the outcome of a new attempt over the failure it retried; 0 when that row is gone. */
export async function replaceFailure(db: DbOrTx, id: string, outcome: Updateable<FileRenditionsTable>): Promise<number> {
  const result = await db
    .updateTable("file_renditions")
    .set(outcome)
    .where("id", "=", id)
    .where("error_code", "is not", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Deletes the recorded failures, of every file or of one (`files:retry-pages`): the next request
 * of such a page draws it again. A failure has no blob, so nothing else goes.
 */
export async function clearFailures(db: DbOrTx, fileId?: string): Promise<number> {
  let query = db.deleteFrom("file_renditions").where("error_code", "is not", null);
  if (fileId) query = query.where("file_id", "=", fileId);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Storage keys of a file's renditions (to delete their blobs with the file). */
export async function renditionKeys(db: DbOrTx, fileId: string): Promise<string[]> {
  const rows = await db.selectFrom("file_renditions").select("storage_key").where("file_id", "=", fileId).execute();
  return rows.map((r) => r.storage_key).filter((k): k is string => !!k);
}
