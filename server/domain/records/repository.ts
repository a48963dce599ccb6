/**
 * Every query of the records module (decision 063), the citizen's side and the operator's. Plain
 * functions taking `db` (or a transaction) first; the rules (ownership answers 404, read-only records,
 * statuses, folios) are the services' (./service.ts, ./operator.ts).
 */
import type { Insertable } from "kysely";
import type { DbOrTx } from "../../db/index.js";
import type { DocumentStage, RecordAssociationsTable, RecordDocumentsTable, RecordsTable } from "./tables.js";

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

/** The first association's type of each of these records (by date). */
export function listAssociationTypes(db: DbOrTx, recordIds: string[]) {
  return db
    .selectFrom("record_associations")
    .select(["record_id", "type"])
    .where("record_id", "in", recordIds)
    .orderBy("created_at")
    .execute();
}

/** The citizen's record by id; undefined when it is another citizen's or does not exist. */
export function findOwnedRecord(db: DbOrTx, cuil: string, id: string) {
  return db.selectFrom("records").selectAll().where("id", "=", id).where("owner_cuil", "=", cuil).executeTakeFirst();
}

/**
 * The citizen's record by id with its associations as `cuil` sees them (as `associationsSeenBy`: the
 * other record's id only when it is the citizen's too), by date, in one query: a row per association,
 * or one whose association columns are null when it has none; no row when the record is another
 * citizen's or does not exist.
 */
export function findOwnedRecordWithAssociations(db: DbOrTx, cuil: string, id: string) {
  return db
    .selectFrom("records")
    .leftJoin("record_associations", "record_associations.record_id", "records.id")
    .leftJoin("records as other", (join) =>
      join.onRef("other.id", "=", "record_associations.associated_record_id").on("other.owner_cuil", "=", cuil),
    )
    .selectAll("records")
    .select([
      "record_associations.id as association_id",
      "record_associations.type as association_type",
      "record_associations.associated_code",
      "other.id as other_id",
    ])
    .where("records.id", "=", id)
    .where("records.owner_cuil", "=", cuil)
    .orderBy("record_associations.created_at")
    .execute();
}

export async function insertRecord(db: DbOrTx, row: RecordsTable) {
  await db.insertInto("records").values(row).execute();
}

/** The record changed at `at` (its card's arrival date). */
export async function touchRecord(db: DbOrTx, id: string, at: string) {
  await db.updateTable("records").set({ updated_at: at }).where("id", "=", id).execute();
}

export async function insertAssociation(db: DbOrTx, row: Insertable<RecordAssociationsTable>) {
  await db.insertInto("record_associations").values(row).execute();
}

// ---------------------------------------------------------------- documents

/** How a stage's documents are ordered: a column and a direction (ties broken by id, ascending). */
export type DocumentOrder = {
  column: "record_documents.created_at" | "record_documents.updated_at" | "record_documents.nro_folio";
  direction: "asc" | "desc";
};

/**
 * The documents of a record of the citizen's, with their files' type and pages; the owner is checked
 * in the same query (decision 023), so another citizen's record gives no rows.
 */
function ownedDocuments(db: DbOrTx, cuil: string, recordId: string) {
  return db
    .selectFrom("record_documents")
    .innerJoin("files", "files.id", "record_documents.file_id")
    .innerJoin("records", "records.id", "record_documents.record_id")
    .select([
      "record_documents.id",
      "record_documents.file_id",
      "record_documents.name",
      "record_documents.reference",
      "record_documents.description",
      "record_documents.user_name",
      "record_documents.nro_folio",
      "record_documents.status_code",
      "record_documents.status_description",
      "record_documents.status_color",
      "record_documents.details",
      "record_documents.created_at",
      "record_documents.updated_at",
      "record_documents.incorporated_at",
      "files.mime",
      "files.page_count",
    ])
    .where("record_documents.record_id", "=", recordId)
    .where("records.owner_cuil", "=", cuil);
}

