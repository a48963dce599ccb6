/**
 * Demo data of the chat: form definitions (one reusable personal-data form attached to
 * document requests, and a first form for every FORM procedure of the catalogue), and chat
 * histories for the demo citizen's interactive instances at every stage of a document:
 * requested, to send, received, approved and rejected with a reason. Idempotent.
 */
import { PDFDocument, StandardFonts } from "pdf-lib";
import type { DbOrTx } from "../db/index.js";
import { saveFile } from "../domain/files/index.js";
import { finalise, genericAction } from "../domain/chat/conversation.js";
import { operatorEvaluate, operatorMessage, operatorRequest } from "../domain/chat/operator.js";
import { addEvent, OPERATOR_CN } from "../domain/chat/service.js";
import type { FormDefinition } from "../../common/forms.js";
import type { BlobStore } from "../storage/index.js";
import { demoCitizens } from "../auth/oidc/demo-citizens.js";

export const PERSONAL_FORM_ID = "datos-personales";

export const personalForm: FormDefinition = {
  description: "Formulario de datos personales",
  header: { name: "Datos personales" },
  fields: [
    { name: "nombre", label: "Nombre y apellido", type: "text", required: true, minLength: 3, maxLength: 120 },
    { name: "dni", label: "Número de DNI", type: "text", required: true, pattern: "\\d{7,8}", hint: "Solo números, sin puntos." },
    { name: "nacimiento", label: "Fecha de nacimiento", type: "date", required: true, min: "1900-01-01" },
    { name: "email", label: "Correo electrónico", type: "email", required: true },
    { name: "telefono", label: "Teléfono", type: "phone" },
    { name: "convivientes", label: "Cantidad de personas que conviven", type: "number", min: 1, max: 20 },
    {
      name: "localidad",
      label: "Localidad",
      type: "select",
      required: true,
      options: ["Capital", "Godoy Cruz", "Guaymallén", "Las Heras", "Luján de Cuyo", "Maipú", "San Rafael"].map((v) => ({
        value: v,
        label: v,
      })),
    },
    {
      name: "contacto",
      label: "¿Cómo prefieres que te contactemos?",
      type: "radio",
      required: true,
      options: [
        { value: "email", label: "Por correo electrónico" },
        { value: "telefono", label: "Por teléfono" },
      ],
    },
    {
      name: "situacion",
      label: "Situación laboral",
      type: "checkbox",
      options: [
        { value: "empleo", label: "Empleo en relación de dependencia" },
        { value: "autonomo", label: "Trabajo autónomo" },
        { value: "jubilacion", label: "Jubilación o pensión" },
      ],
    },
    { name: "observaciones", label: "Observaciones", type: "textarea", maxLength: 500 },
    { name: "declaracion", label: "Declaro que los datos son correctos", type: "checkbox", required: true },
  ],
};

function procedureForm(description: string): FormDefinition {
  return {
    description: `Solicitud: ${description}`,
    header: { name: description },
    fields: [
      { name: "nombre", label: "Nombre y apellido", type: "text", required: true, minLength: 3, maxLength: 120 },
      { name: "dni", label: "Número de DNI", type: "text", required: true, pattern: "\\d{7,8}", hint: "Solo números, sin puntos." },
      { name: "email", label: "Correo electrónico", type: "email", required: true },
      { name: "telefono", label: "Teléfono", type: "phone" },
      { name: "motivo", label: "Motivo de la solicitud", type: "textarea", required: true, maxLength: 1000 },
    ],
  };
}

async function demoPdf(title: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage([595, 842]).drawText(title.normalize("NFD").replace(/[\u0300-\u036f]/g, ""), { x: 50, y: 780, size: 14, font });
  return Buffer.from(await pdf.save());
}

export async function seedChatForms(db: DbOrTx): Promise<void> {
  const now = new Date().toISOString();
  const has = await db.selectFrom("chat_forms").select("id").where("id", "=", PERSONAL_FORM_ID).executeTakeFirst();
  if (!has) {
    await db
      .insertInto("chat_forms")
      .values({ id: PERSONAL_FORM_ID, procedure_id: null, definition: JSON.stringify(personalForm), created_at: now })
      .execute();
  }
  const formProcedures = await db
    .selectFrom("proc_catalogue")
    .select(["id", "description"])
    .where("type", "=", "FORM")
    .where("is_parent", "=", 0)
    .execute();
  for (const p of formProcedures) {
    const id = `form-${p.id}`;
    const exists = await db.selectFrom("chat_forms").select("id").where("id", "=", id).executeTakeFirst();
    if (!exists) {
      await db
        .insertInto("chat_forms")
        .values({ id, procedure_id: p.id, definition: JSON.stringify(procedureForm(p.description)), created_at: now })
        .execute();
    }
  }
}

