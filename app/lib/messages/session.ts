/** Part of the portal's one Spanish catalogue (see app/lib/messages.ts): the 'session' texts. */

/** Shared terminals and timeouts (issue 9 item 5): the session warning, drafts, the direct 'Cerrar sesión'. */
export const session = {
  logout: "Cerrar sesión",
  /** Without JavaScript: a static notice of when the session ends. */
  expiresAt: (time: string) => `Por seguridad, tu sesión se cierra a las ${time} si no hay actividad.`,
  warningTitle: "Tu sesión está por vencer",
  warningText: (time: string) => `Por seguridad, tu sesión se cerrará a las ${time} si no hay actividad. Lo que estés escribiendo se guarda.`,
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
