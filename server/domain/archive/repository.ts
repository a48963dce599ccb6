/**
 * The archives' queries (decision 063): the documents a ZIP of a record or of a procedure holds, with
 * their blobs' keys, each scoped to the citizen's files. The order and the names are ./index.ts's.
 */
import type { DbOrTx } from "../../db/index.js";

/** The record's documents of the citizen's files; without the pending ones unless `withPending`. */
export function listRecordArchiveDocuments(db: DbOrTx, cuil: string, recordId: string, options: { withPending: boolean }) {
  return db
    .selectFrom("record_documents")
    .innerJoin("files", "files.id", "record_documents.file_id")
    .select([
      "record_documents.file_id",
      "record_documents.stage",
      "record_documents.name",
      "record_documents.reference",
      "record_documents.description",
      "record_documents.nro_folio",
      "record_documents.created_at",
      "record_documents.incorporated_at",
      "files.storage_key",
      "files.mime",
    ])
    .where("record_documents.record_id", "=", recordId)
    .where("files.owner_cuil", "=", cuil)
    .$if(!options.withPending, (q) => q.where("record_documents.stage", "!=", "pending"))
    .execute();
}

/** The instance's received documents of the citizen's files, with their chat documents' descriptions, oldest first. */
export function listProcedureArchiveDocuments(db: DbOrTx, cuil: string, instanceId: string) {
  return db
    .selectFrom("proc_received_docs")
    .innerJoin("files", "files.id", "proc_received_docs.file_id")
    .leftJoin("chat_documents", (join) =>
      join
        .onRef("chat_documents.file_id", "=", "proc_received_docs.file_id")
        .onRef("chat_documents.instance_id", "=", "proc_received_docs.instance_id"),
    )
    .select([
      "proc_received_docs.id",
      "proc_received_docs.file_id",
      "proc_received_docs.file_name",
      "proc_received_docs.status",
      "proc_received_docs.created_at",
      "chat_documents.description",
      "files.storage_key",
      "files.mime",
    ])
    .where("proc_received_docs.instance_id", "=", instanceId)
    .where("files.owner_cuil", "=", cuil)
    .orderBy("proc_received_docs.created_at", "asc")
    .orderBy("proc_received_docs.id")
    .execute();
}
