import {
  citizens,
  expect,
  expectNoAxeViolations,
  PORTAL_ORIGIN,
  signIn,
  test,
  waitForDialogFocus,
  waitForHydration,
  type Citizen,
} from "./fixtures";
import { createCitizen, DISCAPACIDAD_ID, operator } from "./operator";
import { runTogether } from "./text-mode";

// What a citizen trips on the first time: the portal tried at 360 and 1280 px, with and without JavaScript.

/** 'Certificado de vacunación': a form procedure (not interactive), without terms. */
const VACUNACION_ID = 104;

async function newCitizen() {
  return (await createCitizen()) as unknown as Citizen;
}

test.describe("first visit", () => {
  test("one header at 360 px: modules and profile once, 'Cerrar sesión' in the header row, the heading near the top", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signIn(page, await newCitizen(), "/procedures");
    const header = page.locator("header.site-header");
    // Each part of the header once in the document (a text browser or a screen reader reads it once).
    await expect(header.locator(".profile-panel")).toHaveCount(1);
    await expect(header.locator('a[href="/procedures"]:not(.site-header__brand)')).toHaveCount(1);
    const logout = header.locator(".site-header__logout").getByRole("button", { name: "Cerrar sesión" });
    await expect(logout).toBeVisible();
    const toggle = header.locator(".site-menu > summary");
    const [logoutBox, toggleBox, headerBox, headingBox] = await Promise.all([
      logout.boundingBox(),
      toggle.boundingBox(),
      header.boundingBox(),
      page.getByRole("heading", { level: 1, name: "Tus trámites" }).boundingBox(),
    ]);
    // Same row: no second header row for 'Cerrar sesión'.
    expect(Math.abs(logoutBox!.y - toggleBox!.y)).toBeLessThan(8);
    expect(headerBox!.height).toBeLessThanOrEqual(72);
    expect(headingBox!.y).toBeLessThan(150);
    // The menu opens the modules and the user button.
    await toggle.click();
    await expect(page.getByRole("navigation", { name: "Módulos" }).getByRole("link", { name: "Domicilio digital" })).toBeVisible();
    await expect(header.locator(".profile-panel > summary")).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth).catch(() => 0);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);
  });

  test("every tab of the tray is in view at 360 px", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signIn(page, await newCitizen(), "/procedures");
    const tabs = page.locator(".tabs__link");
    const count = await tabs.count();
    expect(count).toBeGreaterThanOrEqual(4);
    for (let i = 0; i < count; i += 1) {
      const box = await tabs.nth(i).boundingBox();
      expect(box, `tab ${i}`).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width, `tab ${i} ends inside the screen`).toBeLessThanOrEqual(360);
    }
  });

  test("long dates are written as es-AR writes them: '24 de noviembre de 2026'", async ({ page }) => {
    const citizen = await newCitizen();
    const instance = await operator<{ id: string }>("POST", "/procedures/instances", {
      cuil: citizen.cuil,
      procedureId: DISCAPACIDAD_ID,
      tab: "in_progress",
      state: { text: "En revisión", color: "#1D4ED8" },
      buttons: ["edit", "history", "preview"],
    });
    await operator("POST", `/chat/instances/${instance.id}/messages`, { message: "Hola, recibimos tu pedido." });
    await signIn(page, citizen, `/procedures/chat/?instance=${instance.id}`);
    const separators = page.locator(".chat-sep");
    await expect(separators.first()).toBeVisible();
    // As shown (innerText applies the stylesheet's text-transform): '24 de noviembre de 2026'.
    const count = await separators.count();
    for (let i = 0; i < count; i += 1)
      await expect(separators.nth(i)).toHaveText(/^\s*\d{1,2} de [a-zñ]+ de \d{4}\s*$/, { useInnerText: true });
  });

  test("a communication whose message carries HTML shows it formatted and sanitised, never as raw tags", async ({ page }) => {
    const citizen = await newCitizen();
    await operator("POST", "/digital/communications", {
      cuil: citizen.cuil,
      subject: "Aviso con formato",
      client: "Dirección de Rentas",
      type: "aviso",
      message:
        '<p>Estimada ciudadana: <strong>su trámite avanzó</strong>.</p><ul><li>Primer paso</li></ul><script>window.hacked = 1</script><img src="x" onerror="window.hacked = 1"><a href="javascript:alert(1)">enlace</a>',
      files: [],
    });
    await signIn(page, citizen, "/digital");
    await page.getByRole("link", { name: "Aviso con formato" }).click();
    const message = page.locator(".dd-message");
    await expect(message.locator("strong")).toHaveText("su trámite avanzó");
    await expect(message.getByRole("listitem")).toHaveText("Primer paso");
    await expect(message).not.toContainText("<p>");
    await expect(message).not.toContainText("<strong>");
    await expect(message.locator("script, img, [onerror]")).toHaveCount(0);
    await expect(message.locator('a[href^="javascript:"]')).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test("a plain-text message keeps its text and line breaks", async ({ page }) => {
    const citizen = await newCitizen();
    await operator("POST", "/digital/communications", {
      cuil: citizen.cuil,
      subject: "Aviso sin formato",
      client: "Dirección de Rentas",
      type: "aviso",
      message: "Primera línea: 3 < 5.\nSegunda línea.",
      files: [],
    });
    await signIn(page, citizen, "/digital");
    await page.getByRole("link", { name: "Aviso sin formato" }).click();
    await expect(page.locator(".dd-message")).toHaveText("Primera línea: 3 < 5.\nSegunda línea.");
  });

  test("every page has a meta description; robots.txt exists; the sign-in page logs no console error", async ({ page, request }) => {
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    page.on("response", (response) => {
      if (response.status() >= 400) errors.push(`${response.status()} ${response.url()}`);
    });
    await page.goto("/procedures");
    await expect(page.getByLabel("CUIL")).toBeVisible();
    await page.waitForLoadState("load");
    // The browser asks the sign-in page's origin for its icon too.
    const icon = await request.get(new URL("/favicon.ico", page.url()).toString());
    expect(icon.status()).toBeLessThan(400);
    expect(errors).toEqual([]);

    const robots = await request.get("/robots.txt");
    expect(robots.status()).toBe(200);
    expect(await robots.text()).toMatch(/^User-agent: \*/m);

    await signIn(page, await newCitizen(), "/procedures");
    for (const path of [
      "/procedures",
      "/procedures/available",
      "/digital",
      "/digital/settings",
      "/records",
      "/comprobantes",
      "/accesibilidad",
    ]) {
      await page.goto(path);
      const description = page.locator('meta[name="description"]');
      await expect(description, path).toHaveCount(1);
      expect((await description.getAttribute("content"))?.length ?? 0, path).toBeGreaterThan(40);
    }
    expect(errors).toEqual([]);
  });

  test("the session notice says the end relatively, not with a clock of another zone", async ({ page }) => {
    await signIn(page, await newCitizen(), "/procedures");
    await expect(page.getByText("Por seguridad, tu sesión se cierra dentro de 15 minutos si no hay actividad.")).toBeVisible();
    await expect(page.locator(".session-notice")).not.toContainText(/\d\d:\d\d/);
  });
});

