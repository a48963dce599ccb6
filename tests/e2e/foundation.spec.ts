import { citizens, expect, expectNoAxeViolations, fillSignIn, PORTAL_ORIGIN, signIn, signOut, test } from "./fixtures";

const guarded = ["/procedures", "/procedures/available", "/digital", "/digital/settings", "/records", "/records/manager/?file=1"];

test.describe("sign-in and furniture", () => {
  test("desktop furniture for the adhered citizen (1280 px)", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, citizens.adhered);
    await expect(page).toHaveURL(`${PORTAL_ORIGIN}/procedures`);
    await expect(page.getByRole("heading", { level: 1, name: "Tus trámites" })).toBeVisible();
    const menu = page.getByRole("navigation", { name: "Módulos" });
    await expect(menu.getByRole("link", { name: "Trámites" })).toHaveAttribute("aria-current", "page");
    await expect(menu.getByRole("link", { name: "Expedientes" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Domicilio digital" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Expedientes" })).not.toHaveAttribute("aria-current", "page");
    // Only the first word of the name in the header.
    const firstName = citizens.adhered.name.split(" ")[0]!;
    const toggle = page.locator(".profile-panel > summary");
    await expect(toggle).toContainText(firstName);
    await expect(toggle).not.toContainText(citizens.adhered.name);
    await toggle.click();
    const panel = page.locator(".profile-panel .profile-panel__body");
    await expect(panel).toBeVisible();
    await expect(panel).toContainText(citizens.adhered.name);
    await expect(panel).toContainText(citizens.adhered.cuil.slice(2, 10));
    await expect(panel.getByRole("button", { name: "Cerrar sesión" })).toBeVisible();
    await expect(page.getByRole("contentinfo")).toContainText("8 a 18");
    await expectNoAxeViolations(page);
    // The active module follows the path.
    await menu.getByRole("link", { name: "Expedientes" }).click();
    await expect(page).toHaveURL(`${PORTAL_ORIGIN}/records`);
    await expect(menu.getByRole("link", { name: "Expedientes" })).toHaveAttribute("aria-current", "page");
  });

  test("mobile furniture (360 px): title, menu toggle, menu and user button", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signIn(page, citizens.adhered);
    await expect(page.locator(".site-header__title")).toHaveText("Atención Virtual");
    await expect(page.getByRole("navigation", { name: "Módulos" })).toBeHidden();
    await page.locator(".site-menu > summary").click();
    const mobile = page.getByRole("navigation", { name: "Módulos" });
    await expect(mobile.getByRole("link", { name: "Trámites" })).toHaveAttribute("aria-current", "page");
    await expect(mobile.getByRole("link", { name: "Domicilio digital" })).toBeVisible();
    const userButton = page.locator(".profile-panel > summary");
    await expect(userButton).toHaveText(/^\s*[A-ZÁÉÍÓÚÑ]{1,2}\s*$/, { useInnerText: true });
    await userButton.click();
    await expect(page.locator(".profile-panel .profile-panel__body")).toBeVisible();
    await expectNoAxeViolations(page);
    // Nothing scrolls sideways at 360 px.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test("a deep link survives sign-in and is used once", async ({ page }) => {
    await page.goto("/records?tab=archived&page=2");
    await expect(page).not.toHaveURL(new RegExp(`^${PORTAL_ORIGIN}`));
    await fillSignIn(page, citizens.adhered);
    await expect(page).toHaveURL(`${PORTAL_ORIGIN}/records?tab=archived&page=2`);
    await page.goto("/");
    await expect(page).toHaveURL(`${PORTAL_ORIGIN}/procedures`);
  });

  test("the not-adhered citizen is sent to /procedures/no-adhesion from every guarded route", async ({ page }) => {
    await signIn(page, citizens.notAdhered);
    await expect(page).toHaveURL(`${PORTAL_ORIGIN}/procedures/no-adhesion`);
    for (const path of guarded) {
      await page.goto(path);
      await expect(page).toHaveURL(`${PORTAL_ORIGIN}/procedures/no-adhesion`);
    }
    await expect(page.getByRole("heading", { level: 1, name: "Tus trámites" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "No te encuentras adherido" })).toBeVisible();
    await expect(page.getByText(/Domicilio Digital/)).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: "Adherirme" }).click();
    await expect(page).toHaveURL(`${PORTAL_ORIGIN}/digital/adhesion`);
  });

  test("sign out ends the session and the back button shows no data", async ({ page }) => {
    await signIn(page, citizens.adhered);
    await signOut(page);
    await page.goto("/procedures");
    await expect(page.getByLabel("CUIL")).toBeVisible();
    await page.goBack();
    await page.waitForLoadState();
    await expect(page.locator(".profile-panel")).toHaveCount(0);
    // Wherever the back button lands, no portal page shows the citizen's data again.
    if (page.url().startsWith(PORTAL_ORIGIN)) await expect(page.getByText(citizens.adhered.name)).toHaveCount(0);
    else await expect(page.getByLabel("CUIL")).toBeVisible();
  });
});

test.describe("session lifetime", () => {
  test("a session cookie copied before 'Cerrar sesión' is useless afterwards (revoked server-side)", async ({ page, context }) => {
    await signIn(page, citizens.empty);
    const saved = await context.cookies();
    await signOut(page);
    // Put the old portal cookies back, as someone who copied them would.
    await context.addCookies(saved.filter((c) => c.domain === "localhost" && c.name.startsWith("av_")));
    await page.goto("/procedures");
    await expect(page.getByLabel("CUIL")).toBeVisible();
    await expect(page.locator(".profile-panel")).toHaveCount(0);
  });

  test("signed-in pages are never stored by the browser or a proxy", async ({ page }) => {
    await signIn(page, citizens.adhered);
    const response = await page.goto("/procedures");
    expect(response?.headers()["cache-control"]).toBe("no-store");
    const cookies = await page.context().cookies();
    const session = cookies.find((c) => c.name === "av_session");
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe("Lax");
  });
});

test.describe("screens without a session", () => {
  test("/error shows the spec's texts", async ({ page }) => {
    await page.goto("/error");
    await expect(page.getByRole("heading", { level: 1, name: "Oops" })).toBeVisible();
    await expect(page.getByText("Hubo un error al cargar la página.")).toBeVisible();
    await expect(page.getByText("Por favor, regresa al inicio o vuelve a intentarlo más tarde.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Ir al inicio" })).toHaveAttribute("href", "/procedures");
    await expectNoAxeViolations(page);
  });

  test("an unknown address shows the not-found screen with 404", async ({ page }) => {
    const response = await page.goto("/no-existe/para-nada");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("the accessibility statement is one link away from every page's footer", async ({ page }) => {
    await page.goto("/error");
    await page.getByRole("contentinfo").getByRole("link", { name: "Declaración de accesibilidad" }).click();
    await expect(page).toHaveURL(`${PORTAL_ORIGIN}/accesibilidad`);
    await expect(page.getByRole("heading", { level: 1, name: "Declaración de accesibilidad" })).toBeVisible();
    await expect(page.getByText(/WCAG\) 2\.2, nivel AA/)).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("the identity provider's sign-in page is accessible", async ({ page }) => {
    await page.goto("/procedures");
    await expect(page.getByLabel("CUIL")).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("security headers: nonce-based CSP, no-store", async ({ page }) => {
    const response = await page.goto("/error");
    const headers = response!.headers();
    expect(headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'self'");
    expect(headers["cache-control"]).toBe("no-store");
    expect(headers["x-content-type-options"]).toBe("nosniff");
  });
});
