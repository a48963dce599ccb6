import type { Page } from "@playwright/test";
import { PDFDocument } from "pdf-lib";
import {
  citizens,
  expect,
  expectNoAxeViolations,
  noJs,
  signIn,
  test,
  waitForDialogFocus,
  waitForHydration,
  type Citizen,
} from "./fixtures";
import { createCitizen, operator, recordOfNewCitizen } from "./operator";

/** A fresh adhered citizen with one record of their own (no other test touches it). */
const citizenWithRecord = (sample: Parameters<typeof recordOfNewCitizen>[1]) =>
  recordOfNewCitizen("Solicitud de prueba", sample, [{ code: "agency", key: "Organismo", value: "Mesa de Entradas" }]);

/** A one-page PDF made at run time. */
async function pdfBytes(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([200, 200]);
  return Buffer.from(await doc.save());
}

const managerUrl = (id: string) => `/records/manager/?file=${id}`;
const incorporatedTable = (page: Page) => page.getByRole("table", { name: "Documentos incorporados" });
const pendingTable = (page: Page) => page.getByRole("table", { name: "Documentos pendientes" });
const sentTable = (page: Page) => page.getByRole("table", { name: "Documentos enviados" });
const dialog = (page: Page) => page.locator("#rec-modal");

test.describe("records", () => {
  test("list, tabs and opening a record", async ({ page }) => {
    await signIn(page, citizens.adhered, "/records");
    await expect(page.getByRole("heading", { level: 1, name: "Tus expedientes" })).toBeVisible();
    const tabs = page.getByRole("navigation", { name: "Estados de tus expedientes" });
    await expect(tabs.getByRole("link", { name: /En trámite/ })).toHaveAttribute("aria-current", "page");
    const cards = page.getByRole("list", { name: "Lista de expedientes" }).locator(":scope > li");
    await expect(cards).toHaveCount(10);
    await expectNoAxeViolations(page);

    await page.getByRole("navigation", { name: "Paginación de expedientes" }).getByRole("link", { name: "Página 2" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(cards).toHaveCount(9);

    await tabs.getByRole("link", { name: /Archivados/ }).click();
    await expect(page).toHaveURL(/tab=archived/);
    await expect(page).not.toHaveURL(/page=2/);
    await expect(cards).toHaveCount(6);

    const search = page.getByRole("searchbox", { name: "Buscar expedientes" });
    await search.fill("zzz no existe");
    if (noJs()) await search.press("Enter");
    await expect(page.getByText("No se encontraron expedientes que coincidan con la búsqueda.")).toBeVisible();
    await expect(page).toHaveURL(/[?&]sq=/); // the words sealed for the session (decision 032)
    expect(page.url()).not.toContain("zzz");

    await page.goto("/records");
    await cards.first().getByRole("link", { name: "Ingresar al expediente" }).click();
    await expect(page).toHaveURL(/\/records\/manager\/\?file=/);
    await expect(page.getByRole("heading", { level: 1, name: /^Número de expediente: EX-/ })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("an empty tray and a read-only record", async ({ page }) => {
    const citizen = await createCitizen();
    await operator("POST", "/records", { ownerCuil: citizen.cuil, title: "Archivado", status: "archived", sample: { incorporated: 1 } });
    await signIn(page, citizen as unknown as Citizen, "/records");
    await expect(page.getByText("Por el momento, la bandeja está vacía")).toBeVisible();
    await page
      .getByRole("navigation", { name: "Estados de tus expedientes" })
      .getByRole("link", { name: /Archivados/ })
      .click();
    await page.getByRole("link", { name: "Ingresar al expediente" }).click();
    await expect(page.getByText("Archivado", { exact: true }).first()).toBeVisible();
    await expect(page.getByText("No hay documentos enviados en el expediente")).toBeVisible();
    // read-only: no pending section at all
    await expect(page.getByRole("heading", { name: "Documentos pendientes" })).toHaveCount(0);
    await page.getByText("Datos del expediente").click();
    await expect(page.getByText("No se encontraron las referencias a los expedientes asociados")).toBeVisible();
  });

  test("page through incorporated documents and see details", async ({ page }) => {
    const { citizen, record } = await citizenWithRecord({ incorporated: 7 });
    await signIn(page, citizen, managerUrl(record.id));
    await expect(page.getByRole("heading", { level: 1, name: `Número de expediente: ${record.code}` })).toBeVisible();
    await expect(page.getByText("Documentos del expediente")).toBeVisible();
    await expect(incorporatedTable(page).locator("tbody tr")).toHaveCount(5);
    await expect(incorporatedTable(page)).toContainText("ORDEN 1");
    await page.getByRole("navigation", { name: "Paginación de Documentos incorporados" }).getByRole("link", { name: "Página 2" }).click();
    await expect(incorporatedTable(page).locator("tbody tr")).toHaveCount(2);
    await expect(incorporatedTable(page)).toContainText("ORDEN 7");
    await expect(page.getByText("No hay documentos pendientes en el expediente")).toBeVisible();

    await incorporatedTable(page).getByRole("link", { name: "Ver detalles de Imagen 7.png" }).click();
    await expect(dialog(page).getByRole("heading", { name: "Ver detalles" })).toBeVisible();
    await expect(dialog(page)).toContainText("Páginas");
    await expectNoAxeViolations(page);
    await dialog(page).getByRole("link", { name: "Cerrar" }).last().click();
    await expect(dialog(page)).toHaveCount(0);

    // 360 px: nothing scrolls sideways
    await page.setViewportSize({ width: 360, height: 740 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);

    const search = page.getByRole("searchbox", { name: "Buscar documentos incorporados" });
    await search.fill("Imagen 3");
    if (noJs()) await search.press("Enter");
    await expect(incorporatedTable(page).locator("tbody tr")).toHaveCount(1);
    await expect(page).toHaveURL(/[?&]sq=/); // the words sealed for the session (decision 032)
    expect(page.url()).not.toContain("Imagen");
    await page.reload();
    await expect(search).toHaveValue("Imagen 3");
    await expect(incorporatedTable(page).locator("tbody tr")).toHaveCount(1);
  });

  // Issue 30: the page holds one page of each list; its links are plain links (no JavaScript needed).
  test("each document list pages by its own links and keeps the other lists' pages", async ({ page }) => {
    const { citizen, record } = await citizenWithRecord({ incorporated: 7, sent: 7, pending: 7 });
    await signIn(page, citizen, managerUrl(record.id));
    const rows = (table: ReturnType<typeof sentTable>) => table.locator("tbody tr");
    await expect(rows(sentTable(page))).toHaveCount(5);
    if (!noJs()) {
      await waitForHydration(page);
      // A mark on this document: a full reload would lose it.
      await page.evaluate(() => Object.assign(window, { samePageMark: true }));
    }

    const sentPages = page.getByRole("navigation", { name: "Paginación de Documentos enviados" });
    await sentPages.getByRole("link", { name: "Página 2" }).click();
    await expect(page).toHaveURL(/[?&]spage=2#rec-sent$/);
    await expect(rows(sentTable(page))).toHaveCount(2);
    await expect(sentPages.getByRole("link", { name: "Página 2" })).toHaveAttribute("aria-current", "page");
    await expect(sentPages.getByRole("link", { name: "Página 1" })).not.toHaveAttribute("aria-current", /.*/);
    await expect(rows(incorporatedTable(page))).toHaveCount(5);

    const incorporatedPages = page.getByRole("navigation", { name: "Paginación de Documentos incorporados" });
    await incorporatedPages.getByRole("link", { name: "Siguiente" }).click();
    await expect(page).toHaveURL(/[?&]ipage=2&spage=2#rec-incorporated$/);
    await expect(rows(incorporatedTable(page))).toHaveCount(2);
    await expect(incorporatedTable(page)).toContainText("ORDEN 7");
    await expect(rows(sentTable(page))).toHaveCount(2);
    await expect(rows(pendingTable(page))).toHaveCount(5);

    await page.getByRole("navigation", { name: "Paginación de Documentos pendientes" }).getByRole("link", { name: "Página 2" }).click();
    await expect(page).toHaveURL(/[?&]ipage=2&spage=2&ppage=2#rec-pending$/);
    await expect(rows(pendingTable(page))).toHaveCount(2);
    await expect(rows(incorporatedTable(page))).toHaveCount(2);
    await expect(rows(sentTable(page))).toHaveCount(2);
    await expectNoAxeViolations(page);

    if (!noJs()) {
      expect(await page.evaluate(() => "samePageMark" in window)).toBe(true);
      // A document picked on each page of the pending list: the dialog names both.
      await pendingTable(page).getByRole("checkbox").first().check();
      await page.getByRole("navigation", { name: "Paginación de Documentos pendientes" }).getByRole("link", { name: "Página 1" }).click();
      await expect(rows(pendingTable(page))).toHaveCount(5);
      await pendingTable(page).getByRole("checkbox").first().check();
      await page.getByRole("button", { name: "Enviar documentos" }).click();
      await expect(dialog(page).getByRole("heading", { name: "¿Desea enviar los documentos pendientes?" })).toBeVisible();
      await expect(dialog(page).getByRole("listitem")).toHaveCount(2);
      expect(await page.evaluate(() => "samePageMark" in window)).toBe(true);
    }
  });

  test("preview a multi-page document", async ({ page }) => {
    const { citizen, record } = await citizenWithRecord({ incorporated: 3, bigPages: 150 });
    await signIn(page, citizen, managerUrl(record.id));
    await incorporatedTable(page).getByRole("link", { name: "Previsualizar Documento 1.pdf" }).click();
    const modal = dialog(page);
    await expect(modal.getByRole("heading", { name: "Previsualización del documento" })).toBeVisible();
    await expect(modal.getByText("Orden 1")).toBeVisible();
    await expect(modal.getByText("de 150")).toBeVisible();
    const pageInput = modal.getByLabel("Página", { exact: true });
    await expect(pageInput).toHaveValue("1");
    const shown = async (n: number) => {
      if (noJs())
        await expect(modal.getByRole("img", { name: new RegExp(`^Página ${n} de \\d+ de `) })).toHaveAttribute(
          "src",
          new RegExp(`/image/[^/]+/${n}\\?w=800$`),
        );
      else await expect(modal.locator("canvas")).toHaveAttribute("data-page", String(n));
    };
    if (!noJs()) await expect(modal.locator("canvas")).toBeVisible();
    await shown(1);
    // previous page is ignored at the first page
    await expect(modal.getByRole("link", { name: "Página anterior" })).toHaveAttribute("aria-disabled", "true");
    await modal.getByRole("link", { name: "Página siguiente" }).click();
    await expect(pageInput).toHaveValue("2");
    await shown(2);

    await pageInput.fill("75");
    await modal.getByRole("button", { name: "Ir a la página" }).click();
    await expect(pageInput).toHaveValue("75");
    await shown(75);

    if (!noJs()) {
      await pageInput.fill("151");
      await modal.getByRole("button", { name: "Ir a la página" }).click();
      await expect(modal.getByText("Ingresa un número de página entre 1 y 150.")).toBeVisible();
      await shown(75);
      await page.setViewportSize({ width: 1280, height: 900 });
      await modal.getByRole("button", { name: "Acercar" }).click();
      await expect(modal.locator("canvas")).toHaveAttribute("data-zoom", "1.5");
      await modal.getByRole("button", { name: "Acercar" }).click();
      await expect(modal.locator("canvas")).toHaveAttribute("data-zoom", "2");
      await modal.getByRole("button", { name: "Alejar" }).click();
      await expect(modal.locator("canvas")).toHaveAttribute("data-zoom", "1.5");
      await expect(modal.locator("canvas")).toBeVisible();
    }
    await expectNoAxeViolations(page);

    // switch document: next arrow, then the dropdown
    await modal.getByRole("link", { name: "Documento siguiente" }).click();
    await expect(modal.getByText("Orden 2")).toBeVisible();
    await expect(modal.getByText("de 3")).toBeVisible();
    await expect(pageInput).toHaveValue("1");
    await shown(1);
    await modal.getByLabel("Orden 2").selectOption({ label: "Imagen 3.png" });
    if (noJs()) await modal.getByRole("button", { name: "Ver documento" }).click();
    await expect(modal.getByText("Orden 3")).toBeVisible();
    await expect(modal.getByText("de 1", { exact: true })).toBeVisible();
    await shown(1);
  });

  test("upload two documents, delete one, send the other", async ({ page }) => {
    const { citizen, record } = await citizenWithRecord({ incorporated: 1 });
    await signIn(page, citizen, managerUrl(record.id));
    await expect(page.getByText("No hay documentos pendientes en el expediente")).toBeVisible();
    await page.locator(".rec-menu > summary").click();
    await page.getByRole("link", { name: "Subir nuevo archivo" }).click();
    const modal = dialog(page);
    await expect(modal.getByRole("heading", { name: "Agregar Documentos" })).toBeVisible();

    const pdf = {
      name: "nota.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from(
        "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF",
      ),
    };
    const png = {
      name: "foto.png",
      mimeType: "image/png",
      buffer: Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64"),
    };
    if (noJs()) {
      await modal.locator('input[name="file_0"]').setInputFiles(pdf);
      await modal.locator('input[name="name_0"]').fill("Nota de pedido");
      await modal.locator('input[name="reference_0"]').fill("Ref A");
      await modal.locator('input[name="file_1"]').setInputFiles(png);
      await modal.locator('input[name="name_1"]').fill("Foto del frente");
      await modal.locator('input[name="reference_1"]').fill("Ref B");
    } else {
      const submit = modal.getByRole("button", { name: "Subir", exact: true });
      await expect(submit).toBeDisabled();
      await modal.locator('input[type="file"]').setInputFiles([pdf, png]);
      const names = modal.getByLabel("Nombre");
      const refs = modal.getByLabel("Referencia");
      await expect(names).toHaveCount(2);
      await names.nth(0).fill("Nota de pedido");
      await names.nth(1).fill("Foto del frente");
      await refs.nth(0).fill("Ref A");
      await expect(submit).toBeDisabled();
      await refs.nth(1).fill("Ref B");
      await expect(submit).toBeEnabled();
    }
    await expectNoAxeViolations(page);
    await modal.getByRole("button", { name: "Subir", exact: true }).click();
    await expect(modal).toHaveCount(0);
    await expect(pendingTable(page).locator("tbody tr")).toHaveCount(2);
    await expect(pendingTable(page)).toContainText("Nota de pedido");
    await expect(pendingTable(page)).toContainText("Ref B");

    // delete one
    await pendingTable(page).getByRole("link", { name: "Eliminar Nota de pedido" }).click();
    await expect(modal.getByRole("heading", { name: "¿Desea eliminar el documento pendiente?" })).toBeVisible();
    await expect(modal.getByText("Esta acción no se puede deshacer")).toBeVisible();
    await expectNoAxeViolations(page);
    await modal.getByRole("button", { name: "Eliminar" }).click();
    await expect(page.getByText("Éxito al eliminar el documento.")).toBeVisible();
    await expect(pendingTable(page).locator("tbody tr")).toHaveCount(1);

    // send the other
    const send = page.getByRole("button", { name: "Enviar documentos" });
    if (!noJs()) await expect(send).toBeDisabled();
    await pendingTable(page).getByRole("checkbox", { name: "Seleccionar Foto del frente" }).check();
    await expect(send).toBeEnabled();
    await send.click();
    await expect(modal.getByRole("heading", { name: "¿Desea enviar el documento pendiente?" })).toBeVisible();
    await expectNoAxeViolations(page);
    await modal.getByRole("button", { name: "Enviar", exact: true }).click();
    await expect(page.getByText("Éxito al enviar el documento pendiente.")).toBeVisible();
    await expect(page.getByText("No hay documentos pendientes en el expediente")).toBeVisible();
    await expect(sentTable(page)).toContainText("Foto del frente");
    await expect(sentTable(page)).toContainText("Ref B");
    await expect(sentTable(page)).toContainText("Recibido");
    await expect(sentTable(page)).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} hs/);
  });

  test(
    "with JavaScript, a registration that fails leaves the cards as typed, to press 'Subir' again",
    { tag: "@js-only" },
    async ({ page }) => {
      const { citizen, record } = await citizenWithRecord({ incorporated: 1 });
      await signIn(page, citizen, `${managerUrl(record.id)}&modal=upload`);
      const modal = dialog(page);
      await waitForHydration(page);
      await modal.locator('input[type="file"]').setInputFiles({ name: "nota.pdf", mimeType: "application/pdf", buffer: await pdfBytes() });
      await modal.getByLabel("Nombre").fill("Nota de pedido");
      await modal.getByLabel("Referencia").fill("Ref A");
      // The file is sent; its registration fails as the action answers a backend's refusal (tests/portal/records.test.ts):
      // back to the open modal.
      const registration = (url: URL) => url.pathname.startsWith("/records/manager") && url.searchParams.has("_data");
      await page.route(registration, (route) =>
        route.request().method() === "POST"
          ? route.fulfill({
              status: 204,
              headers: { "X-Remix-Redirect": `${managerUrl(record.id)}&modal=upload`, "X-Remix-Status": "302" },
            })
          : route.continue(),
      );
      const submit = modal.getByRole("button", { name: "Subir", exact: true });
      await Promise.all([page.waitForRequest((r) => r.method() === "POST" && registration(new URL(r.url()))), submit.click()]);
      // Disabled while it uploads and registers, then offered again.
      await expect(submit).toBeEnabled();
      await expect(modal.getByLabel("Nombre")).toHaveValue("Nota de pedido");
      await expect(modal.getByLabel("Referencia")).toHaveValue("Ref A");
      await page.unroute(registration);
      await submit.click();
      await expect(modal).toHaveCount(0);
      await expect(pendingTable(page)).toContainText("Nota de pedido");
    },
  );

  // Without JavaScript the three cards are one form: one that comes back must keep what was sent.
  test(
    "without JavaScript, a card missing its Referencia comes back with the file held and an error summary",
    { tag: "@no-js-only" },
    async ({ page }) => {
      const { citizen, record } = await citizenWithRecord({ incorporated: 1 });
      await signIn(page, citizen, `${managerUrl(record.id)}&modal=upload`);
      const modal = dialog(page);
      await expect(modal.getByRole("heading", { name: "Agregar Documentos" })).toBeVisible();
      await modal
        .locator('input[name="file_0"]')
        .setInputFiles({ name: "nota.pdf", mimeType: "application/pdf", buffer: await pdfBytes() });
      await modal.locator('input[name="name_0"]').fill("Nota de pedido");
      await modal.locator('input[name="reference_1"]').fill("Ref B");
      await modal.getByRole("button", { name: "Subir", exact: true }).click();

      // The summary takes focus; each error links to its field and is tied to it.
      const summary = page.getByRole("alert").filter({ hasText: "Hay un problema" });
      await expect(summary).toBeFocused();
      const links = summary.getByRole("link");
      await expect(links).toHaveText([
        "Documento 1: Ingresa una referencia.",
        "Documento 2: Selecciona un archivo.",
        "Documento 2: Ingresa un nombre.",
      ]);
      await expect(links.nth(0)).toHaveAttribute("href", "#up-reference-0");
      const reference0 = modal.getByLabel("Referencia").nth(0);
      await expect(reference0).toHaveAttribute("aria-invalid", "true");
      await expect(reference0).toHaveAccessibleDescription(/Ingresa una referencia\./);
      await expect(modal.locator("#up-file-1")).toHaveAccessibleDescription(/Selecciona un archivo\./);

      // What was sent is still there: the texts, and the file, named, held for the next post.
      await expect(modal.getByText("Archivo adjunto: nota.pdf")).toBeVisible();
      await expect(modal.locator("#up-file-0")).toHaveAccessibleDescription(/Archivo adjunto: nota\.pdf/);
      await expect(modal.locator('input[name="name_0"]')).toHaveValue("Nota de pedido");
      await expect(modal.locator('input[name="reference_1"]')).toHaveValue("Ref B");
      await expect(modal.getByLabel("Quitar nota.pdf")).not.toBeChecked();
      await expectNoAxeViolations(page);

      // Completing the first card (and emptying the second) uploads the held file, not asked again.
      await reference0.fill("Ref A");
      await modal.locator('input[name="reference_1"]').fill("");
      await modal.getByRole("button", { name: "Subir", exact: true }).click();
      await expect(modal).toHaveCount(0);
      await expect(pendingTable(page).locator("tbody tr")).toHaveCount(1);
      await expect(pendingTable(page)).toContainText("Nota de pedido");
      await expect(pendingTable(page)).toContainText("Ref A");
    },
  );

  test("Escape closes 'Agregar Documentos' and gives focus back to what opened it", { tag: "@js-only" }, async ({ page }) => {
    const { citizen, record } = await citizenWithRecord({ incorporated: 1 });
    await signIn(page, citizen, managerUrl(record.id));
    await expect(page.getByText("No hay documentos pendientes en el expediente")).toBeVisible();
    await waitForHydration(page); // a disclosure opened before hydration can be closed again by React's first render
    // Keys only: the 'Acciones' disclosure, then 'Subir nuevo archivo'.
    const actions = page.locator(".rec-menu > summary");
    await actions.focus();
    await page.keyboard.press("Enter");
    const opener = page.getByRole("link", { name: "Subir nuevo archivo" });
    await expect(opener).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(opener).toBeFocused();
    await page.keyboard.press("Enter");
    const modal = page.getByRole("dialog", { name: "Agregar Documentos" });
    await expect(modal).toBeVisible();
    await expect(page).toHaveURL(/modal=upload/);
    await waitForDialogFocus(page);
    await page.keyboard.press("Escape");
    await expect(modal).toHaveCount(0);
    await expect(page).not.toHaveURL(/modal=upload/);
    // The menu closed with the dialog: its toggle, the visible part of what opened it, has focus.
    await expect(actions).toBeFocused();
    await expect(page.locator(".rec-menu")).not.toHaveAttribute("open", "");
  });
});
