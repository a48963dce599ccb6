/**
 * Deadlines in plain words (decision 014): due days on communications and requested chat
 * documents, set by the operator, and the e-mail reminder three days before, queued exactly once
 * in the mail outbox (decision 028) for adhered citizens.
 *
 * Exactly once: a run claims the rows it will remind with one UPDATE … SET reminder_sent_at = now
 * WHERE reminder_sent_at IS NULL … RETURNING. On PostgreSQL a concurrent UPDATE waits for the row
 * lock and re-checks the WHERE (the row is no longer NULL, so it is skipped); on SQLite writes are
 * serialised. So two API processes (or the job and `reminders:send`) never both send. The claim and
 * the outbox row are one transaction: the outbox retries a mail the transport refused.
 */
import type { Logger } from "pino";
import { z } from "zod";
import { dayIn, dueDay, dueStatus, isDueDate, reminderWindow } from "../../../common/due-dates.js";
import { inTransaction, type Db, type DbOrTx } from "../../db/index.js";
import { ApiError } from "../../errors.js";
import { enqueueMail } from "../../mail/outbox.js";
import { startPeriodicJob } from "../../periodic.js";
import { assertLinksOwned } from "../thread/service.js";
import {
  claimCommunicationReminders,
  claimDocumentReminders,
  findCommunicationDue,
  getAdhesionEmail,
  getCommunicationThread,
  listInstanceOwners,
  setDocumentDue,
  updateCommunication,
} from "./repository.js";

export { isDueDate };

// ---------------------------------------------------------------- operator: links and due dates

export type ThreadUpdate = { instanceId?: string | null; recordId?: string | null; dueDate?: string | null };

/**
 * Sets (a value), clears (null) or keeps (undefined) the links and the due day of a
 * communication. A new due day re-arms the reminder. Links must be the same citizen's.
 */
export async function updateCommunicationThread(db: DbOrTx, code: string, input: ThreadUpdate) {
  if (input.dueDate && !isDueDate(input.dueDate)) throw ApiError.badRequest("La fecha de vencimiento no es válida (aaaa-mm-dd).");
  return inTransaction(db, async (tx) => {
    const row = await findCommunicationDue(tx, code);
    if (!row) throw ApiError.notFound("No se encontró la comunicación.");
    await assertLinksOwned(tx, row.cuil, input);
    const set: Record<string, string | null> = {};
    if (input.instanceId !== undefined) set.instance_id = input.instanceId;
    if (input.recordId !== undefined) set.record_id = input.recordId;
    if (input.dueDate !== undefined && input.dueDate !== row.due_date) {
      set.due_date = input.dueDate;
      set.reminder_sent_at = null;
    }
    if (Object.keys(set).length) await updateCommunication(tx, code, set);
    const out = await getCommunicationThread(tx, code);
    return {
      code: out.code,
      instance_id: out.instance_id ?? null,
      record_id: out.record_id ?? null,
      due_date: out.due_date ?? null,
      reminder_sent_at: out.reminder_sent_at ?? null,
    };
  });
}

/** Sets or clears the due day of a requested chat document (re-arms the reminder). */
export async function updateDocumentDue(db: DbOrTx, documentId: string, dueDate: string | null) {
  if (dueDate && !isDueDate(dueDate)) throw ApiError.badRequest("La fecha de vencimiento no es válida (aaaa-mm-dd).");
  if (!(await setDocumentDue(db, documentId, dueDate))) throw ApiError.notFound("No se encontró el documento.");
  return { id: documentId, dueDate };
}

// ---------------------------------------------------------------- reminders

export type ReminderItem =
  | { kind: "communication"; code: string; subject: string; client: string; due_date: string }
  | { kind: "document"; id: string; description: string; procedure: string; due_date: string };

/** Spanish mail of the reminder: one per citizen and run, listing every item due soon. */
export function reminderMail(items: ReminderItem[], today: string) {
  const left = (due: string) => {
    const s = dueStatus(due, today);
    return s.kind === "today"
      ? "vence hoy"
      : s.days === 1
        ? `vence el ${dueDay(due)} (queda 1 día)`
        : `vence el ${dueDay(due)} (quedan ${s.days} días)`;
  };
  const lines = items.map((i) =>
    i.kind === "communication"
      ? `- Comunicación "${i.subject}" de ${i.client}: ${left(i.due_date)}.`
      : `- Documento "${i.description}" del trámite "${i.procedure}": ${left(i.due_date)}.`,
  );
  return {
    subject:
      items.length === 1
        ? "Recordatorio: tienes un vencimiento en los próximos días"
        : "Recordatorio: tienes vencimientos en los próximos días",
    text:
      `Te recordamos que se acerca la fecha de vencimiento de:\n\n${lines.join("\n")}\n\n` +
      "Ingresa a Atención Virtual para verlos: las comunicaciones están en Domicilio digital y los documentos pedidos, en Tus trámites.\n",
  };
}

