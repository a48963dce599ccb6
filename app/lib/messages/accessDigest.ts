/** Part of the portal's one Spanish catalogue (see app/lib/messages.ts): the 'accessDigest' texts. */

/** The daily e-mail digest of the accesses to the citizen's data (decision 071); not in the spec. */
export const accessDigest = {
  title: "Resumen por correo de los accesos a tus datos",
  label: "Recibir un resumen diario por correo cuando alguien acceda a mis datos",
  hint: "Te lo enviamos al correo de tu domicilio digital, como mucho una vez al día, con cuántos accesos hubo y de qué organismos. El detalle está en Tus datos.",
  /** Not "Guardar…": the spec's 'Guardar' stays the one button of that name on the page. */
  save: "Actualizar preferencia",
  toasts: {
    on: "Activaste el resumen diario por correo de los accesos a tus datos.",
    off: "Desactivaste el resumen diario por correo de los accesos a tus datos.",
    error: "Error al guardar la preferencia del resumen por correo. Intente nuevamente.",
  },
  /** On 'Tus datos': the switch's state and where to change it. */
  stateOn: "Recibes un resumen diario por correo cuando alguien accede a tus datos.",
  stateOff: "No recibes el resumen diario por correo de los accesos a tus datos.",
  change: "Cambiar en Configuración",
} as const;
