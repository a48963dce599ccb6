import { createHash } from "node:crypto";
import type { Page } from "@playwright/test";
import { unzip, type Unzipped } from "../unzip";
import { expect, expectNoAxeViolations, signIn, test, type Citizen } from "./fixtures";
import { createCitizen, DISCAPACIDAD_ID, operator, PURPOSE } from "./operator";

/**
 * 'Tus datos' (decisions 071 and 073): after operators read and change a citizen's data, the citizen
 * sees who, when, what and why, newest first, filters it with a plain GET form, and opens the
 * items; 'Descargar mis datos' (through its status page, issue 32) downloads one ZIP whose index a person can open; with and without
 * JavaScript, at 360 and 1280 px, axe-clean.
 */
test.describe("Tus datos", () => {
  let citizen: Citizen;
  let code: string;

  test.beforeAll(async () => {
    citizen = (await createCitizen({ givenName: "Olga" })) as unknown as Citizen;
    const instance = await operator<{ id: string }>("POST", "/procedures/instances", {
      cuil: citizen.cuil,
      procedureId: DISCAPACIDAD_ID,
      tab: "pending",
      state: { text: "Pendiente", color: "#B45309" },
      title: "Certificado de prueba",
    });
    code = (
      await operator<{ code: string }>("POST", "/digital/communications", {
        cuil: citizen.cuil,
        subject: "Aviso",
        client: "Rentas",
        type: "aviso",
      })
    ).code;
    await operator("GET", `/chat/instances/${instance.id}`);
  });

  test("linked from the footer: who, when, what and why, newest first; axe-clean at 360 px", async ({ page }) => {
    // Sign-in through the tray, then the page: on a loaded two-core machine this passed 45 s without JavaScript.
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 360, height: 900 });
    await signIn(page, citizen, "/procedures");
    await page.locator(".site-footer").getByRole("link", { name: "Tus datos" }).click();
    await expect(page).toHaveURL(/\/datos$/);
    await expect(page.getByRole("heading", { level: 1, name: "Tus datos" })).toBeVisible();
    const table = page.getByRole("table");
    await expect(table.locator("caption")).toContainText("del más reciente al más antiguo");
    const rows = table.locator("tbody tr");
    await expect(rows.first()).toContainText("Leyó la conversación");
    await expect(rows.first()).toContainText("Operador de desarrollo");
    await expect(rows.first()).toContainText(PURPOSE);
    await expect(table).toContainText("Te envió la comunicación");
    await expect(table).toContainText(code);
    await expectNoAxeViolations(page);
  });

  test("filtered by kind with a plain GET form; the item opens the citizen's page; axe-clean at 1280 px", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, citizen, "/datos");
    await page.getByLabel("Tipo de dato").selectOption("communication");
    await page.getByRole("button", { name: "Filtrar" }).click();
    await expect(page).toHaveURL(/kind=communication/);
    const rows = page.getByRole("table").locator("tbody tr");
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(code);
    await expectNoAxeViolations(page);
    await rows.first().getByRole("link").click();
    await expect(page).toHaveURL(new RegExp(`/digital/summary\\?code=${code}`));
  });

  test("a wrong range: the error is tied to its field and summarised; the title says so", async ({ page }) => {
    await signIn(page, citizen, "/datos?since=2030-01-02&until=2030-01-01");
    await expect(page.locator("#error-summary")).toContainText("anterior o igual");
    await expect(page.getByLabel("Desde")).toHaveAttribute("aria-invalid", "true");
    await expect(page).toHaveTitle(/^Error: /);
    await expectNoAxeViolations(page);
  });
});

/** Clicks and reads the download: its suggested name and entries. */
async function downloaded(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent("download"), click()]);
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  const bytes = Buffer.concat(chunks);
  return { name: download.suggestedFilename(), sha256: createHash("sha256").update(bytes).digest("hex"), entries: await unzip(bytes) };
}

