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

/** The types the API accepts in an upload, recognised by a file's first bytes (never by a declared type). */
export type DetectedType = "application/pdf" | "image/jpeg" | "image/png";
const DETECTED: readonly DetectedType[] = ["application/pdf", "image/jpeg", "image/png"];

/** The types the first bytes can show: the accepted ones, the server's page images and the ZIP archives. */
export type SniffedType = DetectedType | "image/webp" | "application/zip";

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));
/** Each type's first bytes (null: any byte there). */
const SIGNATURES: readonly (readonly [SniffedType, readonly (number | null)[]])[] = [
  ["application/pdf", ascii("%PDF-")],
  ["image/jpeg", [0xff, 0xd8, 0xff]],
  ["image/png", [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  ["image/webp", [...ascii("RIFF"), null, null, null, null, ...ascii("WEBP")]],
  ["application/zip", ascii("PK\u0003\u0004")],
  ["application/zip", ascii("PK\u0005\u0006")], // an empty archive
];

/**
 * The type among `types` that a file's first bytes show; null when they show none of them;
 * undefined while too few bytes have come to tell (a stream's first chunk may be short).
 */
export function typeByBytes<T extends SniffedType>(head: Uint8Array, types: readonly T[]): T | null | undefined {
  let undecided = false;
  for (const [type, bytes] of SIGNATURES) {
    if (!types.includes(type as T)) continue;
    const seen = Math.min(head.length, bytes.length);
    if (!bytes.slice(0, seen).every((b, i) => b === null || b === head[i])) continue;
    if (seen === bytes.length) return type as T;
    undecided = true;
  }
  return undecided ? undefined : null;
}

/** The type of a file by its first bytes; null when it is none of the accepted ones. */
export function detectType(head: Uint8Array): DetectedType | null {
  return typeByBytes(head, DETECTED) ?? null;
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
