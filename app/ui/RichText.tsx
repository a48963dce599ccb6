/**
 * Text from the API as the server prepared it (`richOrPlain`, app/lib/rich-text.server.ts): HTML
 * sanitised there is drawn as HTML, never shown as its tags; plain text stays text, its line breaks kept.
 */
export type RichBody = { html: string } | { text: string };

export function RichText({ body, className = "" }: { body: RichBody; className?: string }) {
  return "html" in body ? (
    <div className={`rich-text ${className}`.trim()} dangerouslySetInnerHTML={{ __html: body.html }} />
  ) : (
    <div className={`rich-text rich-text--plain ${className}`.trim()}>{body.text}</div>
  );
}
