/** Queries of the access log (decision 071). Insert and read only: there is no update or delete. */
import type { DbOrTx } from "../../db/index.js";
import type { AccessKind } from "../../../common/accesses.js";
import type { OperatorAccessesTable } from "./tables.js";
import "../procedures/tables.js";
import "../records/tables.js";
import "../dd/tables.js";
import "../chat/tables.js";

export function insertAccess(db: DbOrTx, row: OperatorAccessesTable) {
  return db.insertInto("operator_accesses").values(row).execute();
}

export type AccessFilter = { cuil: string; since?: string; until?: string; kind?: AccessKind };

function filtered(db: DbOrTx, f: AccessFilter) {
  let q = db.selectFrom("operator_accesses").where("citizen_cuil", "=", f.cuil);
  if (f.since) q = q.where("occurred_at", ">=", f.since);
  if (f.until) q = q.where("occurred_at", "<", f.until);
  if (f.kind) q = q.where("kind", "=", f.kind);
  return q;
}

/** One page, newest first (ties by id, so pages never overlap). */
export function listAccesses(db: DbOrTx, f: AccessFilter, limit: number, offset: number) {
  return filtered(db, f).selectAll().orderBy("occurred_at", "desc").orderBy("id", "desc").limit(limit).offset(offset).execute();
}

export async function countAccesses(db: DbOrTx, f: AccessFilter): Promise<number> {
  const row = await filtered(db, f)
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Owners of the items an operator call names (whoever owns them; the operator side has no citizen). */
export function instanceOwner(db: DbOrTx, id: string) {
  return db.selectFrom("proc_instances").select(["id", "owner_cuil", "title"]).where("id", "=", id).executeTakeFirst();
}

export function recordOwner(db: DbOrTx, id: string) {
  return db.selectFrom("records").select(["id", "owner_cuil", "code"]).where("id", "=", id).executeTakeFirst();
}

export function communicationOwner(db: DbOrTx, code: string) {
  return db.selectFrom("dd_communications").select(["code", "cuil"]).where("code", "=", code).executeTakeFirst();
}

export function chatDocumentInstance(db: DbOrTx, documentId: string) {
  return db
    .selectFrom("chat_documents")
    .innerJoin("proc_instances", "proc_instances.id", "chat_documents.instance_id")
    .select(["proc_instances.id as id", "proc_instances.owner_cuil as owner_cuil", "proc_instances.title as title"])
    .where("chat_documents.id", "=", documentId)
    .executeTakeFirst();
}
