/** Part of the portal's one Spanish catalogue (see app/lib/messages.ts): sizes of files. */

/** A file's size, '2,5 MB', '340 KB', '12 bytes': receipts and 'Descargar mis datos' (its own module: only their routes carry it). */
export const sizes = {
  bytes: (bytes: number) =>
    bytes >= 1024 * 1024
      ? `${(bytes / (1024 * 1024)).toLocaleString("es-AR", { maximumFractionDigits: 1 })} MB`
      : bytes >= 1024
        ? `${(bytes / 1024).toLocaleString("es-AR", { maximumFractionDigits: 1 })} KB`
        : `${bytes} bytes`,
} as const;
