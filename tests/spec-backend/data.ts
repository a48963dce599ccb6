/**
 * The spec backend's in-memory data: the three demo citizens of the README and what each one sees.
 * Internal model only (numbers for ids, booleans for flags); shapes.ts decides how it goes on the wire.
 * Written from the portal specification (sections 3 and 4), nothing else.
 */

export type Phone = { code: string; number: string };

export type Citizen = {
  cuil: string;
  givenName: string;
  familyName: string;
  emails: string[];
  phones: Phone[];
  adhered: boolean;
  /** the adhesion's chosen contact data */
  email?: string;
  phone?: Phone;
};

export type CatalogueItem = {
  id: number;
  description: string;
  type: "interactive" | "form";
  isParent: boolean;
  highlighted: boolean;
  parentId: number | null;
  explanation?: string;
  informationUrl?: string;
  terms?: boolean;
  documents?: { description: string; required: boolean }[];
  requirements?: string[];
  /** a form procedure's form */
  form?: { id: number; name: string; description: string };
};

export type ChatDocument = {
  specId: number;
  code: string;
  description: string;
  validExtensions: string[];
  tDocumento: string;
  formId?: number;
  file?: { id: number; name: string };
  isRequired: boolean;
  reason?: string;
};

export type ChatEvent = {
  type:
    | "dateSeparator"
    | "text"
    | "start"
    | "toEvaluateDocuments"
    | "uploadedDocuments"
    | "receivedDocuments"
    | "approvedDocuments"
    | "rejectedDocuments"
    | "requestedDocuments"
    | "toSendDocuments";
  author?: "user" | "operator";
  message?: string;
  description?: string;
  createdAt: string;
  commiter?: string;
  documents?: ChatDocument[];
};

export type HistoryEntry = { cn: string; excutedOn: string; action?: string; comment?: string; files: { fileId: number; name: string }[] };
export type AttachedDocument = {
  createdAt: string;
  fileName: string;
  fileId: number;
  status: "received" | "pending" | "approved" | "rejected";
};

export type IncorporatedDocument = {
  fileName: string;
  signedFileId: number;
  description: string;
  date: string;
  user: string;
  nroFolio: number;
  details: { label: string; value: string }[];
};
export type SentDocument = {
  fileId: number;
  fileName: string;
  updated_at: string;
  reference: string;
  status: { code: string; description: string; color: string };
  details: { label: string; value: string }[];
};
export type PendingDocument = { fileId: number; fileName: string; specId: number; reference: string; mime: string };

export type RecordData = {
  code: string;
  status: { code: string; description: string; color: string };
  read_only: boolean;
  header: { code: string; key: string; value: string }[];
  association: { type: string; associated_instance: { id: number; code: string }[] } | null;
  incorporated: IncorporatedDocument[];
  sent: SentDocument[];
  pending: PendingDocument[];
};

export type Instance = {
  id: number;
  cuil: string;
  module: "procedures" | "records";
  tab: string;
  procedureId: number;
  title: string;
  description: string[];
  payloadDescriptions: { code: string; label: string; value: string }[];
  createdAt: string;
  arrivedOn: string;
  type: "interactive" | "form";
  currentState: { text: string; color: string };
  buttons: string[];
  hasAlert: boolean;
  association_type?: string;
  /** the record a procedure leads to (goToRecord) */
  recordId?: number;
  draft: boolean;
  events: ChatEvent[];
  toSend: ChatDocument[];
  history: HistoryEntry[];
  received: AttachedDocument[];
  formData: Record<number, Record<string, unknown>>;
  record?: RecordData;
};

export type Communication = {
  code: number;
  cuil: string;
  subject: string;
  client: string;
  type: number;
  created_at: string;
  seen_date: string | null;
  date_notified: string;
  message: string;
  archived: boolean;
  files: { id: number; file_name: string; downloaded: boolean }[];
  sequence: number;
  year: number;
  history: { description: string; date: string; user: string }[];
};

export type StoredFile = { name: string; mime: string; bytes?: Uint8Array };

export type Store = {
  citizens: Map<string, Citizen>;
  catalogue: CatalogueItem[];
  instances: Instance[];
  communications: Communication[];
  communicationTypes: { id: number; text: string }[];
  files: Map<number, StoredFile>;
  nextId: () => number;
};

export const MARIA = "27293847563";
export const JUAN = "20267895431";
export const LUCIA = "27351128475";

