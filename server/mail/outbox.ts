/**
 * The mail outbox (decision 028). A module never sends mail itself: it writes a row with
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
import type { Logger } from "pino";
import type { DbOrTx } from "../db/index.js";
import type { Mailer } from "./index.js";
import type { MailKind } from "../db/types.js";
import { claimDueMail, finishClaim, pruneSentMail, releaseClaim, type ClaimedRow } from "./outbox-repository.js";

export {
  claimDueMail,
  enqueueMail,
  listParkedMail,
  outboxDepth,
  pruneSentMail,
  requeueParkedMail,
  type ParkedMail,
} from "./outbox-repository.js";

export type { MailKind } from "../db/types.js";

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

export type OutboxOutcome = "sent" | "retry" | "parked";

/** Delay before try `attempts + 1`: base · 2^(attempts − 1), at most max, minus up to 20 % jitter. */
export function retryDelay(attempts: number, settings: Pick<OutboxSettings, "baseDelayMs" | "maxDelayMs">, random = Math.random): number {
  const full = Math.min(settings.maxDelayMs, settings.baseDelayMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(full * (1 - 0.2 * random()));
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

  const finish = (row: ClaimedRow, set: Parameters<typeof finishClaim>[2]) => finishClaim(db, row, set);

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
    for (const row of rows) await releaseClaim(db, row);
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
