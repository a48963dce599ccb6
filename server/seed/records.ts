/**
 * Demo records for the data-rich citizen (demoCitizens[0]): ~25 records in both tabs, with
 * associations of the four types, read-only ones, incorporated documents with folio numbers,
 * sent documents in every status and pending documents. Files (PDFs of 1 to 150 pages, PNG
 * and JPEG images) are made in code. Nothing for citizens with empty trays. Idempotent: skipped
 * when the citizen already has records.
 */
import type { DbOrTx } from "../db/index.js";
import { saveFile, type FileRow } from "../domain/files/index.js";
import { makeJpeg, makePng, makeTextPdf } from "../domain/files/samples.js";
import { addDocument, associateRecords, createRecord, mirrorAssociation, type NewDocument } from "../domain/records/operator.js";
import type { AssociationType, RecordStatus, SentStatus } from "../domain/records/service.js";
import type { BlobStore } from "../storage/index.js";
import { demoCitizens } from "../auth/oidc/demo-citizens.js";

const SUBJECTS = [
  "Solicitud de habilitación comercial",
  "Reclamo por facturación de servicios",
  "Pedido de subsidio para vivienda",
  "Inscripción en el registro de proveedores",
  "Solicitud de certificado de libre deuda",
  "Recurso de reconsideración",
  "Pedido de información pública",
  "Habilitación de obra privada",
  "Solicitud de beca estudiantil",
  "Reclamo de haberes previsionales",
  "Permiso de uso de espacio público",
  "Regularización dominial",
  "Solicitud de pensión no contributiva",
];

const USERS = ["Mesa de Entradas", "Dirección de Rentas", "Asesoría Letrada", "Dirección de Vivienda"];

/** Deterministic dates: day `n` after 2025-02-03 at 13:15 UTC. */
const day = (n: number, minutes = 0) => new Date(Date.UTC(2025, 1, 3, 13, 15 + minutes) + n * 86_400_000).toISOString();

