import type { Page } from "@playwright/test";

/**
 * Runs in the page, as plain JavaScript text (so no transpiler helper leaks into it). Inline
 * elements are what text browsers put on one line; block elements (div, p, li, …) and form
 * controls start a line or a box of their own, so they never run together.
 */
const DETECT = `(() => {
  const INLINE = new Set(["A", "SPAN", "STRONG", "EM", "B", "I", "TIME", "SMALL", "ABBR", "MARK", "CODE", "LABEL", "SUMMARY", "BUTTON", "IMG"]);
  const textOf = (node) => {
    if (node.nodeType === Node.TEXT_NODE) return node.textContent || "";
    if (node instanceof HTMLImageElement) return node.alt;
    if (node instanceof HTMLElement && INLINE.has(node.tagName)) return Array.from(node.childNodes).map(textOf).join("");
    return "";
  };
  const inlineLike = (node) => node.nodeType === Node.TEXT_NODE || (node instanceof HTMLElement && INLINE.has(node.tagName));
  const found = [];
  for (const el of Array.from(document.body.querySelectorAll("*"))) {
    if (["SCRIPT", "STYLE", "TEMPLATE", "SELECT", "OPTION", "TEXTAREA"].includes(el.tagName)) continue;
    const kids = Array.from(el.childNodes).filter((n) => n.nodeType !== Node.COMMENT_NODE);
    for (let i = 0; i + 1 < kids.length; i += 1) {
      const a = kids[i];
      const b = kids[i + 1];
      if (!inlineLike(a) || !inlineLike(b)) continue;
      if (a.nodeType === Node.TEXT_NODE && b.nodeType === Node.TEXT_NODE) continue;
      const left = textOf(a);
      const right = textOf(b);
      if (/[\\p{L}\\p{N})]$/u.test(left) && /^[\\p{L}\\p{N}(!¡¿◷]/u.test(right)) found.push(left.slice(-24) + "|" + right.slice(0, 24));
    }
  }
  return [...new Set(found)];
})()`;

/**
 * What a text browser (w3m, Lynx) or a line-by-line reading would run together: two pieces of
 * text side by side in the markup with nothing between them, so that without the stylesheet
 * 'Pendientes' and '8' read 'Pendientes8'. Checks the page's HTML as those browsers get it
 * (scripts and stylesheets left out), in a scripted page of its own.
 */
export async function runTogether(page: Page): Promise<string[]> {
  const html = await page.content();
  const context = await page.context().browser()!.newContext({ javaScriptEnabled: true });
  try {
    const probe = await context.newPage();
    await probe.setContent(html.replace(/<script\b[\s\S]*?<\/script>/gi, "").replace(/<link\b[^>]*>/gi, ""));
    return (await probe.evaluate(DETECT)) as string[];
  } finally {
    await context.close();
  }
}