test.describe("forms without frames", () => {
  test("a form procedure offers its form as a page; once sent, the tray opens on the tab that shows it", async ({ page }) => {
    test.setTimeout(90_000);
    await signIn(page, await newCitizen(), `/procedures/form/?procedure=${VACUNACION_ID}`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Certificado de vacunación");
    // The server never says 'Cargando…': only a script can tell the frame loaded.
    const html = await (await page.request.get(`/procedures/form/?procedure=${VACUNACION_ID}`)).text();
    expect(html).not.toContain("Cargando formulario…");
    const standalone = page.getByRole("link", { name: "¿No ves el formulario? Ábrelo en una página aparte" });
    await expect(standalone).toBeVisible();
    await standalone.click();
    await expect(page).toHaveURL(new RegExp(`/forms/index\\.html\\?procedure=${VACUNACION_ID}`));
    await page.getByLabel(/Nombre y apellido/).fill("Ana Prueba");
    await page.getByLabel(/Número de DNI/).fill("35112847");
    await page.getByLabel(/Correo electrónico/).fill("ana@example.com");
    await page.getByLabel(/Motivo de la solicitud/).fill("Para la escuela.");
    await page.getByRole("button", { name: "Guardar formulario" }).click();
    await expect(page).toHaveURL(`${PORTAL_ORIGIN}/procedures?tab=in_progress`);
    await expect(page.getByText("Éxito al guardar el formulario.")).toBeVisible();
    await expect(page.locator(".tabs__link[aria-current]")).toContainText("En curso");
    await expect(page.getByRole("heading", { name: "Certificado de vacunación" })).toBeVisible();
  });
});

test.describe("reading order and text mode", () => {
  test("the inbox list comes before the advanced filters, which show only when asked for", async ({ page }) => {
    await signIn(page, await newCitizen(), "/digital");
    await expect(page.getByLabel("Organismo", { exact: true })).toHaveCount(0);
    await expect(page.getByLabel("Recibida desde")).toHaveCount(0);
    await page.getByRole("link", { name: "Filtros avanzados" }).click();
    await expect(page).toHaveURL(/filters=1/);
    await expect(page.getByLabel("Organismo", { exact: true })).toBeVisible();
    await page.getByLabel("Organismo", { exact: true }).fill("Rentas");
    await page.getByRole("button", { name: "Aplicar filtros" }).click();
    await expect(page).toHaveURL(/client=Rentas/);
    await expect(page.getByRole("list", { name: "Filtros aplicados" })).toContainText("Rentas");
    await expect(page.getByLabel("Organismo", { exact: true })).toHaveCount(0);
  });

  test("counts, links and actions never run into each other without the stylesheet", async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, citizens.adhered, "/procedures");
    for (const path of [
      "/procedures",
      "/procedures?tab=in_progress",
      "/procedures/available",
      "/digital",
      "/digital?filters=1",
      "/records",
      "/comprobantes",
    ]) {
      await page.goto(path);
      expect(await runTogether(page), path).toEqual([]);
    }
  });
});

