/** Part of the portal's one Spanish catalogue (see app/lib/messages.ts): the 'errors' texts. */
import { ACCEPTED_UPLOAD_EXTENSIONS } from "./constants";

/** Generic errors and the validation texts of spec section 5 (the error screens are furniture). */
export const errors = {
  /** Any other HTTP error (spec section 8: 'generic'). */
  generic: "Ocurrió un error inesperado. Intente nuevamente.",
  upload: {
    /** Also for server status 413. */
    tooLarge: "Error al subir el documento. El archivo supera el límite permitido de 50MB.",
    /** `list` e.g. '.pdf, .jpeg, .jpg, .png' (see `acceptedFormatsList`). */
    invalidFormat: (list: string) => `Error al subir el documento. Por favor seleccione uno de los siguientes formatos ${list}`,
    acceptedFormatsList: ACCEPTED_UPLOAD_EXTENSIONS.join(", "),
  },
  /** Server error codes with a fixed text. */
  byCode: {
    REQUIRED_FILES_NOT_UPLOADED: "Debe adjuntar los documentos solicitados antes de enviar su consulta.",
  },
  requiredFilesNotUploaded: "Debe adjuntar los documentos solicitados antes de enviar su consulta.",
  formInvalid: "El formulario no se completó correctamente, por favor verifíquelo e intente nuevamente.",
  messageTooLong: (max: number) => `El mensaje no puede superar los ${max} caracteres.`,
  required: "Este campo es obligatorio.",
  emailRequired: "Selecciona un correo electrónico.",
  termsRequired: "Debes aceptar los términos y condiciones.",
  /** Odd posts (decision 005): the count limit of a file post, a broken or foreign body, a refused post. */
  uploadLimits: {
    tooManyFiles: (max: number) =>
      max === 1
        ? "Error al subir el documento. Solo se puede subir un archivo por vez."
        : `Error al subir los documentos. Se pueden subir hasta ${max} archivos por vez.`,
    malformed: "Error al subir el documento. El envío llegó incompleto. Intente nuevamente.",
    /** The API refused an upload before its body (429) without a text of its own. */
    rateLimited:
      "Error al subir el documento. Se alcanzó el máximo de documentos que se pueden subir en poco tiempo. Intente nuevamente en unos minutos.",
    /** The portal's temporary folder holds its most upload bytes (UPLOAD_TMP_LIMIT_BYTES). */
    busy: "Error al subir el documento. El portal está recibiendo muchos documentos en este momento. Intente nuevamente en unos minutos.",
  },
  requests: {
    /** A post refused before it is read: another site's, without the form's token, not a form. */
    refused: "La solicitud no es válida. Recarga la página e intenta nuevamente.",
    /** A form post larger than any form of the portal sends (413). */
    tooLarge: "El envío supera el tamaño permitido. Revisa los datos e intenta nuevamente.",
  },
} as const;
