import type { Locator, Page } from "@playwright/test";
import { PDFDocument } from "pdf-lib";
import { expect, noJs, test, waitForDialogFocus, type Citizen } from "./fixtures";
import { createCitizen, operator } from "./operator";

/**
 * Keyboard-only runs (decision 025): the three main flows with the keyboard alone (Tab, Shift+Tab,
 * Enter, Space, arrow keys and typing), with JavaScript and without. No clicks; the only page.goto is
 * the first one of each test. At every focus stop the focused element must show a visible focus
 * indicator; each test uses the skip link and checks that focus can leave the page's content (no
 * keyboard trap). The one thing a keyboard cannot do in a headless browser, choosing a file in the
 * system's file chooser, is done with setInputFiles on the input the keyboard focused.
 */

const MAX_TABS = 80;

type FocusInfo = { tag: string; name: string; indicator: boolean; inMain: boolean; isSkipLink: boolean; isBody: boolean };

/** What has focus now, and whether it shows a focus indicator (it matches :focus-visible and draws an outline or a box-shadow). */
function focusInfo(page: Page): Promise<FocusInfo> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body || el === document.documentElement) {
      return { tag: "body", name: "", indicator: false, inMain: false, isSkipLink: false, isBody: true };
    }
    const shows = (node: Element | null) => {
      if (!node) return false;
      const s = getComputedStyle(node);
      const outline = s.outlineStyle !== "none" && parseFloat(s.outlineWidth) > 0;
      const shadow = s.boxShadow !== "none" && s.boxShadow !== "";
      return outline || shadow;
    };
    const input = el as HTMLInputElement;
    // The browser must treat this focus as keyboard focus, and the element must draw it.
    const indicator = el.matches(":focus-visible") && shows(el);
    const name = (el.getAttribute("aria-label") ?? el.textContent ?? input.value ?? "").trim().replace(/\s+/g, " ").slice(0, 60);
    return {
      tag: el.tagName.toLowerCase() + (input.type ? `[${input.type}]` : ""),
      name,
      indicator,
      inMain: !!el.closest("main"),
      isSkipLink: el.classList.contains("skip-link"),
      isBody: false,
    };
  });
}

async function expectVisibleFocus(page: Page) {
  const info = await focusInfo(page);
  if (info.isBody) return info;
  expect(info.indicator, `visible focus on ${info.tag} "${info.name}"`).toBe(true);
  return info;
}

const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement, undefined, { timeout: 10_000 });

/** Presses Tab (or Shift+Tab) until `target` has focus, checking the focus indicator at every stop. */
async function tabTo(page: Page, target: Locator, options: { back?: boolean; max?: number } = {}) {
  await expect(target).toHaveCount(1);
  if (await isFocused(target)) {
    await expectVisibleFocus(page);
    return;
  }
  const stops: string[] = [];
  for (let i = 0; i < (options.max ?? MAX_TABS); i++) {
    await page.keyboard.press(options.back ? "Shift+Tab" : "Tab");
    const info = await expectVisibleFocus(page);
    stops.push(`${info.tag} "${info.name}"`);
    if (await isFocused(target)) return;
  }
  throw new Error(`${target} not reached with the keyboard; stops: ${stops.join(" → ")}`);
}

/** Focus, then Enter (links, buttons) or Space (checkboxes, radios, buttons). */
async function activate(page: Page, target: Locator, key: "Enter" | "Space" = "Enter", options: { back?: boolean } = {}) {
  await tabTo(page, target, options);
  await page.keyboard.press(key);
}

/**
 * The skip link is the first stop of the page and takes focus to the main content; from there
 * Tab goes on inside the content.
 */
async function useSkipLink(page: Page) {
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  // Focus navigation restarts from the top of the document.
  await page.locator("body").evaluate((b) => {
    b.setAttribute("tabindex", "-1");
    b.focus();
    b.removeAttribute("tabindex");
  });
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Saltar al contenido principal" });
  expect(await isFocused(skip)).toBe(true);
  await expect(skip).toBeVisible();
  await expectVisibleFocus(page);
  await page.keyboard.press("Enter");
  await expect(page.locator("main#main")).toBeFocused();
  await page.keyboard.press("Tab");
  const info = await expectVisibleFocus(page);
  expect(info.inMain, `after the skip link, Tab lands in the main content (got ${info.tag} "${info.name}")`).toBe(true);
}

/**
 * No keyboard trap: from wherever focus is, Tab keeps moving and, past the last control of the
 * page, comes round to the top (the skip link or the document) within a bounded number of presses.
 */
