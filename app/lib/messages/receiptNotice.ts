/** Part of the portal's one Spanish catalogue (see app/lib/messages.ts): the 'receiptNotice' texts. */

/** The offer of a receipt on the page after the action (root: kept apart so the shared bundle stays small). */
export const receiptNotice = {
  notice: "Comprobante emitido",
  issued: (number: string) => `Emitimos el comprobante N° ${number}.`,
  view: "Ver comprobante",
} as const;
