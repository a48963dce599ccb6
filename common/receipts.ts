/**
 * What a receipt ('Comprobante', decision 033) is of, in Spanish: once, for the portal's catalogue
 * (app/lib/messages/receipts.ts) and the index of the API's 'Descargar mis datos' (decision 073).
 */
export const RECEIPT_KIND_LABELS = {
  procedure: "Inicio de trámite",
  documents: "Envío de documentos",
  record: "Envío de documentos al expediente",
  adhesion: "Adhesión al domicilio digital",
} as const;
