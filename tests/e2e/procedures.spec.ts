import type { Page } from "@playwright/test";
import { citizens, expect, expectNoAxeViolations, noJs, signIn, test, waitForHydration, type Citizen } from "./fixtures";
import { createCitizen, DISCAPACIDAD_ID, instanceFor, operator } from "./operator";

/** Submits the filters: with JavaScript they submit themselves; without it the 'Buscar' button does. */
async function applyFilters(page: Page) {
  if (noJs()) await page.getByRole("search", { name: "Filtrar tus trámites" }).getByRole("button", { name: "Buscar" }).click();
}

const cards = (page: Page) => page.getByRole("list", { name: "Listado de trámites" }).locator(":scope > li");

test.describe("procedures tray", () => {
  test("filter and page through the tray", async ({ page }) => {
    // Own data: 13 instances 'En curso' created three days apart (page size 10).
    const citizen = (await createCitizen()) as unknown as Citizen;
    for (let n = 0; n < 13; n++) {
      const number = `T-${String(100 + n)}`;
      await operator("POST", "/procedures/instances", {
        cuil: citizen.cuil,
        procedureId: DISCAPACIDAD_ID,
        tab: "in_progress",
        state: { text: "En revisión", color: "#1D4ED8" },
        title: `Certificado de discapacidad ${number}`,
        description: [`Solicitud N° ${number}`],
        payloadDescriptions: [{ code: "numero", label: "Número de trámite", value: number }],
        buttons: ["history", "attachments"],
        createdAt: new Date(Date.UTC(2026, 0, 1 + n * 3, 12)).toISOString(),
      });
    }
    await signIn(page, citizen, "/procedures");
    await expect(page.getByRole("heading", { level: 1, name: "Tus trámites" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Nuevo trámite" }).first()).toHaveAttribute("href", "/procedures/available");
    const tabs = page.getByRole("navigation", { name: "Estados de tus trámites" });
    await expect(tabs.getByRole("link", { name: /Pendientes/ })).toHaveAttribute("aria-current", "page");
    await expect(tabs.getByRole("link", { name: /En curso/ })).toContainText("13");
    await expectNoAxeViolations(page);

    await tabs.getByRole("link", { name: /En curso/ }).click();
    await expect(page).toHaveURL(/tab=in_progress/);
    await expect(cards(page)).toHaveCount(10);
    // Newest first by default.
    await expect(cards(page).first()).toContainText("T-112");
    const paginator = page.getByRole("navigation", { name: "Paginación de trámites" });
    await paginator.getByRole("link", { name: "Página 2" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(cards(page)).toHaveCount(3);
    await expectNoAxeViolations(page);

    // Any filter change returns to page 1.
    const search = page.getByLabel("Buscar trámites");
    await search.fill("t-105");
    await search.press("Enter");
    await expect(page).not.toHaveURL(/page=2/);
    await expect(page).toHaveURL(/[?&]sq=/); // the words sealed for the session (decision 032)
    expect(page.url()).not.toContain("t-105");
    await expect(search).toHaveValue("t-105");
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).first()).toContainText("T-105");

    await search.fill("no existe nada así");
    await search.press("Enter");
    await expect(page.getByText(/No encontramos trámites que coincidan/)).toBeVisible();
    await expect(page.getByRole("link", { name: /Guía de trámites/ })).toBeVisible();

    await search.fill("");
    await page.getByLabel("Ordenar por").selectOption("+createdAt");
    await applyFilters(page);
    await expect(page).toHaveURL(/sort=%2BcreatedAt/);
    await expect(page).not.toHaveURL(/[?&]s?q=[^&]/);
    await expect(cards(page).first()).toContainText("T-100");

    // 2026-01-10 … 2026-01-20: T-103 (10th), T-104 (13th), T-105 (16th), T-106 (19th).
    await page.getByLabel("Desde").fill("2026-01-10");
    await page.getByLabel("Hasta").fill("2026-01-20");
    await applyFilters(page);
    await expect(page).toHaveURL(/since=2026-01-10/);
    await expect(page).toHaveURL(/until=2026-01-20/);
    await expect(cards(page)).toHaveCount(4);
    await expect(cards(page).first()).toContainText("T-103");
  });

  test("open history and attachments, download an attachment", async ({ page }) => {
    const citizen = (await createCitizen()) as unknown as Citizen;
    const created = await instanceFor(citizen.cuil, { buttons: ["edit", "history", "attachments", "discard"] });
    await operator("POST", `/procedures/instances/${created.id}/history`, {
      action: "Documentación solicitada",
      comment: "Adjunta tu DNI.",
    });
    await operator("POST", `/procedures/instances/${created.id}/history`, { action: null, comment: "Nota interna" });
    await operator("POST", `/procedures/instances/${created.id}/documents`, {
      fileName: "Constancia de domicilio.pdf",
      status: "approved",
    });

    await signIn(page, citizen, "/procedures");
    await cards(page).first().getByRole("link", { name: "Historial" }).click();
    await expect(page).toHaveURL(/modal=historial/);
    const history = page.locator("#proc-modal");
    await expect(history.getByRole("heading", { name: "Historial" })).toBeVisible();
    await expect(history).toContainText("Documentación solicitada");
    await expect(history).toContainText("Adjunta tu DNI.");
    // Entries without an action are not shown.
    await expect(history).not.toContainText("Nota interna");
    await expectNoAxeViolations(page);
    await history.locator(".modal__close").click();
    await expect(page).not.toHaveURL(/modal=/);

    await cards(page).first().getByRole("link", { name: "Documentos adjuntos" }).click();
    const docs = page.locator("#proc-modal");
    await expect(docs.getByRole("heading", { name: "Documentos adjuntos" })).toBeVisible();
    await expect(docs).toContainText("Constancia de domicilio.pdf");
    await expect(docs).toContainText("Aprobado");
    await expectNoAxeViolations(page);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      docs.getByRole("link", { name: "Descargar Constancia de domicilio.pdf" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("Constancia de domicilio.pdf");
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).subarray(0, 5).toString("latin1")).toBe("%PDF-");
  });

  test("the seeded demo tray has every tab and an empty state per citizen", async ({ page }) => {
    await signIn(page, citizens.adhered, "/procedures");
    const tabs = page.getByRole("navigation", { name: "Estados de tus trámites" });
    for (const name of [/Pendientes/, /En curso/, /Finalizados/, /Cancelados/])
      await expect(tabs.getByRole("link", { name })).toBeVisible();
    await expect(cards(page).first()).toBeVisible();
  });

  test("the operator's message shows an alert on the card; an empty tray offers 'Nuevo trámite'", async ({ page }) => {
    const citizen = (await createCitizen()) as unknown as Citizen;
    await signIn(page, citizen, "/procedures");
    await expect(page.getByText("Por el momento, la bandeja está vacía")).toBeVisible();
    await expect(page.locator(".empty-state").getByRole("link", { name: "Nuevo trámite" })).toBeVisible();
    const created = await instanceFor(citizen.cuil);
    await operator("POST", `/procedures/instances/${created.id}/history`, {
      action: "Documentación solicitada",
      comment: "Adjunta tu DNI.",
    });
    await page.reload();
    const card = cards(page).first();
    await expect(card).toContainText("Tienes un mensaje del operador");
    await expect(card.getByRole("link", { name: "Completar" })).toHaveAttribute("href", `/procedures/chat/?instance=${created.id}`);
    await expect(card.getByRole("link", { name: "Ver conversación" })).toBeVisible();
    await expect(card).toContainText("Pendiente de documentación");
  });

  test("cancel a procedure with a reason", async ({ page }) => {
    const citizen = (await createCitizen()) as unknown as Citizen;
    const created = await instanceFor(citizen.cuil, { buttons: ["edit", "history", "attachments", "discard"] });
    await signIn(page, citizen, "/procedures");
    await cards(page).first().getByRole("link", { name: "Cancelar trámite" }).click();
    const modal = page.locator("#proc-modal");
    await expect(modal.getByRole("heading", { name: "Cancelar trámite" })).toBeVisible();
    await expectNoAxeViolations(page);
    const reason = modal.getByLabel("Motivo de la cancelación (opcional)");
    await reason.fill("Lo inicié por error");
    if (!noJs()) await expect(modal).toContainText("19/1000 caracteres");
    await modal.getByRole("button", { name: "Cancelar trámite" }).click();
    await expect(page.getByText("Éxito al cancelar el trámite.")).toBeVisible();
    await expect(page.getByText("Por el momento, la bandeja está vacía")).toBeVisible();

    await page
      .getByRole("navigation", { name: "Estados de tus trámites" })
      .getByRole("link", { name: /Cancelados/ })
      .click();
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).first()).toContainText("Cancelado");
    await expect(cards(page).first().getByRole("link", { name: "Cancelar trámite" })).toHaveCount(0);
    await cards(page).first().getByRole("link", { name: "Historial" }).click();
    await expect(page.locator("#proc-modal")).toContainText("Lo inicié por error");
    expect(created.id).toBeTruthy();

    // A cancel that fails (this one is already cancelled: the backend refuses a second) keeps the reason typed.
    await page.goto(`/procedures?modal=cancelar&instance=${created.id}`);
    await waitForHydration(page);
    const again = page.locator("#proc-modal").getByLabel("Motivo de la cancelación (opcional)");
    await again.fill("Ya no vivo en la provincia");
    await page.locator("#proc-modal").getByRole("button", { name: "Cancelar trámite" }).click();
    await expect(page.getByText(/El trámite (ya )?fue cancelado/).first()).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`modal=cancelar&instance=${created.id}`));
    await expect(page.locator("#proc-modal").getByLabel("Motivo de la cancelación (opcional)")).toHaveValue("Ya no vivo en la provincia");
  });
});

