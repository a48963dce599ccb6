/** Part of the portal's one Spanish catalogue (see app/lib/messages.ts): the 'downloadAll' texts. */

/** 'Descargar todo' (decision 030): one ZIP with every document and an index. */
export const downloadAll = {
  link: (count: number) => `Descargar todo (ZIP, ${count} ${count === 1 ? "documento" : "documentos"})`,
  hint: "Incluye un índice (indice.csv) con el orden, nombre, referencia y fecha de cada documento.",
  error: "Algo salió mal al descargar los documentos. Intente nuevamente.",
  empty: "No hay documentos para descargar.",
} as const;
