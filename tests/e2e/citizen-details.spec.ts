/**
 * Issue 40's smaller citizen details, with JavaScript and without it (the no-JavaScript project is
 * also what a text browser gets).
 */
import { common } from "../../app/lib/messages/common";
import { expect, noJs, signIn, test, waitForHydration, type Citizen } from "./fixtures";
import { createCitizen } from "./operator";

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
