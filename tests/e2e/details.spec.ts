/**
 * Issue 31's citizen details, each tried as a citizen would, with JavaScript and without it (the
 * no-JavaScript project is also the text-browser check: what w3m gets is the server's HTML).
 */
import type { Page } from "@playwright/test";
import { PDFDocument } from "pdf-lib";
import { expect, expectNoAxeViolations, noJs, signIn, signOut, test, waitForHydration, type Citizen } from "./fixtures";
import { createCitizen, instanceAskingForDni, operator } from "./operator";

async function pdfBytes(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([200, 200]);
  return Buffer.from(await doc.save());
}

const docItem = (page: Page, description: string) =>
  page
    .locator(".chat-doc")
    .filter({ has: page.locator(".chat-doc__name", { hasText: description }) })
    .filter({ has: page.locator("form, input[type=file]") });

test.describe("issue 31", () => {
  test("1. a message typed before attaching a file stays in the box, attach accepted or refused", async ({ page }) => {
    const { citizen, chatUrl } = await instanceAskingForDni();
    await signIn(page, citizen, chatUrl);
    await waitForHydration(page);
    const box = page.getByLabel("Mensaje");
    await box.fill("Adjunto el DNI que me pidieron.");
    // Refused (a type the document does not take): the text is still there.
    const item = docItem(page, "DNI").last();
    const input = item.getByLabel("Archivo para DNI");
    if (noJs()) {
      await input.setInputFiles({ name: "dni.txt", mimeType: "text/plain", buffer: Buffer.from("hola") });
      await item.getByRole("button", { name: "Adjuntar archivo" }).click();
      await expect(page.getByText("Por favor seleccione uno de los siguientes formatos").first()).toBeVisible();
      await expect(box).toHaveValue("Adjunto el DNI que me pidieron.");
    }
    await input.setInputFiles({ name: "dni.pdf", mimeType: "application/pdf", buffer: await pdfBytes() });
    await item.getByRole("button", { name: "Adjuntar archivo" }).click();
    // Attached: the document shows 'to send' (in the request and in the files to send).
    await expect(page.locator('.chat-doc[data-status="toSend"]').first()).toBeVisible();
    await expect(box).toHaveValue("Adjunto el DNI que me pidieron.");
    await expectNoAxeViolations(page);
    // And both go together.
    await page.getByRole("button", { name: "Enviar" }).click();
    await expect(page).toHaveURL(/\/procedures(\?|$)/);
  });

  test("5. the record manager with an unknown id: 404, and without JavaScript the toast's text and 'Volver'", async ({ page }) => {
    const citizen = (await createCitizen()) as unknown as Citizen;
    await signIn(page, citizen, "/records");
    const response = await page.goto("/records/manager/?file=no-existe-123");
    expect(response?.status()).toBe(404);
    await waitForHydration(page);
    if (noJs()) {
      await expect(page.getByRole("main").getByRole("alert")).toContainText("No se encontró el recurso solicitado.");
      await expect(page.getByText("Estamos cargando la información...")).toHaveCount(0);
      await expectNoAxeViolations(page);
      await page.getByRole("main").getByRole("link", { name: "Volver", exact: true }).click();
      await expect(page).toHaveURL(/\/records\/?(\?|$)/);
    } else {
      await expect(page.getByText("Estamos cargando la información...")).toBeVisible();
      await expect(page.getByRole("main").getByRole("link", { name: "Volver", exact: true })).toHaveCount(0);
    }
  });

  test("6. one press of 'Cerrar sesión' ends both sessions: no confirmation page at the identity provider", async ({ page }) => {
    const citizen = (await createCitizen()) as unknown as Citizen;
    await signIn(page, citizen, "/procedures");
    const ends: number[] = [];
    page.on("response", (response) => {
      if (new URL(response.url()).pathname === "/session/end") ends.push(response.status());
    });
    await signOut(page);
    expect(ends).toEqual([303]);
    await expect(page.getByText("confirma con el botón")).toHaveCount(0);
    // The portal's session is gone too: a page of it asks for the sign-in again.
    await page.goto("/procedures");
    await expect(page.getByLabel("CUIL")).toBeVisible();
  });

  test("9. text browsers: the archive button has a word, and 'Cerrar' of the terms works (a link without JavaScript)", async ({ page }) => {
    const citizen = (await createCitizen()) as unknown as Citizen;
    const sent = await operator<{ code: string }>("POST", "/digital/communications", {
      cuil: citizen.cuil,
      subject: "Aviso sin adjuntos",
      client: "Dirección de Rentas",
      type: "aviso",
      message: "Mensaje",
      notified: true,
      files: [],
    });
    await signIn(page, citizen, `/digital/summary?code=${sent.code}`);
    // Arriving from the sign-in is no act of the citizen's in the portal (decision 102): the envelope asks.
    const open = page.getByRole("button", { name: "Abrir comunicación" });
    if (await open.isVisible()) await open.click();
    await expect(page.getByRole("heading", { name: "Aviso sin adjuntos" })).toBeVisible();
    await page.goto("/digital");
    const archive = page.getByRole("button", { name: "Archivar Aviso sin adjuntos" });
    await expect(archive).toBeVisible();
    // What a client without the stylesheet shows: the button's own text.
    expect((await archive.textContent())?.trim()).toBe("Archivar");

    await page.goto("/digital/terms");
    await waitForHydration(page);
    const main = page.getByRole("main");
    if (noJs()) {
      await expect(main.getByRole("button", { name: "Cerrar" })).toHaveCount(0);
      await main.getByRole("link", { name: "Cerrar" }).click();
      await expect(page).toHaveURL(/\/digital(\/adhesion)?\/?(\?|$)/);
    } else {
      await expect(main.getByRole("button", { name: "Cerrar" })).toBeVisible();
      await expect(main.getByRole("link", { name: "Cerrar" })).toHaveCount(0);
    }
  });

  test("8, 9, 11. adhering: the confirmation once, the receipt with 'N°' and 'Imprimir' only where it works", async ({ page }) => {
    const citizen = (await createCitizen({ adhered: false })) as unknown as Citizen;
    await signIn(page, citizen, "/digital/adhesion");
    await page.getByRole("radio", { name: /@example\.com/ }).check();
    await page.getByLabel("He leído y acepto los términos y condiciones").check();
    await page.getByRole("button", { name: "Adherirme" }).click();
    await expect(page).toHaveURL(/\/digital\/confirm\/create/);
    await expect(page.getByRole("heading", { name: "Ya te encuentras adherido" })).toBeVisible();
    const notice = page.locator(".receipt-notice");
    await expect(notice).toContainText(/Emitimos el comprobante N° AV-\d{8}-[A-Z0-9]{6}\./);
    const receipt = await notice.getByRole("link", { name: "Ver comprobante" }).getAttribute("href");

    // A reload (or a bookmark) does not claim it again.
    await page.reload();
    await expect(page).toHaveURL(/\/digital\/?(\?|$)/);
    await page.goto("/digital/confirm/update");
    await expect(page).toHaveURL(/\/digital\/settings/);

    await page.goto(receipt!);
    await waitForHydration(page);
    await expect(page.locator(".receipt__data")).toContainText(/N° AV-\d{8}-[A-Z0-9]{6}|AV-\d{8}-[A-Z0-9]{6}/);
    await expect(page.getByText("N.º")).toHaveCount(0);
    if (noJs()) expect(await page.content()).not.toContain("Imprimir");
    else await expect(page.getByRole("button", { name: "Imprimir" })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
