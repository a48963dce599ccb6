import type { Page } from "@playwright/test";
import { minimalPdf } from "../../server/seed/digital";
import { citizens, expect, expectNoAxeViolations, noJs, signIn, test, waitForHydration, type Citizen } from "./fixtures";
import { createCitizen as createTestCitizen, operator } from "./operator";

/** A fresh citizen of this test only (signIn needs only cuil and password). */
const createCitizen = async (options?: { adhered?: boolean }) => (await createTestCitizen(options)) as unknown as Citizen;

type Sent = { code: string; subject: string; files: { id: string; file_name: string }[] };

async function sendCommunication(cuil: string, subject: string, files: string[] = ["resolucion.pdf"]) {
  return operator<Sent>("POST", "/digital/communications", {
    cuil,
    subject,
    client: "Dirección de Rentas",
    type: "aviso",
    message: `Mensaje de ${subject}`,
    notified: true,
    files: files.map((name) => ({ name, contentBase64: minimalPdf(subject).toString("base64") })),
  });
}

const toast = (page: Page) => page.locator(".toast");
const table = (page: Page) => page.getByRole("table");

test.describe("digital domicile", () => {
  test("adhere as a citizen who has not adhered", async ({ page }) => {
    const citizen = await createCitizen({ adhered: false });
    await signIn(page, citizen, "/digital");
    await expect(page).toHaveURL(/\/procedures\/no-adhesion/);
    await page.getByRole("link", { name: "Adherirme" }).click();
    await expect(page).toHaveURL(/\/digital\/adhesion/);
    await expect(page.getByRole("heading", { level: 1, name: "Adhesión a domicilio digital" })).toBeVisible();
    const submit = page.getByRole("button", { name: "Adherirme" });
    if (!noJs()) await expect(submit).toBeDisabled();
    await expect(page.getByRole("radio", { name: "+54 9 261 4555123" })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("radio", { name: /@example\.com/ }).check();
    if (!noJs()) await expect(submit).toBeDisabled();
    await page.getByLabel("He leído y acepto los términos y condiciones").check();
    if (!noJs()) await expect(submit).toBeEnabled();
    await submit.click();
    await expect(page).toHaveURL(/\/digital\/confirm\/create/);
    await expect(page.getByRole("heading", { level: 1, name: "Ya te encuentras adherido" })).toBeVisible();
    await expect(toast(page)).toContainText("Éxito al enviar la adhesión.");
    await expect(page.getByText(/Te enviamos un correo electrónico de confirmación/)).toBeVisible();
    await expect(page.getByRole("link", { name: "Configuración" })).toHaveCount(0);
    await expectNoAxeViolations(page);
    // The guarded routes open at once.
    await page.getByRole("link", { name: "Ir a Domicilio digital" }).click();
    await expect(page).toHaveURL(/\/digital$/);
    await expect(page.getByText("Por el momento, la bandeja está vacía")).toBeVisible();
  });

  // With JavaScript the button stays disabled, so only the no-JS project can post an empty form.
  test("the adhesion form refuses a submit without e-mail and terms (server rule)", { tag: "@no-js-only" }, async ({ page }) => {
    const citizen = await createCitizen({ adhered: false });
    await signIn(page, citizen, "/digital/adhesion");
    await page.getByRole("button", { name: "Adherirme" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Hay un problema" })).toBeVisible();
    await expect(page.getByText("Selecciona un correo electrónico.").first()).toBeVisible();
  });

  test("change the contact settings", async ({ page }) => {
    const citizen = await createCitizen();
    await signIn(page, citizen, "/digital/settings");
    await expect(page.getByRole("heading", { name: "Datos de contacto" })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("radio", { name: "+54 9 261 4555123" }).check();
    await page.getByRole("button", { name: "Guardar" }).click();
    await expect(page).toHaveURL(/\/digital\/confirm\/update/);
    await expect(page.getByRole("heading", { level: 1, name: "Se han modificado tus datos correctamente" })).toBeVisible();
    await expect(toast(page)).toContainText("Éxito al actualizar la configuración.");
    await page.goto("/digital/settings");
    await expect(page.getByRole("radio", { name: "+54 9 261 4555123" })).toBeChecked();
  });

  test("open a communication, download its file, archive it, find it in Archivados and recover it", async ({ page }) => {
    const citizen = await createCitizen();
    const sent = await sendCommunication(citizen.cuil, "Intimación de pago");
    await signIn(page, citizen, "/digital");
    await expect(page.getByRole("link", { name: "Todos (1)" })).toBeVisible();
    await expect(page.getByRole("link", { name: "No Leídos (1)" })).toBeVisible();
    const row = table(page).getByRole("row").filter({ hasText: "Intimación de pago" });
    await expect(row.getByText("No leída")).toBeAttached();
    await expect(row.getByRole("button", { name: /Archivar/ })).toHaveCount(0);
    await expectNoAxeViolations(page);

    await row.getByRole("link", { name: /Intimación de pago/ }).click();
    await expect(page).toHaveURL(new RegExp(`/digital/summary\\?code=${sent.code}`));
    await expect(page.getByRole("heading", { name: "Intimación de pago" })).toBeVisible();
    await expect(page.getByText(sent.code, { exact: true })).toBeVisible();
    await expect(page.getByRole("cell", { name: "Comunicación leída" })).toBeVisible();
    const archive = page.getByRole("button", { name: "Archivar" });
    await expect(archive).toBeDisabled();
    await expect(page.getByText("Descarga todos los archivos adjuntos para poder archivar la comunicación.")).toBeVisible();
    await expectNoAxeViolations(page);

    // History can be hidden and shown.
    await page.getByRole("link", { name: "Ocultar historial" }).click();
    await expect(page.getByRole("cell", { name: "Comunicación leída" })).toBeHidden();
    await page.getByRole("link", { name: "Mostrar historial" }).click();
    await expect(page.getByRole("cell", { name: "Comunicación leída" })).toBeVisible();

    const downloadPromise = page.waitForEvent("download");
    await page.getByRole("link", { name: "Descargar resolucion.pdf" }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toBe("resolucion.pdf");
    if (noJs()) await page.reload();
    await expect(page.getByRole("cell", { name: "Archivo descargado: resolucion.pdf" })).toBeVisible();
    await expect(archive).toBeEnabled();
    await archive.click();
    await expect(page).toHaveURL(/\/digital$/);
    await expect(toast(page)).toContainText(`Éxito al archivar comunicación ${sent.code}.`);
    await expect(page.getByText("Por el momento, la bandeja está vacía")).toBeVisible();

    await page.getByRole("link", { name: "Archivados" }).click();
    await expect(page).toHaveURL(/\/digital\/archive/);
    const archivedRow = table(page).getByRole("row").filter({ hasText: "Intimación de pago" });
    await expect(archivedRow).toBeVisible();
    await expectNoAxeViolations(page);
    await archivedRow.getByRole("button", { name: "Recuperar Intimación de pago" }).click();
    await expect(toast(page)).toContainText(`Éxito al recuperar la comunicación ${sent.code}.`);
    await expect(page.getByText("Por el momento, la bandeja está vacía")).toBeVisible();
    await page.goto("/digital");
    await expect(table(page).getByRole("row").filter({ hasText: "Intimación de pago" })).toBeVisible();
  });

  test("a link from another site shows the envelope; only 'Abrir comunicación' reads it (decision 102)", async ({ page, baseURL }) => {
    const citizen = await createCitizen();
    const sent = await sendCommunication(citizen.cuil, "Citación", []);
    await signIn(page, citizen, "/digital");
    // A page of another site with a plain link to the summary: a real cross-site navigation.
    await page.route("http://elsewhere.test/", (route) =>
      route.fulfill({
        contentType: "text/html",
        body: `<!doctype html><html lang="es"><title>Otro sitio</title><a href="${baseURL}/digital/summary?code=${sent.code}">Ver</a></html>`,
      }),
    );
    await page.goto("http://elsewhere.test/");
    await page.getByRole("link", { name: "Ver" }).click();
    await expect(page.getByRole("heading", { name: "Tienes una comunicación en tu domicilio digital" })).toBeVisible();
    await expect(page.getByText(sent.code, { exact: true })).toBeVisible();
    await expect(page.getByText("Citación")).toHaveCount(0);
    await expectNoAxeViolations(page);

    // Still unread in the inbox.
    await page.goto("/digital");
    const row = table(page).getByRole("row").filter({ hasText: "Citación" });
    await expect(row.getByText("No leída")).toBeAttached();

    await page.goto("http://elsewhere.test/");
    await page.getByRole("link", { name: "Ver" }).click();
    await page.getByRole("button", { name: "Abrir comunicación" }).click();
    await expect(page.getByRole("heading", { name: "Citación" })).toBeVisible();
    await expect(page.getByRole("cell", { name: "Comunicación leída" })).toBeVisible();
  });

  test("archive from the row and recover two at once", async ({ page }) => {
    const citizen = await createCitizen();
    const a = await sendCommunication(citizen.cuil, "Aviso uno", []);
    const b = await sendCommunication(citizen.cuil, "Aviso dos", []);
    await signIn(page, citizen, "/digital");
    for (const sent of [a, b]) {
      await page.goto(`/digital/summary?code=${sent.code}`);
      // An address typed in shows the envelope (decision 102); the citizen opens it.
      await page.getByRole("button", { name: "Abrir comunicación" }).click();
      await expect(page.getByText("Por el momento, no hay documentos adjuntos.")).toBeVisible();
    }
    await page.goto("/digital");
    await expect(page.getByRole("link", { name: "No Leídos (0)" })).toHaveCount(0);
    await expect(page.locator('.tabs__link[aria-disabled="true"]', { hasText: "No Leídos (0)" })).toBeVisible();
    await page.getByRole("button", { name: "Archivar Aviso uno" }).click();
    await expect(toast(page)).toContainText(`Éxito al archivar comunicación ${a.code}.`);
    await page.getByRole("button", { name: "Archivar Aviso dos" }).click();
    await expect(toast(page)).toContainText(`Éxito al archivar comunicación ${b.code}.`);

    await page.goto("/digital/archive");
    const bulk = page.locator("#dd-bulk").getByRole("button", { name: "Recuperar" });
    await page.getByRole("checkbox", { name: "Seleccionar Aviso uno" }).check();
    if (!noJs()) await expect(bulk).toHaveCount(0);
    await page.getByRole("checkbox", { name: "Seleccionar Aviso dos" }).check();
    await expect(bulk).toBeVisible();
    await bulk.click();
    await expect(toast(page)).toContainText("Éxito al recuperar las comunicaciones.");
    await expect(page.getByText("Por el momento, la bandeja está vacía")).toBeVisible();
  });

  test("inbox search, filters, tabs, sorting and pages (demo citizen)", async ({ page }) => {
    await signIn(page, citizens.adhered, "/digital");
    await expect(page.getByRole("heading", { level: 1, name: "Domicilio digital" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Configuración" })).toHaveAttribute("href", "/digital/settings");
    const rows = table(page).locator("tbody tr");
    await expect(rows).toHaveCount(10);
    await expect(page.getByRole("navigation", { name: "Paginación" })).toBeVisible();

    const search = page.getByLabel("Buscar por asunto");
    await waitForHydration(page); // typed before hydration, the debounced search would never start
    await search.fill("patente");
    if (noJs()) await page.getByRole("button", { name: "Buscar", exact: true }).click();
    // The words come back sealed for the session (decision 032): not in the address, nor in the history.
    await expect(page).toHaveURL(/[?&]sq=/);
    expect(page.url()).not.toContain("patente");
    await expect(rows.first()).toContainText(/patente/i);
    const searchChip = page.getByRole("link", { name: "Quitar filtro Asunto: patente" });
    await expect(searchChip).toBeVisible();

    // Sort by subject; clicking again flips the direction.
    const subjectHeader = page.getByRole("columnheader", { name: /Asunto/ });
    await subjectHeader.getByRole("link").click();
    await expect(page).toHaveURL(/order=subject/);
    await expect(subjectHeader).toHaveAttribute("aria-sort", "ascending");
    await subjectHeader.getByRole("link").click();
    await expect(page).toHaveURL(/order=-subject/);
    await expect(page.getByRole("columnheader", { name: /Asunto/ })).toHaveAttribute("aria-sort", "descending");
    // The links kept the sealed search; reload, back and forward keep it too.
    await expect(searchChip).toBeVisible();
    await page.reload();
    await expect(searchChip).toBeVisible();
    await expect(search).toHaveValue("patente");
    await page.goBack();
    await expect(page).toHaveURL(/order=subject/);
    await expect(searchChip).toBeVisible();
    await page.goForward();
    await expect(page).toHaveURL(/order=-subject/);
    await expect(searchChip).toBeVisible();

    // Advanced filters: three filters → two chips and '+1'.
    await page.goto("/digital?filters=1");
    await page.getByLabel("Estado de lectura").selectOption("true");
    await page.getByLabel("Organismo").fill("Registro Civil");
    await page.getByLabel("Resolución").check();
    await page.getByRole("button", { name: "Aplicar filtros" }).click();
    await expect(page).toHaveURL(/client=Registro/);
    const chips = page.getByRole("list", { name: "Filtros aplicados" }).getByRole("listitem");
    await expect(chips).toHaveCount(3);
    await expect(chips.last()).toContainText("+1");
    await expectNoAxeViolations(page);

    await page.goto("/digital?search=zzzz-no-existe");
    await expect(page.getByText("No se encontraron resultados. Intenta ajustar los filtros de búsqueda")).toBeVisible();

    await page.goto("/digital");
    await page.getByRole("link", { name: /No Leídos \(\d+\)/ }).click();
    await expect(page).toHaveURL(/tab=unread/);
    await expect(table(page).getByText("No leída").first()).toBeAttached();
    await page
      .getByRole("navigation", { name: "Paginación" })
      .getByRole("link", { name: "Página 2" })
      .click()
      .catch(() => {});
  });

  test("phone width, terms and privacy", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await signIn(page, citizens.adhered, "/digital/archive");
    await expect(page.getByRole("heading", { level: 1, name: "Archivados" })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto("/digital");
    await expectNoAxeViolations(page);
    await page.goto("/digital/terms");
    await expect(page.getByRole("heading", { level: 1, name: "Términos y condiciones" })).toBeVisible();
    await expect(page.getByText(`CUIL ${citizens.adhered.cuil}`)).toBeVisible();
    await expect(
      page
        .getByRole("button", { name: "Cerrar" })
        .or(page.getByRole("link", { name: "Cerrar" }))
        .first(),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto("/digital/privacy");
    await expect(page.getByRole("heading", { level: 1, name: "Política de privacidad" })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
