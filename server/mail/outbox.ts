/**
 * The mail outbox (decision 060). A module never sends mail itself: it writes a row with
 * `enqueueMail` in the same transaction as what caused it (a communication, an adhesion, new
 * contact data, a reminder), so the mail exists exactly when that exists. The worker of each API
 * process claims due rows, sends them through the mailer and records the outcome:
 *
 * - claim: one UPDATE … SET status = 'sending', claim_token, claimed_until (a lease) WHERE id IN
 *   (due rows … FOR UPDATE SKIP LOCKED on PostgreSQL) AND the row is still due — the reminders'
 *   claim pattern (decision 028). Two processes never hold the same row; SQLite has one writer.
 * - sent: status 'sent'. Failed: back to 'pending' with a later `next_attempt_at` (exponential
 *   backoff with jitter) or, after the last try, 'parked' (listed and re-queued by `mail:*`).
 * - stop (SIGTERM): no new claims, the send in flight finishes, the rest of the batch is released.
 * - a process that dies holding rows: their lease runs out and another claim takes them again.
 *
 * Every message carries the row's id as its Message-ID, so the one case that can repeat a mail (a
 * process killed between the server's acceptance and the 'sent' mark) is recognisable downstream.
 */
import { randomUUID } from "node:crypto";
import { PostgresAdapter, sql, type ExpressionBuilder, type UpdateObject } from "kysely";
import type { Logger } from "pino";
import type { Database } from "../db/types.js";
import type { DbOrTx } from "../db/index.js";
import type { Mailer } from "./index.js";

export type MailKind = "communication" | "adhered" | "updated" | "reminder" | "access-digest";
export type OutboxStatus = "pending" | "sending" | "sent" | "parked";

export interface MailOutboxTable {
  id: string;
  /** what caused it (a metric label; never personal) */
  kind: MailKind;
  to_address: string;
  subject: string;
  body_text: string;
  status: OutboxStatus;
  /** claims so far (a claim released at shutdown gives its try back) */
  attempts: number;
  created_at: string;
  next_attempt_at: string;
  claim_token: string | null;
  claimed_until: string | null;
  sent_at: string | null;
  /** error code and SMTP reply of the last failed try, for the operator (never logged) */
  last_error: string | null;
}

declare module "../db/types.js" {
  interface Database {
    mail_outbox: MailOutboxTable;
  }
}

