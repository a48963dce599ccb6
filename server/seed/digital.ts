/**
 * Demo data of the digital domicile: communication types, the tenant's terms and privacy texts,
 * and ~60 communications (with small PDF attachments when a blob store is given) for the first
 * demo citizen. Nothing for the others. Idempotent.
 */
import { sendCommunication } from "../domain/dd/service.js";
import type { BlobStore } from "../storage/index.js";
import type { DbOrTx } from "../db/index.js";
import { demoCitizens } from "../auth/oidc/demo-citizens.js";

export const communicationTypes = [
  { id: "notificacion", text: "Notificación", position: 1 },
  { id: "intimacion", text: "Intimación", position: 2 },
  { id: "resolucion", text: "Resolución", position: 3 },
  { id: "aviso", text: "Aviso", position: 4 },
  { id: "citacion", text: "Citación", position: 5 },
];

export const demoClients = [
  "Administración Tributaria Provincial",
  "Dirección de Rentas",
  "Ministerio de Salud",
  "Registro Civil",
  "Dirección de Tránsito",
];

export const TERMS_HTML = `<h2>1. Objeto</h2>
<p>Estos términos regulan el uso del Domicilio Digital de la Provincia por parte de {{nombre}} (CUIL {{cuil}}).</p>
<h2>2. Validez de las comunicaciones</h2>
<p>Las comunicaciones enviadas al domicilio digital tienen plena validez legal y se consideran notificadas desde su recepción.</p>
<h2>3. Obligaciones del ciudadano</h2>
<ul><li>Mantener actualizados sus datos de contacto.</li><li>Ingresar periódicamente para consultar sus comunicaciones.</li></ul>`;

export const PRIVACY_HTML = `<h2>1. Datos que tratamos</h2>
<p>Para {{nombre}} (CUIL {{cuil}}) tratamos el nombre, el CUIL, el correo electrónico y el teléfono informados en la adhesión.</p>
<h2>2. Finalidad</h2>
<p>Los datos se usan solo para enviar comunicaciones oficiales y avisos sobre ellas, conforme a la Ley 25.326 de Protección de Datos Personales.</p>`;

/** The body of a one-page PDF with one line of text (ASCII): the header and its five objects, and where each object starts. */
export function onePagePdfBody(text: string): { body: string; offsets: number[] } {
  const safe = text.replace(/[^\x20-\x7e]/g, "?").replace(/[()\\]/g, "\\$&");
  const content = `BT /F1 14 Tf 72 760 Td (${safe}) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  return { body, offsets };
}

/** A minimal valid one-page PDF with one line of text (ASCII). */
export function minimalPdf(text: string): Buffer {
  const { body, offsets } = onePagePdfBody(text);
  let out = body;
  const xref = out.length;
  out += `xref\n0 ${offsets.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${offsets.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
}

/** Subjects of the demo communications (the bench's bulk ones take them too). */
export const SUBJECTS = [
  "Vencimiento de impuesto inmobiliario",
  "Resolución de su reclamo",
  "Turno asignado para vacunación",
  "Actualización de datos del registro",
  "Infracción de tránsito registrada",
  "Aviso de deuda de patente automotor",
  "Citación a audiencia",
  "Constancia de inscripción",
];

export async function seedDigitalReference(db: DbOrTx, tenant: string) {
  await db
    .insertInto("dd_communication_types")
    .values(communicationTypes)
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
  await db
    .insertInto("dd_legal_texts")
    .values([
      { tenant, kind: "terms", html: TERMS_HTML },
      { tenant, kind: "privacy", html: PRIVACY_HTML },
    ])
    .onConflict((oc) => oc.columns(["tenant", "kind"]).doNothing())
    .execute();
}

export async function seedDigital(db: DbOrTx, options: { tenant: string; store?: BlobStore }) {
  await seedDigitalReference(db, options.tenant);
  const citizen = demoCitizens[0];
  const exists = await db.selectFrom("dd_communications").select("code").where("cuil", "=", citizen.cuil).limit(1).executeTakeFirst();
  if (exists) return;
  const base = Date.UTC(2026, 9, 30, 12, 0, 0);
  for (let i = 0; i < 60; i++) {
    const created = new Date(base - i * 2.5 * 86_400_000 - (i % 7) * 3_600_000);
    const seen = i >= 8 && i % 3 !== 0;
    const archived = seen && i % 10 === 5;
    const files = options.store ? (i % 4 === 3 ? 2 : 1) : 0;
    await sendCommunication(db, options.store ?? nullStore, {
      cuil: citizen.cuil,
      subject: `${SUBJECTS[i % SUBJECTS.length]} N° ${60 - i}`,
      client: demoClients[i % demoClients.length],
      type: communicationTypes[i % communicationTypes.length].id,
      message: `Estimada ciudadana: le informamos que se ha emitido la comunicación N° ${60 - i}. Puede descargar el documento adjunto para ver el detalle.`,
      notified: i % 5 === 0,
      files: Array.from({ length: files }, (_, k) => ({
        name: k === 0 ? `comunicacion-${60 - i}.pdf` : `anexo-${60 - i}.pdf`,
        mime: "application/pdf",
        body: minimalPdf(`Comunicacion ${60 - i} - documento ${k + 1}`),
      })),
      createdAt: created.toISOString(),
      seenAt: seen ? new Date(created.getTime() + 86_400_000).toISOString() : null,
      archived,
      downloaded: seen && (i % 2 === 0 || archived),
    });
  }
}

/** For seeding rows without files: any use of it is a mistake. */
export const nullStore: BlobStore = {
  put: async () => {
    throw new Error("no blob store");
  },
  get: async () => {
    throw new Error("no blob store");
  },
  read: async () => {
    throw new Error("no blob store");
  },
  delete: async () => {},
  list: async function* () {},
  partials: async function* () {},
  abortPartial: async () => {},
  ready: async () => {},
};
