/**
 * Queries of 'Descargar mis datos' (decision 073): the bookkeeping of the built ZIPs
 * (`data_exports`), and every row the export reads about one citizen. Each of the latter is scoped
 * to the citizen in its own WHERE: by the row's owner column, or through the owner of the
 * procedure, record or communication the row belongs to. Nothing here takes an id from outside.
 */
import type { DbOrTx } from "../../db/index.js";
import type { Database } from "../../db/types.js";
import { associationsSeenBy } from "../records/repository.js";
import type { DataExportsTable } from "./tables.js";

// ------------------------------------------------------------ the built ZIPs

export function findExport(db: DbOrTx, cuil: string): Promise<DataExportsTable | undefined> {
  return db.selectFrom("data_exports").selectAll().where("citizen_cuil", "=", cuil).executeTakeFirst();
}

/**
 * Claims the citizen's build for `id`: inserts the row, or takes over one that is expired (ready
 * past `expires_at`) or abandoned (building past `lease_until`). One statement (`insert … on
 * conflict do update … where`), so of several processes asking at once exactly one gets it.
 */
export async function claimExport(db: DbOrTx, cuil: string, id: string, now: string, leaseUntil: string): Promise<boolean> {
  const building = {
    id,
    status: "building" as const,
    started_at: now,
    lease_until: leaseUntil,
    created_at: null,
    expires_at: null,
    size: null,
    sha256: null,
  };
  const row = await db
    .insertInto("data_exports")
    .values({ citizen_cuil: cuil, ...building })
    .onConflict((oc) =>
      oc
        .column("citizen_cuil")
        .doUpdateSet(building)
        .where((eb) =>
          eb.or([
            eb.and([eb("data_exports.status", "=", "ready"), eb("data_exports.expires_at", "<=", now)]),
            eb.and([eb("data_exports.status", "=", "building"), eb("data_exports.lease_until", "<=", now)]),
          ]),
        ),
    )
    .returning("id")
    .executeTakeFirst();
  return row?.id === id;
}

