/**
 * The one catalogue of every Spanish text of the portal (spec sections 1, 2, 5 and 8).
 *
 * Rules:
 * - Texts quoted in the spec are copied word for word; do not "fix" them (accents, capitals,
 *   '...' versus '…' and missing final periods are all deliberate).
 * - Texts the spec does not quote (labels, hints, aria labels) are ours; they follow the same tone
 *   (tú, as in 'regresa al inicio', 'Intenta ajustar los filtros').
 * - Parameterised texts are functions, e.g. `digital.toasts.archiveSuccess(code)`.
 * - No Spanish text lives anywhere else: components and routes import from here.
 */

/** Accepted upload types (spec section 5, shared constants). */
export const ACCEPTED_UPLOAD_MIME_TYPES = [
  "application/pdf",
  "image/jpeg",
  "image/jpg",
  "image/png",
] as const;
export const ACCEPTED_UPLOAD_EXTENSIONS = [".pdf", ".jpeg", ".jpg", ".png"] as const;
/** Maximum length of chat messages and cancel reasons (spec section 9). */
export const MAX_MESSAGE_LENGTH = 1000;

/** Texts shared by every area: generic actions, loading, paginator, fields, validation. */
export const common = {
  appName: "Atención Virtual",
  loading: "Estamos cargando la información...",
  noData: "Sin dato",
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
  /** Accessible name of the close button of a notification. */
  closeNotification: "Cerrar notificación",
  /** Accessible name of the close button of a dialog (the visible text is `actions.close`). */
  closeDialog: "Cerrar ventana",
  skipLink: "Saltar al contenido principal",
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
    invalidDate: "Ingresa una fecha válida.",
    invalidRange: "La fecha desde no puede ser posterior a la fecha hasta.",
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

/** Page furniture: header, module menu, mobile menu, profile panel, footer (spec section 1). */
export const furniture = {
  title: "Atención Virtual",
  logoAlt: "Gobierno de la Provincia",
  homeLink: "Atención Virtual, ir al inicio",
  modulesNavLabel: "Módulos",
  menu: {
    procedures: "Trámites",
    records: "Expedientes",
    digital: "Domicilio digital",
  },
  mobileMenu: {
    open: "Menú",
    label: "Menú principal",
  },
  profile: {
    /** Fallback initials when the name is unknown. */
    initialsFallback: "SD",
    noData: "Sin dato",
    toggle: "Perfil de usuario",
    heading: "Tu perfil",
    name: "Nombre y apellido",
    cuil: "CUIL",
    email: "Correo electrónico",
    phone: "Teléfono",
    updateNote:
      "Si alguno de tus datos es incorrecto, puedes actualizarlo en el sitio de Identidad Ciudadana.",
    updateLink: "Ir a Identidad Ciudadana",
    logout: "Cerrar sesión",
  },
  footer: {
    label: "Pie de página",
    contactTitle: "Contacto",
    tollFreeLabel: "Línea gratuita",
    tollFreeNumber: "0800-555-0123",
    /** Value for a tel: link. */
    tollFreeTel: "08005550123",
    hours: "Lunes a viernes de 8 a 18 hs",
    licence:
      "Los contenidos de este sitio están disponibles bajo la licencia Creative Commons Atribución 4.0 Internacional (CC BY 4.0), salvo que se indique lo contrario.",
    socialLabel: "Redes sociales",
    accessibilityLink: "Declaración de accesibilidad",
    social: [
      { id: "facebook", label: "Facebook", href: "https://www.facebook.com/gobiernodelaprovincia" },
      { id: "instagram", label: "Instagram", href: "https://www.instagram.com/gobiernodelaprovincia" },
      { id: "x", label: "X (antes Twitter)", href: "https://x.com/gobdelaprovincia" },
      { id: "youtube", label: "YouTube", href: "https://www.youtube.com/@gobiernodelaprovincia" },
    ],
  },
  /** Route segment labels (spec section 2), used for breadcrumbs and document titles. */
  routeLabels: {
    procedures: "Tus trámites",
    available: "Trámites disponibles",
    requirements: "Datos del trámite",
    chat: "Atención virtual",
    preview: "Atención virtual",
    form: "Formulario",
    digital: "Domicilio digital",
    settings: "Configuración",
    adhesion: "Adhesión",
    summary: "Información",
    archive: "Archivados",
    records: "Tus expedientes",
    manager: "Gestor de expediente",
  },
  breadcrumbsLabel: "Ruta de navegación",
} as const;

/** Procedures module: screens (section 2), row actions (section 3) and toasts (section 8). */
export const procedures = {
  title: "Tus trámites",
  newProcedure: "Nuevo trámite",
  emptyTray: "Por el momento, la bandeja está vacía",
  noResults:
    "No encontramos trámites que coincidan con tu búsqueda. Puedes consultar todos los trámites disponibles en la Guía de trámites de la provincia.",
  publicSiteLink: "Guía de trámites",
  tabsLabel: "Estados de tus trámites",
  searchLabel: "Buscar trámites",
  createdOn: "Iniciado el",
  updatedOn: "Última actualización",
  rowActionsLabel: "Acciones del trámite",
  alertLabel: "Tienes un mensaje del operador",
  actions: {
    edit: "Completar",
    attachments: "Documentos adjuntos",
    history: "Historial",
    goToRecord: "Ir al expediente",
    preview: "Ver conversación",
    previewChat: "Ver conversación",
    accessRecord: "Ir al expediente",
    discard: "Cancelar trámite",
  },
  modals: {
    history: "Historial",
    attachments: "Documentos adjuntos",
    discard: "Cancelar trámite",
  },
  history: {
    empty: "Por el momento, no hay información para mostrar.",
    date: "Fecha",
    user: "Usuario",
    action: "Acción",
    comment: "Comentario",
    files: "Archivos",
  },
  attachments: {
    empty: "Por el momento, no hay documentos adjuntos.",
    fileName: "Nombre del archivo",
    date: "Fecha",
    status: "Estado",
  },
  discard: {
    warning:
      "Al cancelar el trámite dejará de estar activo y deberás iniciar uno nuevo.",
    reasonLabel: "Motivo de la cancelación (opcional)",
    confirm: "Cancelar trámite",
    keep: "Volver",
  },
  available: {
    title: "Trámites disponibles",
    searchLabel: "Buscar trámites disponibles",
    hint: "¿No encuentras el trámite que buscas? Consulta la Guía de trámites de la provincia.",
    filtersLabel: "Filtrar trámites",
    filters: {
      highlighted: "Destacados",
      byTopic: "Por tema",
      byAgency: "Por organismo",
      byRecipient: "Por destinatario",
    },
    empty: "No hay opciones disponibles",
  },
  requirements: {
    title: "Datos del trámite",
    moreInformation: "Más información",
    documentsTitle: "Documentación requerida",
    profileTitle: "Tus datos",
    previousInstances: "Instancias iniciadas anteriormente",
    complete: "Completar",
    acceptTerms: "He leído y acepto los términos y condiciones",
    termsTitle: "Términos y condiciones",
    start: "Iniciar trámite",
  },
  chat: {
    title: "Atención virtual",
    operator: "OP",
    messageLabel: "Mensaje",
    send: "Enviar",
    attach: "Adjuntar archivo",
    openForm: "Completar formulario",
    discardFile: "Descartar archivo",
    requiredDocuments: "Documentos solicitados",
    rejectedReason: "Motivo del rechazo",
    /** Labels of ours (not quoted by the spec). */
    you: "Tú",
    operatorName: "Operador",
    conversationLabel: "Conversación",
    backToTray: "Volver a Tus trámites",
    required: "Obligatorio",
    optional: "Opcional",
    chooseFile: (description: string) => `Archivo para ${description}`,
    acceptedFormats: (list: string) => `Formatos admitidos: ${list}. Hasta 50MB.`,
    fileToSend: "Archivo a enviar",
    formCompleted: "Formulario completado",
    sending: "Enviando...",
    uploading: "Subiendo el documento...",
    readOnly: "Vista de solo lectura de la conversación.",
    closed: "Este trámite ya no admite mensajes.",
    pendingMessage: "Enviando mensaje…",
    composerLabel: "Escribir un mensaje",
    documentsLabel: (title: string) => title,
    eventTitles: {
      start: "Inicio del trámite",
      requestedDocuments: "Documentos solicitados",
      toSendDocuments: "Documentos a enviar",
      uploadedDocuments: "Documentos enviados",
      toEvaluateDocuments: "Documentos en evaluación",
      receivedDocuments: "Documentos recibidos",
      approvedDocuments: "Documentos aprobados",
      rejectedDocuments: "Documentos rechazados",
    } as Record<string, string>,
    status: {
      requested: "Solicitado",
      toSend: "Para enviar",
      sent: "Enviado",
      received: "Recibido",
      approved: "Aprobado",
      rejected: "Rechazado",
      pending: "Pendiente",
    } as Record<string, string>,
  },
  form: {
    title: "Formulario",
    back: "Volver",
    saving: "Guardando formulario…",
    loading: "Cargando formulario…",
    /** Labels of ours (not quoted by the spec). */
    frameTitle: (name: string) => `Formulario: ${name}`,
    submit: "Guardar formulario",
    selectPlaceholder: "Selecciona una opción",
    requiredMark: "(obligatorio)",
    errors: {
      required: "Este campo es obligatorio.",
      minLength: (n: number) => `Ingresa al menos ${n} caracteres.`,
      maxLength: (n: number) => `Ingresa como máximo ${n} caracteres.`,
      pattern: "El formato no es válido.",
      number: "Ingresa un número.",
      min: (v: string | number) => `El valor mínimo es ${v}.`,
      max: (v: string | number) => `El valor máximo es ${v}.`,
      date: "Ingresa una fecha válida.",
      email: "Ingresa un correo electrónico válido.",
      phone: "Ingresa un teléfono válido.",
      option: "Elige una de las opciones.",
    },
  },
  noAdhesion: {
    title: "Tus trámites",
    cardTitle: "No te encuentras adherido",
    text: "Para continuar debes adherirte al Domicilio Digital de la Provincia, el principal canal de comunicación con el Gobierno y requisito obligatorio para utilizar Atención Virtual.",
    button: "Adherirme",
  },
  /** Labels of the tray, the catalogue and the requirements that the spec does not quote. */
  ui: {
    filtersLabel: "Filtrar tus trámites",
    paginatorLabel: "Paginación de trámites",
    cardsLabel: "Listado de trámites",
    state: "Estado",
    downloadFile: (name: string) => `Descargar ${name}`,
    catalogueLabel: "Catálogo de trámites",
    cataloguePaginatorLabel: "Paginación del catálogo",
    highlighted: "Destacado",
    category: "Categoría",
    backTo: (name: string) => `Volver a ${name}`,
    requirementsTitle: "Requisitos",
    docName: "Documento",
    docDescription: "Descripción",
    docRequired: "Obligatorio",
    yes: "Sí",
    no: "No",
    startedOn: "Iniciado el",
    viewTerms: "Ver términos y condiciones",
    termsRequired: "Debes aceptar los términos y condiciones.",
    instanceOf: (title: string) => `Trámite: ${title}`,
  },
  toasts: {
    searchError: "Error al obtener las instancias al realizar la búsqueda. Intente nuevamente.",
    sortError: "Error al obtener las instancias en el orden seleccionado. Intente nuevamente.",
    pageError: "Error al obtener las instancias de la página seleccionada. Intente nuevamente.",
    countError: "Error al obtener el recuento de instancias. Intente nuevamente.",
    filterError: "Error al filtrar los trámites. Intente nuevamente.",
    historyError: "Algo salió mal al obtener el historial. Intente nuevamente.",
    downloadError: "Algo salió mal al descargar el documento. Intente nuevamente.",
    documentsError: "Algo salió mal al obtener los documentos. Intente nuevamente.",
    discardError: "Error al cancelar el trámite. Intente nuevamente.",
    discardSuccess: "Éxito al cancelar el trámite.",
    goToRecordError: "Algo salió mal al ir al expediente. Intente nuevamente.",
    discardFileError: "Error al descartar el archivo. Intente nuevamente.",
    uploadError: "Error al subir el documento. Intente nuevamente.",
    sendDocumentError: "Error al enviar el documento. Intente nuevamente.",
    sendAttentionError: "Error al enviar la atención. Intente nuevamente.",
    sendQueryError: "Error al enviar su consulta. Intente nuevamente.",
    formSaveSuccess: "Éxito al guardar el formulario.",
    formSaveError: "Error al guardar el formulario. Intente nuevamente.",
  },
} as const;

/** Digital domicile module (spec section 2 and 8). */
export const digital = {
  title: "Domicilio digital",
  settingsButton: "Configuración",
  searchLabel: "Buscar por asunto",
  advancedFilters: "Filtros avanzados",
  activeFiltersLabel: "Filtros aplicados",
  /** Chip showing how many more filters are applied: '+n'. */
  moreFilters: (n: number) => `+${n}`,
  removeFilter: (label: string) => `Quitar filtro ${label}`,
  tabsLabel: "Bandeja de comunicaciones",
  tabs: {
    all: (n: number) => `Todos (${n})`,
    unread: (n: number) => `No Leídos (${n})`,
    allLabel: "Todos",
    unreadLabel: "No Leídos",
  },
  archivedLink: "Archivados",
  archivedTitle: "Archivados",
  unseen: "No leída",
  empty: {
    noResults: "No se encontraron resultados. Intenta ajustar los filtros de búsqueda",
    emptyTray: "Por el momento, la bandeja está vacía",
  },
  columns: {
    subject: "Asunto",
    client: "Organismo",
    type: "Tipo",
    createdAt: "Recibida",
    seenDate: "Leída",
    actions: "Acciones",
  },
  sortBy: (column: string) => `Ordenar por ${column}`,
  filters: {
    client: "Organismo",
    type: "Tipo de comunicación",
    seen: "Estado de lectura",
    seenOptions: { all: "Todas", seen: "Leídas", unseen: "No leídas" },
    selected: "Fecha",
    selectedOptions: { received: "Fecha de recepción", notify: "Fecha de notificación" },
    createdSince: "Recibida desde",
    createdUntil: "Recibida hasta",
    seenSince: "Leída desde",
    seenUntil: "Leída hasta",
  },
  archive: "Archivar",
  recover: "Recuperar",
  recoverSelected: "Recuperar",
  selectCommunication: (subject: string) => `Seleccionar ${subject}`,
  archiveDisabledHint: "Descarga todos los archivos adjuntos para poder archivar la comunicación.",
  recoverDisabledHint: "Descarga todos los archivos adjuntos para poder recuperar la comunicación.",
  tableCaption: "Comunicaciones recibidas",
  archivedTableCaption: "Comunicaciones archivadas",
  archiveRow: (subject: string) => `Archivar ${subject}`,
  recoverRow: (subject: string) => `Recuperar ${subject}`,
  backToInbox: "Volver a Domicilio digital",
  filterChip: (label: string, value: string) => `${label}: ${value}`,
  applyFilters: "Aplicar filtros",
  clearFilters: "Limpiar filtros",
  anyTypeHint: "Si no marcas ninguno, se muestran todos los tipos.",
  sortedAscending: "orden ascendente",
  sortedDescending: "orden descendente",
  summary: {
    title: "Información",
    to: "Para",
    from: "De",
    received: "Recibida",
    notifiedByOffice: "Notificado de oficio",
    yes: "Sí",
    no: "No",
    number: "N° de comunicación",
    files: "Archivos adjuntos",
    download: "Descargar",
    downloadFile: (name: string) => `Descargar ${name}`,
    downloaded: "Descargado",
    noFiles: "Por el momento, no hay documentos adjuntos.",
    message: "Mensaje",
    history: "Historial",
    showHistory: "Mostrar historial",
    hideHistory: "Ocultar historial",
    historyDate: "Fecha",
    historyDescription: "Descripción",
    historyUser: "Usuario",
    back: "Volver",
    archive: "Archivar",
    recover: "Recuperar",
  },
  adhesion: {
    title: "Adhesión a domicilio digital",
    emailLabel: "Correo electrónico",
    phoneLabel: "Teléfono (opcional)",
    noPhone: "No informar teléfono",
    acceptTerms: "He leído y acepto los términos y condiciones",
    termsLink: "Términos y condiciones",
    privacyLink: "Política de privacidad",
    submit: "Adherirme",
  },
  confirm: {
    createTitle: "Ya te encuentras adherido",
    updateTitle: "Se han modificado tus datos correctamente",
    emailSent: "Te enviamos un correo electrónico de confirmación a la dirección registrada.",
    goToProcedures: "Ir a Tus trámites",
    goToDigital: "Ir a Domicilio digital",
  },
  settings: {
    title: "Datos de contacto",
    emailLabel: "Correo electrónico",
    phoneLabel: "Teléfono (opcional)",
    save: "Guardar",
  },
  terms: { title: "Términos y condiciones", close: "Cerrar" },
  privacy: { title: "Política de privacidad", close: "Cerrar" },
  toasts: {
    archiveSuccess: (code: string | number) => `Éxito al archivar comunicación ${code}.`,
    archiveError: "Error al archivar comunicación. Intente nuevamente.",
    recoverSuccess: (code: string | number) => `Éxito al recuperar la comunicación ${code}.`,
    recoverError: "Error al recuperar la comunicación. Intente nuevamente.",
    recoverManySuccess: "Éxito al recuperar las comunicaciones.",
    recoverManyError: "Error al recuperar comunicaciones. Intente nuevamente.",
    adhesionSuccess: "Éxito al enviar la adhesión.",
    adhesionError: "Error al enviar la adhesión. Intente nuevamente.",
    settingsSuccess: "Éxito al actualizar la configuración.",
    settingsError: "Error al actualizar la configuración. Intente nuevamente.",
    pageError: "Error al obtener las comunicaciones de la página seleccionada. Intente nuevamente.",
    /** Same text as the procedures download error (spec section 8). */
    downloadError: "Algo salió mal al descargar el documento. Intente nuevamente.",
  },
} as const;

/** Records module (spec sections 2 and 8). */
export const records = {
  title: "Tus expedientes",
  /** Labels of ours (not quoted by the spec). */
  ui: {
    association: "Asociación",
    noResults: "No se encontraron expedientes que coincidan con la búsqueda.",
    listLabel: "Lista de expedientes",
    paginatorLabel: "Paginación de expedientes",
    documentsPaginator: (section: string) => `Paginación de ${section}`,
    backToList: "Volver a Tus expedientes",
    associatedRecords: "Expedientes asociados",
    openAssociated: (code: string) => `Abrir el expediente ${code}`,
    noIncorporatedMatches: "No hay documentos incorporados que coincidan con la búsqueda.",
    downloadError: "Algo salió mal al descargar el documento. Intente nuevamente.",
    previewNoJs: "Si tu navegador no muestra la página, puedes descargar el documento.",
    pageFrameTitle: (page: number, name: string) => `Página ${page} de ${name}`,
    goToPage: "Ir a la página",
    showDocument: "Ver documento",
    previewOf: (name: string) => `Previsualizar ${name}`,
    detailsOf: (name: string) => `Ver detalles de ${name}`,
    downloadOf: (name: string) => `Descargar ${name}`,
    deleteOf: (name: string) => `Eliminar ${name}`,
    selectedCount: (n: number) => (n === 1 ? "1 documento seleccionado" : `${n} documentos seleccionados`),
    slot: (n: number) => `Documento ${n}`,
    chooseFiles: "Elegir archivos",
    acceptedHint: "Formatos admitidos: .pdf, .jpeg, .jpg, .png. Hasta 50MB por archivo.",
    toSend: "Documentos a enviar",
    zoomLevel: (zoom: number) => `Zoom ${Math.round(zoom * 100)}%`,
    pageCanvas: (page: number, name: string) => `Página ${page} de ${name}`,
    noFileChosen: "Agrega al menos un archivo.",
  },
  tabsLabel: "Estados de tus expedientes",
  searchLabel: "Buscar expedientes",
  enter: "Ingresar al expediente",
  emptyTray: "Por el momento, la bandeja está vacía",
  associationTypes: {
    link_primary: "Vinculación principal",
    link_secondary: "Vinculación secundaria",
    merge_primary: "Fusión principal",
    merge_secondary: "Fusión secundaria",
  },
  manager: {
    title: "Gestor de expediente",
    fileNumber: (code: string) => `Número de expediente: ${code}`,
    status: "Estado",
    headerData: "Datos del expediente",
    noReferences: "No se encontraron las referencias a los expedientes asociados",
    documents: "Documentos del expediente",
    incorporated: "Documentos incorporados",
    sent: "Documentos enviados",
    pending: "Documentos pendientes",
    searchIncorporated: "Buscar documentos incorporados",
    order: (n: number | string) => `ORDEN ${n}`,
    columns: {
      fileName: "Nombre del archivo",
      description: "Descripción",
      reference: "Referencia",
      date: "Fecha",
      user: "Usuario",
      status: "Estado",
      order: "Orden",
      actions: "Acciones",
    },
    actionsMenu: "Acciones",
    uploadNew: "Subir nuevo archivo",
    sendDocuments: "Enviar documentos",
    selectDocument: (name: string) => `Seleccionar ${name}`,
    preview: "Previsualizar",
    download: "Descargar",
    details: "Ver detalles",
    deletePending: "Eliminar",
    sendPending: "Enviar",
    empty: {
      incorporated: "No hay documentos incorporados en el expediente",
      sent: "No hay documentos enviados en el expediente",
      pending: "No hay documentos pendientes en el expediente",
    },
  },
  previewModal: {
    title: "Previsualización del documento",
    document: "Documento",
    order: (n: number | string) => `Orden ${n}`,
    previousDocument: "Documento anterior",
    nextDocument: "Documento siguiente",
    page: "Página",
    pageOf: (total: number) => `de ${total}`,
    previousPage: "Página anterior",
    nextPage: "Página siguiente",
    zoomIn: "Acercar",
    zoomOut: "Alejar",
    download: "Descargar",
    downloading: "Descargando...",
    close: "Cerrar",
    loading: "Estamos cargando los documentos...",
    invalidPage: (total: number) => `Ingresa un número de página entre 1 y ${total}.`,
  },
  detailsModal: {
    title: "Ver detalles",
    empty: "Por el momento, no hay detalles para mostrar.",
    close: "Cerrar",
  },
  uploadModal: {
    title: "Agregar Documentos",
    fileLabel: "Archivo",
    name: "Nombre",
    reference: "Referencia",
    remove: (name: string) => `Quitar ${name}`,
    uploadNew: "Subir nuevo archivo",
    close: "Cerrar",
    submit: "Subir",
    loading: "Estamos subiendo los documentos...",
    nameRequired: "Ingresa un nombre.",
    referenceRequired: "Ingresa una referencia.",
    fileRequired: "Selecciona un archivo.",
  },
  deleteModal: {
    title: "¿Desea eliminar el documento pendiente?",
    warning: "Esta acción no se puede deshacer",
    cancel: "Cancelar",
    confirm: "Eliminar",
    loading: "Eliminando documento...",
  },
  sendModal: {
    titleOne: "¿Desea enviar el documento pendiente?",
    titleMany: "¿Desea enviar los documentos pendientes?",
    title: (count: number) =>
      count === 1 ? "¿Desea enviar el documento pendiente?" : "¿Desea enviar los documentos pendientes?",
    warning: "Esta acción no se puede deshacer",
    cancel: "Cancelar",
    confirm: "Enviar",
    loadingOne: "Enviando el documento...",
    loadingMany: "Enviando los documentos...",
    loading: (count: number) =>
      count === 1 ? "Enviando el documento..." : "Enviando los documentos...",
    noneSelected: "Selecciona al menos un documento pendiente.",
  },
  toasts: {
    /** The spec abbreviates these two with '…'; completed like their siblings. */
    pageError: "Error al obtener los expedientes de la página seleccionada. Intente nuevamente.",
    countError: "Error al obtener el recuento de expedientes. Intente nuevamente.",
    incorporatedError: "Error al obtener los documentos incorporados del expediente. Intente nuevamente.",
    sentError: "Error al obtener los documentos enviados del expediente. Intente nuevamente.",
    pendingError: "Error al obtener los documentos pendientes del expediente. Intente nuevamente.",
    headerError: "Error al obtener los datos del expediente. Intente nuevamente.",
    previewError: "Algo salió mal al obtener el documento para previsualizar. Intente nuevamente.",
    uploadError: "Error al subir los documentos. Intente nuevamente.",
    deleteError: "Error al eliminar el documento. Intente nuevamente.",
    deleteSuccess: "Éxito al eliminar el documento.",
    sendManyError: "Error al enviar los documentos pendientes. Intente nuevamente.",
    sendOneError: "Error al enviar el documento pendiente. Intente nuevamente.",
    sendManySuccess: "Éxito al enviar los documentos pendientes.",
    sendOneSuccess: "Éxito al enviar el documento pendiente.",
    sendError: (count: number) =>
      count === 1
        ? "Error al enviar el documento pendiente. Intente nuevamente."
        : "Error al enviar los documentos pendientes. Intente nuevamente.",
    sendSuccess: (count: number) =>
      count === 1 ? "Éxito al enviar el documento pendiente." : "Éxito al enviar los documentos pendientes.",
  },
} as const;

/** Error screens, generic errors and the validation texts of spec section 5. */
export const errors = {
  /** /error screen. */
  page: {
    title: "Oops",
    heading: "Hubo un error al cargar la página.",
    text: "Por favor, regresa al inicio o vuelve a intentarlo más tarde.",
    button: "Ir al inicio",
  },
  /** Catch-all route. */
  notFound: {
    title: "Página no encontrada",
    text: "La dirección que ingresaste no existe o ya no está disponible.",
    button: "Ir al inicio",
  },
  /** Any other HTTP error (spec section 8: 'generic'). */
  generic: "Ocurrió un error inesperado. Intente nuevamente.",
  upload: {
    /** Also for server status 413. */
    tooLarge: "Error al subir el documento. El archivo supera el límite permitido de 50MB.",
    /** `list` e.g. '.pdf, .jpeg, .jpg, .png' (see `acceptedFormatsList`). */
    invalidFormat: (list: string) =>
      `Error al subir el documento. Por favor seleccione uno de los siguientes formatos ${list}`,
    acceptedFormatsList: ACCEPTED_UPLOAD_EXTENSIONS.join(", "),
  },
  /** Server error codes with a fixed text. */
  byCode: {
    REQUIRED_FILES_NOT_UPLOADED:
      "Debe adjuntar los documentos solicitados antes de enviar su consulta.",
  },
  requiredFilesNotUploaded: "Debe adjuntar los documentos solicitados antes de enviar su consulta.",
  formInvalid:
    "El formulario no se completó correctamente, por favor verifíquelo e intente nuevamente.",
  messageTooLong: (max: number) => `El mensaje no puede superar los ${max} caracteres.`,
  required: "Este campo es obligatorio.",
  emailRequired: "Selecciona un correo electrónico.",
  termsRequired: "Debes aceptar los términos y condiciones.",
} as const;

/** The accessibility statement (/accesibilidad): only what the automated tests show. */
export const accessibility = {
  title: "Declaración de accesibilidad",
  intro:
    "Queremos que todas las personas puedan usar Atención Virtual: desde un teléfono sencillo, sin JavaScript, con lector de pantalla o solo con el teclado.",
  standardTitle: "Nivel que buscamos",
  standard:
    "Las Pautas de Accesibilidad para el Contenido Web (WCAG) 2.2, nivel AA, como pide la Ley 26.653 de Accesibilidad de la Información en las Páginas Web.",
  testedTitle: "Cómo lo comprobamos",
  tested: [
    "Cada pantalla se revisa automáticamente con axe-core (criterios WCAG 2.0, 2.1 y 2.2, niveles A y AA) en cada cambio del portal.",
    "Cada recorrido principal se prueba dos veces: con JavaScript y sin JavaScript. Todo trámite se puede completar sin JavaScript.",
    "Las pantallas se prueban a 360 píxeles de ancho (teléfonos) y a 1280 píxeles (computadoras), sin desplazamiento horizontal.",
    "Los formularios tienen etiquetas, y cada error está junto a su campo y anunciado a los lectores de pantalla.",
  ],
  limitsTitle: "Lo que todavía no cumple",
  limits: [
    "La vista previa de documentos de un expediente dibuja cada página; todavía no ofrece el texto del documento como alternativa accesible. Puedes descargar el documento y abrirlo con tu lector habitual.",
    "Las pruebas automáticas encuentran una parte de los problemas posibles; todavía no hicimos una revisión completa con personas usuarias de lectores de pantalla.",
  ],
  contactTitle: "Si encuentra una barrera",
  contact: "Llama a la línea gratuita 0800-555-0123, de lunes a viernes de 8 a 18 hs, y cuéntanos en qué pantalla ocurrió: te ayudaremos a completar tu trámite por otro medio y corregiremos el problema.",
  updated: (date: string) => `Última revisión: ${date}.`,
} as const;

/** Everything, for code that prefers one import. */
export const messages = { common, furniture, procedures, digital, records, errors, accessibility } as const;

export type ToastType = "ERROR" | "SUCCESS";