export type ReminderRun = { today: string; mails: number; communications: string[]; documents: string[] };

/**
 * One run of the reminder job at `now`: claims every communication and requested document due
 * from today to today + 3 (Buenos Aires days) whose citizen is adhered with an e-mail and that
 * was not reminded yet, and queues one mail per citizen — claims and mails in one transaction, so
 * a claimed reminder always has its outbox row, which the outbox retries until it is sent
 * (decision 028).
 */
export async function sendDueReminders(db: Db, options: { now?: Date } = {}): Promise<ReminderRun> {
  const now = options.now ?? new Date();
  const today = dayIn(now);
  const { from, to } = reminderWindow(today);
  const stamp = now.toISOString();

  return db.transaction().execute(async (tx) => {
    const comms = await claimCommunicationReminders(tx, { from, to, stamp });
    const docs = await claimDocumentReminders(tx, { from, to, stamp });

    const instances = docs.length ? await listInstanceOwners(tx, [...new Set(docs.map((d) => d.instance_id))]) : [];
    const byInstance = new Map(instances.map((i) => [i.id, i]));

    const perCitizen = new Map<string, ReminderItem[]>();
    const add = (cuil: string, item: ReminderItem) => perCitizen.set(cuil, [...(perCitizen.get(cuil) ?? []), item]);
    for (const c of comms)
      add(c.cuil, { kind: "communication", code: c.code, subject: c.subject, client: c.client, due_date: c.due_date! });
    for (const d of docs) {
      const instance = byInstance.get(d.instance_id);
      if (instance)
        add(instance.owner_cuil, {
          kind: "document",
          id: d.id,
          description: d.description,
          procedure: instance.title,
          due_date: d.due_date!,
        });
    }

    const run: ReminderRun = { today, mails: 0, communications: [], documents: [] };
    for (const [cuil, items] of perCitizen) {
      items.sort((a, b) => a.due_date.localeCompare(b.due_date));
      const adhesion = await getAdhesionEmail(tx, cuil);
      await enqueueMail(tx, { kind: "reminder", to: adhesion.email, cuil, ...reminderMail(items, today) });
      run.mails++;
      run.communications.push(...items.flatMap((i) => (i.kind === "communication" ? [i.code] : [])));
      run.documents.push(...items.flatMap((i) => (i.kind === "document" ? [i.id] : [])));
    }
    return run;
  });
}

/** Default interval of the reminder job in the API process (REMINDERS_INTERVAL_MS; 0 turns it off). */
export const DEFAULT_REMINDER_INTERVAL_MS = 15 * 60 * 1000;

/** REMINDERS_INTERVAL_MS from the environment (zod): a whole number of ms, 0 = off; refuses anything else. */
export function reminderIntervalFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const parsed = z.coerce
    .number()
    .int()
    .min(0)
    .max(2_147_483_647)
    .default(DEFAULT_REMINDER_INTERVAL_MS)
    .safeParse(env.REMINDERS_INTERVAL_MS || undefined);
  if (!parsed.success) throw new Error("REMINDERS_INTERVAL_MS debe ser un número entero de milisegundos (0 lo apaga).");
  return parsed.data;
}

/** Runs `sendDueReminders` 5 s after start and then every `intervalMs` (never two runs at once). Returns stop. */
export function startReminderJob(db: Db, logger: Pick<Logger, "error" | "info">, intervalMs = DEFAULT_REMINDER_INTERVAL_MS) {
  return startPeriodicJob({
    intervalMs,
    firstAfterMs: 5_000,
    run: async () => {
      const run = await sendDueReminders(db);
      if (run.mails) logger.info({ mails: run.mails }, "due-date reminders queued");
    },
    onError: (error) => logger.error({ err: error }, "reminder job failed"),
  });
}