test.describe("record upload dialog", () => {
  test("Escape closes 'Agregar Documentos' and focus returns to what opened it", { tag: "@js-only" }, async ({ page }) => {
    const citizen = await newCitizen();
    const record = await operator<{ id: string }>("POST", "/records", {
      ownerCuil: citizen.cuil,
      title: "Solicitud de prueba",
      header: [{ code: "subject", key: "Asunto", value: "Solicitud de prueba" }],
      sample: { incorporated: 1, sent: 0, pending: 0 },
    });
    await signIn(page, citizen, `/records/manager/?file=${record.id}`);
    // Keys pressed before hydration reach the page without its handlers (the link is then followed as
    // a plain one, and Escape closes nothing): wait for it, as a citizen's first key does not.
    await waitForHydration(page);
    const menu = page.locator(".rec-menu > summary");
    await menu.focus();
    await page.keyboard.press("Enter");
    await page.getByRole("link", { name: "Subir nuevo archivo" }).focus();
    await page.keyboard.press("Enter");
    const modal = page.getByRole("dialog", { name: "Agregar Documentos" });
    await expect(modal).toBeVisible();
    await waitForDialogFocus(page);
    await page.keyboard.press("Escape");
    await expect(modal).toHaveCount(0);
    // The link sat in the 'Acciones' menu, which Escape closed too: its toggle takes the focus.
    await expect(menu).toBeFocused();
  });
});
