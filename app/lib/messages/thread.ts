/** Part of the portal's one Spanish catalogue (see app/lib/messages.ts): the 'thread' texts. */

/** One thread between the modules (decision 026): what a communication concerns, and the other way round. */
export const thread = {
  concernsTitle: "Relacionada con",
  procedure: "Trámite",
  record: "Expediente",
  openProcedure: (title: string) => `Ver el trámite ${title}`,
  openRecord: (code: string) => `Ver el expediente ${code}`,
  listTitle: "Comunicaciones relacionadas",
  listTitleFor: (title: string) => `Comunicaciones relacionadas con ${title}`,
  recordListTitle: "Comunicaciones del expediente",
  empty: "No hay comunicaciones relacionadas.",
  received: (date: string) => `Recibida el ${date}`,
  unseen: "No leída",
  archived: "Archivada",
  more: (n: number) => `y ${n} más en Domicilio digital`,
  loadError: "No pudimos obtener las comunicaciones relacionadas. Intente nuevamente.",
} as const;