/** Writes a mail to send; call it inside the transaction of what causes it. Returns the row id. */
export async function enqueueMail(
  tx: DbOrTx,
  mail: { kind: MailKind; to: string; subject: string; text: string },
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

// ---------------------------------------------------------------- the worker

export type OutboxSettings = {
  /** tries before a row is parked */
  maxAttempts: number;
  /** wait after the first failure; doubles on each further one, up to `maxDelayMs` */
  baseDelayMs: number;
  maxDelayMs: number;
  /** how long a claim holds a row; past it another process may take the row again */
  leaseMs: number;
  /** how often an idle worker looks for due rows */
  pollMs: number;
  /** rows per claim */
  batch: number;
  /** how long a sent row (its address and text) is kept; older ones are deleted, once an hour */
  keepSentMs: number;
};

export const DEFAULT_OUTBOX_SETTINGS: OutboxSettings = {
  maxAttempts: 8,
  baseDelayMs: 30_000,
  maxDelayMs: 3_600_000,
  leaseMs: 120_000,
  pollMs: 2_000,
  batch: 20,
  keepSentMs: 30 * 86_400_000,
};

/** How often a worker deletes the sent rows past `keepSentMs`. */
const PRUNE_EVERY_MS = 3_600_000;

type ClaimedRow = Pick<MailOutboxTable, "id" | "kind" | "to_address" | "subject" | "body_text" | "attempts" | "claim_token">;
export type OutboxOutcome = "sent" | "retry" | "parked";

/** Delay before try `attempts + 1`: base · 2^(attempts − 1), at most max, minus up to 20 % jitter. */
export function retryDelay(attempts: number, settings: Pick<OutboxSettings, "baseDelayMs" | "maxDelayMs">, random = Math.random): number {
  const full = Math.min(settings.maxDelayMs, settings.baseDelayMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(full * (1 - 0.2 * random()));
}

const isPostgres = (db: DbOrTx) => db.getExecutor().adapter instanceof PostgresAdapter;

function due(nowIso: string) {
  return (eb: ExpressionBuilder<Database, "mail_outbox">) =>
    eb.or([
      eb.and([eb("status", "=", "pending"), eb("next_attempt_at", "<=", nowIso)]),
      eb.and([eb("status", "=", "sending"), eb("claimed_until", "<", nowIso)]),
    ]);
}

/** Claims up to `limit` due rows for this caller (see the header); [] when none is due. */
export async function claimDueMail(db: DbOrTx, now: Date, settings: Pick<OutboxSettings, "leaseMs" | "batch">): Promise<ClaimedRow[]> {
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

/** Error code and SMTP reply, cut short: for the operator's list, never for a log line. */
function describeError(error: unknown): string {
  const e = error as { code?: string; responseCode?: number; message?: string };
  return (
    [e.code, e.responseCode, e.message]
      .filter((v) => v !== undefined && v !== "")
      .join(" ")
      .slice(0, 500) || "error"
  );
}

export type OutboxWorker = {
  /** claims one batch and sends it; the outcome of each row */
  runOnce(now?: Date): Promise<OutboxOutcome[]>;
  /** runs batches until nothing is due now (tests, the operator's `mail:flush`) */
  drain(): Promise<number>;
  /** starts polling every `pollMs` */
  start(): void;
  /** stops claiming, lets the send in flight finish, releases the rest of the batch */
  stop(): Promise<void>;
};

export type OutboxEvents = {
  /** one per try: its kind and outcome (metrics) */
  onOutcome?: (kind: MailKind, outcome: OutboxOutcome, seconds: number) => void;
};

export function createOutboxWorker(
  db: DbOrTx,
  mailer: Mailer,
  options: { settings?: Partial<OutboxSettings>; logger?: Pick<Logger, "info" | "warn" | "error">; events?: OutboxEvents } = {},
): OutboxWorker {
  const settings = { ...DEFAULT_OUTBOX_SETTINGS, ...options.settings };
  const log = options.logger;
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();

  async function finish(row: ClaimedRow, set: UpdateObject<Database, "mail_outbox">) {
    await db
      .updateTable("mail_outbox")
      .set({ claim_token: null, claimed_until: null, ...set })
      .where("id", "=", row.id)
      .where("claim_token", "=", row.claim_token)
      .execute();
  }

  async function sendOne(row: ClaimedRow): Promise<OutboxOutcome> {
    const started = process.hrtime.bigint();
    const seconds = () => Number(process.hrtime.bigint() - started) / 1e9;
    try {
      await mailer.send({ id: row.id, to: row.to_address, subject: row.subject, text: row.body_text });
      await finish(row, { status: "sent", sent_at: new Date().toISOString(), last_error: null });
      options.events?.onOutcome?.(row.kind, "sent", seconds());
      return "sent";
    } catch (error) {
      const e = error as { code?: string; responseCode?: number };
      const parked = row.attempts >= settings.maxAttempts;
      const next = new Date(Date.now() + retryDelay(row.attempts, settings)).toISOString();
      await finish(
        row,
        parked
          ? { status: "parked", last_error: describeError(error) }
          : { status: "pending", next_attempt_at: next, last_error: describeError(error) },
      );
      // No address, subject or SMTP text in the log: the row's id, kind and the error's code.
      (parked ? log?.error : log?.warn)?.call(
        log,
        { mail: row.id, kind: row.kind, attempts: row.attempts, code: e.code, responseCode: e.responseCode },
        parked ? "mail parked" : "mail not sent, will retry",
      );
      const outcome = parked ? "parked" : "retry";
      options.events?.onOutcome?.(row.kind, outcome, seconds());
      return outcome;
    }
  }

  /** Gives the rest of a batch back at shutdown (not a try). */
  async function release(rows: ClaimedRow[]) {
    for (const row of rows) await finish(row, { status: "pending", attempts: sql<number>`attempts - 1` });
  }

  async function runOnce(now = new Date()): Promise<OutboxOutcome[]> {
    if (stopping) return [];
    const rows = await claimDueMail(db, now, settings);
    const outcomes: OutboxOutcome[] = [];
    for (const [i, row] of rows.entries()) {
      if (stopping) {
        await release(rows.slice(i));
        break;
      }
      outcomes.push(await sendOne(row));
    }
    return outcomes;
  }

  let prunedAt = 0;
  async function pruneNowAndThen() {
    if (Date.now() - prunedAt < PRUNE_EVERY_MS) return;
    prunedAt = Date.now();
    const deleted = await pruneSentMail(db, new Date(Date.now() - settings.keepSentMs));
    if (deleted > 0) log?.info({ deleted }, "sent mail pruned");
  }

  async function drain() {
    let n = 0;
    for (;;) {
      const outcomes = await runOnce();
      n += outcomes.length;
      if (outcomes.length === 0) return n;
    }
  }

  const tick = () => {
    timer = undefined;
    running = (async () => {
      try {
        // Full batches follow each other at once; otherwise wait for the next poll.
        while (!stopping && (await runOnce()).length >= settings.batch);
        if (!stopping) await pruneNowAndThen();
      } catch (error) {
        log?.error({ err: error }, "mail outbox run failed");
      }
      if (!stopping) {
        timer = setTimeout(tick, settings.pollMs);
        timer.unref();
      }
    })();
  };

  return {
    runOnce,
    drain,
    start() {
      if (timer || stopping) return;
      timer = setTimeout(tick, 0);
      timer.unref();
    },
    async stop() {
      stopping = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
}

// ---------------------------------------------------------------- the operator's view

export type ParkedMail = Pick<MailOutboxTable, "id" | "kind" | "to_address" | "subject" | "attempts" | "created_at" | "last_error">;

/** Rows waiting for an operator, oldest first. */
export async function listParkedMail(db: DbOrTx, limit = 200): Promise<ParkedMail[]> {
  return db
    .selectFrom("mail_outbox")
    .select(["id", "kind", "to_address", "subject", "attempts", "created_at", "last_error"])
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
