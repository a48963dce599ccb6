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

/** Decodes a base64 (or base64url) file name; null when it is not valid UTF-8 text. */
export function decodeBase64Name(value: string): string | null {
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(value) || value.length > 1400) return null;
  const bytes = Buffer.from(value.replace(/-/g, "+").replace(/_/g, "/"), "base64");
  try {
    const text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return text && !/\p{Cc}/u.test(text) ? text : null;
  } catch {
    return null;
  }
}

/**
 * The name a download is offered under (issue 28): the one the caller asks for (the spec's path
 * carries it), but always with the extension of the file as stored, so a link cannot offer a PDF as
 * `factura.exe` or a page as `.html`; a stored name without an extension gives none.
 */
export function downloadName(requested: string | null, stored: string): string {
  const extension = /\.[A-Za-z0-9]{1,10}$/.exec(stored)?.[0] ?? "";
  if (!requested) return stored;
  if (extension && requested.toLowerCase().endsWith(extension.toLowerCase())) return requested;
  const base = requested.replace(/\.[^.]*$/, "").trim() || stored.replace(/\.[^.]*$/, "");
  return `${base}${extension}`;
}
