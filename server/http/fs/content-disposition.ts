/** `Content-Disposition` per RFC 6266/5987: one helper for the API and the portal. */
export { contentDisposition } from "../../../common/file-names.js";

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
