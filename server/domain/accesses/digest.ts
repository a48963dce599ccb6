/**
 * The daily e-mail digest of the access log (decision 071): when someone of the
 * administration read or changed a citizen's data, the citizen gets at most one short mail a day
 * (a province day, common/time-zone.ts) saying how many accesses and of which organismos and kinds,
 * with a link to 'Tus datos'. Only to a citizen adhered with an e-mail (the adhesion's address),
 * only with accesses not in an earlier digest, and never once they switched it off.
 *
 * Exactly once per citizen and day, with any number of API processes: each citizen is decided in a
 * transaction that first locks their `access_digests` row (made when missing; FOR UPDATE on
 * PostgreSQL, the write lock on SQLite), re-reads it, counts the accesses after `covered_until`,
 * writes the mail to the outbox (decision 028: sent later, retried) and records the day. A second
 * worker waits on the lock and then finds today's day written.
 */
import type { Logger } from "pino";
import { ACCESS_KINDS, type AccessKind } from "../../../common/accesses.js";
import { dueDay } from "../../../common/due-dates.js";
import { dayIn } from "../../../common/time-zone.js";
import type { Db, DbOrTx } from "../../db/index.js";
import { fromBool, toBool } from "../../db/columns.js";
import { enqueueMail } from "../../mail/outbox.js";
import { startPeriodicJob } from "../../periodic.js";
import { findModule } from "../config/repository.js";
import { findAdhesion } from "../dd/repository.js";
import {
  countAccessesByOrganismo,
  digestCandidates,
  findDigestRow,
  lockDigestRow,
  markDigestWritten,
  upsertDigestSwitch,
  type DigestWindow,
} from "./repository.js";

/** Accesses younger than this wait for the next run: a transaction still open may hold older ones. */
export const DIGEST_SETTLE_MS = 60_000;
/** A digest counts accesses of the last two days at most (a first digest, or after the job stood still). */
export const DIGEST_LOOKBACK_MS = 2 * 86_400_000;

// ---------------------------------------------------------------- the citizen's switch

/** Whether the citizen gets the digest (on unless they switched it off). */
export async function digestEnabled(db: DbOrTx, cuil: string): Promise<boolean> {
  const row = await findDigestRow(db, cuil);
  return row ? toBool(row.enabled) : true;
}

export async function setDigestEnabled(db: DbOrTx, cuil: string, enabled: boolean, now = new Date()): Promise<boolean> {
  await upsertDigestSwitch(db, cuil, fromBool(enabled), now.toISOString());
  return enabled;
}

// ---------------------------------------------------------------- the mail

export type DigestGroup = { organismo: string; kind: AccessKind; n: number; first: string; last: string };

/** Kinds as the mail names them (the portal's own labels live in its catalogue). */
const KIND_WORDS: Record<AccessKind, string> = {
  communication: "comunicaciones",
  procedure: "trámites",
  record: "expedientes",
  contact: "datos de contacto",
};

const accesses = (n: number) => (n === 1 ? "1 acceso" : `${n} accesos`);

/** Spanish text of the digest: counts by organismo and kind, the days, links to the portal. Nothing else. */
export function digestMail(groups: DigestGroup[], portalUrl: string) {
  const total = groups.reduce((sum, g) => sum + g.n, 0);
  const firstDay = dayIn(new Date(groups.reduce((min, g) => (g.first < min ? g.first : min), groups[0]!.first)));
  const lastDay = dayIn(new Date(groups.reduce((max, g) => (g.last > max ? g.last : max), groups[0]!.last)));
  const when = firstDay === lastDay ? `el ${dueDay(firstDay)}` : `entre el ${dueDay(firstDay)} y el ${dueDay(lastDay)}`;
  const byOrganismo = new Map<string, DigestGroup[]>();
  for (const g of groups) byOrganismo.set(g.organismo, [...(byOrganismo.get(g.organismo) ?? []), g]);
  const lines = [...byOrganismo].map(([organismo, own]) => {
    const kinds = ACCESS_KINDS.flatMap((k) => own.filter((g) => g.kind === k).map((g) => `${KIND_WORDS[k]}: ${g.n}`));
    return `- ${organismo}: ${accesses(own.reduce((sum, g) => sum + g.n, 0))} (${kinds.join("; ")})`;
  });
  return {
    subject: "Resumen diario: accedieron a tus datos",
    text:
      `Personal de la administración accedió a tus datos ${when}: ${accesses(total)}.\n\n${lines.join("\n")}\n\n` +
      `En Tus datos puedes ver quién accedió, cuándo, a qué y con qué motivo:\n${portalUrl}/datos\n\n` +
      `Si no quieres recibir este resumen, puedes desactivarlo en Domicilio digital, Configuración:\n${portalUrl}/digital/settings\n`,
  };
}

