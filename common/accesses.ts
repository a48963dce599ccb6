/**
 * The access log a citizen reads in 'Tus datos' (decision 071): what kinds of item an operator's
 * access concerns, and what was done. The API stores these codes; their Spanish names are here
 * once, for the portal's catalogue (app/lib/messages/datos.ts) and the index of the API's
 * 'Descargar mis datos' (decision 073). Pure data, shared by both sides.
 */
export const ACCESS_KINDS = ["communication", "procedure", "record", "contact"] as const;
export type AccessKind = (typeof ACCESS_KINDS)[number];

export const ACCESS_ACTIONS = {
  "citizen.create": "contact",
  "mail.parked": "contact",
  "procedure.create": "procedure",
  "procedure.history": "procedure",
  "procedure.document": "procedure",
  "chat.read": "procedure",
  "chat.message": "procedure",
  "chat.request": "procedure",
  "chat.received": "procedure",
  "chat.approve": "procedure",
  "chat.reject": "procedure",
  "chat.evaluating": "procedure",
  "chat.finish": "procedure",
  "chat.document-due": "procedure",
  "communication.send": "communication",
  "communication.thread": "communication",
  "record.create": "record",
  "record.incorporate": "record",
  "record.document-status": "record",
  "record.associate": "record",
} as const satisfies Record<string, AccessKind>;
export type AccessAction = keyof typeof ACCESS_ACTIONS;

/** What a citizen reads for each kind of item. */
export const ACCESS_KIND_LABELS: Record<AccessKind, string> = {
  communication: "Comunicación",
  procedure: "Trámite",
  record: "Expediente",
  contact: "Datos de contacto",
};

/** What a citizen reads for each action (an unknown code: `OTHER_ACTION_LABEL`). */
export const ACCESS_ACTION_LABELS: Record<AccessAction, string> = {
  "citizen.create": "Dio de alta tu cuenta y tus datos de contacto",
  "mail.parked": "Vio tu dirección de correo al revisar correos que no se te pudieron entregar",
  "procedure.create": "Creó el trámite",
  "procedure.history": "Agregó una entrada al historial",
  "procedure.document": "Adjuntó un documento",
  "chat.read": "Leyó la conversación",
  "chat.message": "Te escribió en la conversación",
  "chat.request": "Te pidió documentación",
  "chat.received": "Recibió tus documentos",
  "chat.approve": "Aprobó tus documentos",
  "chat.reject": "Rechazó tus documentos",
  "chat.evaluating": "Puso tus documentos en evaluación",
  "chat.finish": "Cerró el trámite",
  "chat.document-due": "Cambió el vencimiento de un documento pedido",
  "communication.send": "Te envió la comunicación",
  "communication.thread": "Cambió el vínculo o el vencimiento de la comunicación",
  "record.create": "Creó el expediente",
  "record.incorporate": "Incorporó un documento al expediente",
  "record.document-status": "Cambió el estado de un documento enviado",
  "record.associate": "Asoció el expediente con otro",
};
export const OTHER_ACTION_LABEL = "Otra acción";

/** Purpose the operator gives: trimmed, 3 to 500 characters. */
export const PURPOSE_MIN = 3;
export const PURPOSE_MAX = 500;
