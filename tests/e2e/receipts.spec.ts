import { expect, expectNoAxeViolations, noJs, signIn, test, waitForHydration, type Citizen } from "./fixtures";
import { createCitizen } from "./operator";

/** Receipts (decision 033): offered after the action, a page with a print stylesheet, and a PDF. */

test.describe("receipts", () => {
  test("adhering to the digital domicile earns a receipt: page, print, PDF; another citizen gets 404", async ({ page, browser }) => {
    const citizen = (await createCitizen({ adhered: false, givenName: "Rosa" })) as unknown as Citizen;
    await signIn(page, citizen, "/digital/adhesion");
    const email = await page.getByRole("radio", { name: /@example\.com/ }).getAttribute("value");
    await page.getByRole("radio", { name: /@example\.com/ }).check();
    await page.getByLabel("He leído y acepto los términos y condiciones").check();
    await page.getByRole("button", { name: "Adherirme" }).click();
    await expect(page).toHaveURL(/\/digital\/confirm\/create/);
    const notice = page.locator(".receipt-notice");
    await expect(notice).toContainText(/Emitimos el comprobante N° AV-\d{8}-[A-Z0-9]{6}\./);
    await notice.getByRole("link", { name: "Ver comprobante" }).click();
    await expect(page).toHaveURL(/\/comprobantes\/[0-9a-f-]{36}$/);
    const receiptUrl = page.url();

    await expect(page.getByRole("heading", { level: 1, name: "Comprobante: Adhesión al domicilio digital" })).toBeVisible();
    const data = page.locator(".receipt__data");
    await expect(data).toContainText(/AV-\d{8}-[A-Z0-9]{6}/);
    await expect(data).toContainText(/\d\d\/\d\d\/\d{4}/);
    await expect(data).toContainText(/\d\d:\d\d hs \(hora UTC\)/);
    await expect(data).toContainText("Rosa");
    await expect(data).toContainText(`${citizen.cuil.slice(0, 2)}-${citizen.cuil.slice(2, 10)}-${citizen.cuil.slice(10)}`);
    if (email) await expect(data).toContainText(email);
    await expectNoAxeViolations(page);
    // Offered once: the next page no longer shows the notice.
    await expect(page.locator(".receipt-notice")).toHaveCount(0);

    // Print: only the receipt, black on white.
    await page.emulateMedia({ media: "print" });
    await expect(page.locator(".site-header")).toBeHidden();
    await expect(page.locator(".site-footer")).toBeHidden();
    await expect(page.getByRole("link", { name: "Descargar PDF" })).toBeHidden();
    expect(await page.locator(".receipt").evaluate((el) => getComputedStyle(el).color)).toBe("rgb(0, 0, 0)");
    await page.emulateMedia({ media: "screen" });
    // Imprimir needs script: without JavaScript the browser's own print is the way.
    await expect(page.getByRole("button", { name: "Imprimir" })).toHaveCount(noJs() ? 0 : 1);

    // The PDF: a download, a real PDF.
    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: "Descargar PDF" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^comprobante-AV-\d{8}-[A-Z0-9]{6}\.pdf$/);
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const bytes = Buffer.concat(chunks);
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    expect(bytes.length).toBeGreaterThan(800);

    // The list has it.
    await page.goto("/comprobantes");
    await expect(page.getByRole("link", { name: /Adhesión al domicilio digital · AV-/ })).toBeVisible();
    await expectNoAxeViolations(page);

    // Another citizen: 404 for the page and the PDF.
    const other = (await createCitizen()) as unknown as Citizen;
    const context = await browser.newContext({ javaScriptEnabled: !noJs(), locale: "es-AR" });
    const otherPage = await context.newPage();
    await signIn(otherPage, other, "/procedures");
    const response = await otherPage.goto(receiptUrl);
    expect(response?.status()).toBe(404);
    await expect(otherPage.locator("body")).not.toContainText("Rosa");
    const pdf = await otherPage.request.get(`${receiptUrl.replace("/comprobantes/", "/resources/comprobantes/")}/pdf`);
    expect(pdf.status()).toBe(404);
    await context.close();
  });

  test("starting a procedure in the chat earns a receipt with the procedure's name", async ({ page }) => {
    const citizen = (await createCitizen()) as unknown as Citizen;
    await signIn(page, citizen, "/procedures/available/chat/?procedure=102&terms=1");
    await waitForHydration(page); // text typed before hydration is wiped
    await page.getByLabel("Mensaje").fill("Hola, quiero iniciar el certificado.");
    await page.getByRole("button", { name: "Enviar" }).click();
    await expect(page).toHaveURL(/\/procedures\/chat\/\?instance=/);
    const notice = page.locator(".receipt-notice");
    await expect(notice).toContainText("Emitimos el comprobante");
    await notice.getByRole("link", { name: "Ver comprobante" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Comprobante: Inicio de trámite" })).toBeVisible();
    await expect(page.locator(".receipt__data")).toContainText("Certificado de discapacidad");
    await expectNoAxeViolations(page);
  });
});
