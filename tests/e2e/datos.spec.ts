import { expect, expectNoAxeViolations, signIn, test, type Citizen } from "./fixtures";
import { createCitizen, operator, PURPOSE } from "./operator";

const DISCAPACIDAD_ID = 102;

/**
 * 'Tus datos' (decisions 071–072): after operators read and change a citizen's data, the citizen
 * sees who, when, what and why, newest first, filters it with a plain GET form, and opens the
 * items; with and without JavaScript, at 360 and 1280 px, axe-clean.
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
