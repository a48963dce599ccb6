/**
 * The mail outbox's queries (decision 028, decision 063): writing a mail, claiming due rows, finishing
 * or releasing a claim, and the operator's view. The worker, its retries and its schedule are
 * ./outbox.ts's.
 */
import { randomUUID } from "node:crypto";
import { PostgresAdapter, sql, type ExpressionBuilder, type UpdateObject } from "kysely";
import type { DbOrTx } from "../db/index.js";
import type { Database, MailKind, MailOutboxTable, OutboxStatus } from "../db/types.js";

/**
 * Writes a mail to send; call it inside the transaction of what causes it. Returns the row id.
 * `cuil`: the citizen whose contact address `to` is (every domain caller knows it); a row without
 * one is matched to citizens by address when an operator is shown it.
 */
export async function enqueueMail(
  tx: DbOrTx,
  mail: { kind: MailKind; to: string; subject: string; text: string; cuil?: string | null },
  now: Date = new Date(),
): Promise<string> {
  const id = randomUUID();
  const at = now.toISOString();
  await tx
    .insertInto("mail_outbox")
    .values({
      id,
      kind: mail.kind,
      to_address: mail.to,
      recipient_cuil: mail.cuil ?? null,
      subject: mail.subject,
      body_text: mail.text,
      status: "pending",
      attempts: 0,
      created_at: at,
      next_attempt_at: at,
      claim_token: null,
      claimed_until: null,
      sent_at: null,
      last_error: null,
    })
    .execute();
  return id;
}

// ---------------------------------------------------------------- the worker's claims

export type ClaimedRow = Pick<MailOutboxTable, "id" | "kind" | "to_address" | "subject" | "body_text" | "attempts" | "claim_token">;

const isPostgres = (db: DbOrTx) => db.getExecutor().adapter instanceof PostgresAdapter;

function due(nowIso: string) {
  return (eb: ExpressionBuilder<Database, "mail_outbox">) =>
    eb.or([
      eb.and([eb("status", "=", "pending"), eb("next_attempt_at", "<=", nowIso)]),
      eb.and([eb("status", "=", "sending"), eb("claimed_until", "<", nowIso)]),
    ]);
}

/** Claims up to `limit` due rows for this caller (see the header); [] when none is due. */
export async function claimDueMail(db: DbOrTx, now: Date, settings: { leaseMs: number; batch: number }): Promise<ClaimedRow[]> {
  const nowIso = now.toISOString();
  // A cheap read first: an idle outbox costs no write (SQLite's single writer stays free).
  const any = await db.selectFrom("mail_outbox").select("id").where(due(nowIso)).limit(1).executeTakeFirst();
  if (!any) return [];
  let pick = db.selectFrom("mail_outbox").select("id").where(due(nowIso)).orderBy("next_attempt_at").limit(settings.batch);
  if (isPostgres(db)) pick = pick.forUpdate().skipLocked();
  return db
    .updateTable("mail_outbox")
    .set({
      status: "sending",
      claim_token: randomUUID(),
      claimed_until: new Date(now.getTime() + settings.leaseMs).toISOString(),
      attempts: sql<number>`attempts + 1`,
    })
    .where("id", "in", pick)
    .where(due(nowIso))
    .returning(["id", "kind", "to_address", "subject", "body_text", "attempts", "claim_token"])
    .execute();
}

/** Ends the caller's claim on a row with `set` (nothing when another process holds the row now). */
export async function finishClaim(db: DbOrTx, row: ClaimedRow, set: UpdateObject<Database, "mail_outbox">) {
  await db
    .updateTable("mail_outbox")
    .set({ claim_token: null, claimed_until: null, ...set })
    .where("id", "=", row.id)
    .where("claim_token", "=", row.claim_token)
    .execute();
}

/** Gives a claimed row back unsent, with its try (shutdown). */
export function releaseClaim(db: DbOrTx, row: ClaimedRow) {
  return finishClaim(db, row, { status: "pending", attempts: sql<number>`attempts - 1` });
}

// ---------------------------------------------------------------- the operator's view

export type ParkedMail = Pick<
  MailOutboxTable,
  "id" | "kind" | "to_address" | "recipient_cuil" | "subject" | "attempts" | "created_at" | "last_error"
>;

/** Rows waiting for an operator, oldest first. */
export async function listParkedMail(db: DbOrTx, limit = 200): Promise<ParkedMail[]> {
  return db
    .selectFrom("mail_outbox")
    .select(["id", "kind", "to_address", "recipient_cuil", "subject", "attempts", "created_at", "last_error"])
    .where("status", "=", "parked")
    .orderBy("created_at")
    .limit(limit)
    .execute();
}

/** Puts parked rows (the given ids, or every one) back in the queue with their tries reset. */
export async function requeueParkedMail(db: DbOrTx, ids: string[] | "all", now: Date = new Date()): Promise<number> {
  let q = db
    .updateTable("mail_outbox")
    .set({ status: "pending", attempts: 0, next_attempt_at: now.toISOString() })
    .where("status", "=", "parked");
  if (ids !== "all") {
    if (ids.length === 0) return 0;
    q = q.where("id", "in", ids);
  }
  const result = await q.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Deletes the rows sent before `before`: a sent e-mail's address and text are kept only as long
 * as an operator may need to answer "was it sent?" (`MAIL_KEEP_SENT_DAYS`). Pending, sending and
 * parked rows are never deleted. Safe in several processes at once.
 */
export async function pruneSentMail(db: DbOrTx, before: Date): Promise<number> {
  const result = await db
    .deleteFrom("mail_outbox")
    .where("status", "=", "sent")
    .where("sent_at", "<", before.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Rows by status (pending, sending, parked; sent is not counted: it only grows). */
export async function outboxDepth(db: DbOrTx): Promise<Record<Exclude<OutboxStatus, "sent">, number>> {
  const rows = await db
    .selectFrom("mail_outbox")
    .select(["status", (eb) => eb.fn.countAll().as("n")])
    .where("status", "in", ["pending", "sending", "parked"])
    .groupBy("status")
    .execute();
  const depth = { pending: 0, sending: 0, parked: 0 };
  for (const r of rows) depth[r.status as keyof typeof depth] = Number(r.n);
  return depth;
}

/** When the oldest mail still waiting (pending or sending) was written; undefined when none is. */
export async function oldestWaitingMailAt(db: DbOrTx): Promise<string | undefined> {
  const first = await db
    .selectFrom("mail_outbox")
    .select((eb) => eb.fn.min("created_at").as("at"))
    .where("status", "in", ["pending", "sending"])
    .executeTakeFirst();
  return first?.at ?? undefined;
}
