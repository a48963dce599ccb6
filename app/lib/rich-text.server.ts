import sanitizeHtml from "sanitize-html";

/**
 * HTML that comes from the API (terms, privacy policy, a communication's message) is shown only
 * through this one allow-list (decision 011): structure and emphasis, links over https and mailto
 * opened apart; scripts, styles, event handlers and every other tag or attribute are dropped.
 */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [
      "h2",
      "h3",
      "h4",
      "p",
      "ul",
      "ol",
      "li",
      "strong",
      "em",
      "b",
      "i",
      "u",
      "a",
      "br",
      "table",
      "thead",
      "tbody",
      "tr",
      "th",
      "td",
    ],
    allowedAttributes: { a: ["href", "title", "rel", "target"] },
    allowedSchemes: ["https", "mailto"],
    transformTags: { a: sanitizeHtml.simpleTransform("a", { rel: "noopener noreferrer", target: "_blank" }) },
  });
}

/** True when a text carries HTML markup (a tag or an entity), rather than being plain text. */
export function hasMarkup(text: string): boolean {
  return /<\/?[a-z][a-z0-9]*(\s[^<>]*)?\/?>|&(#\d+|#x[0-9a-f]+|[a-z]+);/i.test(text);
}

/**
 * A message as the page shows it: markup becomes sanitised HTML; plain text stays text (React
 * escapes it and its line breaks are kept by CSS). Never raw markup, never unsanitised HTML.
 */
export function richOrPlain(text: string | null | undefined): { html: string } | { text: string } {
  const value = text ?? "";
  return hasMarkup(value) ? { html: sanitizeRichText(value) } : { text: value };
}