test.describe("with JavaScript", () => {
  test("skeletons while a client-side navigation loads, debounced search, 360 px", { tag: "@js-only" }, async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signIn(page, citizens.adhered, "/procedures");
    await expect(cards(page).first()).toBeVisible();
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    // Hold the next data request so the skeletons can be seen.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/procedures\?.*_data=/, async (route) => {
      await held;
      await route.continue();
    });
    await page
      .getByRole("navigation", { name: "Estados de tus trámites" })
      .getByRole("link", { name: /Finalizados/ })
      .click();
    await expect(page.locator(".skeleton-card")).toHaveCount(6);
    await expect(page.locator(".skeleton--tab")).toHaveCount(4);
    release();
    await expect(page).toHaveURL(/tab=finished/);
    await expect(page.locator(".skeleton-card")).toHaveCount(0);
    await page.unroute(/\/procedures\?.*_data=/);

    // The search sends itself 500 ms after the last key.
    await page.getByLabel("Buscar trámites").pressSequentially("zzz-nada", { delay: 20 });
    await expect(page).toHaveURL(/[?&]sq=/); // the words sealed for the session (decision 032)
    await expect(page.getByText(/No encontramos trámites que coincidan/)).toBeVisible();

    await page.goto("/procedures/available");
    expect(await overflow()).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);
  });
});