/** Serves the unzipped folder at an address of its own, so the index opens with its relative links. */
async function openIndex(page: Page, entries: Unzipped) {
  const origin = "http://indice.test";
  await page.route(`${origin}/**`, (route) => {
    const name = decodeURIComponent(new URL(route.request().url()).pathname.slice(1));
    const entry = entries.find((e) => e.name === name);
    return entry
      ? route.fulfill({
          status: 200,
          contentType: name.endsWith(".html")
            ? "text/html; charset=utf-8"
            : name.endsWith(".json")
              ? "application/json; charset=utf-8"
              : "application/octet-stream",
          body: entry.data,
        })
      : route.fulfill({ status: 404, body: "" });
  });
  await page.goto(`${origin}/indice.html`);
}

test.describe("Descargar mis datos", () => {
  test("one ZIP with the index, the data and the files; the same file again within the hour; axe-clean page and index at 360 and 1280 px", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const owner = (await createCitizen({ givenName: "Irene" })) as unknown as Citizen;
    const record = await operator<{ code: string }>("POST", "/records", {
      ownerCuil: owner.cuil,
      title: "Expediente para exportar",
      sample: { incorporated: 1, sent: 1 },
    });
    const { code } = await operator<{ code: string }>("POST", "/digital/communications", {
      cuil: owner.cuil,
      subject: "Aviso <b>importante</b>",
      client: "Rentas",
      type: "aviso",
    });

    await page.setViewportSize({ width: 360, height: 900 });
    await signIn(page, owner, "/datos");
    const section = page.getByRole("region", { name: "Descargar mis datos" });
    await expect(section).toContainText("Incluye todos tus archivos");
    await expectNoAxeViolations(page);

    // No file yet: the button starts it and opens its status page (issue 32), which offers the file when ready.
    await section.getByRole("button", { name: "Descargar mis datos (ZIP)" }).click();
    await expect(page).toHaveURL(/\/datos\/descarga$/);
    const file = page.getByRole("link", { name: /^Descargar el archivo \(ZIP, / });
    const first = await downloaded(page, () => file.click());
    expect(first.name).toMatch(/^Tus datos en Atención Virtual \(\d{4}-\d{2}-\d{2}\)\.zip$/);
    const names = first.entries.map((e) => e.name);
    expect(names.slice(0, 2)).toEqual(["indice.html", "datos.json"]);
    expect(names.filter((n) => n.startsWith(`expedientes/01 - ${record.code}/`))).toHaveLength(2);
    const data = JSON.parse(first.entries[1]!.data.toString("utf8"));
    expect(data.cuil).toBe(owner.cuil);
    expect(data.tablas.dd_communications.map((c: { code: string }) => c.code)).toEqual([code]);
    // A download never navigates away: still on the status page.
    await expect(page).toHaveURL(/\/datos\/descarga$/);

    // Within the hour: 'Tus datos' says the file is ready, and its plain link gives the same bytes.
    await page.goto("/datos");
    await expect(section).toContainText("está listo");
    const link = section.getByRole("link", { name: "Descargar mis datos (ZIP)" });
    const again = await downloaded(page, () => link.click());
    expect(again.sha256).toBe(first.sha256);

    // The index, opened from the unzipped folder: readable at 360 and 1280 px, axe-clean.
    await openIndex(page, first.entries);
    await expect(page.getByRole("heading", { level: 1, name: "Tus datos en Atención Virtual" })).toBeVisible();
    await expect(page.getByRole("table", { name: /Tus comunicaciones/ })).toContainText("Aviso <b>importante</b>");
    await expectNoAxeViolations(page);
    // Reflow at 360 px: the tables become cards, nothing scrolls sideways (measured where script runs).
    if (test.info().project.use.javaScriptEnabled !== false) {
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: "datos.json", exact: true }).first().click();
    await expect(page).toHaveURL(/\/datos\.json$/);
  });
});
