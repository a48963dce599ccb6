/**
 * Demo data of the procedures module: a provincial catalogue (a tree of three levels with
 * more than forty procedures, some interactive, some forms, some with terms to accept) and
 * about thirty instances of demoCitizens[0] across every tab, with history and received
 * documents (PDFs made here with pdf-lib). demoCitizens[2] gets nothing (empty trays).
 * Idempotent: the catalogue is inserted when empty, the instances when the citizen has none.
 */
import { sql } from "kysely";
import { PDFDocument, StandardFonts } from "pdf-lib";
import type { DbOrTx } from "../db/index.js";
import { saveFile } from "../domain/files/index.js";
import { addHistoryEntry, addReceivedDoc, createInstance } from "../domain/procedures/service.js";
import { normalizeSearch } from "../../common/search.js";
import type { InstanceButton, ProcCatalogueTable } from "../domain/procedures/tables.js";
import type { BlobStore } from "../storage/index.js";
import { demoCitizens } from "../auth/oidc/demo-citizens.js";

type Leaf = {
  d: string;
  type: "I" | "F";
  h?: boolean;
  terms?: boolean;
  recipient?: string;
  docs?: [string, string, boolean][];
};
type Branch = { d: string; children: (Branch | Leaf)[] };
type Area = { d: string; organism: string; children: (Branch | Leaf)[] };

const DNI: [string, string, boolean] = ["DNI", "Documento Nacional de Identidad, frente y dorso", true];
const DOMICILIO: [string, string, boolean] = ["Constancia de domicilio", "Servicio o certificado de domicilio a tu nombre", false];

