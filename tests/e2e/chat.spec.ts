import { mkdtempSync, writeFileSync, openSync, ftruncateSync, closeSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { PDFDocument } from "pdf-lib";
import { expect, expectNoAxeViolations, noJs, signIn, test, waitForHydration, type Citizen } from "./fixtures";
import { createCitizen, DISCAPACIDAD_ID, instanceAskingForDni, instanceFor, operator } from "./operator";

const REQUIRED = "Debe adjuntar los documentos solicitados antes de enviar su consulta.";
const TOO_LARGE = "Error al subir el documento. El archivo supera el límite permitido de 50MB.";
const FORMATS = "Error al subir el documento. Por favor seleccione uno de los siguientes formatos .pdf, .jpeg, .jpg, .png";

async function pdfBytes(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([200, 200]);
  return Buffer.from(await doc.save());
}

/** A 51 MB file that starts like a PDF, made at run time in a temporary directory. */
function bigPdf(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "av-chat-e2e-"));
  const file = path.join(dir, "grande.pdf");
  const fd = openSync(file, "w");
  writeSync(fd, Buffer.from("%PDF-1.7\n"));
  ftruncateSync(fd, 51 * 1024 * 1024);
  closeSync(fd);
  return file;
}

/** A Windows executable renamed to .pdf. */
function fakeExe(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "av-chat-e2e-"));
  const file = path.join(dir, "programa.pdf");
  writeFileSync(file, Buffer.concat([Buffer.from("MZ"), Buffer.alloc(2048, 0x90)]));
  return file;
}

const docItem = (page: Page, description: string) =>
  page
    .locator(".chat-doc")
    .filter({ has: page.locator(".chat-doc__name", { hasText: description }) })
    .filter({ has: page.locator(".chat-doc__attach") });

/**
 * Chooses a file for a requested document and attaches it (with JavaScript a refused file is cleared at once).
 * As a citizen would, it chooses once the input takes a file: with JavaScript the input is disabled
 * while the chat sends or refreshes (e.g. right after the spec's REQUIRED message shows, its refresh
 * still running), and a file chosen meanwhile by a script would not be posted.
 */
async function attach(page: Page, description: string, file: string | { name: string; mimeType: string; buffer: Buffer }) {
  const item = docItem(page, description).last();
  const input = item.getByLabel(`Archivo para ${description}`);
  await expect(input).toBeEnabled();
  await input.setInputFiles(file);
  const chosen = await input.evaluate((el) => (el as HTMLInputElement).files?.length ?? 0);
  if (chosen) await item.getByRole("button", { name: "Adjuntar archivo" }).click();
}

/** A new citizen's pending instance of 'Certificado de discapacidad', made by the operator. */
async function pendingInstance() {
  const citizen = (await createCitizen()) as unknown as Citizen;
  return { citizen, instance: await instanceFor(citizen.cuil) };
}

/** An instance of 'Certificado de discapacidad' in which the operator asks for the DNI and a clinical summary (both required). */
async function instanceAskingForDocuments() {
  const { citizen, instance } = await pendingInstance();
  await operator("POST", `/chat/instances/${instance.id}/requests`, {
    documents: [
      { description: "DNI", isRequired: true },
      { description: "Resumen de historia clínica", isRequired: true },
    ],
  });
  return { citizen, instanceId: instance.id, chatUrl: `/procedures/chat/?instance=${instance.id}` };
}

