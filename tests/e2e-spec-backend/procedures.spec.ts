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
  waitForHydration,
  watchImages,
} from "./support";

/** Spec section 2, Procedures, against the spec backend (ids: tests/spec-backend/data.ts). */
const cards = (page: Page) => page.getByRole("list", { name: "Listado de trámites" }).locator(":scope > li");
const card = (page: Page, text: string) => cards(page).filter({ hasText: text });
const REQUIRED = "Debe adjuntar los documentos solicitados antes de enviar su consulta.";

test.describe("procedures", () => {
  test("/procedures: tabs with counts, cards, Historial and Documentos adjuntos", async ({ page }) => {
    await visitAs(page, citizens.adhered, "/procedures");
    await expectScreen(page, "Tus trámites");
    await expect(page.getByRole("link", { name: "Nuevo trámite" }).first()).toHaveAttribute("href", "/procedures/available");
    const tabs = page.getByRole("navigation", { name: "Estados de tus trámites" });
    await expect(tabs.getByRole("link", { name: /En curso/ })).toContainText(/\d/);
    await expect(tabs.getByRole("link", { name: /Finalizados/ })).toContainText("1");
    const first = card(page, "Solicitud N° 5001");
    await expect(first).toContainText("Certificado de discapacidad");
    // Its state: as seeded, or after the other project's test sent the requested document.
    await expect(first).toContainText(/Documentación pedida|En revisión/);
    await expect(first.getByRole("link", { name: "Completar" })).toHaveAttribute("href", "/procedures/chat/?instance=5001");
    await expectNoAxeViolations(page);

    await first.getByRole("link", { name: "Historial" }).click();
    const modal = page.locator("#proc-modal");
    await expect(modal.getByRole("heading", { name: "Historial" })).toBeVisible();
    await expect(modal).toContainText("Pedido de documentación");
    await expect(modal).toContainText("Certificado médico firmado");
    await expect(modal).not.toContainText("Sistema"); // only entries with an action are shown
    await modal.locator(".modal__close").click();
    await expect(page).not.toHaveURL(/modal=/);

    await card(page, "Solicitud N° 5001").getByRole("link", { name: "Documentos adjuntos" }).click();
    await expect(modal.getByRole("heading", { name: "Documentos adjuntos" })).toBeVisible();
    await expect(modal).toContainText("dni-frente-dorso.pdf");
    await expect(modal).toContainText("Rechazado");
    await expect(modal).toContainText("Recibido");
    await expectNoExtensions(page);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      modal.getByRole("link", { name: "Descargar certificado-medico.pdf" }).click(),
    ]);
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).subarray(0, 5).toString("latin1")).toBe("%PDF-");
  });

  test("/procedures: an empty tray", async ({ page }) => {
    await visitAs(page, citizens.empty, "/procedures");
    await expectScreen(page, "Tus trámites");
    await expect(page.getByText("Por el momento, la bandeja está vacía")).toBeVisible();
    await expect(page.locator(".empty-state").getByRole("link", { name: "Nuevo trámite" })).toBeVisible();
  });

  test("/procedures/available: drill down a parent, back, search", async ({ page }) => {
    await visitAs(page, citizens.adhered, "/procedures/available");
    await expectScreen(page, "Trámites disponibles");
    const list = page.getByRole("list", { name: "Catálogo de trámites" });
    await expect(list.getByRole("link", { name: "Transporte", exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    await list.getByRole("link", { name: "Salud", exact: true }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Salud" })).toBeVisible();
    await expect(list.getByRole("link", { name: "Turno para vacunación" })).toBeVisible();
    await expect(list.getByRole("link", { name: "Transporte", exact: true })).toHaveCount(0);
    await list.getByRole("link", { name: "Certificados", exact: true }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Certificados" })).toBeVisible();
    await expect(list.getByRole("link", { name: "Certificado de discapacidad" })).toHaveAttribute(
      "href",
      "/procedures/available/requirements/?procedure=111",
    );
    await page.getByRole("link", { name: "Volver a Salud" }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Salud" })).toBeVisible();

    const search = page.getByRole("searchbox", { name: "Buscar trámites disponibles" });
    await search.fill("licencia");
    await search.press("Enter");
    await expect(list.getByRole("link", { name: "Licencia de conducir: renovación" })).toBeVisible();
    await expect(list.getByRole("link", { name: "Salud", exact: true })).toHaveCount(0);
  });

  test("requirements: description, documents, profile, earlier instances, terms, then the draft chat's first message", async ({ page }) => {
    await visitAs(page, citizens.adhered, "/procedures/available/requirements/?procedure=111");
    await expectScreen(page, "Certificado de discapacidad");
    await expect(page.getByText(/Solicitá el Certificado Único de Discapacidad/)).toBeVisible();
    await expect(page.getByText("Estudios complementarios").first()).toBeVisible();
    // The profile card of the page (the header's profile panel names her too, closed).
    await expect(page.getByRole("main").getByText("María Laura Fernández").first()).toBeVisible();
    await expect(page.getByText("Instancias iniciadas anteriormente")).toBeVisible();
    await expect(page.locator('a[href="/procedures/available/chat/?instance=5001"]').first()).toBeVisible();
    await expectNoAxeViolations(page);
    const terms = page.getByLabel("He leído y acepto los términos y condiciones");
    const start = page.getByRole("button", { name: "Iniciar trámite" });
    if (!noJs()) await expect(start).toBeDisabled();
    await terms.check();
    if (!noJs()) {
      const dialog = page.getByRole("dialog", { name: "Términos y condiciones" });
      await expect(dialog).toContainText("Declaro bajo juramento");
      await dialog.locator(".modal__footer").getByRole("link", { name: "Cerrar" }).click();
    }
    await start.click();
    await expect(page).toHaveURL(/\/procedures\/available\/chat\/\?procedure=111/);

    // The draft chat: the first message creates the instance and leads to its chat.
    await expectScreen(page, "Certificado de discapacidad");
    await expect(page.getByText(/contanos en qué podemos ayudarte/)).toBeVisible();
    await expectNoAxeViolations(page);
    await waitForHydration(page);
    const message = `Primer mensaje (${side()})`;
    await page.getByLabel("Mensaje").fill(message);
    if (!noJs()) await expect(page.getByText(`${message.length}/1000 caracteres`)).toBeVisible();
    await page.getByRole("button", { name: "Enviar" }).click();
    await expect(page).toHaveURL(/\/procedures\/chat\/\?instance=\d+/);
    await expect(page.getByRole("list", { name: "Conversación" }).getByText(message)).toBeVisible();
  });

  test("an instance's chat: the operator's messages, a message sent, then the preview", async ({ page }) => {
    await visitAs(page, citizens.adhered, "/procedures/chat/?instance=5002");
    await expectScreen(page, "Licencia de conducir: renovación");
    const conversation = page.getByRole("list", { name: "Conversación" });
    await expect(conversation.getByText("Recibimos tu licencia. Te avisamos cuando esté lista.")).toBeVisible();
    await expect(conversation.getByText("OP", { exact: true }).first()).toBeVisible();
    await expectNoAxeViolations(page);
    await waitForHydration(page);
    const message = `¿Cuándo estará lista? (${side()})`;
    await page.getByLabel("Mensaje").fill(message);
    await page.getByRole("button", { name: "Enviar" }).click();
    // Spec section 4: sent, then finalised with force, then back to /procedures.
    await expect(page).toHaveURL(/\/procedures\/?(\?|$)/);

    const images = watchImages(page);
    await page.goto("/procedures/preview/?instance=5002");
    await expectScreen(page, "Licencia de conducir: renovación");
    await expect(page.getByText(message)).toBeVisible();
    await expect(page.getByLabel("Mensaje")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Adjuntar archivo" })).toHaveCount(0);
    await expectNoExtensions(page);
    expect(images.broken()).toEqual([]);
    await expectNoAxeViolations(page);
  });

  test("requested documents: the required message, then a file attached and sent", async ({ page }) => {
    // Each project answers its own instance (same requests): 5001 with JavaScript, 5006 without.
    const instance = noJs() ? 5006 : 5001;
    await visitAs(page, citizens.adhered, `/procedures/chat/?instance=${instance}`);
    await expectScreen(page, "Certificado de discapacidad");
    await expect(page.getByText("La imagen del dorso no se lee.").first()).toBeVisible();
    await waitForHydration(page);
    await page.getByLabel("Mensaje").fill("¿Así está bien?");
    await page.getByRole("button", { name: "Enviar" }).click();
    await expect(page.getByRole("alert").filter({ hasText: REQUIRED })).toBeVisible();

    const item = page
      .locator(".chat-doc")
      .filter({ has: page.locator(".chat-doc__name", { hasText: "Certificado médico" }) })
      .filter({ has: page.getByLabel("Archivo para Certificado médico") })
      .last();
    const input = item.getByLabel("Archivo para Certificado médico");
    await expect(input).toBeEnabled();
    await input.setInputFiles(await pdfFile(`certificado-${side()}.pdf`));
    if (await input.evaluate((el) => (el as HTMLInputElement).files?.length ?? 0))
      await item.getByRole("button", { name: "Adjuntar archivo" }).click();
    await expect(page.locator(".chat-doc", { hasText: `certificado-${side()}.pdf` }).first()).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Enviar" }).click();
    await expect(page).toHaveURL(/\/procedures\/?(\?|$)/);
  });

  test("the form screen of a form procedure", async ({ page }) => {
    // With the form parameter (as the requested document's 'form {id}' gives it): 'Volver' to the procedure's chat.
    await visitAs(page, citizens.adhered, "/procedures/form/?procedure=12&form=31");
    await expectScreen(page, /Solicitud de turno de vacunación|Completá tus datos para pedir el turno/);
    await expect(page.getByRole("link", { name: "Volver" })).toHaveAttribute("href", "/procedures/chat/?procedure=12");
    await expect(page.locator('iframe[src^="/forms/index.html"]')).toBeVisible();
    await expectNoAxeViolations(page);
    // Without it (spec section 2): the form of the procedure's first chat, 'Volver' to the tray.
    await page.goto("/procedures/form/?procedure=12");
    await expectScreen(page, /Solicitud de turno de vacunación|Completá tus datos para pedir el turno/);
    await expect(page.getByRole("link", { name: "Volver" })).toHaveAttribute("href", "/procedures");
    await expect(page.locator('iframe[src^="/forms/index.html"]')).toBeVisible();
  });

  test("a form procedure from the catalogue: its requirements, then its form (fields from formData, pre-filled), saved", async ({
    page,
  }) => {
    await visitAs(page, citizens.adhered, "/procedures/available?parentId=1");
    await expect(page.getByRole("heading", { level: 2, name: "Salud" })).toBeVisible();
    await page.getByRole("list", { name: "Catálogo de trámites" }).getByRole("link", { name: "Turno para vacunación" }).click();
    await expectScreen(page, "Turno para vacunación");
    await page.getByRole("button", { name: "Iniciar trámite" }).click();
    // Spec section 2: the form screen of the procedure, not a conversation; 'Volver' to the tray.
    await expect(page).toHaveURL(/\/procedures\/form\/\?procedure=12/);
    await expect(page.getByRole("link", { name: "Volver" })).toHaveAttribute("href", "/procedures");
    const form = page.frameLocator('iframe[src^="/forms/index.html"]');
    // Nothing asked twice: her name is there already, and can be changed.
    await expect(form.getByLabel(/Nombre y apellido/)).toHaveValue("María Laura Fernández");
    await expect(form.getByLabel(/Observaciones/)).toBeVisible();
    await form.getByRole("button", { name: "Guardar formulario" }).click();
    await expect(form.getByText("Este campo es obligatorio.").first()).toBeVisible();
    await expect(page).toHaveURL(/\/procedures\/form\//);
    await form.getByLabel(/Vacuna/).selectOption("Antigripal");
    await form.getByRole("button", { name: "Guardar formulario" }).click();
    // A non-interactive form creates the instance and goes to /procedures (spec section 4).
    await expect(page).toHaveURL(/\/procedures\/?(\?|$)/);
    await expectScreen(page, "Tus trámites");
  });
});