export const CATALOGUE: Area[] = [
  {
    d: "Salud",
    organism: "Ministerio de Salud",
    children: [
      {
        d: "Certificados",
        children: [
          {
            d: "Certificado de discapacidad",
            type: "I",
            h: true,
            terms: true,
            docs: [DNI, ["Resumen de historia clínica", "Firmado por el médico tratante", true]],
          },
          { d: "Certificado de salud para conductores", type: "F", docs: [DNI] },
          { d: "Certificado de vacunación", type: "F" },
          { d: "Certificado de aptitud física escolar", type: "F", recipient: "Estudiantes" },
        ],
      },
      {
        d: "Programas de salud",
        children: [
          {
            d: "Inscripción al programa de medicamentos gratuitos",
            type: "I",
            terms: true,
            docs: [DNI, ["Receta médica", "Con diagnóstico y medicación", true]],
          },
          { d: "Solicitud de turno en hospital provincial", type: "I", h: true },
          {
            d: "Reintegro de gastos de traslado sanitario",
            type: "I",
            docs: [DNI, ["Comprobantes de gastos", "Facturas o tickets", true]],
          },
        ],
      },
      {
        d: "Habilitaciones sanitarias",
        children: [
          {
            d: "Habilitación de consultorio médico",
            type: "I",
            recipient: "Profesionales",
            docs: [
              ["Título profesional", "Copia legalizada", true],
              ["Plano del local", "Firmado por profesional", true],
            ],
          },
          { d: "Habilitación de farmacia", type: "I", recipient: "Empresas", terms: true },
        ],
      },
    ],
  },
  {
    d: "Educación",
    organism: "Dirección General de Escuelas",
    children: [
      {
        d: "Títulos y certificados",
        children: [
          {
            d: "Legalización de título secundario",
            type: "I",
            h: true,
            recipient: "Estudiantes",
            docs: [DNI, ["Título original", "Escaneado en color", true]],
          },
          { d: "Certificado de alumno regular", type: "F", recipient: "Estudiantes" },
          { d: "Duplicado de título", type: "I", recipient: "Estudiantes", docs: [DNI, ["Denuncia de extravío", "Si corresponde", false]] },
        ],
      },
      {
        d: "Becas",
        children: [
          { d: "Beca de transporte escolar", type: "F", recipient: "Estudiantes", terms: true },
          {
            d: "Beca de estudios superiores",
            type: "I",
            recipient: "Estudiantes",
            terms: true,
            docs: [DNI, ["Certificado de ingresos", "Del grupo familiar", true]],
          },
        ],
      },
      {
        d: "Docentes",
        children: [
          { d: "Inscripción a listados docentes", type: "F", recipient: "Docentes" },
          { d: "Solicitud de licencia docente", type: "I", recipient: "Docentes" },
          { d: "Reclamo de haberes docentes", type: "I", recipient: "Docentes" },
        ],
      },
    ],
  },
  {
    d: "Producción",
    organism: "Ministerio de Producción",
    children: [
      {
        d: "Agricultura y ganadería",
        children: [
          { d: "Registro de productores agropecuarios", type: "F", recipient: "Productores", h: true },
          { d: "Guía de traslado de hacienda", type: "I", recipient: "Productores" },
          { d: "Permiso de uso de agua para riego", type: "I", recipient: "Productores", terms: true },
        ],
      },
      {
        d: "Industria y comercio",
        children: [
          { d: "Inscripción en el registro industrial", type: "F", recipient: "Empresas" },
          {
            d: "Solicitud de crédito para PyMEs",
            type: "I",
            recipient: "Empresas",
            terms: true,
            docs: [["Balance", "Último ejercicio cerrado", true]],
          },
          { d: "Certificado de origen provincial", type: "I", recipient: "Empresas" },
        ],
      },
    ],
  },
  {
    d: "Transporte",
    organism: "Dirección de Transporte",
    children: [
      {
        d: "Licencias de conducir",
        children: [
          { d: "Renovación de licencia de conducir", type: "I", h: true, docs: [DNI, ["Certificado psicofísico", "Vigente", true]] },
          { d: "Duplicado de licencia de conducir", type: "I" },
          { d: "Licencia profesional de transporte de pasajeros", type: "I", recipient: "Transportistas", terms: true },
        ],
      },
      {
        d: "Transporte público",
        children: [
          { d: "Pase libre para personas con discapacidad", type: "F", docs: [DNI, ["Certificado de discapacidad", "Vigente", true]] },
          { d: "Boleto estudiantil gratuito", type: "F", recipient: "Estudiantes" },
          { d: "Habilitación de vehículo de transporte escolar", type: "I", recipient: "Transportistas" },
        ],
      },
    ],
  },
  {
    d: "Registro civil",
    organism: "Dirección de Registro Civil",
    children: [
      {
        d: "Actas",
        children: [
          { d: "Copia de acta de nacimiento", type: "F", h: true },
          { d: "Copia de acta de matrimonio", type: "F" },
          { d: "Copia de acta de defunción", type: "F" },
          { d: "Rectificación de acta", type: "I", docs: [DNI, ["Acta a rectificar", "Copia", true]] },
        ],
      },
      {
        d: "Uniones y nombres",
        children: [
          { d: "Turno para celebrar matrimonio", type: "I" },
          { d: "Inscripción de unión convivencial", type: "I", terms: true, docs: [DNI, DOMICILIO] },
          { d: "Cambio de nombre", type: "I" },
        ],
      },
    ],
  },
  {
    d: "Rentas",
    organism: "Administración Tributaria Provincial",
    children: [
      {
        d: "Impuesto inmobiliario",
        children: [
          {
            d: "Exención de impuesto inmobiliario para jubilados",
            type: "I",
            terms: true,
            docs: [DNI, ["Recibo de haberes", "Último mes", true]],
          },
          { d: "Reclamo de valuación fiscal", type: "I" },
        ],
      },
      {
        d: "Ingresos brutos",
        children: [
          { d: "Alta en ingresos brutos", type: "F", recipient: "Empresas", h: true },
          { d: "Certificado de libre deuda", type: "F" },
          { d: "Plan de pagos de deudas tributarias", type: "I", terms: true },
        ],
      },
      {
        d: "Automotores",
        children: [
          { d: "Baja de impuesto automotor", type: "I" },
          { d: "Exención de patente para personas con discapacidad", type: "I", terms: true },
        ],
      },
    ],
  },
  {
    d: "Desarrollo social",
    organism: "Ministerio de Desarrollo Social",
    children: [
      { d: "Tarjeta alimentaria provincial", type: "I", h: true, terms: true, docs: [DNI, DOMICILIO] },
      { d: "Subsidio por emergencia habitacional", type: "I", docs: [DNI] },
      { d: "Inscripción en programa de viviendas", type: "F", terms: true },
    ],
  },
  {
    d: "Trabajo",
    organism: "Subsecretaría de Trabajo",
    children: [
      { d: "Denuncia laboral", type: "I" },
      { d: "Rúbrica de libros laborales", type: "F", recipient: "Empresas" },
      { d: "Inscripción en programa de empleo joven", type: "F", recipient: "Estudiantes" },
    ],
  },
];

const INFO_BASE = "https://tramites.provincia.gob.ar/tramite/";

function slug(text: string) {
  return normalizeSearch(text)
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 60);
}

