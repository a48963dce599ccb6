import type { Page } from "@playwright/test";
import { citizens, expect, fillSignIn, PORTAL_ORIGIN, test, type Citizen } from "../e2e/fixtures";

/**
 * Helpers of the suite against the spec backend (playwright.spec-backend.config.ts). The sign-in
 * and the axe checks are the main suite's (tests/e2e/fixtures.ts); the spec backend's data is the
 * three demo citizens of the README (tests/spec-backend/data.ts).
 */
export { citizens, expect, PORTAL_ORIGIN, test, type Citizen };
export { expectNoAxeViolations, waitForHydration, waitForDialogFocus } from "../e2e/fixtures";

export const noJs = () => test.info().project.use.javaScriptEnabled === false;
/** Which project runs: data a test changes is chosen per project, so both can run at once. */
export const side = () => (noJs() ? "no-js" : "js");

/**
 * The configuration's logout_url (tests/spec-backend/stack.ts): the province's own page, https on
 * another origin. Nothing answers that name: a test checks that the browser asks for it.
 */
export const LOGOUT_URL = process.env.SPEC_BACKEND_LOGOUT_URL ?? "https://cuenta.provincia.example/salir";

/**
 * One sign-in per worker and citizen: the session cookies are kept and given to each later test's
 * context (the sign-in itself is the main suite's business; here it is only the way in).
 */
const sessions = new Map<string, Awaited<ReturnType<ReturnType<Page["context"]>["storageState"]>>>();
export async function visitAs(page: Page, citizen: Citizen, path: string) {
  const known = sessions.get(citizen.cuil);
  await page.context().clearCookies();
  if (known) {
    await page.context().addCookies(known.cookies);
    await page.goto(path);
    if (page.url().startsWith(PORTAL_ORIGIN)) return;
  } else await page.goto(path);
  await fillSignIn(page, citizen);
  await page.waitForURL((url) => url.origin === PORTAL_ORIGIN && !url.pathname.startsWith("/auth"));
  sessions.set(citizen.cuil, await page.context().storageState());
}

/**
 * Calls of ours beyond the spec are not offered by the spec backend: nothing of them may show —
 * no 'Descargar todo', no 'Tus datos', no receipts, no error text about linked communications, no
 * broken image (watch with {@link watchImages} before the page loads). Soft checks: the rest of the
 * screen is still checked, and the report lists every trace.
 */
export async function expectNoExtensions(page: Page) {
  await expect.soft(page.getByText(/Descargar todo/), "'Descargar todo' (an extension)").toHaveCount(0);
  await expect.soft(page.getByRole("link", { name: "Tus datos" }), "'Tus datos' (an extension)").toHaveCount(0);
  // Receipts by where they lead: a record may well hold a document named 'comprobante-de-pago.pdf'.
  await expect.soft(page.locator('a[href^="/comprobantes"]'), "a receipt (an extension)").toHaveCount(0);
  await expect.soft(page.getByText("Ver comprobante"), "a receipt's notice (an extension)").toHaveCount(0);
  await expect
    .soft(page.getByText("No pudimos obtener las comunicaciones relacionadas"), "linked communications (an extension)")
    .toHaveCount(0);
}

/** Records every image the page asks for that fails (HTTP error or no answer); check it with `broken()`. */
export function watchImages(page: Page) {
  const failed: string[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "image" && response.status() >= 400)
      failed.push(`${response.status()} ${new URL(response.url()).pathname}`);
  });
  page.on("requestfailed", (request) => {
    if (request.resourceType() === "image") failed.push(`failed ${new URL(request.url()).pathname}`);
  });
  return { broken: () => [...failed] };
}

/**
 * The screen shows its level-1 heading, and not the portal's error screen (spec section 2: 'Oops',
 * 'Hubo un error al cargar la página.'): a failure says which of the two happened.
 */
export async function expectScreen(page: Page, heading: string | RegExp) {
  const wanted = page.getByRole("heading", { level: 1, name: heading });
  const oops = page.getByRole("heading", { level: 1, name: "Oops" });
  await expect(wanted.or(oops).first()).toBeVisible();
  expect(await oops.count(), `${new URL(page.url()).pathname}: the portal's error screen instead of '${String(heading)}'`).toBe(0);
}

/** A small valid PDF made at run time. */
export async function pdfFile(name: string) {
  const { PDFDocument } = await import("pdf-lib");
  const doc = await PDFDocument.create();
  doc.addPage([200, 200]);
  return { name, mimeType: "application/pdf", buffer: Buffer.from(await doc.save()) };
}
