/** Part of the portal's one Spanish catalogue (see app/lib/messages.ts): the 'accessibility' texts. */

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
    "Los tres recorridos principales se prueban solo con el teclado, con JavaScript y sin JavaScript: adherirse al domicilio digital y leer, descargar y archivar una comunicación; iniciar un trámite desde el catálogo hasta enviar el primer mensaje; abrir un expediente y subirle un documento. En cada paso el elemento con el foco se ve resaltado, el enlace «Saltar al contenido principal» lleva al contenido y el foco nunca queda atrapado. Lo único que la prueba no recorre con el teclado es la ventana del sistema para elegir el archivo.",
  ],
  limitsTitle: "Lo que todavía no cumple",
  limits: [
    "La vista previa de documentos de un expediente dibuja cada página; todavía no ofrece el texto del documento como alternativa accesible. Puedes descargar el documento y abrirlo con tu lector habitual.",
    "Las pruebas automáticas encuentran una parte de los problemas posibles; todavía no hicimos una revisión completa con personas usuarias de lectores de pantalla.",
  ],
  contactTitle: "Si encuentra una barrera",
  contact:
    "Llama a la línea gratuita 0800-555-0123, de lunes a viernes de 8 a 18 hs, y cuéntanos en qué pantalla ocurrió: te ayudaremos a completar tu trámite por otro medio y corregiremos el problema.",
  updated: (date: string) => `Última revisión: ${date}.`,
} as const;