/** A stage's documents of a record of the citizen's (`ownedDocuments`), in `order`. */
export function listOwnedStageDocuments(db: DbOrTx, cuil: string, recordId: string, stage: DocumentStage, order: DocumentOrder) {
  return ownedDocuments(db, cuil, recordId)
    .where("record_documents.stage", "=", stage)
    .orderBy(order.column, order.direction)
    .orderBy("record_documents.id")
    .execute();
}

/**
 * The documents of every stage in `orders` of a record of the citizen's (`ownedDocuments`), with their
 * stage, in one query: by stage, then each stage's rows in its own order, as
 * `listOwnedStageDocuments` gives them.
 */
export function listOwnedDocuments(db: DbOrTx, cuil: string, recordId: string, orders: Partial<Record<DocumentStage, DocumentOrder>>) {
  const stages = Object.keys(orders) as DocumentStage[];
  let query = ownedDocuments(db, cuil, recordId)
    .select("record_documents.stage")
    .where("record_documents.stage", "in", stages)
    .orderBy("record_documents.stage");
  // A stage's column orders its own rows only: the other stages' rows have null there, all equal.
  for (const stage of stages) {
    const { column, direction } = orders[stage]!;
    query = query.orderBy((eb) => eb.case().when("record_documents.stage", "=", stage).then(eb.ref(column)).end(), direction);
  }
  return query.orderBy("record_documents.id").execute();
}

export async function insertDocument(db: DbOrTx, row: RecordDocumentsTable) {
  await db.insertInto("record_documents").values(row).execute();
}

/** Inserts a pending document unless the same file is already the record's (a double submit). */
export async function insertDocumentOnce(db: DbOrTx, row: RecordDocumentsTable) {
  await db
    .insertInto("record_documents")
    .values(row)
    .onConflict((oc) => oc.columns(["record_id", "file_id"]).doNothing())
    .execute();
}

/** The record's pending document's id, when it has one by that id. */
export function findPendingDocument(db: DbOrTx, recordId: string, documentId: string) {
  return db
    .selectFrom("record_documents")
    .select(["id"])
    .where("id", "=", documentId)
    .where("record_id", "=", recordId)
    .where("stage", "=", "pending")
    .executeTakeFirst();
}

export async function deleteDocument(db: DbOrTx, documentId: string) {
  await db.deleteFrom("record_documents").where("id", "=", documentId).execute();
}

/** The stages of the record's documents among `ids`. */
export function listDocumentStages(db: DbOrTx, recordId: string, ids: string[]) {
  return db.selectFrom("record_documents").select(["id", "stage"]).where("record_id", "=", recordId).where("id", "in", ids).execute();
}

/** Moves the record's pending documents among `ids` to the sent stage with `values`. */
export async function sendPendingDocuments(db: DbOrTx, recordId: string, ids: string[], values: Partial<RecordDocumentsTable>) {
  await db
    .updateTable("record_documents")
    .set(values)
    .where("record_id", "=", recordId)
    .where("stage", "=", "pending")
    .where("id", "in", ids)
    .execute();
}

/** The record's document, by id (the operator's side). */
export function findDocument(db: DbOrTx, recordId: string, documentId: string) {
  return db
    .selectFrom("record_documents")
    .select(["id", "stage", "reference", "details"])
    .where("id", "=", documentId)
    .where("record_id", "=", recordId)
    .executeTakeFirst();
}

/** The record's highest folio number (0 when none). */
export async function lastFolio(db: DbOrTx, recordId: string): Promise<number> {
  const max = await db
    .selectFrom("record_documents")
    .select((eb) => eb.fn.max("nro_folio").as("m"))
    .where("record_id", "=", recordId)
    .executeTakeFirst();
  return Number(max?.m ?? 0);
}

export async function updateDocument(db: DbOrTx, documentId: string, values: Partial<RecordDocumentsTable>) {
  await db.updateTable("record_documents").set(values).where("id", "=", documentId).execute();
}

/** Sets the record's sent document's status; false when it has no sent document by that id. */
export async function setSentDocumentStatus(db: DbOrTx, recordId: string, documentId: string, values: Partial<RecordDocumentsTable>) {
  const result = await db
    .updateTable("record_documents")
    .set(values)
    .where("id", "=", documentId)
    .where("record_id", "=", recordId)
    .where("stage", "=", "sent")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
