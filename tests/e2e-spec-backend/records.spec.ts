import type { Page } from "@playwright/test";
import {
  citizens,
  expect,
  expectNoAxeViolations,
  expectNoExtensions,
  expectScreen,
  noJs,
  pdfFile,
  side,
  test,
  visitAs,
  watchImages,
} from "./support";

/** Spec section 2, Records, against the spec backend (record 7001 open, 7002 read only: tests/spec-backend/data.ts). */
const incorporatedTable = (page: Page) => page.getByRole("table", { name: "Documentos incorporados" });
const pendingTable = (page: Page) => page.getByRole("table", { name: "Documentos pendientes" });
const sentTable = (page: Page) => page.getByRole("table", { name: "Documentos enviados" });
const dialog = (page: Page) => page.locator("#rec-modal");

test.describe("records", () => {
  test("/records: tabs and a record opened", async ({ page }) => {
    await visitAs(page, citizens.adhered, "/records");
    await expectScreen(page, "Tus expedientes");
    const tabs = page.getByRole("navigation", { name: "Estados de tus expedientes" });
    await expect(tabs.getByRole("link", { name: /Abiertos/ })).toBeVisible();
    await expect(tabs.getByRole("link", { name: /Cerrados/ })).toBeVisible();
    const cards = page.getByRole("list", { name: "Lista de expedientes" }).locator(":scope > li");
    await expect(cards.filter({ hasText: "EX-2026-00012345-GDEBA" })).toBeVisible();
    await expectNoAxeViolations(page);
    await cards.filter({ hasText: "EX-2026-00012345-GDEBA" }).getByRole("link", { name: "Ingresar al expediente" }).click();
    await expect(page).toHaveURL(/\/records\/manager\/?\?file=7001/);
    await expectScreen(page, "Número de expediente: EX-2026-00012345-GDEBA");
  });

  test("the record manager: header, documents, details, preview", async ({ page }) => {
    const images = watchImages(page);
    await visitAs(page, citizens.adhered, "/records/manager/?file=7001");
    await expectScreen(page, "Número de expediente: EX-2026-00012345-GDEBA");
    await expect(page.getByText("En trámite").first()).toBeVisible();
    await page.getByText("Datos del expediente").click();
    await expect(page.getByText("Renovación de licencia de conducir")).toBeVisible();
    await expect(incorporatedTable(page).locator("tbody tr")).toHaveCount(5);
    await expect(incorporatedTable(page)).toContainText("ORDEN 1");
    await expect(sentTable(page)).toContainText("nota-de-presentacion.pdf");
    await expect(sentTable(page)).toContainText("Nota de presentación");
    await expect(sentTable(page)).toContainText("Enviado");
    await expect(pendingTable(page)).toContainText("declaracion-jurada.pdf");
    await expectNoExtensions(page);
    await expectNoAxeViolations(page);

    await page.getByRole("navigation", { name: "Paginación de Documentos incorporados" }).getByRole("link", { name: "Página 2" }).click();
    await expect(incorporatedTable(page).locator("tbody tr")).toHaveCount(2);
    await expect(incorporatedTable(page)).toContainText("ORDEN 7");

    await incorporatedTable(page).getByRole("link", { name: "Ver detalles de providencia.pdf" }).click();
    await expect(dialog(page).getByRole("heading", { name: "Ver detalles" })).toBeVisible();
    await expect(dialog(page)).toContainText("Firmado por");
    await dialog(page).getByRole("link", { name: "Cerrar" }).last().click();
    await expect(dialog(page)).toHaveCount(0);

    await incorporatedTable(page).getByRole("link", { name: "Previsualizar providencia.pdf" }).click();
    const modal = dialog(page);
    await expect(modal.getByRole("heading", { name: "Previsualización del documento" })).toBeVisible();
    await expect(modal.getByText("Orden 7")).toBeVisible();
    await expect(modal.getByText("de 2", { exact: true })).toBeVisible();
    if (!noJs()) await expect(modal.locator("canvas")).toBeVisible();
    await expectNoExtensions(page);
    expect(images.broken()).toEqual([]);
  });

  test("the record manager: a file uploaded to the pending documents, then sent", async ({ page }) => {
    await visitAs(page, citizens.adhered, "/records/manager/?file=7001");
    await expectScreen(page, "Número de expediente: EX-2026-00012345-GDEBA");
    const name = `Nota ${side()}`;
    await page.locator(".rec-menu > summary").click();
    await page.getByRole("link", { name: "Subir nuevo archivo" }).click();
    const modal = dialog(page);
    await expect(modal.getByRole("heading", { name: "Agregar Documentos" })).toBeVisible();
    const file = await pdfFile(`nota-${side()}.pdf`);
    if (noJs()) {
      await modal.locator('input[name="file_0"]').setInputFiles(file);
      await modal.locator('input[name="name_0"]').fill(name);
      await modal.locator('input[name="reference_0"]').fill(`Referencia ${side()}`);
    } else {
      await modal.locator('input[type="file"]').setInputFiles(file);
      await modal.getByLabel("Nombre").fill(name);
      await modal.getByLabel("Referencia").fill(`Referencia ${side()}`);
    }
    await modal.getByRole("button", { name: "Subir", exact: true }).click();
    await expect(modal).toHaveCount(0);
    // The pending list pages by five (spec section 9): other tests' uploads may put this one on a later page.
    for (let ppage = 2; ppage <= 5 && !(await pendingTable(page).getByText(name).count()); ppage++) {
      await page.goto(`/records/manager/?file=7001&ppage=${ppage}`);
    }
    await expect(pendingTable(page)).toContainText(name);

    const send = page.getByRole("button", { name: "Enviar documentos" });
    await pendingTable(page)
      .getByRole("checkbox", { name: `Seleccionar ${name}` })
      .check();
    await send.click();
    await expect(modal.getByRole("heading", { name: "¿Desea enviar el documento pendiente?" })).toBeVisible();
    await modal.getByRole("button", { name: "Enviar", exact: true }).click();
    await expect(page.getByText("Éxito al enviar el documento pendiente.")).toBeVisible();
    await expect(sentTable(page)).toContainText(name);
    await expect(sentTable(page)).toContainText(`Referencia ${side()}`);
  });

  test("a read-only record: no pending section, no associations", async ({ page }) => {
    await visitAs(page, citizens.adhered, "/records/manager/?file=7002");
    await expectScreen(page, "Número de expediente: EX-2025-00098765-GDEBA");
    await expect(page.getByText("No hay documentos incorporados en el expediente")).toBeVisible();
    await expect(page.getByText("No hay documentos enviados en el expediente")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Documentos pendientes" })).toHaveCount(0);
    await page.getByText("Datos del expediente").click();
    await expect(page.getByText("No se encontraron las referencias a los expedientes asociados")).toBeVisible();
  });
});