test.describe("chat", () => {
  test("start from the catalogue: the terms, then the first message creates the instance", async ({ page }) => {
    const citizen = (await createCitizen()) as unknown as Citizen;
    await signIn(page, citizen, "/procedures/available?parentId=101");
    await page.getByRole("list", { name: "Catálogo de trámites" }).getByRole("link", { name: "Certificado de discapacidad" }).click();
    await expect(page).toHaveURL(new RegExp(`/procedures/available/requirements/\\?procedure=${DISCAPACIDAD_ID}`));
    await page.getByLabel("He leído y acepto los términos y condiciones").check();
    if (!noJs()) {
      const dialog = page.getByRole("dialog", { name: "Términos y condiciones" });
      await dialog.locator(".modal__footer").getByRole("link", { name: "Cerrar" }).click();
    }
    await page.getByRole("button", { name: "Iniciar trámite" }).click();
    await expect(page).toHaveURL(/\/procedures\/available\/chat\/\?procedure=102&terms=1/);
    await expect(page.getByRole("heading", { level: 1, name: "Certificado de discapacidad" })).toBeVisible();
    const send = page.getByRole("button", { name: "Enviar" });
    if (!noJs()) await expect(send).toBeDisabled();
    await expectNoAxeViolations(page);

    await waitForHydration(page); // text typed before hydration is wiped
    await page.getByLabel("Mensaje").fill("Hola, quiero tramitar el certificado.");
    if (!noJs()) await expect(page.getByText("37/1000 caracteres")).toBeVisible();
    await send.click();
    await expect(page).toHaveURL(/\/procedures\/chat\/\?instance=/);
    // In the conversation; with JavaScript the box may hold the sent text for a moment before it empties.
    await expect(page.getByRole("list", { name: "Conversación" }).getByText("Hola, quiero tramitar el certificado.")).toBeVisible();
    await expect(page.getByLabel("Mensaje")).toHaveValue("");
    await expect(docItem(page, "DNI")).toHaveCount(1);
  });

  test("requested documents: the required message, refused files, discard and attach again", async ({ page }) => {
    const { citizen, chatUrl } = await instanceAskingForDocuments();
    await signIn(page, citizen, chatUrl);
    await expect(docItem(page, "DNI")).toHaveCount(1);
    await waitForHydration(page); // text typed before hydration is wiped

    // Without the required documents: the spec's message, and the documents highlighted.
    await page.getByLabel("Mensaje").fill("¿Así está bien?");
    await page.getByRole("button", { name: "Enviar" }).click();
    await expect(page.getByRole("alert").filter({ hasText: REQUIRED })).toBeVisible();
    await expect(page.locator(".chat-doc--missing")).toHaveCount(2);

    // A renamed executable and a 51 MB file are refused with the spec's words.
    await attach(page, "DNI", fakeExe());
    await expect(page.getByText(FORMATS).first()).toBeVisible();
    await expect(docItem(page, "DNI").getByLabel("Archivo para DNI")).toHaveValue("");
    await attach(page, "DNI", bigPdf());
    await expect(page.getByText(TOO_LARGE).first()).toBeVisible();
    await expect(docItem(page, "DNI").getByLabel("Archivo para DNI")).toHaveValue("");

    const pdf = await pdfBytes();
    await attach(page, "DNI", { name: "dni.pdf", mimeType: "application/pdf", buffer: pdf });
    await expect(page.locator(".chat-doc", { hasText: "dni.pdf" }).first()).toBeVisible();
    // Discard it, then attach again.
    await page.getByRole("button", { name: /Descartar archivo/ }).click();
    await expect(page.locator(".chat-doc", { hasText: "dni.pdf" })).toHaveCount(0);
    await attach(page, "DNI", { name: "dni.pdf", mimeType: "application/pdf", buffer: pdf });
    await expect(page.locator(".chat-doc", { hasText: "dni.pdf" }).first()).toBeVisible();
    await attach(page, "Resumen de historia clínica", { name: "resumen.pdf", mimeType: "application/pdf", buffer: pdf });
    await expect(page.locator(".chat-doc", { hasText: "resumen.pdf" }).first()).toBeVisible();
    await expectNoAxeViolations(page);
  });

  // The JavaScript flake of the attach: right after the REQUIRED message shows, the chat is still
  // refreshing and the file input is disabled; a disabled input is not posted, so the button must wait too.
  test(
    "while the chat refreshes after a send, 'Adjuntar archivo' waits, then posts the file chosen",
    { tag: "@js-only" },
    async ({ page }) => {
      const { citizen, chatUrl } = await instanceAskingForDocuments();
      await signIn(page, citizen, chatUrl);
      await waitForHydration(page); // text typed before hydration is wiped
      const item = docItem(page, "DNI");
      const input = item.getByLabel("Archivo para DNI");
      const button = item.getByRole("button", { name: "Adjuntar archivo" });
      await input.setInputFiles({ name: "dni.pdf", mimeType: "application/pdf", buffer: await pdfBytes() });

      // The refresh that follows the send is held until the checks are done.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(
        (url) => url.pathname.startsWith("/procedures/chat") && url.searchParams.has("_data"),
        async (route) => {
          if (route.request().method() === "GET") await held;
          await route.continue();
        },
      );
      await page.getByLabel("Mensaje").fill("¿Así está bien?");
      await page.getByRole("button", { name: "Enviar" }).click();
      await expect(page.getByRole("alert").filter({ hasText: REQUIRED })).toBeVisible();
      await expect(input).toBeDisabled();
      await expect(button).toHaveAttribute("aria-disabled", "true");

      release();
      await expect(input).toBeEnabled();
      await button.click();
      await expect(page.locator(".chat-doc", { hasText: "dni.pdf" }).first()).toBeVisible();
    },
  );

  test("send the documents; the operator rejects one and approves; the preview is read-only", async ({ page }) => {
    const { citizen, instanceId, chatUrl } = await instanceAskingForDocuments();
    await signIn(page, citizen, chatUrl);
    const pdf = await pdfBytes();
    await attach(page, "DNI", { name: "dni.pdf", mimeType: "application/pdf", buffer: pdf });
    await expect(page.locator(".chat-doc", { hasText: "dni.pdf" }).first()).toBeVisible();
    await attach(page, "Resumen de historia clínica", { name: "resumen.pdf", mimeType: "application/pdf", buffer: pdf });
    await expect(page.locator(".chat-doc", { hasText: "resumen.pdf" }).first()).toBeVisible();
    // The conversation read again after both uploads: until then 'Enviar' waits (disabled), and a
    // click as it turns disabled again would land on nothing.
    await expect(page.getByRole("list", { name: "Documentos a enviar" }).getByRole("listitem")).toHaveCount(2);
    const send = page.getByRole("button", { name: "Enviar" });
    await expect(send).toBeEnabled();
    await send.click();
    await expect(page).toHaveURL(/\/procedures\/?$/, { timeout: 20_000 });

    const chat = await operator<{ current: { documents: { id: string; spec: { description: string } }[] } }>(
      "GET",
      `/chat/instances/${instanceId}`,
    );
    const dni = chat.current.documents.find((d) => d.spec.description === "DNI")!;
    await page.goto(chatUrl);
    await operator("POST", `/chat/instances/${instanceId}/reject`, { documentIds: [dni.id], reason: "La foto del DNI no se lee." });
    await operator("POST", `/chat/instances/${instanceId}/approve`, {});
    // With JavaScript the conversation updates by itself; without it, a reload shows the new state.
    if (noJs()) await page.reload();
    await expect(page.getByText("Documentos aprobados")).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText("La foto del DNI no se lee.").first()).toBeVisible();
    await expect(page.getByText("Motivo del rechazo:").first()).toBeVisible();

    await page.goto(`/procedures/preview/?instance=${instanceId}`);
    await expect(page.getByText("Documentos aprobados")).toBeVisible();
    await expect(page.getByLabel("Mensaje")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Adjuntar archivo" })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test("a form attached to a requested document: invalid, then valid", async ({ page }) => {
    const { citizen, instance } = await pendingInstance();
    await operator("POST", `/chat/instances/${instance.id}/requests`, {
      documents: [{ description: "Formulario de datos personales", formId: "datos-personales", isRequired: true }],
    });
    await signIn(page, citizen, `/procedures/chat/?instance=${instance.id}`);
    await page.getByRole("link", { name: "Completar formulario" }).click();
    await expect(page).toHaveURL(/\/procedures\/form\/\?procedure=102&instance=.+&form=datos-personales/);
    await expect(page.getByRole("heading", { level: 1, name: "Formulario de datos personales" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Volver" })).toHaveAttribute("href", `/procedures/chat/?instance=${instance.id}`);
    const frame = page.frameLocator('iframe[title="Formulario: Datos personales"]');
    await expect(frame.getByLabel(/Número de DNI/)).toBeVisible();
    if (!noJs()) await expect(page.getByText("Cargando formulario…")).toHaveCount(0);
    await expectNoAxeViolations(page);
    await frame.getByLabel(/Nombre y apellido/).fill("Ana Prueba");
    await frame.getByLabel(/Número de DNI/).fill("12.345");
    await frame.getByLabel(/Fecha de nacimiento/).fill("1990-05-04");
    await frame.getByLabel(/Correo electrónico/).fill("ana@example.com");
    await frame.getByLabel(/Localidad/).selectOption("Capital");
    await frame.getByLabel("Por correo electrónico").check();
    await frame.getByLabel(/Declaro que los datos son correctos/).check();
    await frame.getByRole("button", { name: "Guardar formulario" }).click();
    await expect(
      page
        .getByRole("alert")
        .filter({ hasText: "El formulario no se completó correctamente, por favor verifíquelo e intente nuevamente." }),
    ).toBeVisible();
    await expect(frame.getByText("El formato no es válido.")).toBeVisible();
    await expect(frame.getByLabel(/Número de DNI/)).toHaveAttribute("aria-invalid", "true");

    await frame.getByLabel(/Número de DNI/).fill("35112847");
    await frame.getByRole("button", { name: "Guardar formulario" }).click();
    await expect(page).toHaveURL(new RegExp(`/procedures/chat/\\?instance=${instance.id}`));
    await expect(page.getByText("Éxito al guardar el formulario.")).toBeVisible();
    await expect(page.locator(".chat-doc", { hasText: "Para enviar" }).first()).toBeVisible();

    // The frame on its own is an accessible document too.
    await page.goto(`/forms/index.html?procedure=${DISCAPACIDAD_ID}&instance=${instance.id}&form=datos-personales`);
    await expect(page.getByLabel(/Número de DNI/)).toHaveValue("35112847");
    await expectNoAxeViolations(page);
  });

  // Issue 40: nothing the citizen typed or pressed is lost.
  test("the typed message survives 'Adjuntar archivo' and 'Descartar archivo', in one form that text browsers post whole", async ({
    page,
  }) => {
    const { citizen, chatUrl } = await instanceAskingForDni();
    await signIn(page, citizen, chatUrl);
    await waitForHydration(page); // text typed before hydration is wiped
    const box = page.getByLabel("Mensaje");
    if (noJs()) {
      // w3m posts only a form's own controls (it ignores the `form` attribute): the box, every file box
      // and every button of the conversation belong to one form, and no control names another.
      const oneForm = await page.evaluate(() => {
        const form = document.getElementById("chat-message")?.closest("form");
        const controls = [...document.querySelectorAll(".chat-doc input, .chat-doc button, .chat__composer button")];
        return Boolean(form) && controls.length > 0 && controls.every((el) => el.closest("form") === form && !el.hasAttribute("form"));
      });
      expect(oneForm).toBe(true);
    }
    await box.fill("Adjunto el DNI y sigo escribiendo.");
    await attach(page, "DNI", { name: "dni.pdf", mimeType: "application/pdf", buffer: await pdfBytes() });
    await expect(page.locator('.chat-doc[data-status="toSend"]').first()).toBeVisible();
    await expect(box).toHaveValue("Adjunto el DNI y sigo escribiendo.");
    await page.getByRole("button", { name: /Descartar archivo/ }).click();
    await expect(page.locator('.chat-doc[data-status="toSend"]')).toHaveCount(0);
    await expect(docItem(page, "DNI")).toHaveCount(1);
    await expect(box).toHaveValue("Adjunto el DNI y sigo escribiendo.");
    // The stray 'Página no encontrada' the browser's router drew after a discard (issue 40).
    await expect(page.getByText("Página no encontrada")).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`/procedures/chat/\\?instance=`));
  });

  // Run 20 times in a row for issue 40: npx playwright test tests/e2e/chat.spec.ts -g "sent exactly once" --repeat-each=20
  test(
    "'Enviar' pressed after the upload ends, while the conversation is read again, is sent exactly once",
    { tag: "@js-only" },
    async ({ page }) => {
      const { citizen, instanceId, chatUrl } = await instanceAskingForDni();
      await signIn(page, citizen, chatUrl);
      await waitForHydration(page);
      const MESSAGE = "Envío el DNI una sola vez.";
      let releaseUpload = () => {};
      const uploadHeld = new Promise<void>((resolve) => (releaseUpload = resolve));
      let releaseRead = () => {};
      const readHeld = new Promise<void>((resolve) => (releaseRead = resolve));
      let readArrived = () => {};
      const reading = new Promise<void>((resolve) => (readArrived = resolve));
      await page.route("**/resources/chat/attach**", async (route) => {
        await uploadHeld;
        await route.continue();
      });
      let uploaded = false;
      // The conversation read again after the upload (the chat's own read, apart from the router's).
      await page.route("**/resources/chat/events**", async (route) => {
        if (uploaded) {
          readArrived();
          await readHeld;
        }
        await route.continue();
      });
      const sends: string[] = [];
      page.on("request", (request) => {
        if (request.method() === "POST" && new URL(request.url()).pathname.startsWith("/procedures/chat"))
          sends.push(request.postData() ?? "");
      });

      await page.getByLabel("Mensaje").fill(MESSAGE);
      await attach(page, "DNI", { name: "dni.pdf", mimeType: "application/pdf", buffer: await pdfBytes() });
      const send = page.getByRole("button", { name: "Enviar" });
      await expect(send).toBeDisabled(); // while the file is on its way (spec section 5)
      uploaded = true;
      releaseUpload();
      await reading; // the upload ended and the conversation is being read again: press now
      await expect(send).toBeEnabled();
      await send.click();
      releaseRead();
      await expect(page).toHaveURL(/\/procedures\/?$/);
      expect(sends).toHaveLength(1);
      const chat = await operator<{ events: { message?: string | null }[] }>("GET", `/chat/instances/${instanceId}`);
      expect(chat.events.filter((e) => e.message === MESSAGE)).toHaveLength(1);
    },
  );
});
