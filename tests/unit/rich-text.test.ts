import { describe, expect, it } from "vitest";
import { hasMarkup, richOrPlain, sanitizeRichText } from "~/lib/rich-text.server";

describe("messages with markup (a communication's message, the terms)", () => {
  it("markup becomes sanitised HTML: structure kept, scripts, handlers and javascript: links dropped", () => {
    const shown = richOrPlain(
      '<p>Hola <strong>Ana</strong></p><script>alert(1)</script><img src="x" onerror="alert(1)"><a href="javascript:alert(1)">x</a><a href="https://example.com">ok</a>',
    );
    expect("html" in shown).toBe(true);
    const html = (shown as { html: string }).html;
    expect(html).toContain("<p>Hola <strong>Ana</strong></p>");
    expect(html).not.toMatch(/<script|<img|onerror|javascript:/i);
    expect(html).toContain('<a href="https://example.com" rel="noopener noreferrer" target="_blank">ok</a>');
  });

  it("plain text stays text (React escapes it), including a lone '<'", () => {
    expect(richOrPlain("3 < 5 y 7 > 2.\nSegunda línea.")).toEqual({ text: "3 < 5 y 7 > 2.\nSegunda línea." });
    expect(richOrPlain(null)).toEqual({ text: "" });
    expect(hasMarkup("Tome nota &amp; archive")).toBe(true);
    expect(hasMarkup("a<b")).toBe(false);
  });

  it("the terms go through the same allow-list", () => {
    expect(sanitizeRichText('<h2 onclick="x()">Términos</h2><iframe src="https://x"></iframe>')).toBe("<h2>Términos</h2>");
  });
});
