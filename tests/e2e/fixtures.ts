import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { demoCitizens } from "../../server/auth/oidc/demo-citizens";

export { expect, test };

export const citizens = {
  adhered: demoCitizens[0]!,
  notAdhered: demoCitizens[1]!,
  empty: demoCitizens[2]!,
};

/** This run is the no-JavaScript project's (the text browser's view). */
export const noJs = () => test.info().project.use.javaScriptEnabled === false;

export const PORTAL_ORIGIN = `http://localhost:${process.env.E2E_PORTAL_PORT ?? 3100}`;

export type Citizen = (typeof demoCitizens)[number];

/** Fills the identity provider's sign-in page (fields labelled CUIL and Contraseña). */
export async function fillSignIn(page: Page, citizen: Citizen) {
  await expect(page.getByLabel("CUIL")).toBeVisible();
  await page.getByLabel("CUIL").fill(citizen.cuil);
  await page.getByLabel("Contraseña").fill(citizen.password);
  await page.getByRole("button", { name: "Ingresar" }).click();
}

/** Signs in through the real OpenID Connect flow, starting from `path`, and waits to be back on the portal. */
export async function signIn(page: Page, citizen: Citizen, path = "/procedures") {
  await page.goto(path);
  await fillSignIn(page, citizen);
  await page.waitForURL((url) => url.origin === PORTAL_ORIGIN && !url.pathname.startsWith("/auth"));
}

/**
 * 'Cerrar sesión' from the desktop profile panel: one press ends the portal's session and the
 * identity provider's (issue 31), until the sign-in form shows again.
 */
export async function signOut(page: Page) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.locator(".profile-panel > summary").click();
  await page.locator(".profile-panel").getByRole("button", { name: "Cerrar sesión" }).click();
  await expect(page.getByLabel("CUIL")).toBeVisible();
}

/** Room a check gets while it runs; afterwards the test's timeout grows by the time the check took. */
const AXE_ROOM_MS = 5 * 60_000;

/**
 * Waits until React has hydrated the page (it marks the DOM nodes it owns) and a moment more for its
 * effects: a fake clock moved before then moves under timers that do not exist yet, and text typed
 * before then is wiped by hydration.
 */
export async function waitForHydration(page: Page) {
  if (test.info().project.use.javaScriptEnabled === false) return; // nothing hydrates without JavaScript
  await page.waitForFunction(() => Object.keys(document.getElementById("main") ?? {}).some((key) => key.startsWith("__react")));
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 50)));
}

/**
 * Waits until an open dialog listens for Escape: app/ui/Modal.tsx takes the focus in the same effect
 * that starts listening, and a dialog is visible a moment before that effect runs.
 */
export async function waitForDialogFocus(page: Page) {
  await expect.poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))).toBe(true);
}

const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

/** One scripted page per browser for the no-JavaScript project's checks: a fresh context per check cost seconds on a loaded machine. */
const scriptedPages = new WeakMap<Browser, Promise<Page>>();
async function scriptedPage(browser: Browser): Promise<Page> {
  const known = await scriptedPages.get(browser)?.catch(() => null);
  if (known && !known.isClosed()) return known;
  const fresh = browser.newContext({ javaScriptEnabled: true, locale: "es-AR" }).then((context) => context.newPage());
  scriptedPages.set(browser, fresh);
  return fresh;
}

/**
 * axe-core over the whole page, WCAG 2.0/2.1/2.2 A and AA: nothing may be found.
 * axe needs script, so for the no-JavaScript project the page's server-rendered HTML (its
 * scripts removed) is loaded at the same address in a scripted page and checked there.
 */
export async function expectNoAxeViolations(page: Page) {
  const info = test.info();
  const budget = info.timeout;
  const started = Date.now();
  // The checker's own time (1–2 s a page, several times that on a loaded machine) is not the
  // product's: it does not count against the test's timeout. The room is made before it runs (a
  // timeout that struck inside the check failed the test) and set to the time it took after.
  if (budget > 0) info.setTimeout(budget + AXE_ROOM_MS);
  let target = page;
  let cleanup = async () => {};
  try {
    if (info.project.use.javaScriptEnabled === false) {
      // Axe needs scripts: the page's own HTML is re-served, without its scripts, to a scripted page.
      // Wait for the whole document first: right after a form post the DOM may still be half parsed.
      await page.waitForLoadState("load");
      const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, "");
      target = await scriptedPage(page.context().browser()!);
      const viewport = page.viewportSize();
      if (viewport) await target.setViewportSize(viewport);
      const url = page.url();
      await target.route(
        (address) => address.href === url,
        (route) => route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html }),
      );
      cleanup = () => target.unrouteAll({ behavior: "ignoreErrors" });
      await target.goto(url);
    }
    // Legacy mode runs axe once from the page (it still reaches same-origin frames, such as the
    // procedure form's) instead of per frame plus a blank page to merge the results: half the time.
    const results = await new AxeBuilder({ page: target }).setLegacyMode(true).withTags(AXE_TAGS).analyze();
    const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
    expect(summary, "axe-core violations").toEqual([]);
  } finally {
    await cleanup();
    if (budget > 0) info.setTimeout(budget + (Date.now() - started));
  }
}
