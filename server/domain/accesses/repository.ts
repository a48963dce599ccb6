/**
 * Queries of the access log (decision 071): insert and read only, there is no update or delete;
 * and of its daily digest (decision 071).
 */
import { PostgresAdapter } from "kysely";
import type { DbOrTx } from "../../db/index.js";
import type { Flag } from "../../db/columns.js";
import type { AccessKind } from "../../../common/accesses.js";
import type { OperatorAccessesTable } from "./tables.js";

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

/**
 * The citizens whose contact address (adhesion or account e-mail) is one of `addresses`, compared
 * without case: the owners of outbox rows written without a CUIL (before migration 0023).
 */
export async function citizensByAddress(db: DbOrTx, addresses: string[]): Promise<{ cuil: string; address: string }[]> {
  const lowered = [...new Set(addresses.map((a) => a.toLowerCase()))];
  if (lowered.length === 0) return [];
  const adhesions = await db
    .selectFrom("dd_adhesions")
    .select(["cuil", (eb) => eb.fn<string>("lower", ["email"]).as("address")])
    .where((eb) => eb(eb.fn("lower", ["email"]), "in", lowered))
    .execute();
  const accounts = await db
    .selectFrom("citizens")
    .select(["cuil", (eb) => eb.fn<string>("lower", ["email"]).as("address")])
    .where((eb) => eb(eb.fn("lower", ["email"]), "in", lowered))
    .execute();
  return [...adhesions, ...accounts];
}

export function chatDocumentInstance(db: DbOrTx, documentId: string) {
  return db
    .selectFrom("chat_documents")
    .innerJoin("proc_instances", "proc_instances.id", "chat_documents.instance_id")
    .select(["proc_instances.id as id", "proc_instances.owner_cuil as owner_cuil", "proc_instances.title as title"])
    .where("chat_documents.id", "=", documentId)
    .executeTakeFirst();
}

// ------------------------------------------------------------ the daily digest (decision 071)

/** The citizen's switch and last digest, or undefined while they have none. */
export function findDigestRow(db: DbOrTx, cuil: string) {
  return db.selectFrom("access_digests").selectAll().where("cuil", "=", cuil).executeTakeFirst();
}

/** Sets the citizen's switch (the row is made on first use). */
export async function upsertDigestSwitch(db: DbOrTx, cuil: string, enabled: Flag, at: string) {
  await db
    .insertInto("access_digests")
    .values({ cuil, enabled, last_day: null, covered_until: null, last_mail_id: null, updated_at: at })
    .onConflict((oc) => oc.column("cuil").doUpdateSet({ enabled, updated_at: at }))
    .execute();
}

/**
 * The citizen's row, made when missing and locked for the rest of the transaction: FOR UPDATE on
 * PostgreSQL (a second worker waits, then reads what the first wrote); on SQLite the INSERT, the
 * transaction's first statement, takes the database's one write lock.
 */
export async function lockDigestRow(tx: DbOrTx, cuil: string, at: string) {
  await tx
    .insertInto("access_digests")
    .values({ cuil, enabled: 1, last_day: null, covered_until: null, last_mail_id: null, updated_at: at })
    .onConflict((oc) => oc.column("cuil").doNothing())
    .execute();
  let q = tx.selectFrom("access_digests").selectAll().where("cuil", "=", cuil);
  if (tx.getExecutor().adapter instanceof PostgresAdapter) q = q.forUpdate();
  return q.executeTakeFirstOrThrow();
}

export function markDigestWritten(
  tx: DbOrTx,
  cuil: string,
  set: { last_day: string; covered_until: string; last_mail_id: string; updated_at: string },
) {
  return tx.updateTable("access_digests").set(set).where("cuil", "=", cuil).execute();
}

export type DigestWindow = { today: string; from: string; until: string };

/**
 * Citizens with accesses in (from, until] not in a digest yet, adhered with an e-mail, whose switch
 * is on and who had no digest today. Read without locks: `lockDigestRow` decides.
 */
export async function digestCandidates(db: DbOrTx, w: DigestWindow): Promise<string[]> {
  const rows = await db
    .selectFrom("operator_accesses as o")
    .innerJoin("dd_adhesions as a", "a.cuil", "o.citizen_cuil")
    .leftJoin("access_digests as d", "d.cuil", "o.citizen_cuil")
    .select("o.citizen_cuil as cuil")
    .distinct()
    .where("o.occurred_at", ">", w.from)
    .where("o.occurred_at", "<=", w.until)
    .where("a.email", "is not", null)
    .where("a.email", "<>", "")
    .where((eb) =>
      eb.or([
        eb("d.cuil", "is", null),
        eb.and([
          eb("d.enabled", "=", 1),
          eb.or([eb("d.last_day", "is", null), eb("d.last_day", "<", w.today)]),
          eb.or([eb("d.covered_until", "is", null), eb("d.covered_until", "<", eb.ref("o.occurred_at"))]),
        ]),
      ]),
    )
    .orderBy("o.citizen_cuil")
    .execute();
  return rows.map((r) => r.cuil);
}

/** The citizen's accesses in (from, until], counted by organismo and kind. */
export async function countAccessesByOrganismo(db: DbOrTx, cuil: string, from: string, until: string) {
  const rows = await db
    .selectFrom("operator_accesses")
    .select([
      "organismo",
      "kind",
      (eb) => eb.fn.countAll().as("n"),
      (eb) => eb.fn.min("occurred_at").as("first"),
      (eb) => eb.fn.max("occurred_at").as("last"),
    ])
    .where("citizen_cuil", "=", cuil)
    .where("occurred_at", ">", from)
    .where("occurred_at", "<=", until)
    .groupBy(["organismo", "kind"])
    .orderBy("organismo")
    .orderBy("kind")
    .execute();
  return rows.map((r) => ({ organismo: r.organismo, kind: r.kind, n: Number(r.n), first: String(r.first), last: String(r.last) }));
}