test.describe("catalogue", () => {
  test("drill three levels into the catalogue and back, and search it", async ({ page }) => {
    await signIn(page, citizens.adhered, "/procedures/available");
    await expect(page.getByRole("heading", { level: 1, name: "Trámites disponibles" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Ruta de navegación" })).toBeVisible();
    await expect(page.getByRole("link", { name: /Guía de trámites/ })).toBeVisible();
    await expectNoAxeViolations(page);
    const list = page.getByRole("list", { name: "Catálogo de trámites" });
    await list.getByRole("link", { name: "Salud", exact: true }).click();
    await expect(page).toHaveURL(/parentId=100/);
    await list.getByRole("link", { name: "Certificados", exact: true }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Certificados" })).toBeVisible();
    await expect(list.getByRole("link", { name: "Certificado de discapacidad" })).toHaveAttribute(
      "href",
      `/procedures/available/requirements/?procedure=${DISCAPACIDAD_ID}`,
    );
    await expectNoAxeViolations(page);
    // Drilled down: the back header only, no breadcrumbs (spec section 2). Back pops one level at a time.
    await expect(page.getByRole("navigation", { name: "Ruta de navegación" })).toHaveCount(0);
    await page.getByRole("link", { name: "Volver a Salud" }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Salud" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Ruta de navegación" })).toHaveCount(0);
    await page.getByRole("link", { name: "Volver a Trámites disponibles" }).click();
    await expect(page).toHaveURL(/\/procedures\/available$/);
    await expect(list.getByRole("link", { name: "Registro civil" })).toBeVisible();
    // At the root: breadcrumbs, no back header.
    await expect(page.getByRole("navigation", { name: "Ruta de navegación" })).toBeVisible();
    await expect(page.getByRole("link", { name: /^Volver a / })).toHaveCount(0);

    const search = page.getByRole("searchbox", { name: "Buscar trámites disponibles" });
    await search.fill("licencia");
    await search.press("Enter");
    await expect(page).toHaveURL(/[?&]sq=/); // the words sealed for the session (decision 032)
    expect(page.url()).not.toContain("licencia");
    await expect(search).toHaveValue("licencia");
    await expect(list.getByRole("link", { name: "Renovación de licencia de conducir" })).toBeVisible();
    await expect(list.getByRole("link", { name: "Salud", exact: true })).toHaveCount(0);
  });

  test("accept terms and start", async ({ page }) => {
    await signIn(page, citizens.adhered, `/procedures/available/requirements/?procedure=${DISCAPACIDAD_ID}`);
    await expect(page.getByRole("heading", { level: 1, name: "Certificado de discapacidad" })).toBeVisible();
    await expect(page.getByText("Instancias iniciadas anteriormente")).toBeVisible();
    const start = page.getByRole("button", { name: "Iniciar trámite" });
    const terms = page.getByLabel("He leído y acepto los términos y condiciones");
    await expectNoAxeViolations(page);
    if (noJs()) {
      // Refused on the server when the terms are not accepted.
      await start.click();
      await expect(page.getByRole("alert").filter({ hasText: "Debes aceptar los términos y condiciones." })).toBeVisible();
      await page.getByRole("link", { name: "Ver términos y condiciones" }).click();
      await expect(page.getByRole("heading", { name: "Términos y condiciones" })).toBeVisible();
      await expect(page.locator("#terms-modal")).toContainText("Declaro bajo juramento");
      await page.locator("#terms-modal .modal__footer").getByRole("link", { name: "Cerrar" }).click();
      await expect(page.locator("#terms-modal")).toHaveCount(0);
      await terms.check();
    } else {
      await expect(start).toBeDisabled();
      await terms.check();
      const dialog = page.getByRole("dialog", { name: "Términos y condiciones" });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText("Declaro bajo juramento");
      await expectNoAxeViolations(page);
      await dialog.locator(".modal__footer").getByRole("link", { name: "Cerrar" }).click();
      await expect(dialog).toHaveCount(0);
      await expect(terms).toBeChecked();
      await expect(start).toBeEnabled();
    }
    await start.click();
    await expect(page).toHaveURL(new RegExp(`/procedures/available/chat/\\?procedure=${DISCAPACIDAD_ID}&terms=1$`));
  });
});