/** The catalogue rows, ids in tree order from 100. */
export function catalogueRows(): ProcCatalogueTable[] {
  const rows: ProcCatalogueTable[] = [];
  let nextId = 100;
  const walk = (node: Branch | Leaf, parentId: number | null, area: Area, position: number) => {
    const id = nextId++;
    const isParent = "children" in node;
    const leaf = isParent ? null : (node as Leaf);
    const docs = (leaf?.docs ?? [DNI]).map(([name, description, required]) => ({ name, description, required }));
    rows.push({
      id,
      code: `${slug(area.d)}-${slug(node.d)}`.slice(0, 64),
      description: node.d,
      type: leaf ? (leaf.type === "I" ? "INTERACTIVE" : "FORM") : null,
      parent_id: parentId,
      is_parent: isParent ? 1 : 0,
      highlighted: leaf?.h ? 1 : 0,
      position,
      theme: area.d,
      organism: area.organism,
      recipient: leaf ? (leaf.recipient ?? "Ciudadanos") : null,
      explanation: leaf
        ? `Por medio de este trámite puedes solicitar: ${node.d.toLowerCase()}. Un agente de ${area.organism} revisará tu solicitud y te responderá por este mismo canal.`
        : null,
      information_url: leaf ? `${INFO_BASE}${slug(node.d)}` : null,
      terms_enabled: leaf?.terms ? 1 : 0,
      terms_text: leaf?.terms
        ? `Declaro bajo juramento que los datos consignados en el trámite "${node.d}" son correctos y completos, y que la documentación presentada es copia fiel de su original. Acepto que ${area.organism} verifique la información y me notifique en mi domicilio digital.`
        : null,
      docs_table: JSON.stringify(docs),
      requirements: JSON.stringify(
        leaf
          ? [
              "Ser mayor de 18 años o actuar por medio de un representante.",
              "Estar adherido al Domicilio Digital.",
              ...(leaf.docs ?? [DNI]).map((d) => `Presentar: ${d[0]}.`),
            ]
          : [],
      ),
      search_text: normalizeSearch([node.d, area.d, area.organism].join(" ")),
    });
    if (isParent) (node as Branch).children.forEach((child, i) => walk(child, id, area, i + 1));
  };
  CATALOGUE.forEach((area, i) => walk({ d: area.d, children: area.children }, null, area, i + 1));
  return rows;
}

async function demoPdf(title: string, lines: string[]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595, 842]);
  page.drawText("Gobierno de la Provincia", { x: 50, y: 790, size: 12, font });
  page.drawText(title.normalize("NFD").replace(/[\u0300-\u036f]/g, ""), { x: 50, y: 760, size: 16, font });
  lines.forEach((line, i) =>
    page.drawText(line.normalize("NFD").replace(/[\u0300-\u036f]/g, ""), { x: 50, y: 720 - i * 18, size: 11, font }),
  );
  return Buffer.from(await pdf.save());
}

type TabCode = "pending" | "in_progress" | "finished" | "cancelled";
/** The states an instance shows on each tab (the bench's bulk instances take them too). */
export const STATES: Record<TabCode, { text: string; color: string }[]> = {
  pending: [
    { text: "Pendiente de documentación", color: "#B45309" },
    { text: "Borrador", color: "#6B7280" },
  ],
  in_progress: [
    { text: "En revisión", color: "#1D4ED8" },
    { text: "Esperando respuesta", color: "#7C3AED" },
  ],
  finished: [
    { text: "Aprobado", color: "#15803D" },
    { text: "Rechazado", color: "#B91C1C" },
  ],
  cancelled: [{ text: "Cancelado", color: "#B91C1C" }],
};

const PLAN: { tab: TabCode; count: number }[] = [
  { tab: "pending", count: 8 },
  { tab: "in_progress", count: 13 },
  { tab: "finished", count: 6 },
  { tab: "cancelled", count: 3 },
];

function buttonsFor(tab: TabCode, interactive: boolean, hasRecord: boolean): InstanceButton[] {
  const list: InstanceButton[] = [];
  if ((tab === "pending" || tab === "in_progress") && interactive) list.push("edit");
  list.push("history", "attachments");
  if (hasRecord) list.push("goToRecord");
  if (interactive) list.push("preview");
  if (tab === "pending" || tab === "in_progress") list.push("discard");
  return list;
}

const OPERATOR = "Mesa de entradas";