// ---------------------------------------------------------------- the job

export type DigestRun = { today: string; mails: number };

/** Decides one citizen in one transaction (see the header); the outbox row's id when it wrote one. */
async function digestOne(db: Db, cuil: string, w: DigestWindow, portalUrl: string, nowIso: string): Promise<string | null> {
  return db.transaction().execute(async (tx) => {
    const row = await lockDigestRow(tx, cuil, nowIso);
    if (!toBool(row.enabled) || (row.last_day !== null && row.last_day >= w.today)) return null;
    const from = row.covered_until !== null && row.covered_until > w.from ? row.covered_until : w.from;
    const groups = await countAccessesByOrganismo(tx, cuil, from, w.until);
    if (groups.length === 0) return null;
    const adhesion = await findAdhesion(tx, cuil);
    if (!adhesion?.email) return null;
    const mailId = await enqueueMail(tx, { kind: "access-digest", to: adhesion.email, cuil, ...digestMail(groups, portalUrl) });
    await markDigestWritten(tx, cuil, { last_day: w.today, covered_until: w.until, last_mail_id: mailId, updated_at: nowIso });
    return mailId;
  });
}

/**
 * One run at `now`: a digest for every citizen with accesses not mailed yet (up to `now` minus
 * `settleMs`, default DIGEST_SETTLE_MS, and of the last DIGEST_LOOKBACK_MS at most) who had none today. Nothing while
 * the digital domicile module is off (its 'Configuración' holds the switch).
 */
export async function sendAccessDigests(db: Db, options: { portalUrl: string; now?: Date; settleMs?: number }): Promise<DigestRun> {
  const now = options.now ?? new Date();
  const settleMs = options.settleMs ?? DIGEST_SETTLE_MS;
  const today = dayIn(now);
  const digital = await findModule(db, "digital");
  if (digital && !toBool(digital.enabled)) return { today, mails: 0 };
  const w: DigestWindow = {
    today,
    from: new Date(now.getTime() - DIGEST_LOOKBACK_MS).toISOString(),
    until: new Date(now.getTime() - settleMs).toISOString(),
  };
  let mails = 0;
  for (const cuil of await digestCandidates(db, w)) {
    if (await digestOne(db, cuil, w, options.portalUrl, now.toISOString())) mails++;
  }
  return { today, mails };
}

/** Runs `sendAccessDigests` 10 s after start and then every `intervalMs` (ACCESS_DIGEST_INTERVAL_MS; 0: never). */
export function startAccessDigestJob(db: Db, options: { portalUrl: string; intervalMs: number; logger: Pick<Logger, "error" | "info"> }) {
  return startPeriodicJob({
    intervalMs: options.intervalMs,
    firstAfterMs: 10_000,
    run: async () => {
      const run = await sendAccessDigests(db, { portalUrl: options.portalUrl });
      // Counts only: which citizens were mailed is in the outbox, not in the log.
      if (run.mails) options.logger.info({ mails: run.mails }, "access digests queued");
    },
    onError: (error) => options.logger.error({ err: error }, "access digest job failed"),
  });
}
