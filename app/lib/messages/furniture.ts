/** Part of the portal's one Spanish catalogue (see app/lib/messages.ts): the 'furniture' texts. */

/** Page furniture: header, module menu, mobile menu, profile panel, footer (spec section 1), and the error screens. */
export const furniture = {
  /** The portal's name, in every page title. */
  appName: "Atención Virtual",
  title: "Atención Virtual",
  /** The meta description of every page (after the page's own label). */
  description:
    "Atención Virtual de la Provincia: inicia y sigue tus trámites, recibe las comunicaciones de tu domicilio digital y consulta tus expedientes.",
  loading: "Estamos cargando la información...",
  /** Said once where times appear: they are UTC (spec section 9; issue 31). */
  timesInUtc: "Las horas se muestran en hora UTC.",
  skipLink: "Saltar al contenido principal",
  /** Accessible name of the close button of a notification. */
  closeNotification: "Cerrar notificación",
  /** /error screen. */
  errorPage: {
    title: "Oops",
    heading: "Hubo un error al cargar la página.",
    text: "Por favor, regresa al inicio o vuelve a intentarlo más tarde.",
    button: "Ir al inicio",
  },
  /** A document asked for while the object store is away (issue 38): every other page still works. */
  documentsUnavailable: {
    title: "Documentos no disponibles",
    heading: "No podemos mostrar documentos en este momento.",
    text: "El resto del portal funciona con normalidad. Vuelve a intentarlo en unos minutos.",
  },
  /** Catch-all route. */
  notFound: {
    title: "Página no encontrada",
    text: "La dirección que ingresaste no existe o ya no está disponible.",
    button: "Ir al inicio",
  },
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
    updateNote: "Si alguno de tus datos es incorrecto, puedes actualizarlo en el sitio de Identidad Ciudadana.",
    updateLink: "Ir a Identidad Ciudadana",
    logout: "Cerrar sesión",
    /** The page that sends the sign-out on to the identity provider (issue 40). */
    signingOut: "Cerrando sesión…",
    continueSignOut: "Continuar",
  },
  /** The link to /datos in the profile panel and the footer (decision 071); the page's own texts are in messages/datos.ts. */
  datosLink: "Tus datos",
  /** The link to /comprobantes in the profile panel, beside 'Tus datos' (issue 31). */
  receiptsLink: "Tus comprobantes",
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