/** Seeds the catalogue (when empty) and the demo instances (when the citizen has none). */
export async function seedProcedures(db: DbOrTx, options: { store?: BlobStore } = {}): Promise<void> {
  const existing = await db.selectFrom("proc_catalogue").select("id").limit(1).executeTakeFirst();
  const rows = catalogueRows();
  if (!existing) {
    for (const row of rows) await db.insertInto("proc_catalogue").values(row).execute();
  }
  const citizen = demoCitizens[0];
  const present = await db.selectFrom("citizens").select("cuil").where("cuil", "=", citizen.cuil).executeTakeFirst();
  if (!present) return;
  const has = await db.selectFrom("proc_instances").select("id").where("owner_cuil", "=", citizen.cuil).limit(1).executeTakeFirst();
  if (has) return;

  let recordId: string | null = null;
  try {
    const rec = await sql<{ id: string }>`select id from records where owner_cuil = ${citizen.cuil} order by created_at limit 1`.execute(
      db,
    );
    recordId = rec.rows[0]?.id ?? null;
  } catch {
    recordId = null;
  }

  const leaves = rows.filter((r) => r.is_parent === 0);
  const base = Date.UTC(2026, 0, 5, 12, 0, 0);
  let n = 0;
  for (const { tab, count } of PLAN) {
    for (let i = 0; i < count; i++, n++) {
      const procedure = leaves[(n * 7) % leaves.length];
      const interactive = procedure.type === "INTERACTIVE";
      const state = STATES[tab][i % STATES[tab].length];
      const created = new Date(base + n * 3 * 86_400_000 + i * 3_600_000);
      const arrived = new Date(created.getTime() + ((n * 5) % 9) * 86_400_000 + 7_200_000);
      const withRecord = recordId !== null && tab !== "cancelled" && n % 4 === 1;
      const number = `${2026}-${String(1000 + n).padStart(6, "0")}`;
      const instance = await createInstance(db, {
        ownerCuil: citizen.cuil,
        procedureId: procedure.id,
        tabCode: tab,
        state,
        title: procedure.description,
        description: [`Solicitud N° ${number}`, `${procedure.organism}`],
        payloadDescriptions: [
          { code: "numero", label: "Número de trámite", value: number },
          { code: "ubicacion", label: "Localidad", value: ["Capital", "Godoy Cruz", "San Rafael", "Luján de Cuyo"][n % 4] },
        ],
        buttons: buttonsFor(tab, interactive, withRecord),
        recordId: withRecord ? recordId : null,
        createdAt: created.toISOString(),
        arrivedOn: created.toISOString(),
      });
      const at = (h: number) => new Date(created.getTime() + h * 3_600_000).toISOString();
      await addHistoryEntry(db, {
        instanceId: instance.id,
        ownerCuil: citizen.cuil,
        cn: citizen.name,
        action: "Inicio del trámite",
        comment: null,
        excutedOn: at(0),
      });
      // An entry without an action: stored, never shown.
      await addHistoryEntry(db, {
        instanceId: instance.id,
        ownerCuil: citizen.cuil,
        cn: OPERATOR,
        action: null,
        comment: "Asignado internamente",
        excutedOn: at(1),
      });
      if (tab !== "pending" || i % 2 === 0) {
        await addHistoryEntry(db, {
          instanceId: instance.id,
          ownerCuil: citizen.cuil,
          cn: OPERATOR,
          action: tab === "finished" ? state.text : "Documentación solicitada",
          comment:
            tab === "finished"
              ? "El trámite fue resuelto. Puedes descargar la resolución."
              : "Por favor, adjunta la documentación indicada.",
          operatorMessage: n % 3 === 0,
          excutedOn: at(26),
        });
      }
      if (options.store && n % 3 !== 2) {
        const docs = [
          { name: "DNI frente y dorso.pdf", status: "approved" as const },
          { name: `Constancia ${number}.pdf`, status: (["received", "pending", "rejected"] as const)[n % 3] },
        ];
        for (const [k, doc] of docs.entries()) {
          const file = await saveFile(
            { db, store: options.store },
            {
              ownerCuil: citizen.cuil,
              name: doc.name,
              body: await demoPdf(doc.name.replace(/\.pdf$/, ""), [procedure.description, `Solicitud N° ${number}`, citizen.name]),
              createdAt: at(2 + k),
            },
          );
          await addReceivedDoc(db, {
            instanceId: instance.id,
            ownerCuil: citizen.cuil,
            fileId: file.id,
            fileName: doc.name,
            status: doc.status,
            createdAt: at(2 + k),
          });
        }
      }
      await db.updateTable("proc_instances").set({ arrived_on: arrived.toISOString() }).where("id", "=", instance.id).execute();
      if (tab === "cancelled") {
        await db
          .updateTable("proc_instances")
          .set({ discarded_at: arrived.toISOString(), discard_reason: "Ya no necesito el trámite." })
          .where("id", "=", instance.id)
          .execute();
      }
    }
  }
}
