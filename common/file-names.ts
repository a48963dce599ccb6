/** The extension of each type the files take: every download's name ends with its real type's (issue 31). */
export const TYPE_EXTENSIONS: Record<string, string> = {
  "application/pdf": ".pdf",
  "image/jpeg": ".jpg",
  "image/png": ".png",
  "image/webp": ".webp",
  "application/zip": ".zip",
};

/**
 * `name` ending with the extension of `mime` ('DNI de María' → 'DNI de María.pdf'), so a downloaded
 * file opens with a double click on every system; a name that already ends with it (or with .jpeg
 * for a JPEG) is kept, and an unknown type leaves the name as it is.
 */
export function withTypeExtension(name: string, mime: string): string {
  const ext = TYPE_EXTENSIONS[mime];
  const lower = name.trim().toLowerCase();
  if (!ext || !lower || lower.endsWith(ext) || (ext === ".jpg" && lower.endsWith(".jpeg"))) return name;
  return `${name.trim()}${ext}`;
}

/** The types the portal and the API recognise by a file's first bytes (issue 36: never by a declared type). */
export type DetectedType = "application/pdf" | "image/jpeg" | "image/png";

/** How many first bytes `detectType` needs at most. */
export const DETECT_BYTES = 8;

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The type of a file by its first bytes; null when it is none of the accepted ones. */
export function detectType(head: Uint8Array): DetectedType | null {
  const starts = (bytes: readonly number[]) => head.length >= bytes.length && bytes.every((b, i) => head[i] === b);
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d])) return "application/pdf"; // %PDF-
  if (starts([0xff, 0xd8, 0xff])) return "image/jpeg";
  if (starts(PNG)) return "image/png";
  return null;
}

/**
 * `Content-Disposition` per RFC 6266 with the RFC 5987 `filename*` parameter: an ASCII
 * fallback in a quoted string (quotes, backslashes and control characters replaced) and the
 * exact UTF-8 name percent-encoded. The name is only ever a header value, never a path.
 */
export function contentDisposition(name: string, type: "attachment" | "inline" = "attachment"): string {
  const clean =
    name
      .replace(/\p{Cc}/gu, "")
      .replace(/[\\/]/g, "_")
      .trim() || "documento";
  const fallback =
    clean
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/[^\x20-\x7e]/g, "_")
      .replace(/["\\%]/g, "_")
      .trim() || "documento"; // e.g. a name of combining marks only
  const encoded = encodeURIComponent(clean).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/**
 * The file name a `Content-Disposition` value gives (its `filename*` in UTF-8, else its `filename`),
 * only to be offered again under a header the caller makes with `contentDisposition`; null when it
 * gives none that can be read.
 */
export function dispositionName(value: string | null | undefined): string | null {
  if (!value) return null;
  const extended = /filename\*\s*=\s*utf-8'[^']*'([^;\s]+)/i.exec(value)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended).trim() || null;
    } catch {
      // a broken percent-encoding: the plain parameter, if any
    }
  }
  const plain = /(?:^|;)\s*filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/i.exec(value);
  const name = (plain?.[1]?.replace(/\\(.)/g, "$1") ?? plain?.[2] ?? "").trim();
  return name || null;
}