type Stage = "requested" | "toSend" | "received" | "approved" | "rejected";
const STAGES: Stage[] = ["requested", "toSend", "received", "approved", "rejected"];

/** Forms always; chat histories for demoCitizens[0]'s open interactive instances when none has one yet. */
export async function seedChat(db: DbOrTx, options: { store?: BlobStore } = {}): Promise<void> {
  await seedChatForms(db);
  const citizen = demoCitizens[0];
  const instances = await db
    .selectFrom("proc_instances")
    .selectAll()
    .where("owner_cuil", "=", citizen.cuil)
    .where("type", "=", "INTERACTIVE")
    .where("discarded_at", "is", null)
    .where("tab_code", "in", ["pending", "in_progress"])
    .orderBy("created_at", "desc")
    .execute();
  if (!instances.length) return;
  const started = await db
    .selectFrom("chat_events")
    .select("id")
    .where(
      "instance_id",
      "in",
      instances.map((i) => i.id),
    )
    .limit(1)
    .executeTakeFirst();
  if (started) return;
  const ids = instances.map((i) => i.id);
  const historyBefore = [
    ...(await db.selectFrom("proc_history").select("id").where("instance_id", "in", ids).execute()).map((r) => r.id),
    "-",
  ];
  const receivedBefore = [
    ...(await db.selectFrom("proc_received_docs").select("id").where("instance_id", "in", ids).execute()).map((r) => r.id),
    "-",
  ];

  for (const [n, instance] of instances.entries()) {
    await seedOne(db, options, instance, STAGES[n % STAGES.length]);
    // The procedures module's demo data (tabs, states, history, attachments) stays as it was.
    const { id, ...fields } = instance;
    await db.updateTable("proc_instances").set(fields).where("id", "=", id).execute();
  }
  await db.deleteFrom("proc_history").where("instance_id", "in", ids).where("id", "not in", historyBefore).execute();
  await db.deleteFrom("proc_received_docs").where("instance_id", "in", ids).where("id", "not in", receivedBefore).execute();
}

async function seedOne(db: DbOrTx, options: { store?: BlobStore }, instance: { id: string; created_at: string }, stage: Stage) {
  const citizen = demoCitizens[0];
  const who = { cuil: citizen.cuil, cn: citizen.name };
  {
    const at = (h: number) => new Date(new Date(instance.created_at).getTime() + h * 3_600_000).toISOString();
    await addEvent(db, { instanceId: instance.id, type: "start", author: "user", cn: who.cn, message: "Inicio del trámite", at: at(0) });
    await addEvent(db, {
      instanceId: instance.id,
      type: "text",
      author: "user",
      cn: who.cn,
      message: "Hola, quiero iniciar este trámite. ¿Qué documentación necesitan?",
      at: at(0),
    });
    await addEvent(db, {
      instanceId: instance.id,
      type: "text",
      author: "operator",
      cn: OPERATOR_CN,
      message: "Hola. Te pedimos la documentación para continuar.",
      at: at(26),
    });
    const { documents } = await operatorRequest(db, instance.id, {
      documents: [
        { description: "DNI frente y dorso", validExtensions: [".pdf", ".jpg", ".jpeg", ".png"], isRequired: true, tDocumento: "DNI" },
        { description: "Formulario de datos personales", formId: PERSONAL_FORM_ID, isRequired: stage === "requested" },
        { description: "Constancia de domicilio", validExtensions: [".pdf"], isRequired: false },
      ],
    });
    if (stage === "requested" || !options.store) return;
    const file = await saveFile(
      { db, store: options.store },
      { ownerCuil: citizen.cuil, name: "DNI frente y dorso.pdf", body: await demoPdf(`DNI ${citizen.name}`) },
    );
    await genericAction(db, who, instance.id, {
      action: "toSendDocument",
      data: { document: documents[0].id, file: { id: file.id, name: "DNI frente y dorso.pdf" } },
    });
    if (stage === "toSend") return;
    await finalise(db, who, instance.id);
    await operatorEvaluate(db, instance.id, { status: "received" });
    if (stage === "received") return;
    if (stage === "approved") {
      await operatorEvaluate(db, instance.id, { status: "approved" });
      await operatorMessage(db, instance.id, { message: "Tu documentación fue aprobada. Te avisaremos cuando el trámite avance." });
    } else {
      await operatorEvaluate(db, instance.id, {
        status: "rejected",
        reason: "La imagen del DNI no es legible. Adjunta una copia más clara.",
      });
    }
  }
}
