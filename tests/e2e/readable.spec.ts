/**
 * Documents anyone can read (decision 009: page image without JavaScript, pdf.js with
 * it, 'Ver como texto' either way) and 'Descargar todo' (decision 030: one ZIP with an index).
 */
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, noJs, signIn, test, type Citizen } from "./fixtures";
import { createCitizen, instanceFor, operator, recordOfNewCitizen } from "./operator";
import { unzip } from "../unzip";

const citizenWithRecord = (sample: Parameters<typeof recordOfNewCitizen>[1]) => recordOfNewCitizen("Solicitud legible", sample);

const managerUrl = (id: string) => `/records/manager/?file=${id}`;
const dialog = (page: Page) => page.locator("#rec-modal");

async function downloaded(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent("download"), click()]);
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return { name: download.suggestedFilename(), entries: await unzip(Buffer.concat(chunks)) };
}

test.describe("readable documents", () => {
  // Each test draws PDF pages on the server (images, text) and in the browser (pdf.js): seconds each
  // on a busy machine, where the 45 s default ran out on 'Ver como texto' (issue 40).
  test.describe.configure({ timeout: 120_000 });
  test("the preview shows the page (image without JS, pdf.js with it) and its text", async ({ page }) => {
    const { citizen, record } = await citizenWithRecord({ incorporated: 2, bigPages: 3 });
    await signIn(page, citizen, managerUrl(record.id));
    await page.getByRole("table", { name: "Documentos incorporados" }).getByRole("link", { name: "Previsualizar Documento 1.pdf" }).click();
    const modal = dialog(page);
    await expect(modal.getByRole("heading", { name: "Previsualización del documento" })).toBeVisible();

    const shows = async (n: number) => {
      if (noJs()) {
        const image = modal.getByRole("img", { name: `Página ${n} de 3 de Documento 1.pdf` });
        await expect(image).toBeVisible();
        // The browser really decoded the server-drawn page.
        await expect.poll(async () => (await image.boundingBox())?.height ?? 0, { timeout: 60_000 }).toBeGreaterThan(200);
        const answer = await page.request.get((await image.getAttribute("src"))!);
        expect(answer.status()).toBe(200);
        expect(answer.headers()["content-type"]).toBe("image/webp");
        expect(answer.headers()["cache-control"]).toBe("no-store");
        await expect(modal.locator("canvas")).toHaveCount(0);
      } else {
        await expect(modal.locator("canvas")).toBeVisible();
        await expect(modal.locator("canvas")).toHaveAttribute("data-page", String(n));
        await expect(modal.locator("img.readable-page__image")).toHaveCount(0);
      }
    };
    await shows(1);
    await expectNoAxeViolations(page);

    await modal.getByRole("link", { name: "Ver como texto" }).click();
    // With JavaScript the address changes once the loader has read the page's text on the server:
    // seconds on a busy machine, like the page image above.
    await expect(page).toHaveURL(/vista=texto/, { timeout: 60_000 });
    const text1 = modal.getByRole("region", { name: "Texto de la página 1 de 3" });
    await expect(text1).toContainText("Página 1 de 3");
    await expect(text1).toContainText("Línea 20 del documento de demostración, página 1.");
    await expect(modal.locator("canvas")).toHaveCount(0);
    await expectNoAxeViolations(page);

    // Paging keeps the text view.
    await modal.getByRole("link", { name: "Página siguiente" }).click();
    await expect(page).toHaveURL(/page=2/, { timeout: 60_000 });
    await expect(modal.getByRole("region", { name: "Texto de la página 2 de 3" })).toContainText(
      "Línea 1 del documento de demostración, página 2.",
      { timeout: 60_000 },
    );

    await modal.getByRole("link", { name: "Ver la página" }).click();
    await expect(page).not.toHaveURL(/vista=texto/);
    await shows(2);
  });

  test("an image document has no text, and another citizen's page image is not found", async ({ page }) => {
    const { citizen, record } = await citizenWithRecord({ incorporated: 3 });
    const stranger = await citizenWithRecord({ incorporated: 1 });
    await signIn(page, citizen, managerUrl(record.id));
    await page.getByRole("table", { name: "Documentos incorporados" }).getByRole("link", { name: "Previsualizar Imagen 3.png" }).click();
    const modal = dialog(page);
    await modal.getByRole("link", { name: "Ver como texto" }).click();
    await expect(modal).toContainText("Esta página es una imagen y no tiene texto para mostrar.");
    const foreign = await page.request.get(`/resources/records/image/${stranger.record.documents[0].fileId}/1`);
    expect(foreign.status()).toBe(404);
  });
});

