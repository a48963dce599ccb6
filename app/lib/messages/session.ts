/** Part of the portal's one Spanish catalogue (see app/lib/messages.ts): the 'session' texts. */

/** 'dentro de 15 minutos', 'dentro de 1 minuto', 'en menos de un minuto' (whole minutes, rounded up). */
export const withinMinutes = (minutes: number) =>
  minutes <= 0 ? "en menos de un minuto" : minutes === 1 ? "dentro de 1 minuto" : `dentro de ${minutes} minutos`;

/** Shared terminals and timeouts (decision 032): the session warning, drafts, the direct 'Cerrar sesión'. */
export const session = {
  logout: "Cerrar sesión",
  /** Without JavaScript: a static notice of when the session ends, said relatively (decision 014). */
  expiresIn: (minutes: number) => `Por seguridad, tu sesión se cierra ${withinMinutes(minutes)} si no hay actividad.`,
  warningTitle: "Tu sesión está por vencer",
  warningText: (minutes: number) =>
    `Por seguridad, tu sesión se cerrará ${withinMinutes(minutes)} si no hay actividad. Lo que estés escribiendo se guarda.`,
  remaining: (minutes: number, seconds: number) =>
    minutes > 0 ? `Quedan ${minutes} min ${String(seconds).padStart(2, "0")} s.` : `Quedan ${seconds} s.`,
  continue: "Continuar",
  continued: "Listo: tu sesión sigue activa.",
  continueError: "No pudimos extender la sesión. Vuelve a ingresar.",
  expiredTitle: "Tu sesión venció",
  expiredText: "Por seguridad cerramos tu sesión. Lo que estabas escribiendo quedó guardado: ingresa nuevamente para recuperarlo.",
  signInAgain: "Ingresar nuevamente",
  draftRestored: "Recuperamos lo que estabas escribiendo antes de que venciera tu sesión.",
} as const;
