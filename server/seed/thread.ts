/**
 * Demo data of the thread between the modules and of due dates (decisions 026 and 014) for María Laura Fernández: communications about her procedures and
 * records, some with due dates (one soon, one past), and a due date on one requested chat
 * document. Due dates are relative to the day the seed runs, so the demo always shows 'quedan 2
 * días' and 'Venció el …'. Idempotent: skipped once she has a linked communication.
 */
import { addDays, dayIn } from "../../common/due-dates.js";
import { sendCommunication } from "../domain/dd/service.js";
import type { BlobStore } from "../storage/index.js";
import type { DbOrTx } from "../db/index.js";
import { demoCitizens } from "../auth/oidc/demo-citizens.js";
import { minimalPdf, nullStore } from "./digital.js";

export const THREAD_SEED_SUBJECTS = {
  soon: "Requerimiento de documentación para tu trámite",
  past: "Intimación: presentación de descargo en tu expediente",
  later: "Citación a audiencia por tu trámite",
  plain: "Aviso sobre el estado de tu trámite",
} as const;

export async function seedThread(db: DbOrTx, options: { store?: BlobStore; now?: Date } = {}) {
  const citizen = demoCitizens[0];
  const adhered = await db.selectFrom("dd_adhesions").select("cuil").where("cuil", "=", citizen.cuil).executeTakeFirst();
  if (!adhered) return;
  const linked = await db
    .selectFrom("dd_communications")
    .select("code")
    .where("cuil", "=", citizen.cuil)
    .where((eb) => eb.or([eb("instance_id", "is not", null), eb("record_id", "is not", null)]))
    .limit(1)
    .executeTakeFirst();
  if (linked) return;

  // The newest instances of the tray's first tab ('Pendientes'), so the first cards show the thread.
  const byTab = (tab: string | null) =>
    db
      .selectFrom("proc_instances")
      .select(["id", "record_id"])
      .where("owner_cuil", "=", citizen.cuil)
      .where("discarded_at", "is", null)
      .$if(tab !== null, (q) => q.where("tab_code", "=", tab!))
      .orderBy("created_at", "desc")
      .orderBy("id")
      .limit(3)
      .execute();
  let instances = await byTab("pending");
  if (instances.length < 2) instances = await byTab(null);
  const record = await db
    .selectFrom("records")
    .select("id")
    .where("owner_cuil", "=", citizen.cuil)
    .orderBy("created_at", "desc")
    .orderBy("id")
    .executeTakeFirst();
  if (!instances.length) return;

  const now = options.now ?? new Date();
  const today = dayIn(now);
  const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000).toISOString();
  const withFile = (name: string) =>
    options.store ? [{ name, mime: "application/pdf", body: minimalPdf(name.replace(/\.pdf$/, "")) }] : [];
  const store = options.store ?? nullStore;
  const base = { cuil: citizen.cuil, type: "aviso", notified: false } as const;

  await sendCommunication(db, store, {
    ...base,
    subject: THREAD_SEED_SUBJECTS.plain,
    client: "Mesa General de Entradas",
    message: "Tu trámite avanzó a la etapa de revisión. No tienes que hacer nada por ahora.",
    files: [],
    createdAt: hoursAgo(30),
    seenAt: hoursAgo(29),
    instanceId: instances[1]?.id ?? instances[0].id,
  });
  await sendCommunication(db, store, {
    ...base,
    subject: THREAD_SEED_SUBJECTS.past,
    client: "Dirección de Asuntos Legales",
    message: "Se te intimó a presentar el descargo en el expediente indicado. El plazo ya venció.",
    files: withFile("intimacion-descargo.pdf"),
    createdAt: hoursAgo(26),
    seenAt: hoursAgo(25),
    downloaded: true,
    recordId: record?.id ?? null,
    dueDate: addDays(today, -3),
  });
  await sendCommunication(db, store, {
    ...base,
    subject: THREAD_SEED_SUBJECTS.later,
    client: "Dirección General de Rentas",
    message: "Te citamos a una audiencia para tratar tu trámite. Preséntate con tu DNI.",
    files: withFile("citacion-audiencia.pdf"),
    createdAt: hoursAgo(6),
    instanceId: instances[0].id,
    recordId: record?.id ?? null,
    dueDate: addDays(today, 10),
  });
  await sendCommunication(db, store, {
    ...base,
    subject: THREAD_SEED_SUBJECTS.soon,
    client: "Dirección General de Rentas",
    message: "Para continuar con tu trámite necesitamos que presentes la documentación pedida antes del vencimiento.",
    files: withFile("requerimiento.pdf"),
    createdAt: hoursAgo(2),
    instanceId: instances[0].id,
    dueDate: addDays(today, 2),
  });

  // A due date on one of her requested chat documents (if any is waiting).
  const doc = await db
    .selectFrom("chat_documents")
    .innerJoin("proc_instances", "proc_instances.id", "chat_documents.instance_id")
    .select("chat_documents.id")
    .where("proc_instances.owner_cuil", "=", citizen.cuil)
    .where("chat_documents.status", "=", "requested")
    .orderBy("chat_documents.created_at")
    .orderBy("chat_documents.id")
    .executeTakeFirst();
  if (doc)
    await db
      .updateTable("chat_documents")
      .set({ due_date: addDays(today, 5) })
      .where("id", "=", doc.id)
      .execute();
}
