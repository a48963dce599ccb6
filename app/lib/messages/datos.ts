import { ACCESS_ACTION_LABELS, ACCESS_KIND_LABELS, OTHER_ACTION_LABEL } from "@common/accesses";

/** Part of the portal's one Spanish catalogue (see app/lib/messages.ts): 'Tus datos' (decisions 071 and 073). */
export const datos = {
  title: "Tus datos",
  intro:
    "Aquí ves quién de la administración consultó o modificó tus datos (comunicaciones, trámites y conversaciones, expedientes y documentos, datos de contacto), cuándo y con qué motivo.",
  lawNote: "La Ley 25.326 de Protección de Datos Personales te da derecho a conocer, sin costo, los datos que guardamos sobre ti.",
  accessesTitle: "Accesos a tus datos",
  /** 'Descargar mis datos' (decision 073). */
  download: {
    title: "Descargar mis datos",
    intro:
      "Un archivo ZIP con todo lo que el portal guarda sobre ti: tu perfil y tu adhesión al domicilio digital, tus comunicaciones, trámites y expedientes con sus documentos, conversaciones e historial, tus comprobantes y los accesos a tus datos.",
    hint: "Incluye todos tus archivos, así que puede pesar varios megabytes y tardar unos minutos en prepararse. Trae un índice (indice.html) que puedes abrir en el navegador y todos los datos en datos.json. Si lo vuelves a pedir dentro de la hora, recibes el mismo archivo.",
    ready: (preparedAt: string, size: string, until: string) =>
      `Tu archivo del ${preparedAt} (${size}) está listo: lo descargas sin volver a prepararlo hasta las ${until} (UTC).`,
    building: "Estamos preparando tu archivo. Puede tardar unos minutos.",
    link: "Descargar mis datos (ZIP)",
    /** While a build runs: to its status page (issue 32). */
    follow: "Ver cómo va la preparación",
    error: "No pudimos preparar el archivo con tus datos. Intenta nuevamente en unos minutos.",
    /** The status page of the file (issue 32), /datos/descarga. */
    status: {
      readyNow: (size: string, until: string) => `Tu archivo (${size}) está listo. Puedes descargarlo hasta las ${until} (UTC).`,
      file: (size: string) => `Descargar el archivo (ZIP, ${size})`,
      startedAt: (time: string) => `Empezamos a prepararlo a las ${time} (UTC).`,
      autoRefresh: "Esta página se actualiza sola cada 5 segundos.",
      /** WCAG 2.2.1: the refresh can be stopped (a plain link, with or without JavaScript). */
      stopRefresh: "Dejar de actualizar sola",
      stopped: "Esta página ya no se actualiza sola: usa «Actualizar ahora» para ver cómo va.",
      resumeRefresh: "Volver a actualizar sola",
      refresh: "Actualizar ahora",
      mailWhenReady: "Está tardando: te enviaremos un correo cuando esté listo. Puedes cerrar esta página.",
      none: "No hay un archivo preparado con tus datos: pídelo y lo preparamos.",
      back: "Volver a Tus datos",
    },
  },
  filters: {
    legend: "Filtrar accesos",
    since: "Desde",
    until: "Hasta",
    dateHint: "Formato: dd/mm/aaaa.",
    kind: "Tipo de dato",
    anyKind: "Todos",
    apply: "Filtrar",
    clear: "Quitar filtros",
  },
  errors: {
    since: "La fecha «Desde» no es válida. Usa el formato dd/mm/aaaa.",
    until: "La fecha «Hasta» no es válida. Usa el formato dd/mm/aaaa.",
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
