import { createCitizen } from "../e2e/operator";
import {
  citizens,
  expect,
  expectNoAxeViolations,
  expectNoExtensions,
  expectScreen,
  LOGOUT_URL,
  PORTAL_ORIGIN,
  test,
  visitAs,
  type Citizen,
} from "./support";

/** Spec section 1: the header, its module menu and the profile panel; 'Cerrar sesión' goes to the configuration's logout_url. */
test.describe("header and profile", () => {
  test("module menu and profile panel", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await visitAs(page, citizens.adhered, "/procedures");
    await expectScreen(page, "Tus trámites");
    const menu = page.getByRole("navigation", { name: "Módulos" });
    await expect(menu.getByRole("link", { name: "Trámites" })).toHaveAttribute("aria-current", "page");
    await expect(menu.getByRole("link", { name: "Expedientes" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Domicilio digital" })).toBeVisible();
    const toggle = page.locator(".profile-panel > summary");
    await expect(toggle).toContainText("María");
    await expect(toggle).not.toContainText("María Laura Fernández");
    await toggle.click();
    const panel = page.locator(".profile-panel .profile-panel__body");
    await expect(panel).toContainText("María Laura Fernández");
    await expect(panel).toContainText("29384756");
    await expect(panel).toContainText("maria.fernandez@example.com");
    await expect(panel).toContainText("4123456");
    await expect(panel.getByRole("button", { name: "Cerrar sesión" })).toBeVisible();
    await expectNoExtensions(page);
    await expectNoAxeViolations(page);
  });

  test("'Cerrar sesión' goes to the configuration's logout_url and ends the portal's session", async ({ page }) => {
    // A citizen of its own: this sign-in is ended, the shared ones are kept.
    const citizen = (await createCitizen({ adhered: false })) as unknown as Citizen;
    await page.setViewportSize({ width: 1280, height: 900 });
    await visitAs(page, citizen, "/procedures/no-adhesion");
    await page.locator(".profile-panel > summary").click();
    // The browser is sent to the province's page (a name nothing answers here: its request is the proof).
    const leaving = page.waitForRequest((request) => request.url() === LOGOUT_URL && request.isNavigationRequest(), { timeout: 20_000 });
    await page.locator(".profile-panel").getByRole("button", { name: "Cerrar sesión" }).click();
    await leaving;
    // The browser's own error page for that name loads meanwhile: look from another tab of the same browser.
    const again = await page.context().newPage();
    await again.goto(`${PORTAL_ORIGIN}/procedures`);
    await expect(again.getByLabel("CUIL")).toBeVisible();
  });
});
