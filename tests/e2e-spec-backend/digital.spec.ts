import type { Page } from "@playwright/test";
import { createCitizen } from "../e2e/operator";
import {
  citizens,
  expect,
  expectNoAxeViolations,
  expectNoExtensions,
  expectScreen,
  noJs,
  PORTAL_ORIGIN,
  test,
  visitAs,
  type Citizen,
} from "./support";

/** Spec section 2, Digital domicile, against the spec backend (data: tests/spec-backend/data.ts). */
const table = (page: Page) => page.getByRole("table");
const row = (page: Page, subject: string) => table(page).getByRole("row").filter({ hasText: subject });
const toast = (page: Page) => page.locator(".toast");

test.describe("digital domicile", () => {
  test("/digital: the inbox", async ({ page }) => {
    await visitAs(page, citizens.adhered, "/digital");
    await expectScreen(page, "Domicilio digital");
    await expect(page.getByRole("link", { name: "Configuración" })).toHaveAttribute("href", "/digital/settings");
    await expect(page.getByRole("link", { name: /^Todos \(\d+\)$/ })).toBeVisible();
    await expect(page.getByRole("link", { name: /^No Leídos \(\d+\)$/ })).toBeVisible();
    await expect(page.getByRole("link", { name: "Archivados" })).toHaveAttribute("href", /\/digital\/archive/);
    await expect(row(page, "Intimación de pago")).toContainText("Dirección de Rentas");
    await expect(row(page, "Resolución de su reclamo")).toBeVisible();
    await expectNoExtensions(page);
    await expectNoAxeViolations(page);
  });

  test("summary, a file downloaded, archive, /digital/archive and recover", async ({ page }) => {
    // Each project works on its own unseen communication: 101 with JavaScript, 107 without.
    const [code, subject, file] = noJs()
      ? ["107", "Aviso de inspección", "acta-de-inspeccion.pdf"]
      : ["101", "Vencimiento del impuesto inmobiliario", "boleta-cuota-3.pdf"];
    await visitAs(page, citizens.adhered, "/digital");
    await expectScreen(page, "Domicilio digital");
    await row(page, subject)
      .getByRole("link", { name: new RegExp(subject) })
      .click();
    await expect(page).toHaveURL(new RegExp(`/digital/summary/?\\?code=${code}`));
    await expect(page.getByRole("heading", { name: subject })).toBeVisible();
    await expect(page.getByText(code, { exact: true })).toBeVisible();
    await expect(page.getByRole("cell", { name: "Comunicación emitida" })).toBeVisible();
    const archive = page.getByRole("button", { name: "Archivar" });
    await expect(archive).toBeDisabled();
    await expectNoExtensions(page);
    await expectNoAxeViolations(page);

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: `Descargar ${file}` }).click()]);
    expect(download.suggestedFilename()).toBe(file);
    if (noJs()) await page.reload();
    await expect(page.getByRole("cell", { name: `Archivo descargado: ${file}` })).toBeVisible();
    await expect(archive).toBeEnabled();
    await archive.click();
    await expect(page).toHaveURL(/\/digital\/?(\?|$)/);
    await expect(toast(page)).toContainText(`Éxito al archivar comunicación ${code}.`);
    await expect(row(page, subject)).toHaveCount(0);

    await page.getByRole("link", { name: "Archivados" }).click();
    await expectScreen(page, "Archivados");
    await expect(row(page, "Constancia de inscripción")).toBeVisible();
    await expect(row(page, subject)).toBeVisible();
    await expectNoAxeViolations(page);
    await row(page, subject)
      .getByRole("button", { name: `Recuperar ${subject}` })
      .click();
    await expect(toast(page)).toContainText(`Éxito al recuperar la comunicación ${code}.`);
    await page.goto("/digital");
    await expect(row(page, subject)).toBeVisible();
  });

  test("/digital/settings: Datos de contacto saved", async ({ page }) => {
    await visitAs(page, citizens.empty, "/digital/settings");
    await expectScreen(page, /Configuración|Datos de contacto|Domicilio digital/);
    await expect(page.getByRole("heading", { name: "Datos de contacto" })).toBeVisible();
    await page.getByRole("radio", { name: "lucia.rodriguez@example.com" }).check();
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Guardar" }).click();
    await expect(page).toHaveURL(/\/digital\/confirm\/update/);
    await expectScreen(page, "Se han modificado tus datos correctamente");
    await expect(toast(page)).toContainText("Éxito al actualizar la configuración.");
  });

  test("the citizen who has not adhered: no-adhesion, then the adhesion", async ({ page }) => {
    await visitAs(page, citizens.notAdhered, "/digital");
    await expect(page).toHaveURL(`${PORTAL_ORIGIN}/procedures/no-adhesion`);
    await expect(page.getByRole("heading", { name: "No te encuentras adherido" })).toBeVisible();
    await page.getByRole("link", { name: "Adherirme" }).click();
    await expectScreen(page, "Adhesión a domicilio digital");
    await expect(page.getByRole("radio", { name: "juan.gomez@example.com" })).toBeVisible();
    await expect(page.getByRole("radio", { name: "+54 9 11 55551234" })).toBeVisible();
    await expectNoAxeViolations(page);

    // Adhering changes the backend's data: a citizen of its own (the backend has never seen them: not adhered).
    const citizen = (await createCitizen({ adhered: false })) as unknown as Citizen;
    await visitAs(page, citizen, "/digital/adhesion");
    await expectScreen(page, "Adhesión a domicilio digital");
    const submit = page.getByRole("button", { name: "Adherirme" });
    await page.getByRole("radio", { name: `ciudadano.${citizen.cuil}@example.com` }).check();
    await page.getByLabel("He leído y acepto los términos y condiciones").check();
    await submit.click();
    await expect(page).toHaveURL(/\/digital\/confirm\/create/);
    await expectScreen(page, "Ya te encuentras adherido");
    await expect(toast(page)).toContainText("Éxito al enviar la adhesión.");
    await page.getByRole("link", { name: "Ir a Domicilio digital" }).click();
    await expect(page).toHaveURL(/\/digital\/?$/);
    await expect(page.getByText("Por el momento, la bandeja está vacía")).toBeVisible();
  });

  test("terms and privacy: the HTML text for the citizen's cuil, sanitised", async ({ page }) => {
    await visitAs(page, citizens.adhered, "/digital/terms");
    await expectScreen(page, "Términos y condiciones");
    await expect(page.getByText(`Para el CUIL ${citizens.adhered.cuil}`)).toBeVisible();
    await expect(page.getByText("valor legal")).toBeVisible();
    await expect(
      page
        .getByRole("button", { name: "Cerrar" })
        .or(page.getByRole("link", { name: "Cerrar" }))
        .first(),
    ).toBeVisible();
    // The backend's HTML carries a script: it must not reach the page.
    await expect(page.locator("main script")).toHaveCount(0);
    if (!noJs()) expect(await page.evaluate(() => (window as { __specBackendInjected?: boolean }).__specBackendInjected)).toBeUndefined();
    await expectNoAxeViolations(page);
    await page.goto("/digital/privacy");
    await expectScreen(page, "Política de privacidad");
    await expect(page.getByText(`Para el CUIL ${citizens.adhered.cuil}`)).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
