/**
 * Issue 40: a shared terminal keeps nothing of the last citizen. A browser with a profile on disk
 * (as a government office's computer keeps one) signs in, searches, signs out and closes; then the
 * profile's history and autofill stores (Chromium's `History` and `Web Data` SQLite files) are read
 * for the citizen's CUIL, name, e-mail, tokens and the words searched (in every list; a plain link's
 * words are the check's control: the same reading finds them).
 */
import { copyFileSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { chromium } from "@playwright/test";
import { browserUse } from "./browser-use";
import { expect, fillSignIn, PORTAL_ORIGIN, signOut, test, waitForHydration, type Citizen } from "./fixtures";
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

/** A word searched in each list; none of them may be left in the profile. */
const SEARCHES = [
  ["/procedures", "remolacha"],
  ["/procedures/available", "zanahoria"],
  ["/records", "berenjena"],
  ["/digital", "alcaucil"],
  ["/digital/archive", "calabacita"],
] as const;
/** A word sent by a plain link (`?q=`), which the history does keep: the check's own control. */
const CONTROL_WORD = "rabanito";

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
      // Searches a citizen might make in every list, each sent with Enter (the browser then saves what
      // autofill keeps). Each comes back as the same list with the words sealed (`?sq=`), filtered by them.
      for (const [path, word] of SEARCHES) {
        await page.goto(path);
        await waitForHydration(page);
        const box = page.getByRole("search").getByRole("searchbox").first();
        await box.fill(word);
        await box.press("Enter");
        await page.waitForURL((url) => url.pathname === new URL(path, PORTAL_ORIGIN).pathname && url.search !== "");
        await expect(page.getByRole("search").getByRole("searchbox").first()).toHaveValue(word);
        // Soft: with words in the address the test goes on, to show what the profile's history keeps.
        expect.soft(new URL(page.url()).searchParams.has("sq"), `${path}: the words sealed`).toBe(true);
        expect.soft(page.url(), `${path}: the words in the address`).not.toContain(word);
        // Reload keeps the search (the seal opens in this session).
        await page.reload();
        await expect(page.getByRole("search").getByRole("searchbox").first()).toHaveValue(word);
      }
      // The control: a link with plain words (which still works, decision 032) is in the history as it
      // was followed; the reading below finds it, so it would find the words of any search sent by GET.
      await page.goto(`/procedures/available?q=${CONTROL_WORD}`);
      await expect(page.getByRole("searchbox", { name: "Buscar trámites disponibles" })).toHaveValue(CONTROL_WORD);
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
    // The words searched: not kept by autofill (autocomplete="off" on every search box), nor by the
    // history (the forms post and the lists' addresses carry the words sealed for the session, decision 032).
    expect(history, "the control link's plain words are in the history (the reading finds words in addresses)").toContain(CONTROL_WORD);
    for (const [, word] of SEARCHES) {
      expect(autofill, `autofill keeps ${word}`).not.toContain(word);
      expect(history, `history keeps ${word}`).not.toContain(word);
    }
    // Tokens: no ID token (a JWT, "eyJ…") in any address the browser recorded. PENDING helper b's
    // sign-out change (no id_token_hint in the end-session URL): until it is merged this line fails.
    expect(history, "an ID token in the history (id_token_hint of the sign-out URL)").not.toMatch(/eyJ[\w-]+\.[\w-]+\./);
  },
);