/** Marks the build `id` complete; false when its claim was taken over meanwhile. */
export async function markExportReady(
  db: DbOrTx,
  cuil: string,
  id: string,
  done: { createdAt: string; expiresAt: string; size: number; sha256: string },
): Promise<boolean> {
  const result = await db
    .updateTable("data_exports")
    .set({ status: "ready", created_at: done.createdAt, expires_at: done.expiresAt, size: done.size, sha256: done.sha256 })
    .where("citizen_cuil", "=", cuil)
    .where("id", "=", id)
    .where("status", "=", "building")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Removes the row of build `id` (a failed build, a blob gone); another build's row stays. */
export async function deleteExport(db: DbOrTx, cuil: string, id: string): Promise<void> {
  await db.deleteFrom("data_exports").where("citizen_cuil", "=", cuil).where("id", "=", id).execute();
}

/** Builds nobody will answer again: ready and expired, or building and abandoned, before `cutoff`. */
export function staleExports(db: DbOrTx, cutoff: string, limit: number) {
  return db
    .selectFrom("data_exports")
    .select(["citizen_cuil", "id"])
    .where((eb) =>
      eb.or([
        eb.and([eb("status", "=", "ready"), eb("expires_at", "<", cutoff)]),
        eb.and([eb("status", "=", "building"), eb("lease_until", "<", cutoff)]),
      ]),
    )
    .orderBy("id")
    .limit(limit)
    .execute();
}

// ------------------------------------------------------------ the citizen's rows

const instancesOf = (db: DbOrTx, cuil: string) => db.selectFrom("proc_instances").select("id").where("owner_cuil", "=", cuil);
const recordsOf = (db: DbOrTx, cuil: string) => db.selectFrom("records").select("id").where("owner_cuil", "=", cuil);
const communicationsOf = (db: DbOrTx, cuil: string) => db.selectFrom("dd_communications").select("code").where("cuil", "=", cuil);

type InstanceChild = "proc_history" | "proc_received_docs" | "chat_events" | "chat_documents";

/** The rows of `table` that belong to the citizen's procedures, by procedure, then `by`, then id. */
function ofInstances<T extends InstanceChild>(db: DbOrTx, cuil: string, table: T, by: "created_at" | "excuted_on" | "seq") {
  return db
    .selectFrom(table as InstanceChild)
    .selectAll()
    .where("instance_id", "in", instancesOf(db, cuil))
    .orderBy("instance_id")
    .orderBy(by as "created_at")
    .orderBy("id")
    .execute() as Promise<Database[T][]>;
}

/** Every row the export holds, table by table, in a stable order (the same data gives the same file). */
export async function citizenRows(db: DbOrTx, cuil: string) {
  return {
    citizens: await db.selectFrom("citizens").selectAll().where("cuil", "=", cuil).execute(),
    dd_adhesions: await db.selectFrom("dd_adhesions").selectAll().where("cuil", "=", cuil).execute(),
    dd_communications: await db
      .selectFrom("dd_communications")
      .selectAll()
      .where("cuil", "=", cuil)
      .orderBy("created_at")
      .orderBy("code")
      .execute(),
    dd_communication_files: await db
      .selectFrom("dd_communication_files")
      .selectAll()
      .where("communication_code", "in", communicationsOf(db, cuil))
      .orderBy("communication_code")
      .orderBy("position")
      .orderBy("id")
      .execute(),
    dd_history: await db
      .selectFrom("dd_history")
      .selectAll()
      .where("communication_code", "in", communicationsOf(db, cuil))
      .orderBy("communication_code")
      .orderBy("date")
      .orderBy("id")
      .execute(),
    proc_instances: await db
      .selectFrom("proc_instances")
      .selectAll()
      .where("owner_cuil", "=", cuil)
      .orderBy("created_at")
      .orderBy("id")
      .execute(),
    proc_history: await ofInstances(db, cuil, "proc_history", "excuted_on"),
    proc_received_docs: await ofInstances(db, cuil, "proc_received_docs", "created_at"),
    chat_events: await ofInstances(db, cuil, "chat_events", "seq"),
    chat_documents: await ofInstances(db, cuil, "chat_documents", "created_at"),
    chat_form_data: await db
      .selectFrom("chat_form_data")
      .selectAll()
      .where("owner_cuil", "=", cuil)
      .orderBy("updated_at")
      .orderBy("id")
      .execute(),
    records: await db.selectFrom("records").selectAll().where("owner_cuil", "=", cuil).orderBy("created_at").orderBy("id").execute(),
    // The other record's id only when it is the citizen's too, as the record's page shows it.
    record_associations: await associationsSeenBy(db, cuil)
      .select([
        "record_associations.id",
        "record_associations.record_id",
        "other.id as associated_record_id",
        "record_associations.associated_code",
        "record_associations.type",
        "record_associations.created_at",
      ])
      .where("record_associations.record_id", "in", recordsOf(db, cuil))
      .orderBy("record_associations.record_id")
      .orderBy("record_associations.created_at")
      .orderBy("record_associations.id")
      .execute(),
    record_documents: await db
      .selectFrom("record_documents")
      .selectAll()
      .where("record_id", "in", recordsOf(db, cuil))
      .orderBy("record_id")
      .orderBy("created_at")
      .orderBy("id")
      .execute(),
    files: await db.selectFrom("files").selectAll().where("owner_cuil", "=", cuil).orderBy("created_at").orderBy("id").execute(),
    receipts: await db.selectFrom("receipts").selectAll().where("owner_cuil", "=", cuil).orderBy("issued_at").orderBy("id").execute(),
    operator_accesses: await db
      .selectFrom("operator_accesses")
      .selectAll()
      .where("citizen_cuil", "=", cuil)
      .orderBy("occurred_at")
      .orderBy("id")
      .execute(),
    access_digests: await db.selectFrom("access_digests").selectAll().where("cuil", "=", cuil).execute(),
  };
}

export type CitizenRows = Awaited<ReturnType<typeof citizenRows>>;
