/**
 * Issue 40: a shared terminal keeps nothing of the last citizen. A browser with a profile on disk
 * (as a government office's computer keeps one) signs in, searches, signs out and closes; then the
 * profile's history and autofill stores (Chromium's `History` and `Web Data` SQLite files) are read
 * for the citizen's CUIL, name, e-mail, tokens and the words searched.
 */
import { copyFileSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { chromium } from "@playwright/test";
import { browserUse } from "./browser-use";
import { expect, fillSignIn, PORTAL_ORIGIN, signOut, test, type Citizen } from "./fixtures";
import { createCitizen } from "./operator";

/** Every text of every table of a SQLite file, read from a copy (the browser may still hold the file). */
function everyText(file: string): string {
  if (!existsSync(file)) return "";
  const copy = path.join(mkdtempSync(path.join(tmpdir(), "av-profile-copy-")), "db");
  copyFileSync(file, copy);
  const db = new Database(copy, { readonly: true });
  try {
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[];
    return tables.map(({ name }) => JSON.stringify(db.prepare(`SELECT * FROM "${name.replace(/"/g, '""')}"`).all())).join("\n");
  } finally {
    db.close();
    rmSync(path.dirname(copy), { recursive: true, force: true });
  }
}

test(
  "after sign-out the browser's history and autofill keep no CUIL, name, e-mail, token or search word",
  { tag: "@js-only" },
  async () => {
    const citizen = (await createCitizen({ givenName: "Rosaura", familyName: "Quintanilla" })) as unknown as Citizen;
    const dir = mkdtempSync(path.join(tmpdir(), "av-profile-"));
    const use = browserUse(PORTAL_ORIGIN);
    const context = await chromium.launchPersistentContext(dir, {
      ...use.launchOptions,
      baseURL: use.baseURL,
      locale: use.locale,
      timezoneId: use.timezoneId,
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto("/procedures");
      await fillSignIn(page, citizen);
      await page.waitForURL((url) => url.origin === PORTAL_ORIGIN && !url.pathname.startsWith("/auth"));
      // Searches a citizen might make, each sent with the form's own button (the browser then saves what autofill keeps).
      await page.goto("/procedures/available");
      await page.getByRole("searchbox", { name: "Buscar trámites disponibles" }).fill("zanahoria");
      await page.getByRole("searchbox", { name: "Buscar trámites disponibles" }).press("Enter");
      await page.waitForURL(/zanahoria/);
      await page.goto("/records");
      await page.getByRole("searchbox").first().fill("berenjena");
      await page.getByRole("searchbox").first().press("Enter");
      await page.waitForURL(/berenjena/);
      await signOut(page);
    } finally {
      await context.close(); // the profile's stores are written out as the browser closes
    }
    const history = everyText(path.join(dir, "Default", "History"));
    const autofill = everyText(path.join(dir, "Default", "Web Data"));
    rmSync(dir, { recursive: true, force: true });
    expect(history.length).toBeGreaterThan(0); // the profile was written (the portal's pages are in it)
    expect(history).toContain(new URL(PORTAL_ORIGIN).host);

    const personal = [
      citizen.cuil,
      `${citizen.cuil.slice(0, 2)}-${citizen.cuil.slice(2, 10)}-${citizen.cuil.slice(10)}`,
      "Rosaura",
      "Quintanilla",
      "@example.com",
    ];
    for (const needle of personal) {
      expect(autofill, `autofill keeps ${needle}`).not.toContain(needle);
      expect(history, `history keeps ${needle}`).not.toContain(needle);
    }
    // The words searched: not kept by autofill (autocomplete="off" on every search box). The history
    // still holds them in the result pages' addresses (`?q=`), which ARCHITECTURE.md's rule "every view
    // state lives in the URL" requires; see issue 40's note.
    for (const word of ["zanahoria", "berenjena"]) expect(autofill, `autofill keeps ${word}`).not.toContain(word);
    // Tokens: no ID token (a JWT, "eyJ…") in any address the browser recorded. PENDING helper b's
    // sign-out change (no id_token_hint in the end-session URL): until it is merged this line fails.
    expect(history, "an ID token in the history (id_token_hint of the sign-out URL)").not.toMatch(/eyJ[\w-]+\.[\w-]+\./);
  },
);