test.describe("download everything", () => {
  test("'Descargar todo' on a record downloads one ZIP with its documents and index", async ({ page }) => {
    const { citizen, record } = await citizenWithRecord({ incorporated: 2, sent: 1, pending: 1, bigPages: 2 });
    await signIn(page, citizen, managerUrl(record.id));
    const link = page.getByRole("link", { name: "Descargar todo (ZIP, 4 documentos)" });
    await expect(link).toBeVisible();
    await expectNoAxeViolations(page);
    const zip = await downloaded(page, () => link.click());
    expect(zip.name).toBe(`Documentos del expediente ${record.code}.zip`);
    expect(zip.entries.map((e) => e.name)).toEqual([
      "indice.csv",
      "01 - Documento 1.pdf",
      "02 - Documento 2.pdf",
      "03 - Imagen 3.png",
      "04 - Foto 4.jpg",
    ]);
    const index = zip.entries[0].data.toString("utf8");
    expect(index).toContain("orden,nombre,referencia,fecha,estado,archivo");
    expect(index).toContain("Descripción del documento 1");
    expect(index).toContain("Pendiente de envío");
    expect(zip.entries[1].data.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    // Still on the manager: a download never navigates away.
    await expect(page.getByRole("heading", { level: 1, name: /^Número de expediente:/ })).toBeVisible();

    const stranger = await citizenWithRecord({ incorporated: 1 });
    expect((await page.request.get(`/resources/records/download-all/${stranger.record.id}`, { maxRedirects: 0 })).status()).toBe(404);
  });

  test("'Descargar todo' on a procedure's attachments downloads one ZIP", async ({ page }) => {
    const citizen = (await createCitizen()) as unknown as Citizen;
    const created = await instanceFor(citizen.cuil, { title: "Certificado de discapacidad", buttons: ["history", "attachments"] });
    await operator("POST", `/procedures/instances/${created.id}/documents`, {
      fileName: "Constancia de domicilio.pdf",
      status: "approved",
    });
    await operator("POST", `/procedures/instances/${created.id}/documents`, { fileName: "DNI frente.pdf", status: "received" });

    await signIn(page, citizen, "/procedures");
    await page
      .getByRole("list", { name: "Listado de trámites" })
      .locator(":scope > li")
      .first()
      .getByRole("link", { name: "Documentos adjuntos" })
      .click();
    const modal = page.locator("#proc-modal");
    const link = modal.getByRole("link", { name: "Descargar todo (ZIP, 2 documentos)" });
    await expect(link).toBeVisible();
    await expectNoAxeViolations(page);
    const zip = await downloaded(page, () => link.click());
    expect(zip.name).toBe("Documentos del trámite Certificado de discapacidad.zip");
    expect(zip.entries.map((e) => e.name).sort()).toEqual(["01 - Constancia de domicilio.pdf", "02 - DNI frente.pdf", "indice.csv"].sort());

    const other = (await createCitizen()) as unknown as Citizen;
    const foreign = await instanceFor(other.cuil, { state: { text: "Pendiente", color: "#B45309" }, buttons: ["attachments"] });
    await operator("POST", `/procedures/instances/${foreign.id}/documents`, { fileName: "Ajeno.pdf", status: "approved" });
    expect((await page.request.get(`/resources/procedures/download-all/${foreign.id}`, { maxRedirects: 0 })).status()).toBe(404);
  });
});
