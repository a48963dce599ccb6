/**
 * Issue 40's smaller citizen details, with JavaScript and without it (the no-JavaScript project is
 * also what a text browser gets).
 */
import { common } from "../../app/lib/messages/common";
import { expect, expectNoAxeViolations, noJs, signIn, test, waitForHydration, type Citizen } from "./fixtures";
import { createCitizen, operator } from "./operator";

test("a day typed in a filter that cannot be read is said next to its box, not dropped", async ({ page }) => {
  const citizen = (await createCitizen()) as unknown as Citizen;
  // What a text browser posts from its plain box (the form's GET): an impossible day.
  await signIn(page, citizen, "/procedures?since=31%2F02%2F2026");
  const since = page.getByLabel("Desde");
  await expect(since).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("#proc-since-error")).toContainText(common.search.invalidDate);
  await expect(page.getByLabel("Hasta")).not.toHaveAttribute("aria-invalid", "true");
  if (noJs()) return;
  // With JavaScript the browser's own day box holds a half-typed day as bad input: said on leaving it.
  await page.goto("/procedures");
  await waitForHydration(page);
  await since.click();
  await page.keyboard.type("31");
  await since.blur();
  await expect(page.locator("#proc-since-error")).toContainText(common.search.invalidDate);
  await expect(since).toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveURL(/\/procedures$/); // nothing filtered by it
});

test("the inbox's day filters: a day that is not applied is said next to its box, the valid filters still apply", async ({ page }) => {
  const citizen = (await createCitizen()) as unknown as Citizen;
  await operator("POST", "/digital/communications", {
    cuil: citizen.cuil,
    subject: "Aviso de prueba de fechas",
    client: "Dirección de Rentas",
    type: "aviso",
    message: "Mensaje",
    notified: true,
    files: [],
  });
  // What a text browser sends from its plain boxes: an impossible day and a valid one (the panel opens by itself).
  await signIn(page, citizen, "/digital?created_since=31%2F02%2F2026&created_until=01%2F01%2F2001");
  const since = page.locator("#dd-f-created_since");
  await expect(since).toHaveAttribute("aria-invalid", "true");
  await expect(since).toHaveAttribute("value", "31/02/2026"); // what was typed comes back
  await expect(page.locator("#dd-f-created_since-error")).toContainText(common.search.invalidDate);
  await expect(since).toHaveAttribute("aria-describedby", /dd-f-created_since-error/);
  await expect(page.locator("#dd-f-created_until")).not.toHaveAttribute("aria-invalid", "true");
  // The valid 'hasta' applies: its chip, and nothing received before 2001.
  await expect(page.getByRole("link", { name: /Recibida hasta: 01\/01\/2001/ })).toBeVisible();
  await expect(page.getByText("No se encontraron resultados")).toBeVisible();
  await expectNoAxeViolations(page);

  // A 'hasta' before its 'desde', sent with the panel's own button (a plain GET form; with JavaScript, Remix's).
  await page.goto("/digital?filters=1");
  if (!noJs()) await waitForHydration(page);
  await page.locator("#dd-f-seen_since").fill("2026-03-10");
  await page.locator("#dd-f-seen_until").fill("2026-03-01");
  await page.getByRole("button", { name: "Aplicar filtros" }).click();
  await expect(page).toHaveURL(/seen_until=2026-03-01/);
  const until = page.locator("#dd-f-seen_until");
  await expect(until).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("#dd-f-seen_until-error")).toContainText(common.search.untilBeforeSince);
  await expect(page.locator("#dd-f-seen_since")).not.toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("link", { name: /Leída desde: 10\/03\/2026/ })).toBeVisible();
  await expect(page.getByRole("link", { name: /Leída hasta/ })).toHaveCount(0);
});
