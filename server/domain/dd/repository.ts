/**
 * The digital domicile's queries (decision 063), but the inbox's (./inbox-repository.ts): adhesions,
 * communications, their files, history and legal texts. Plain functions taking `db` (or a transaction)
 * first; ownership, the seen and archive rules and the mails are the service's (./service.ts).
 */
import { PostgresAdapter, sql, type Insertable } from "kysely";
import type { DbOrTx } from "../../db/index.js";
import type { DdAdhesionsTable } from "../../db/types.js";
import type { DdCommunicationFilesTable, DdCommunicationsTable } from "./tables.js";

export type AdhesionRow = DdAdhesionsTable;

// ---------------------------------------------------------------- adhesions

export function findAdhesion(db: DbOrTx, cuil: string): Promise<AdhesionRow | undefined> {
  return db.selectFrom("dd_adhesions").selectAll().where("cuil", "=", cuil).executeTakeFirst();
}

/** Adheres the citizen (an adhesion already there is an error: the operator's new citizen has none). */
export async function insertAdhesion(db: DbOrTx, row: AdhesionRow) {
  await db.insertInto("dd_adhesions").values(row).execute();
}

/** Adheres the citizen unless already adhered; true when this call did. */
export async function insertAdhesionOnce(db: DbOrTx, row: AdhesionRow): Promise<boolean> {
  const result = await db
    .insertInto("dd_adhesions")
    .values(row)
    .onConflict((oc) => oc.column("cuil").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function updateAdhesionContact(db: DbOrTx, cuil: string, contact: Pick<AdhesionRow, "email" | "phone_code" | "phone_number">) {
  await db.updateTable("dd_adhesions").set(contact).where("cuil", "=", cuil).execute();
}

// ---------------------------------------------------------------- communications

/** The citizen's communication by code; undefined when it is another citizen's or does not exist. */
export function findOwnedCommunication(db: DbOrTx, cuil: string, code: string) {
  return db.selectFrom("dd_communications").selectAll().where("code", "=", code).where("cuil", "=", cuil).executeTakeFirst();
}

/** The citizen's communications among `codes`: whether each is archived and how many files wait. */
export function listOwnedCommunicationStates(db: DbOrTx, cuil: string, codes: string[]) {
  return db
    .selectFrom("dd_communications")
    .select(["code", "files_pending", "archived"])
    .where("cuil", "=", cuil)
    .where("code", "in", codes)
    .execute();
}

/** Sets `seen_date` unless it is set already; true when this call did. */
export async function markCommunicationSeen(db: DbOrTx, code: string, at: string): Promise<boolean> {
  const changed = await db
    .updateTable("dd_communications")
    .set({ seen_date: at })
    .where("code", "=", code)
    .where("seen_date", "is", null)
    .executeTakeFirst();
  return Number(changed.numUpdatedRows) > 0;
}

export async function setCommunicationsArchived(db: DbOrTx, codes: string[], archived: boolean) {
  await db
    .updateTable("dd_communications")
    .set({ archived: archived ? 1 : 0 })
    .where("code", "in", codes)
    .execute();
}

/**
 * On PostgreSQL, takes the transaction's lock on the communications' numbering: these transactions
 * run side by side there, and concurrent sends collided on the code more often than the retries
 * absorb (the load run found it). SQLite's writers are already one at a time.
 */
export async function lockCommunicationSequence(tx: DbOrTx) {
  if (tx.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`select pg_advisory_xact_lock(hashtext('av_dd_communication_sequence'))`.execute(tx);
  }
}

/** The year's highest sequence number (0 when it has none). */
export async function lastSequenceOf(db: DbOrTx, year: number): Promise<number> {
  const max = await db
    .selectFrom("dd_communications")
    .select((eb) => eb.fn.max("sequence").as("m"))
    .where("year", "=", year)
    .executeTakeFirst();
  return Number(max?.m ?? 0);
}

export async function insertCommunication(db: DbOrTx, row: Insertable<DdCommunicationsTable>) {
  await db.insertInto("dd_communications").values(row).execute();
}

/** A communication type's id, when it exists. */
export function findCommunicationType(db: DbOrTx, id: string) {
  return db.selectFrom("dd_communication_types").select("id").where("id", "=", id).executeTakeFirst();
}

// ---------------------------------------------------------------- files

/** The files of these communications, by communication and position. */
export function listCommunicationFiles(db: DbOrTx, codes: string[]) {
  return db
    .selectFrom("dd_communication_files")
    .selectAll()
    .where("communication_code", "in", codes)
    .orderBy("communication_code")
    .orderBy("position")
    .execute();
}

/** A file of the communication (its code scopes it: the caller checked the communication is the citizen's). */
export function findCommunicationFile(db: DbOrTx, code: string, fileId: string) {
  return db
    .selectFrom("dd_communication_files")
    .selectAll()
    .where("id", "=", fileId)
    .where("communication_code", "=", code)
    .executeTakeFirst();
}

export async function insertCommunicationFiles(db: DbOrTx, rows: DdCommunicationFilesTable[]) {
  await db.insertInto("dd_communication_files").values(rows).execute();
}

/** Marks the file downloaded unless it is already; true when this call did. */
export async function markFileDownloaded(db: DbOrTx, fileId: string, at: string): Promise<boolean> {
  const changed = await db
    .updateTable("dd_communication_files")
    .set({ downloaded: 1, downloaded_at: at })
    .where("id", "=", fileId)
    .where("downloaded", "=", 0)
    .executeTakeFirst();
  return Number(changed.numUpdatedRows) > 0;
}

/** One file fewer waits to be downloaded. */
export async function decrementFilesPending(db: DbOrTx, code: string) {
  await db
    .updateTable("dd_communications")
    .set((eb) => ({ files_pending: eb("files_pending", "-", 1) }))
    .where("code", "=", code)
    .execute();
}

// ---------------------------------------------------------------- history

export async function insertCommunicationHistory(
  db: DbOrTx,
  entry: { id: string; code: string; date: string; description: string; user: string },
) {
  await db
    .insertInto("dd_history")
    .values({ id: entry.id, communication_code: entry.code, date: entry.date, description: entry.description, user_name: entry.user })
    .execute();
}

/** The communication's history, newest first. */
export function listCommunicationHistory(db: DbOrTx, code: string) {
  return db
    .selectFrom("dd_history")
    .select(["description", "date", "user_name"])
    .where("communication_code", "=", code)
    .orderBy("date", "desc")
    .orderBy("id")
    .execute();
}

// ---------------------------------------------------------------- terms and privacy

/** The tenant's terms or privacy HTML. */
export function findLegalText(db: DbOrTx, tenant: string, kind: string) {
  return db.selectFrom("dd_legal_texts").select("html").where("tenant", "=", tenant).where("kind", "=", kind).executeTakeFirst();
}

/** The first tenant's (by name) terms or privacy HTML. */
export function findFirstLegalText(db: DbOrTx, kind: string) {
  return db.selectFrom("dd_legal_texts").select("html").where("kind", "=", kind).orderBy("tenant").executeTakeFirst();
}
