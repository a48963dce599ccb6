/**
 * Every query of the procedures module (decision 063): the catalogue, the instances, their history and
 * received documents. Plain functions taking `db` (or a transaction) first; the rules (ownership answers
 * 404, a discarded instance admits no change, what a card shows) are the service's (./service.ts).
 */
import { sql, type Insertable, type Updateable } from "kysely";
import type { DbOrTx } from "../../db/index.js";
import { likePattern } from "../../../common/search.js";
import type { ProcHistoryTable, ProcInstancesTable, ProcReceivedDocsTable } from "./tables.js";

// ---------------------------------------------------------------- instances

/** An instance by id, whoever owns it (the operator's side; the citizen's goes through `getOwnedInstance`). */
export function findInstance(db: DbOrTx, id: string) {
  return db.selectFrom("proc_instances").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The citizen's instance by id; undefined when it is another citizen's or does not exist. */
export function findOwnedInstance(db: DbOrTx, cuil: string, id: string) {
  return db.selectFrom("proc_instances").selectAll().where("id", "=", id).where("owner_cuil", "=", cuil).executeTakeFirst();
}

/** The citizen's latest instances of one procedure, newest first. */
export function listOwnedInstancesOfProcedure(db: DbOrTx, cuil: string, procedureId: number, limit: number) {
  return db
    .selectFrom("proc_instances")
    .selectAll()
    .where("owner_cuil", "=", cuil)
    .where("procedure_id", "=", procedureId)
    .orderBy("created_at", "desc")
    .limit(limit)
    .execute();
}

export async function insertInstance(db: DbOrTx, row: ProcInstancesTable) {
  await db.insertInto("proc_instances").values(row).execute();
}

export async function updateInstance(db: DbOrTx, instanceId: string, values: Updateable<ProcInstancesTable>) {
  await db.updateTable("proc_instances").set(values).where("id", "=", instanceId).execute();
}

/**
 * Moves the citizen's instance to the cancelled tab with `values`, only while it is not discarded yet;
 * true when it did (false: another discard came first).
 */
export async function discardOwnedInstance(db: DbOrTx, cuil: string, id: string, values: Updateable<ProcInstancesTable>) {
  const updated = await db
    .updateTable("proc_instances")
    .set(values)
    .where("id", "=", id)
    .where("owner_cuil", "=", cuil)
    .where("discarded_at", "is", null)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

// ---------------------------------------------------------------- history and received documents

/** The instance's history entries that have an action, newest first. */
export function listHistoryWithAction(db: DbOrTx, instanceId: string) {
  return db
    .selectFrom("proc_history")
    .selectAll()
    .where("instance_id", "=", instanceId)
    .where("action", "is not", null)
    .orderBy("excuted_on", "desc")
    .orderBy("id", "desc")
    .execute();
}

export async function insertHistoryEntry(db: DbOrTx, row: Insertable<ProcHistoryTable>) {
  await db.insertInto("proc_history").values(row).execute();
}

/** The instance's received documents, newest first. */
export function listReceivedDocs(db: DbOrTx, instanceId: string) {
  return db
    .selectFrom("proc_received_docs")
    .selectAll()
    .where("instance_id", "=", instanceId)
    .orderBy("created_at", "desc")
    .orderBy("id")
    .execute();
}

export async function insertReceivedDoc(db: DbOrTx, row: Insertable<ProcReceivedDocsTable>) {
  await db.insertInto("proc_received_docs").values(row).execute();
}

export async function setReceivedDocStatus(db: DbOrTx, instanceId: string, fileId: string, status: "received" | "approved" | "rejected") {
  await db.updateTable("proc_received_docs").set({ status }).where("instance_id", "=", instanceId).where("file_id", "=", fileId).execute();
}

// ---------------------------------------------------------------- catalogue

/** A catalogue row by id (parents included: the caller decides). */
export function findProcedure(db: DbOrTx, id: number) {
  return db.selectFrom("proc_catalogue").selectAll().where("id", "=", id).executeTakeFirst();
}

/** A catalogue row's id, description and parent: one step up the tree. */
export function findCatalogueParent(db: DbOrTx, id: number) {
  return db.selectFrom("proc_catalogue").select(["id", "description", "parent_id"]).where("id", "=", id).executeTakeFirst();
}

/** The leaves (procedures, not categories) whose search text matches `filter`, by description, at most 500. */
export function searchCatalogueLeaves(db: DbOrTx, filter: string) {
  return db
    .selectFrom("proc_catalogue")
    .selectAll()
    .where("is_parent", "=", 0)
    .where(sql<boolean>`search_text like ${likePattern(filter)} escape '\\'`)
    .orderBy("description")
    .orderBy("id")
    .limit(500)
    .execute();
}

/** A category's children, in their order; the root level when `parentId` is null. */
export function listCatalogueChildren(db: DbOrTx, parentId: number | null) {
  const level = db.selectFrom("proc_catalogue").selectAll();
  return (parentId === null ? level.where("parent_id", "is", null) : level.where("parent_id", "=", parentId))
    .orderBy("position")
    .orderBy("description")
    .execute();
}

/** Every leaf of the catalogue, by description. */
export function listCatalogueLeaves(db: DbOrTx) {
  return db.selectFrom("proc_catalogue").selectAll().where("is_parent", "=", 0).orderBy("description").execute();
}
