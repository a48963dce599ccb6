import { randomUUID } from "node:crypto";
import { PostgresAdapter, sql } from "kysely";
import { inTransaction, type DbOrTx } from "../../db/index.js";

/**
 * A lease lasts this long at most: the longest an upload's body and its forwarding to the store may
 * take before the lease stops counting (a process that died mid-upload frees its citizen's slot then).
 */
export const UPLOAD_LEASE_MS = 15 * 60_000;

/**
 * One more upload in flight for `cuil`, if fewer than `limit` are: the lease's id, or null. The lease
 * is written only when the citizen's live leases are fewer than `limit`, in one statement (atomic on
 * SQLite, whose writes are serialised); on PostgreSQL a lock on the citizen for the transaction makes
 * two processes' questions wait for each other, so none goes past the limit.
 */
export async function takeUploadLease(db: DbOrTx, cuil: string, limit: number, now = Date.now()): Promise<string | null> {
  const id = randomUUID();
  const nowIso = new Date(now).toISOString();
  await db.deleteFrom("upload_leases").where("cuil", "=", cuil).where("expires_at", "<=", nowIso).execute();
  const take = async (q: DbOrTx) => {
    if (q.getExecutor().adapter instanceof PostgresAdapter)
      await sql`select pg_advisory_xact_lock(hashtext(${`upload:${cuil}`}))`.execute(q);
    const written = await q
      .insertInto("upload_leases")
      .columns(["id", "cuil", "expires_at"])
      .expression(
        q
          .selectNoFrom([
            sql<string>`${id}`.as("id"),
            sql<string>`${cuil}`.as("cuil"),
            sql<string>`${new Date(now + UPLOAD_LEASE_MS).toISOString()}`.as("expires_at"),
          ])
          .where(
            (eb) =>
              eb
                .selectFrom("upload_leases")
                .select((e) => e.fn.countAll<number>().as("live"))
                .where("cuil", "=", cuil)
                .where("expires_at", ">", nowIso),
            "<",
            limit,
          ),
      )
      .executeTakeFirst();
    return Number(written.numInsertedOrUpdatedRows ?? 0) === 1 ? id : null;
  };
  return db.getExecutor().adapter instanceof PostgresAdapter ? inTransaction(db, take) : take(db);
}

/** Gives a lease back (only its own citizen's; one already gone is no error). */
export async function releaseUploadLease(db: DbOrTx, cuil: string, id: string): Promise<void> {
  await db.deleteFrom("upload_leases").where("id", "=", id).where("cuil", "=", cuil).execute();
}