export async function seedRecords(db: DbOrTx, store: BlobStore): Promise<number> {
  const citizen = demoCitizens[0];
  const existing = await db.selectFrom("records").select("id").where("owner_cuil", "=", citizen.cuil).limit(1).executeTakeFirst();
  if (existing) return 0;
  const owner = citizen.cuil;
  const deps = { db, store };
  const at = day(0);

  // One blob per kind of file, referenced by many documents.
  const file = async (name: string, body: Buffer) => saveFile(deps, { ownerCuil: owner, name, body, createdAt: at });
  const pool: FileRow[] = [
    await file("Expediente completo digitalizado.pdf", await makeTextPdf("Expediente completo digitalizado", 150)),
    await file("Nota de presentación.pdf", await makeTextPdf("Nota de presentacion", 3)),
    await file("Fotografía del frente.png", makePng(160, 110)),
    await file("Dictamen técnico.pdf", await makeTextPdf("Dictamen tecnico", 12)),
    await file("Comprobante de pago.jpg", makeJpeg()),
    await file("Plano del inmueble.pdf", await makeTextPdf("Plano del inmueble", 5)),
    await file("Constancia de CUIL.pdf", await makeTextPdf("Constancia de CUIL", 1)),
    await file("Resolución.pdf", await makeTextPdf("Resolucion", 2)),
    await file("Documento de identidad.png", makePng(120, 80, [21, 128, 61])),
    await file("Informe final.pdf", await makeTextPdf("Informe final", 8)),
  ];

  const statuses: RecordStatus[] = ["in_process", "awaiting_documents", "initiated", "in_process", "resolved"];
  const sentStatuses: SentStatus[] = ["received", "pending", "approved", "rejected"];
  const created: { id: string; code: string }[] = [];

  for (let i = 0; i < 25; i++) {
    const archived = i >= 19;
    const status: RecordStatus = archived ? "archived" : statuses[i % statuses.length];
    const readOnly = archived || i === 4 || i === 9;
    const subject = SUBJECTS[i % SUBJECTS.length];
    const record = await createRecord(db, {
      ownerCuil: owner,
      code: `EX-2025-${String(1040 + i * 7).padStart(8, "0")}-GDEMZA-${i % 2 ? "MESA" : "DGR"}`,
      title: subject,
      description: [subject, `Iniciado por ${citizen.name}`],
      status,
      tab: archived ? "archived" : "in_process",
      readOnly,
      header: [
        { code: "subject", key: "Asunto", value: subject },
        { code: "agency", key: "Organismo", value: USERS[i % USERS.length] },
        { code: "initiator", key: "Iniciador", value: citizen.name },
        { code: "office", key: "Oficina actual", value: i % 3 ? "Mesa General de Entradas" : "Dirección de Asuntos Legales" },
      ],
      createdAt: day(i * 9),
      updatedAt: day(i * 9 + 3 + (i % 5) * 11, i),
    });
    created.push({ id: record.id, code: record.code });

    // Incorporated documents: record 0 has 12 (three client pages of 5), others fewer; some none.
    const incorporatedCount = i === 0 ? 12 : i % 6 === 5 ? 0 : (i % 4) + 1;
    for (let k = 0; k < incorporatedCount; k++) {
      const f = pool[(k + i) % pool.length];
      // a record holds each file once: more than the pool size would collide
      if (k >= pool.length) break;
      await addDocument(db, {
        recordId: record.id,
        fileId: f.id,
        stage: "incorporated",
        name: f.name,
        reference: `Foja ${k + 1}`,
        description: k === 0 ? "Carátula del expediente" : `Documento incorporado ${k + 1}`,
        userName: USERS[(i + k) % USERS.length],
        nroFolio: k + 1,
        details: [
          { label: "Tipo de documento", value: f.mime === "application/pdf" ? "Documento PDF" : "Imagen" },
          { label: "Páginas", value: String(f.page_count ?? 1) },
          ...(k % 3 === 0 ? [{ label: "Firmado digitalmente por", value: USERS[k % USERS.length] }] : []),
        ],
        createdAt: day(i * 9 + k),
        updatedAt: day(i * 9 + k, 30),
      });
    }
    const used = new Set(Array.from({ length: Math.min(incorporatedCount, pool.length) }, (_, k) => pool[(k + i) % pool.length].id));
    const free = pool.filter((f) => !used.has(f.id));

    // Sent documents in every status (none on a few records), then pending ones on writable records (none on a few).
    const sentCount = i % 5 === 3 ? 0 : Math.min((i % 3) + 1, free.length);
    const pendingCount = readOnly || i % 4 === 2 ? 0 : Math.min((i % 2) + 1, free.length - sentCount);
    const later: Omit<NewDocument, "recordId" | "fileId" | "name">[] = [
      ...Array.from({ length: sentCount }, (_, k) => ({
        stage: "sent" as const,
        reference: `Presentación ${k + 1} del ciudadano`,
        status: sentStatuses[(i + k) % sentStatuses.length],
        details: [{ label: "Enviado por", value: citizen.name }],
        createdAt: day(i * 9 + 2, k),
        updatedAt: day(i * 9 + 2 + k, 45 + k),
      })),
      ...Array.from({ length: pendingCount }, (_, k) => ({
        stage: "pending" as const,
        reference: `Documentación a presentar ${k + 1}`,
        createdAt: day(i * 9 + 4, k),
      })),
    ];
    for (const document of later) {
      const f = free.shift()!;
      await addDocument(db, { recordId: record.id, fileId: f.id, name: f.name, ...document });
    }
  }

  // Associations of the four types, both sides, plus one to a record of another jurisdiction.
  const pairs: [number, number, AssociationType][] = [
    [0, 1, "link_primary"],
    [2, 3, "merge_primary"],
    [5, 6, "link_primary"],
    [7, 20, "merge_primary"],
  ];
  for (const [a, b, type] of pairs) {
    await associateRecords(db, created[a].id, created[b], type, day(a * 9 + 5));
    await associateRecords(db, created[b].id, created[a], mirrorAssociation(type), day(a * 9 + 5));
  }
  await associateRecords(db, created[0].id, { id: null, code: "EX-2024-00098765-MUNICAP" }, "link_primary", day(6));
  return created.length;
}
