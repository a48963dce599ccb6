import { expect, expectNoAxeViolations, signIn, test, type Citizen } from "./fixtures";
import { createCitizen } from "./operator";

const LABEL = "Recibir un resumen diario por correo cuando alguien acceda a mis datos";

/**
 * The switch of the daily e-mail digest of the accesses (decision 071): its own block below the
 * spec's 'Datos de contacto' in 'Configuración', saved with a plain post (with and without
 * JavaScript) and a toast; 'Tus datos' says whether it is on and links to it; axe-clean at 360
 * and 1280 px.
 */
test.describe("resumen por correo de los accesos", () => {
  test("switched off and on again in Configuración; Tus datos tells its state", async ({ page }) => {
    test.setTimeout(90_000);
    const citizen = (await createCitizen({ givenName: "Inés" })) as unknown as Citizen;
    await page.setViewportSize({ width: 360, height: 900 });
    await signIn(page, citizen, "/digital/settings");

    // The spec's screen is as it was, the switch below it, on by default.
    await expect(page.getByRole("heading", { level: 2, name: "Datos de contacto" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Guardar", exact: true })).toBeVisible();
    const block = page.locator("#resumen");
    await expect(block.getByRole("heading", { level: 2, name: "Resumen por correo de los accesos a tus datos" })).toBeVisible();
    const box = page.getByLabel(LABEL);
    await expect(box).toBeChecked();
    await expectNoAxeViolations(page);

    await box.uncheck();
    await page.getByRole("button", { name: "Actualizar preferencia" }).click();
    await expect(page.locator(".toast")).toContainText("Desactivaste el resumen diario por correo de los accesos a tus datos.");
    await expect(page).toHaveURL(/\/digital\/settings$/);
    await expect(page.getByLabel(LABEL)).not.toBeChecked();
    await page.goto("/digital/settings");
    await expect(page.getByLabel(LABEL)).not.toBeChecked();

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/datos");
    await expect(page.getByText("No recibes el resumen diario por correo de los accesos a tus datos.")).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: "Cambiar en Configuración" }).click();
    await expect(page).toHaveURL(/\/digital\/settings#resumen$/);

    await page.getByLabel(LABEL).check();
    await page.getByRole("button", { name: "Actualizar preferencia" }).click();
    await expect(page.locator(".toast")).toContainText("Activaste el resumen diario por correo de los accesos a tus datos.");
    await expect(page.getByLabel(LABEL)).toBeChecked();
    await expectNoAxeViolations(page);
    await page.goto("/datos");
    await expect(page.getByText("Recibes un resumen diario por correo cuando alguien accede a tus datos.")).toBeVisible();
  });

  test("a citizen who has not adhered sees no switch on Tus datos (the digest goes to the adhesion's e-mail)", async ({ page }) => {
    const citizen = (await createCitizen({ adhered: false })) as unknown as Citizen;
    await signIn(page, citizen, "/datos");
    await expect(page.getByRole("heading", { level: 1, name: "Tus datos" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Cambiar en Configuración" })).toHaveCount(0);
    await expect(page.getByText(/resumen diario por correo/)).toHaveCount(0);
  });
});