export const TABS = {
  procedures: [
    { code: "en_curso", description: "En curso", color: "#1D4ED8" },
    { code: "finalizados", description: "Finalizados", color: "#15803D" },
  ],
  records: [
    { code: "abiertos", description: "Abiertos", color: "#1D4ED8" },
    { code: "cerrados", description: "Cerrados", color: "#6B7280" },
  ],
};

const BLUE = "#1D4ED8";
const GREEN = "#15803D";
const AMBER = "#B45309";

const iso = (s: string) => new Date(s).toISOString();

export function createStore(): Store {
  let next = 10_000;
  const nextId = () => ++next;
  const files = new Map<number, StoredFile>();
  const file = (id: number, name: string) => {
    files.set(id, { name, mime: "application/pdf" });
    return { id, name };
  };

  const citizens = new Map<string, Citizen>([
    [
      MARIA,
      {
        cuil: MARIA,
        givenName: "María Laura",
        familyName: "Fernández",
        emails: ["maria.fernandez@example.com", "mlfernandez@example.org"],
        phones: [{ code: "261", number: "4123456" }],
        adhered: true,
        email: "maria.fernandez@example.com",
        phone: { code: "261", number: "4123456" },
      },
    ],
    [
      JUAN,
      {
        cuil: JUAN,
        givenName: "Juan Pablo",
        familyName: "Gómez",
        emails: ["juan.gomez@example.com"],
        phones: [{ code: "11", number: "55551234" }],
        adhered: false,
      },
    ],
    [
      LUCIA,
      {
        cuil: LUCIA,
        givenName: "Lucía Belén",
        familyName: "Rodríguez",
        emails: ["lucia.rodriguez@example.com"],
        phones: [],
        adhered: true,
        email: "lucia.rodriguez@example.com",
      },
    ],
  ]);

  const catalogue: CatalogueItem[] = [
    { id: 1, description: "Salud", type: "interactive", isParent: true, highlighted: false, parentId: null },
    { id: 11, description: "Certificados", type: "interactive", isParent: true, highlighted: false, parentId: 1 },
    {
      id: 111,
      description: "Certificado de discapacidad",
      type: "interactive",
      isParent: false,
      highlighted: true,
      parentId: 11,
      explanation: "Solicitá el Certificado Único de Discapacidad. Un operador revisa tu pedido y te pide la documentación por este medio.",
      informationUrl: "https://tramites.provincia.gob.ar/certificado-de-discapacidad",
      terms: true,
      documents: [
        { description: "DNI (frente y dorso)", required: true },
        { description: "Certificado médico", required: true },
        { description: "Estudios complementarios", required: false },
      ],
      requirements: ["Ser residente de la provincia", "Contar con DNI vigente"],
    },
    {
      id: 12,
      description: "Turno para vacunación",
      type: "form",
      isParent: false,
      highlighted: false,
      parentId: 1,
      explanation: "Pedí un turno para vacunarte en el centro de salud más cercano.",
      documents: [],
      requirements: ["Completar el formulario"],
      form: { id: 31, name: "Solicitud de turno de vacunación", description: "Completá tus datos para pedir el turno." },
    },
    { id: 2, description: "Transporte", type: "interactive", isParent: true, highlighted: false, parentId: null },
    {
      id: 21,
      description: "Licencia de conducir: renovación",
      type: "interactive",
      isParent: false,
      highlighted: false,
      parentId: 2,
      explanation: "Renová tu licencia de conducir. Adjuntá la documentación que te pida el operador.",
      terms: false,
      documents: [{ description: "Licencia anterior", required: true }],
      requirements: ["Licencia vencida hace menos de un año"],
    },
    {
      id: 3,
      description: "Reclamo por alumbrado público",
      type: "interactive",
      isParent: false,
      highlighted: true,
      parentId: null,
      explanation: "Informá una luminaria apagada o dañada en la vía pública.",
      terms: false,
      documents: [],
      requirements: [],
    },
  ];

  const base = (over: Partial<Instance> & Pick<Instance, "id" | "cuil" | "module" | "tab" | "procedureId" | "title">): Instance => ({
    description: [],
    payloadDescriptions: [],
    createdAt: iso("2026-03-02T13:00:00Z"),
    arrivedOn: iso("2026-03-05T15:30:00Z"),
    type: "interactive",
    currentState: { text: "En revisión", color: BLUE },
    buttons: [],
    hasAlert: false,
    draft: false,
    events: [],
    toSend: [],
    history: [],
    received: [],
    formData: {},
    ...over,
  });

  const dni = file(9001, "dni-frente-dorso.pdf");
  const medico = file(9002, "certificado-medico.pdf");
  const licencia = file(9003, "licencia-anterior.pdf");
  /** The DNI requested in María's 'Certificado de discapacidad', with the file she sent for it. */
  const dniDoc = {
    specId: 801,
    code: "DNI",
    description: "DNI (frente y dorso)",
    validExtensions: [".pdf", ".jpg", ".png"],
    tDocumento: "DNI",
    isRequired: true,
    file: dni,
  };

  const instances: Instance[] = [
    base({
      id: 5001,
      cuil: MARIA,
      module: "procedures",
      tab: "en_curso",
      procedureId: 111,
      title: "Certificado de discapacidad",
      description: ["Solicitud N° 5001", "Pedido de certificado para María Laura Fernández"],
      payloadDescriptions: [{ code: "numero", label: "Número de trámite", value: "5001" }],
      createdAt: iso("2026-03-02T13:00:00Z"),
      arrivedOn: iso("2026-03-06T14:10:00Z"),
      currentState: { text: "Documentación pedida", color: AMBER },
      buttons: ["edit", "history", "attachments", "discard", "preview"],
      hasAlert: true,
      events: [
        { type: "dateSeparator", createdAt: iso("2026-03-02T13:00:00Z") },
        {
          type: "start",
          author: "user",
          message: "Inicio del trámite Certificado de discapacidad",
          createdAt: iso("2026-03-02T13:00:00Z"),
          commiter: "María Laura Fernández",
        },
        {
          type: "text",
          author: "user",
          message: "Hola, necesito el certificado para la obra social.",
          createdAt: iso("2026-03-02T13:01:00Z"),
          commiter: "María Laura Fernández",
        },
        {
          type: "uploadedDocuments",
          author: "user",
          description: "Documentos enviados",
          createdAt: iso("2026-03-02T13:02:00Z"),
          commiter: "María Laura Fernández",
          documents: [dniDoc],
        },
        { type: "dateSeparator", createdAt: iso("2026-03-06T14:00:00Z") },
        {
          type: "rejectedDocuments",
          author: "operator",
          description: "Documentos rechazados",
          createdAt: iso("2026-03-06T14:05:00Z"),
          commiter: "Ana Operadora",
          documents: [{ ...dniDoc, reason: "La imagen del dorso no se lee." }],
        },
        {
          type: "text",
          author: "operator",
          message: "Hola María Laura, necesitamos el certificado médico firmado.",
          createdAt: iso("2026-03-06T14:09:00Z"),
          commiter: "Ana Operadora",
        },
        {
          type: "requestedDocuments",
          author: "operator",
          description: "Documentos solicitados",
          createdAt: iso("2026-03-06T14:10:00Z"),
          commiter: "Ana Operadora",
          documents: [
            {
              specId: 802,
              code: "CERT_MED",
              description: "Certificado médico",
              validExtensions: [".pdf"],
              tDocumento: "CERTIFICADO",
              isRequired: true,
            },
            {
              specId: 803,
              code: "ESTUDIOS",
              description: "Estudios complementarios",
              validExtensions: [".pdf", ".jpg"],
              tDocumento: "ESTUDIO",
              isRequired: false,
            },
          ],
        },
      ],
      history: [
        { cn: "María Laura Fernández", excutedOn: iso("2026-03-02T13:00:00Z"), action: "Inicio del trámite", comment: "", files: [] },
        {
          cn: "María Laura Fernández",
          excutedOn: iso("2026-03-02T13:02:00Z"),
          action: "Envío de documentación",
          comment: "DNI",
          files: [{ fileId: dni.id, name: dni.name }],
        },
        { cn: "Sistema", excutedOn: iso("2026-03-03T09:00:00Z"), files: [] },
        {
          cn: "Ana Operadora",
          excutedOn: iso("2026-03-06T14:10:00Z"),
          action: "Pedido de documentación",
          comment: "Certificado médico firmado",
          files: [],
        },
      ],
      received: [
        { createdAt: iso("2026-03-02T13:02:00Z"), fileName: dni.name, fileId: dni.id, status: "rejected" },
        { createdAt: iso("2026-03-01T10:00:00Z"), fileName: medico.name, fileId: medico.id, status: "received" },
      ],
    }),
    base({
      id: 5002,
      cuil: MARIA,
      module: "procedures",
      tab: "en_curso",
      procedureId: 21,
      title: "Licencia de conducir: renovación",
      description: ["Solicitud N° 5002"],
      payloadDescriptions: [{ code: "numero", label: "Número de trámite", value: "5002" }],
      createdAt: iso("2026-02-10T12:00:00Z"),
      arrivedOn: iso("2026-02-12T16:00:00Z"),
      currentState: { text: "En revisión", color: BLUE },
      buttons: ["edit", "history", "attachments", "goToRecord", "preview"],
      recordId: 7001,
      events: [
        { type: "dateSeparator", createdAt: iso("2026-02-10T12:00:00Z") },
        {
          type: "start",
          author: "user",
          message: "Inicio del trámite Licencia de conducir: renovación",
          createdAt: iso("2026-02-10T12:00:00Z"),
          commiter: "María Laura Fernández",
        },
        {
          type: "receivedDocuments",
          author: "operator",
          description: "Documentos recibidos",
          createdAt: iso("2026-02-12T16:00:00Z"),
          commiter: "Carlos Operador",
          documents: [
            {
              specId: 811,
              code: "LIC",
              description: "Licencia anterior",
              validExtensions: [".pdf"],
              tDocumento: "LICENCIA",
              isRequired: true,
              file: licencia,
            },
          ],
        },
        {
          type: "text",
          author: "operator",
          message: "Recibimos tu licencia. Te avisamos cuando esté lista.",
          createdAt: iso("2026-02-12T16:01:00Z"),
          commiter: "Carlos Operador",
        },
      ],
      history: [
        { cn: "María Laura Fernández", excutedOn: iso("2026-02-10T12:00:00Z"), action: "Inicio del trámite", comment: "", files: [] },
      ],
      received: [{ createdAt: iso("2026-02-10T12:05:00Z"), fileName: licencia.name, fileId: licencia.id, status: "approved" }],
    }),
    base({
      id: 5003,
      cuil: MARIA,
      module: "procedures",
      tab: "en_curso",
      procedureId: 12,
      title: "Turno para vacunación",
      type: "form",
      description: ["Solicitud de turno"],
      createdAt: iso("2026-01-20T11:00:00Z"),
      arrivedOn: iso("2026-01-20T11:00:00Z"),
      currentState: { text: "Recibido", color: GREEN },
      buttons: ["history"],
      history: [
        { cn: "María Laura Fernández", excutedOn: iso("2026-01-20T11:00:00Z"), action: "Formulario enviado", comment: "", files: [] },
      ],
      formData: { 31: { nombre: "María Laura Fernández", vacuna: "Antigripal" } },
    }),
    base({
      id: 5004,
      cuil: MARIA,
      module: "procedures",
      tab: "finalizados",
      procedureId: 3,
      title: "Reclamo por alumbrado público",
      description: ["Luminaria apagada en calle San Martín 1200"],
      createdAt: iso("2025-11-03T10:00:00Z"),
      arrivedOn: iso("2025-11-20T10:00:00Z"),
      currentState: { text: "Finalizado", color: GREEN },
      buttons: ["history", "preview"],
      events: [
        { type: "dateSeparator", createdAt: iso("2025-11-03T10:00:00Z") },
        {
          type: "start",
          author: "user",
          message: "Inicio del trámite Reclamo por alumbrado público",
          createdAt: iso("2025-11-03T10:00:00Z"),
          commiter: "María Laura Fernández",
        },
        {
          type: "text",
          author: "operator",
          message: "La luminaria fue reparada. Gracias por avisar.",
          createdAt: iso("2025-11-20T10:00:00Z"),
          commiter: "Ana Operadora",
        },
      ],
      history: [
        { cn: "Ana Operadora", excutedOn: iso("2025-11-20T10:00:00Z"), action: "Trámite finalizado", comment: "Reparado", files: [] },
      ],
    }),
  ];

  // A twin of 5001 (same requested documents), so two test runs can each answer one at the same time.
  const twin = structuredClone(instances[0]!);
  Object.assign(twin, {
    id: 5006,
    description: ["Solicitud N° 5006", "Pedido de certificado para María Laura Fernández"],
    payloadDescriptions: [{ code: "numero", label: "Número de trámite", value: "5006" }],
    createdAt: iso("2026-03-01T13:00:00Z"),
  });
  instances.push(twin);

  // Records: one open with documents of every kind, one closed and read only.
  const folios = ["Carátula", "Solicitud", "DNI", "Constancia de domicilio", "Informe técnico", "Dictamen", "Providencia"];
  const incorporated: IncorporatedDocument[] = folios.map((name, i) => {
    const f = file(9100 + i, `${name.toLowerCase().replaceAll(" ", "-")}.pdf`);
    return {
      fileName: f.name,
      signedFileId: f.id,
      description: name,
      date: iso(`2026-02-${String(10 + i).padStart(2, "0")}T12:00:00Z`),
      user: i % 2 ? "Mesa de Entradas" : "Carlos Operador",
      nroFolio: i + 1,
      details: [
        { label: "Tipo de documento", value: name },
        { label: "Firmado por", value: "Carlos Operador" },
      ],
    };
  });
  const sentFile = file(9201, "nota-de-presentacion.pdf");
  const sentFile2 = file(9202, "comprobante-de-pago.pdf");
  const pendingFile = file(9301, "declaracion-jurada.pdf");
  instances.push(
    base({
      id: 7001,
      cuil: MARIA,
      module: "records",
      tab: "abiertos",
      procedureId: 21,
      title: "EX-2026-00012345-GDEBA",
      description: ["Licencia de conducir: renovación"],
      payloadDescriptions: [{ code: "expediente", label: "Expediente", value: "EX-2026-00012345-GDEBA" }],
      createdAt: iso("2026-02-10T12:30:00Z"),
      arrivedOn: iso("2026-02-16T12:00:00Z"),
      currentState: { text: "En trámite", color: BLUE },
      buttons: ["accessRecord"],
      association_type: "link primary",
      record: {
        code: "EX-2026-00012345-GDEBA",
        status: { code: "en_tramite", description: "En trámite", color: BLUE },
        read_only: false,
        header: [
          { code: "caratula", key: "Carátula", value: "Renovación de licencia de conducir" },
          { code: "iniciador", key: "Iniciador", value: "María Laura Fernández" },
          { code: "reparticion", key: "Repartición", value: "Dirección de Tránsito" },
        ],
        association: { type: "link primary", associated_instance: [{ id: 7002, code: "EX-2025-00098765-GDEBA" }] },
        incorporated,
        sent: [
          {
            fileId: sentFile.id,
            fileName: sentFile.name,
            updated_at: iso("2026-02-14T15:20:00Z"),
            reference: "Nota de presentación",
            status: { code: "sent", description: "Enviado", color: BLUE },
            details: [{ label: "Referencia", value: "Nota de presentación" }],
          },
          {
            fileId: sentFile2.id,
            fileName: sentFile2.name,
            updated_at: iso("2026-02-15T09:45:00Z"),
            reference: "Comprobante de pago",
            status: { code: "accepted", description: "Aceptado", color: GREEN },
            details: [],
          },
        ],
        pending: [
          { fileId: pendingFile.id, fileName: pendingFile.name, specId: 8301, reference: "Declaración jurada", mime: "application/pdf" },
        ],
      },
    }),
    base({
      id: 7002,
      cuil: MARIA,
      module: "records",
      tab: "cerrados",
      procedureId: 3,
      title: "EX-2025-00098765-GDEBA",
      description: ["Reclamo por alumbrado público"],
      createdAt: iso("2025-11-03T10:30:00Z"),
      arrivedOn: iso("2025-11-20T10:30:00Z"),
      currentState: { text: "Archivado", color: "#6B7280" },
      buttons: ["accessRecord"],
      association_type: "link secondary",
      record: {
        code: "EX-2025-00098765-GDEBA",
        status: { code: "archivado", description: "Archivado", color: "#6B7280" },
        read_only: true,
        header: [{ code: "caratula", key: "Carátula", value: "Reclamo por alumbrado público" }],
        association: null,
        incorporated: [],
        sent: [],
        pending: [],
      },
    }),
  );

  const types = [
    { id: 1, text: "Aviso" },
    { id: 2, text: "Intimación" },
    { id: 3, text: "Notificación" },
    { id: 4, text: "Resolución" },
  ];
  const comm = (c: Omit<Communication, "cuil" | "year" | "history"> & { history?: Communication["history"] }): Communication => ({
    cuil: MARIA,
    year: new Date(c.created_at).getUTCFullYear(),
    history: c.history ?? [{ description: "Comunicación emitida", date: c.created_at, user: c.client }],
    ...c,
  });
  const fileOf = (id: number, name: string, downloaded: boolean) => {
    file(id, name);
    return { id, file_name: name, downloaded };
  };
  const communications: Communication[] = [
    comm({
      code: 101,
      sequence: 1,
      subject: "Vencimiento del impuesto inmobiliario",
      client: "Dirección de Rentas",
      type: 1,
      created_at: iso("2026-03-10T12:00:00Z"),
      date_notified: iso("2026-03-10T12:00:00Z"),
      seen_date: null,
      message: "<p>Le recordamos que la cuota 3 del impuesto inmobiliario vence el 20/03/2026.</p>",
      archived: false,
      files: [fileOf(9401, "boleta-cuota-3.pdf", false)],
    }),
    comm({
      code: 102,
      sequence: 2,
      subject: "Intimación de pago",
      client: "Dirección de Rentas",
      type: 2,
      created_at: iso("2026-03-08T12:00:00Z"),
      date_notified: iso("2026-03-08T12:00:00Z"),
      seen_date: null,
      message: "<p>Se la intima a regularizar la deuda dentro de los <strong>10 días hábiles</strong>.</p>",
      archived: false,
      files: [fileOf(9402, "intimacion.pdf", false), fileOf(9403, "detalle-de-deuda.pdf", false)],
    }),
    comm({
      code: 107,
      sequence: 7,
      subject: "Aviso de inspección",
      client: "Dirección de Obras Privadas",
      type: 1,
      created_at: iso("2026-03-09T12:00:00Z"),
      date_notified: iso("2026-03-09T12:00:00Z"),
      seen_date: null,
      message: "<p>Se realizará una inspección de su obra el 25/03/2026.</p>",
      archived: false,
      files: [fileOf(9408, "acta-de-inspeccion.pdf", false)],
    }),
    comm({
      code: 103,
      sequence: 3,
      subject: "Resolución de su reclamo",
      client: "Ente Regulador de Energía",
      type: 4,
      created_at: iso("2026-02-20T12:00:00Z"),
      date_notified: iso("2026-02-20T12:00:00Z"),
      seen_date: iso("2026-02-21T10:00:00Z"),
      message: "<p>Su reclamo fue resuelto favorablemente.</p>",
      archived: false,
      files: [fileOf(9404, "resolucion-123.pdf", true)],
      history: [
        { description: "Comunicación emitida", date: iso("2026-02-20T12:00:00Z"), user: "Ente Regulador de Energía" },
        { description: "Comunicación leída", date: iso("2026-02-21T10:00:00Z"), user: "María Laura Fernández" },
      ],
    }),
    comm({
      code: 104,
      sequence: 4,
      subject: "Notificación de audiencia",
      client: "Ministerio de Trabajo",
      type: 3,
      created_at: iso("2026-02-15T12:00:00Z"),
      date_notified: iso("2026-02-15T12:00:00Z"),
      seen_date: iso("2026-02-16T10:00:00Z"),
      message: "<p>Se fija audiencia para el 02/04/2026 a las 10 hs.</p>",
      archived: false,
      files: [fileOf(9405, "citacion.pdf", true)],
    }),
    comm({
      code: 105,
      sequence: 5,
      subject: "Constancia de inscripción",
      client: "Registro Civil",
      type: 1,
      created_at: iso("2026-01-05T12:00:00Z"),
      date_notified: iso("2026-01-05T12:00:00Z"),
      seen_date: iso("2026-01-06T10:00:00Z"),
      message: "<p>Adjuntamos su constancia.</p>",
      archived: true,
      files: [fileOf(9406, "constancia.pdf", true)],
    }),
    comm({
      code: 106,
      sequence: 6,
      subject: "Aviso de corte programado",
      client: "Ente Regulador de Energía",
      type: 1,
      created_at: iso("2026-01-02T12:00:00Z"),
      date_notified: iso("2026-01-02T12:00:00Z"),
      seen_date: iso("2026-01-03T10:00:00Z"),
      message: "<p>Corte programado el 10/01/2026.</p>",
      archived: true,
      files: [fileOf(9407, "aviso-de-corte.pdf", true)],
    }),
  ];

  return { citizens, catalogue, instances, communications, communicationTypes: types, files, nextId };
}

/** A citizen the identity provider knows but the province's registry does not yet: not adhered, nothing to show. */
export function newcomer(cuil: string, name?: string): Citizen {
  const [givenName = "Ciudadano", ...rest] = (name ?? "").trim().split(/\s+/).filter(Boolean);
  return { cuil, givenName, familyName: rest.join(" "), emails: [`ciudadano.${cuil}@example.com`], phones: [], adhered: false };
}

export const fullName = (c: Citizen) => `${c.givenName} ${c.familyName}`.trim();
