/**
 * Resolves a return address against the portal's origin and keeps it only if it
 * stays on that origin. Returns path + query (+ hash), or null.
 * Hostile values (`//evil`, `/\evil`, `javascript:`, encoded schemes, tabs) come out null.
 */
export function safeReturnPath(value: unknown, origin: string): string | null {
  if (typeof value !== "string" || value.length === 0 || value.length > 2048) return null;
  // Only root-relative paths are accepted as return addresses.
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return null;
  // Browsers strip tabs and newlines from URLs and read backslashes as slashes: no control
  // character (C0, DEL, C1) and no backslash.
  if (/[\p{Cc}\\]/u.test(value)) return null;
  let resolved: URL;
  let base: URL;
  try {
    base = new URL(origin);
    resolved = new URL(value, base);
  } catch {
    return null;
  }
  if (resolved.origin !== base.origin) return null;
  if (resolved.protocol !== "http:" && resolved.protocol !== "https:") return null;
  // Dot segments can collapse into a protocol-relative path: "/.//evil.example" → "//evil.example".
  if (resolved.pathname.startsWith("//")) return null;
  return resolved.pathname + resolved.search + resolved.hash;
}