async function expectNoKeyboardTrap(page: Page, max = 150) {
  const seen: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press("Tab");
    const info = await expectVisibleFocus(page);
    if (info.isBody || info.isSkipLink) return;
    seen.push(`${info.tag} "${info.name}"`);
  }
  throw new Error(`focus did not leave the page's controls within ${max} Tab presses: ${seen.slice(-10).join(" → ")}`);
}

/** Signs in on the identity provider's page with the keyboard: the CUIL field has focus order first. */
async function signInWithKeyboard(page: Page, citizen: Citizen) {
  const cuil = page.getByLabel("CUIL");
  await expect(cuil).toBeVisible();
  await tabTo(page, cuil);
  await page.keyboard.type(citizen.cuil);
  await tabTo(page, page.getByLabel("Contraseña"));
  await page.keyboard.type(citizen.password);
  await page.keyboard.press("Enter");
}

async function pdfBytes(text: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([200, 200]).drawText(text, { x: 20, y: 100, size: 10 });
  return Buffer.from(await doc.save());
}

test.describe("keyboard only", () => {
  test("adhere to the digital domicile, open a communication, download its file and archive it", async ({ page }) => {
    test.setTimeout(120_000);
    const citizen = (await createCitizen({ adhered: false })) as unknown as Citizen;
    await page.goto("/digital");
    await signInWithKeyboard(page, citizen);
    await expect(page).toHaveURL(/\/procedures\/no-adhesion/);
    await useSkipLink(page);
    await activate(page, page.getByRole("link", { name: "Adherirme" }));

    await expect(page).toHaveURL(/\/digital\/adhesion/);
    await expect(page.getByRole("heading", { level: 1, name: "Adhesión a domicilio digital" })).toBeVisible();
    await expectNoKeyboardTrap(page);
    await activate(page, page.getByRole("radio", { name: /@example\.com/ }), "Space");
    await expect(page.getByRole("radio", { name: /@example\.com/ })).toBeChecked();
    await activate(page, page.getByLabel("He leído y acepto los términos y condiciones"), "Space");
    await expect(page.getByLabel("He leído y acepto los términos y condiciones")).toBeChecked();
    await activate(page, page.getByRole("button", { name: "Adherirme" }));
    await expect(page).toHaveURL(/\/digital\/confirm\/create/);
    await expect(page.getByRole("heading", { level: 1, name: "Ya te encuentras adherido" })).toBeVisible();

    // The operator sends a communication with a PDF now that the citizen has adhered.
    await operator("POST", "/digital/communications", {
      cuil: citizen.cuil,
      subject: "Aviso por teclado",
      client: "Dirección de Rentas",
      type: "aviso",
      message: "Comunicación de la prueba de teclado.",
      files: [{ name: "aviso.pdf", contentBase64: (await pdfBytes("Aviso")).toString("base64") }],
    });
    await activate(page, page.getByRole("link", { name: "Ir a Domicilio digital" }));
    await expect(page).toHaveURL(/\/digital$/);
    await expectNoKeyboardTrap(page);
    await activate(page, page.getByRole("link", { name: "Aviso por teclado" }));
    await expect(page).toHaveURL(/\/digital\/summary\/?\?code=/);
    await expect(page.getByRole("heading", { name: "Aviso por teclado" })).toBeVisible();
    await expectNoKeyboardTrap(page);

    const download = page.waitForEvent("download");
    await activate(page, page.getByRole("link", { name: /Descargar aviso\.pdf/ }));
    expect((await download).suggestedFilename()).toBe("aviso.pdf");
    if (noJs()) {
      // Without JavaScript the page stays as it was ('Archivar' waits for the download): back to
      // the inbox and into the communication again, which now shows the file as downloaded.
      await activate(page, page.locator("main").getByRole("link", { name: "Volver" }));
      await expect(page).toHaveURL(/\/digital\/?$/);
      await activate(page, page.getByRole("link", { name: "Aviso por teclado" }));
    }
    await expect(page.getByText("Descargado", { exact: true })).toBeVisible();
    await activate(page, page.getByRole("button", { name: "Archivar" }));
    await expect(page).toHaveURL(/\/digital\/?$/);
    await expect(page.getByText(/Éxito al archivar comunicación/)).toBeVisible();
  });

  test("start a procedure from the catalogue, accept the terms and send the first message in the chat", async ({ page }) => {
    test.setTimeout(120_000);
    const citizen = (await createCitizen()) as unknown as Citizen;
    await page.goto("/procedures");
    await signInWithKeyboard(page, citizen);
    await expect(page).toHaveURL(/\/procedures\/?$/);
    await useSkipLink(page);
    await activate(page, page.locator("main").getByRole("link", { name: "Nuevo trámite" }).first());
    await expect(page).toHaveURL(/\/procedures\/available/);
    const catalogue = page.getByRole("list", { name: "Catálogo de trámites" });
    await activate(page, catalogue.getByRole("link", { name: /^Salud/ }));
    await activate(page, catalogue.getByRole("link", { name: /^Certificados/ }));
    await expect(catalogue.getByRole("link", { name: "Certificado de discapacidad" })).toBeVisible();
    await activate(page, catalogue.getByRole("link", { name: "Certificado de discapacidad" }));
    await expect(page).toHaveURL(/\/procedures\/available\/requirements\/\?procedure=102/);
    await expectNoKeyboardTrap(page);

    const terms = page.getByLabel("He leído y acepto los términos y condiciones");
    await activate(page, terms, "Space");
    await expect(terms).toBeChecked();
    if (!noJs()) {
      // With JavaScript the terms open in a dialog; Escape closes it and focus comes back.
      const dialog = page.getByRole("dialog", { name: "Términos y condiciones" });
      await expect(dialog).toBeVisible();
      await waitForDialogFocus(page);
      await page.keyboard.press("Escape");
      await expect(dialog).toHaveCount(0);
    }
    await activate(page, page.getByRole("button", { name: "Iniciar trámite" }));
    await expect(page).toHaveURL(/\/procedures\/available\/chat\/\?procedure=102/);

    const message = page.getByLabel("Mensaje");
    await tabTo(page, message);
    await page.keyboard.type("Hola, escribo solo con el teclado.");
    await expectNoKeyboardTrap(page);
    await activate(page, page.getByRole("button", { name: "Enviar" }));
    await expect(page).toHaveURL(/\/procedures\/chat\/\?instance=/);
    // In the conversation; with JavaScript the box may hold the sent text for a moment before it empties.
    await expect(page.getByRole("list", { name: "Conversación" }).getByText("Hola, escribo solo con el teclado.")).toBeVisible();
    await expect(message).toHaveValue("");
  });

  test("open a record from the list, upload a document in the record manager", async ({ page }) => {
    test.setTimeout(120_000);
    const citizen = (await createCitizen()) as unknown as Citizen;
    const record = await operator<{ id: string; code: string }>("POST", "/records", {
      ownerCuil: citizen.cuil,
      title: "Expediente por teclado",
      sample: { incorporated: 1 },
    });
    await page.goto("/records");
    await signInWithKeyboard(page, citizen);
    await expect(page).toHaveURL(/\/records\/?$/);
    await useSkipLink(page);
    await expectNoKeyboardTrap(page);
    await activate(page, page.getByRole("link", { name: "Ingresar al expediente" }).first());
    await expect(page).toHaveURL(new RegExp(`/records/manager/\\?file=${record.id}`));
    await expect(page.getByText("No hay documentos pendientes en el expediente")).toBeVisible();
    await expectNoKeyboardTrap(page);

    // 'Acciones' is a disclosure: Enter opens it, then 'Subir nuevo archivo'.
    await activate(page, page.locator(".rec-menu > summary"));
    await activate(page, page.getByRole("link", { name: "Subir nuevo archivo" }));
    // A dialog with JavaScript, a region of the page without it.
    const modal = page.locator("#rec-modal");
    await expect(modal.getByRole("heading", { name: "Agregar Documentos" })).toBeVisible();
    const pdf = { name: "nota.pdf", mimeType: "application/pdf", buffer: await pdfBytes("Nota") };
    if (noJs()) {
      const input = modal.locator('input[name="file_0"]');
      await tabTo(page, input);
      await input.setInputFiles(pdf);
      await tabTo(page, modal.locator('input[name="name_0"]'));
      await page.keyboard.type("Nota por teclado");
      await tabTo(page, modal.locator('input[name="reference_0"]'));
      await page.keyboard.type("Ref T");
    } else {
      // 'Subir nuevo archivo' opens the system's file chooser (Enter on the focused button).
      const chooser = page.waitForEvent("filechooser");
      await activate(page, modal.getByRole("button", { name: "Subir nuevo archivo" }));
      await (await chooser).setFiles(pdf);
      await tabTo(page, modal.getByLabel("Nombre"));
      await page.keyboard.type("Nota por teclado");
      await tabTo(page, modal.getByLabel("Referencia"));
      await page.keyboard.type("Ref T");
    }
    await activate(page, modal.getByRole("button", { name: "Subir", exact: true }));
    await expect(modal).toHaveCount(0);
    const pending = page.getByRole("table", { name: "Documentos pendientes" });
    await expect(pending).toContainText("Nota por teclado");
    await expect(pending).toContainText("Ref T");
  });
});
