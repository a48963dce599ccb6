/**
 * Put in <head> of root.tsx, before the stylesheet link: adds the `js` class to <html> before the
 * first paint, so `.js-only` / `.no-js-only` and the enhanced styles apply without a flash.
 * Add `suppressHydrationWarning` to <html> (the class is added outside React).
 * Props: `nonce` for a Content-Security-Policy with script nonces.
 */
export const JS_ENABLED_SCRIPT = "document.documentElement.classList.add('js')";

export function JsEnabledScript({ nonce }: { nonce?: string }) {
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: JS_ENABLED_SCRIPT }} />;
}
