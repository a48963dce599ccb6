/**
 * Part of the portal's one Spanish catalogue (see app/lib/messages.ts): the progress of an upload
 * with JavaScript (issue 32), beside the spec's own loading texts, which stay where the spec puts them.
 */
export const uploads = {
  /** The visible line beside the bar, and what the live region says at each quarter. */
  progress: (name: string, percent: number) => `Subiendo ${name}: ${percent} %`,
  /** Several files go one by one (spec section 4): which one of how many. */
  ofMany: (n: number, total: number) => `Archivo ${n} de ${total}`,
  /** The body has arrived; the portal is handing it to the backend. */
  saving: (name: string) => `Guardando ${name}...`,
  cancel: "Cancelar la subida",
  cancelled: "Cancelaste la subida. No se guardó ningún documento.",
};
