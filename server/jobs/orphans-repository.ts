/**
 * The queries of the orphan sweeper (decision 057): which blobs the database still names, and which
 * uploaded files nothing refers to any more. Every table that names a blob (`storage_key`) or refers
 * to a file (`file_id`, the history's JSON list of files) is listed here, in one place: a new one must
 * be added here too, or the sweeper would take its blobs for orphans. The built ZIPs of 'Descargar
 * mis datos' (`data_exports`, decision 073) are named by their row's `id`. Which keys the portal
 * wrote at all (the only ones the sweeper may delete) is `written_blobs`, in
 * `server/storage/written-repository.ts`.
 */
import { sql, type ExpressionBuilder } from "kysely";
import type { DbOrTx } from "../db/index.js";
import type { Database } from "../db/types.js";

/** Tables whose rows name a blob in the blob store. */
const BLOB_TABLES = ["files", "file_renditions", "dd_communication_files"] as const;

/** The keys among `keys` that some row still names. */
export async function keysInUse(db: DbOrTx, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const used = new Set<string>();
  for (const table of BLOB_TABLES) {
    const rows = await db.selectFrom(table).select("storage_key").where("storage_key", "in", keys).execute();
    for (const r of rows) if (r.storage_key) used.add(r.storage_key);
  }
  const exports = await db.selectFrom("data_exports").select("id").where("id", "in", keys).execute();
  for (const r of exports) used.add(r.id);
  return used;
}

/** Nothing refers to the file (`files`, in the query it is given to): the sweeper's test, and a cancelled upload's (issue 37). */
const unreferenced = ({ not, exists, selectFrom }: ExpressionBuilder<Database, "files">) =>
  not(
    exists(
      selectFrom("record_documents")
        .select(sql`1`.as("one"))
        .whereRef("record_documents.file_id", "=", "files.id")
        .unionAll(
          selectFrom("chat_documents")
            .select(sql`1`.as("one"))
            .whereRef("chat_documents.file_id", "=", "files.id"),
        )
        .unionAll(
          selectFrom("proc_received_docs")
            .select(sql`1`.as("one"))
            .whereRef("proc_received_docs.file_id", "=", "files.id"),
        )
        .unionAll(
          selectFrom("proc_history")
            .innerJoin("proc_instances", "proc_instances.id", "proc_history.instance_id")
            .select(sql`1`.as("one"))
            .whereRef("proc_instances.owner_cuil", "=", "files.owner_cuil")
            .where("proc_history.files", "like", sql<string>`'%' || files.id || '%'`),
        ),
    ),
  );

export type UnreferencedFile = { id: string; storage_key: string };

/**
 * Uploaded files created before `cutoff` that nothing refers to: not a record's document, not a
 * chat's attachment, not a procedure's received document, not in a history entry of their owner's
 * procedures. What is left after a discard ('Descartar' on a pending document, a chat attachment let
 * go) or an upload never attached. Keyset-paged by id.
 */
export async function unreferencedFiles(db: DbOrTx, cutoff: string, afterId: string, limit: number): Promise<UnreferencedFile[]> {
  return db
    .selectFrom("files")
    .select(["files.id", "files.storage_key"])
    .where("files.created_at", "<", cutoff)
    .where("files.id", ">", afterId)
    .where(unreferenced)
    .orderBy("files.id")
    .limit(limit)
    .execute();
}

/** Keys of a file's page images and texts. */
export async function renditionKeysOf(db: DbOrTx, fileId: string): Promise<string[]> {
  const rows = await db.selectFrom("file_renditions").select("storage_key").where("file_id", "=", fileId).execute();
  return rows.map((r) => r.storage_key).filter((k): k is string => !!k);
}

/**
 * Deletes the file row (its renditions' rows go with it) unless something refers to it again;
 * true when it went. The foreign keys of the referring tables refuse the delete when a reference
 * was added since the file was found unreferenced.
 */
export async function deleteUnreferencedFile(db: DbOrTx, id: string): Promise<boolean> {
  try {
    const result = await db.deleteFrom("files").where("id", "=", id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  } catch (error) {
    if (isForeignKeyViolation(error)) return false;
    throw error;
  }
}

function isForeignKeyViolation(error: unknown): boolean {
  const e = error as { code?: string };
  return e.code === "23503" || e.code === "SQLITE_CONSTRAINT_FOREIGNKEY";
}

/** Whether the citizen `cuil`'s file `id` is one that nothing refers to (an upload never attached). */
export async function isUnreferencedFileOf(db: DbOrTx, cuil: string, id: string): Promise<boolean> {
  const row = await db
    .selectFrom("files")
    .select("files.id")
    .where("files.id", "=", id)
    .where("files.owner_cuil", "=", cuil)
    .where(unreferenced)
    .executeTakeFirst();
  return row !== undefined;
}
