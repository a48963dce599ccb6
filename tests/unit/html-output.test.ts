import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Untrusted input: text from the backend and from citizens (messages, names, subjects) is rendered
 * as React text, which escapes it. Raw HTML reaches the page in exactly these reviewed places; a new
 * `dangerouslySetInnerHTML` fails here until it is reviewed (backend HTML must go through
 * sanitize-html on the server first, as the terms and privacy texts do).
 */
const REVIEWED: Record<string, string> = {
  "app/ui/RichText.tsx":
    "terms / privacy / procedure terms HTML from the backend, sanitised with sanitize-html by richOrPlain in app/lib/rich-text.server.ts",
  "app/features/session/SignOutView.tsx": "a constant script with the CSP nonce that posts the end-session form",
  "app/features/digital/SummaryView.tsx":
    "a communication's formatted message, sanitised with sanitize-html in app/lib/rich-text.server.ts",
  "app/ui/JsEnabledScript.tsx": "a constant script with the CSP nonce",
  "app/root.tsx": "a constant script with the CSP nonce",
};

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? files(full) : /\.(tsx?|jsx?)$/.test(e.name) ? [full] : [];
  });
}

describe("HTML output", () => {
  const root = path.resolve(__dirname, "../..");
  it("uses dangerouslySetInnerHTML only in the reviewed places", () => {
    const found = files(path.join(root, "app"))
      .filter((f) => fs.readFileSync(f, "utf8").includes("dangerouslySetInnerHTML"))
      .map((f) => path.relative(root, f).split(path.sep).join("/"))
      .sort();
    expect(found).toEqual(Object.keys(REVIEWED).sort());
  });

  it("the legal texts and formatted messages are sanitised with sanitize-html before rendering", () => {
    const sanitiser = fs.readFileSync(path.join(root, "app/lib/rich-text.server.ts"), "utf8");
    expect(sanitiser).toMatch(/import sanitizeHtml from "sanitize-html"/);
    expect(sanitiser).toMatch(/sanitizeHtml\(html,/);
    // HTML reaches RichText only through richOrPlain, which sanitises whatever has markup.
    expect(sanitiser).toMatch(/hasMarkup\(value\) \? \{ html: sanitizeRichText\(value\) \}/);
    for (const loader of ["app/features/digital/contact.server.ts", "app/features/procedures/requirements.server.ts"]) {
      expect(fs.readFileSync(path.join(root, loader), "utf8")).toMatch(/richOrPlain\(/);
    }
  });
});
