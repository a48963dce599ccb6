/** The extension of each type the files take: every download's name ends with its real type's (issue 31). */
export const TYPE_EXTENSIONS: Record<string, string> = { "application/pdf": ".pdf", "image/jpeg": ".jpg", "image/png": ".png" };

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
