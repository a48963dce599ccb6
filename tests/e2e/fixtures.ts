import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { demoCitizens } from "../../server/db/seed/demo-citizens";

export { expect, test };

export const citizens = {
  adhered: demoCitizens[0]!,
  notAdhered: demoCitizens[1]!,
  empty: demoCitizens[2]!,
};

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
 * 'Cerrar sesión' from the desktop profile panel, through the identity provider's end-session
 * page (it submits itself with JavaScript; without it the citizen presses its button), until the
 * sign-in form shows again.
 */
export async function signOut(page: Page) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.locator(".profile-panel--desktop > summary").click();
  await page.locator(".profile-panel--desktop").getByRole("button", { name: "Cerrar sesión" }).click();
  const cuil = page.getByLabel("CUIL");
  const confirm = page.getByRole("button", { name: "Cerrar sesión" });
  await expect(cuil.or(confirm).first()).toBeVisible();
  if (await confirm.isVisible()) await confirm.click();
  await expect(cuil).toBeVisible();
}

const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

/**
 * axe-core over the whole page, WCAG 2.0/2.1/2.2 A and AA: nothing may be found.
 * axe needs script, so for the no-JavaScript project the page's server-rendered HTML (its
 * scripts removed) is loaded at the same address in a scripted page and checked there.
 */
export async function expectNoAxeViolations(page: Page) {
  let target = page;
  let cleanup = async () => {};
  if (test.info().project.use.javaScriptEnabled === false) {
    // Axe needs scripts: the page's own HTML is re-served, without its scripts, to a scripted page.
    // Wait for the whole document first: right after a form post the DOM may still be half parsed.
    await page.waitForLoadState("load");
    const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, "");
    const browser = page.context().browser()!;
    const context = await browser.newContext({ javaScriptEnabled: true, viewport: page.viewportSize(), locale: "es-AR" });
    target = await context.newPage();
    const url = page.url();
    await target.route(url, (route) => route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html }));
    await target.goto(url);
    cleanup = () => context.close();
  }
  try {
    const results = await new AxeBuilder({ page: target }).withTags(AXE_TAGS).analyze();
    const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
    expect(summary, "axe-core violations").toEqual([]);
  } finally {
    await cleanup();
  }
}

