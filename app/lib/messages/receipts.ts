import { RECEIPT_KIND_LABELS } from "@common/receipts";

/** Part of the portal's one Spanish catalogue (see app/lib/messages.ts): the 'receipts' texts. */

/** Receipts ('Comprobante', decision 033). */
export const receipts = {
  title: "Comprobante",
  listTitle: "Tus comprobantes",
  listIntro: "Cada vez que inicias un trámite, envías documentos o te adhieres al domicilio digital, emitimos un comprobante.",
  empty: "Todavía no tienes comprobantes.",
  kinds: RECEIPT_KIND_LABELS,
  number: "Número de comprobante",
  date: "Fecha",
  time: "Hora",
  /** Times are UTC, as every date and time of the portal (decision 014). */
  timeZone: "hora UTC",
  citizen: "Nombre y apellido",
  cuil: "CUIL",
  procedure: "Trámite",
  record: "Expediente",
  documents: "Documentos enviados",
  documentName: "Documento",
  documentSize: "Tamaño",
  noDocuments: "Sin documentos.",
  email: "Correo electrónico del domicilio digital",
  issuedAt: (dateTime: string) => `Emitido el ${dateTime} (hora UTC).`,
  print: "Imprimir",
  download: "Descargar PDF",
  back: "Volver a tus comprobantes",
  view: "Ver comprobante",
  issued: (number: string) => `Emitimos el comprobante N° ${number}.`,
  notice: "Comprobante emitido",
  keep: "Conserva este comprobante como constancia de lo que enviaste.",
  unknownSize: "Sin dato",
  pdfFileName: (number: string) => `comprobante-${number}.pdf`,
  pdfFooter: "Atención Virtual · Comprobante emitido electrónicamente.",
  loadError: "No pudimos mostrar el comprobante. Intenta nuevamente.",
} as const;
