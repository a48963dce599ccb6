/** Part of the portal's one Spanish catalogue (see app/lib/messages.ts): the 'common' texts. */

const OMITTED_NOUNS = {
  communication: ["comunicación", "comunicaciones"],
  procedure: ["trámite", "trámites"],
  record: ["expediente", "expedientes"],
  document: ["documento", "documentos"],
  file: ["archivo", "archivos"],
} as const;
export type OmittedNoun = keyof typeof OMITTED_NOUNS;

/** Texts shared by every area: generic actions, loading, paginator, fields, validation. */
export const common = {
  noData: "Sin dato",
  /**
   * Items of a citizen's list that the backend sent and the portal could not read (issue 36): the page
   * says so, never silently — 'No pudimos mostrar 1 comunicación. Si el problema sigue, comunicate con
   * la línea gratuita 0800-555-0123 (lunes a viernes de 8 a 18 hs).' The line is the footer's.
   */
  omitted: {
    notice: (n: number, noun: OmittedNoun) => `No pudimos mostrar ${n} ${n === 1 ? OMITTED_NOUNS[noun][0] : OMITTED_NOUNS[noun][1]}.`,
    contact: "Si el problema sigue, comunicate con la línea gratuita",
  },
  noOptions: "No hay opciones disponibles",
  noInformation: "Por el momento, no hay información para mostrar.",
  actions: {
    close: "Cerrar",
    cancel: "Cancelar",
    back: "Volver",
    save: "Guardar",
    send: "Enviar",
    delete: "Eliminar",
    download: "Descargar",
    search: "Buscar",
    apply: "Aplicar",
    clear: "Limpiar",
    goHome: "Ir al inicio",
  },
  /** Default label of a SubmitButton while its form is being sent. */
  submitting: "Procesando...",
  /** Accessible name of the close button of a dialog (the visible text is `actions.close`). */
  closeDialog: "Cerrar ventana",
  opensInNewTab: "(se abre en una pestaña nueva)",
  paginator: {
    label: "Paginación",
    previous: "Anterior",
    next: "Siguiente",
    page: (n: number) => `Página ${n}`,
    currentPage: (n: number, last: number) => `Página ${n} de ${last}`,
  },
  tabs: {
    count: (n: number) => `${n} resultados`,
  },
  fields: {
    /** Chat message / cancel reason counter: 'n/1000 caracteres' (spec section 2). */
    characterCount: (n: number, max: number) => `${n}/${max} caracteres`,
    /** Shown instead of the live counter when JavaScript is off. */
    characterLimit: (max: number) => `Hasta ${max} caracteres`,
    optional: "(opcional)",
    errorPrefix: "Error:",
  },
  /** GOV.UK error summary. */
  errorSummary: {
    title: "Hay un problema",
  },
  /** Page <title> prefix when a form comes back with errors (GOV.UK pattern). */
  errorTitlePrefix: "Error: ",
  search: {
    label: "Buscar",
    since: "Desde",
    until: "Hasta",
    /** Beside every date box: what a text browser's plain box expects (issue 31; dd/mm/aaaa and aaaa-mm-dd are read). */
    dateHint: "Formato: dd/mm/aaaa.",
    invalidDate: "Ingresa una fecha válida, con el formato dd/mm/aaaa.",
    invalidRange: "La fecha desde no puede ser posterior a la fecha hasta.",
    /** Beside a 'hasta' box whose day is before its 'desde' (issue 40; that 'hasta' is not applied). */
    untilBeforeSince: "La fecha hasta no puede ser anterior a la fecha desde.",
  },
  sort: {
    label: "Ordenar por",
    createdAt: "Fecha de inicio",
    arrivedOn: "Última actualización",
    ascending: "ascendente",
    descending: "descendente",
  },
  documentStatus: {
    pending: "Pendiente",
    received: "Recibido",
    approved: "Aprobado",
    rejected: "Rechazado",
  },
  /** Phone as displayed: '+54 9 {code} {number}' (spec section 9). */
  phone: (code: string | number, number: string | number) => `+54 9 ${code} ${number}`,
  time: (hhmm: string) => `${hhmm} hs`,
} as const;
