/** Part of the portal's one Spanish catalogue (see app/lib/messages.ts): the 'readable' texts. */

/** Documents anyone can read (decision 009): page images and page text in the preview. */
export const readable = {
  viewText: "Ver como texto",
  viewPage: "Ver la página",
  viewsLabel: "Forma de ver la página",
  pageImageAlt: (page: number, count: number, name: string) => `Página ${page} de ${count} de ${name}`,
  textTitle: (page: number, count: number) => `Texto de la página ${page} de ${count}`,
  textNote: "Texto extraído automáticamente del documento; puede no respetar el formato original.",
  noTextImage: "Esta página es una imagen y no tiene texto para mostrar.",
  noTextScanned: "No encontramos texto en esta página (puede ser una imagen escaneada).",
  textError: "No pudimos leer el texto de esta página. Puedes descargar el documento para verlo.",
  imageNote: "Si no ves la imagen de la página, puedes ver su texto o descargar el documento.",
  /** Without JavaScript, where the backend draws no pages (decision 098). */
  downloadToRead: "Para leer este documento, descárgalo.",
} as const;
