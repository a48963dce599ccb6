import { ACCESS_ACTION_LABELS, ACCESS_KIND_LABELS, OTHER_ACTION_LABEL } from "@common/accesses";

/** Part of the portal's one Spanish catalogue (see app/lib/messages.ts): 'Tus datos' (decisions 071–073). */
export const datos = {
  title: "Tus datos",
  intro:
    "Aquí ves quién de la administración consultó o modificó tus datos (comunicaciones, trámites y conversaciones, expedientes y documentos, datos de contacto), cuándo y con qué motivo.",
  lawNote: "La Ley 25.326 de Protección de Datos Personales te da derecho a conocer, sin costo, los datos que guardamos sobre ti.",
  filters: {
    legend: "Filtrar accesos",
    since: "Desde",
    until: "Hasta",
    dateHint: "Fecha en formato aaaa-mm-dd.",
    kind: "Tipo de dato",
    anyKind: "Todos",
    apply: "Filtrar",
    clear: "Quitar filtros",
  },
  errors: {
    since: "La fecha «Desde» no es válida. Usa el formato aaaa-mm-dd.",
    until: "La fecha «Hasta» no es válida. Usa el formato aaaa-mm-dd.",
    range: "La fecha «Desde» debe ser anterior o igual a la fecha «Hasta».",
    kind: "Elige un tipo de dato de la lista.",
  },
  table: {
    caption: (from: number, to: number, total: number) =>
      `Accesos a tus datos, del más reciente al más antiguo: ${from} a ${to} de ${total}.`,
    when: "Fecha y hora (UTC)",
    who: "Quién",
    what: "Qué",
    action: "Acción",
    purpose: "Motivo",
    open: (label: string) => `Ver ${label}`,
  },
  empty: "Nadie de la administración accedió a tus datos.",
  emptyFiltered: "No hay accesos con esos filtros. Intenta ajustar los filtros de búsqueda.",
  paginatorLabel: "Páginas de accesos",
  kinds: ACCESS_KIND_LABELS as Record<string, string>,
  actions: ACCESS_ACTION_LABELS as Record<string, string>,
  otherAction: OTHER_ACTION_LABEL,
  contactItem: "Tus datos de contacto",
};
