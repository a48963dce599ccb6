import { readFileSync } from "node:fs";
import path from "node:path";
import type { BrowserContext } from "@playwright/test";
import { expect, expectNoAxeViolations, fillSignIn, PORTAL_ORIGIN, signIn, test, waitForHydration, type Citizen } from "./fixtures";
import { createCitizen, instanceFor } from "./operator";
import { createEncryptedCookieSessionStorage } from "../../app/lib/session-cookie.server";

/**
 * Shared terminals and timeouts (decision 032): the warning before the session ends (with
 * JavaScript), drafts that survive an expiry for the same citizen only, 'Cerrar sesión' one tap away
 * at 360 px, and nothing of the citizen's on screen after signing out and going back.
 */

/**
 * Expires the browser's session for real: the stack's session secret (DATA_DIR/.session-secret, see
 * scripts/stack.ts) re-seals the cookie with its last activity 16 minutes back, which the portal
 * reads as an idle session — no test-only setting in the server.
 */
async function expireSession(context: BrowserContext) {
  const secret = readFileSync(path.join(process.env.E2E_DATA_DIR!, ".session-secret"), "utf8").trim();
  const storage = createEncryptedCookieSessionStorage<Record<string, unknown>>({
    name: "av_session",
    secrets: [secret],
    cookie: { path: "/", httpOnly: true, sameSite: "lax" },
  });
  const current = (await context.cookies(PORTAL_ORIGIN)).find((c) => c.name === "av_session");
  expect(current, "a session cookie").toBeTruthy();
  const session = await storage.getSession(`av_session=${current!.value}`);
  expect(session.get("cuil")).toBeTruthy();
  session.set("lastSeen", Date.now() - 16 * 60_000);
  const value = (await storage.commitSession(session)).split(";")[0]!.slice("av_session=".length);
  await context.addCookies([{ name: "av_session", value, url: PORTAL_ORIGIN, httpOnly: true, sameSite: "Lax" }]);
}

async function openInstanceChat(citizen: Citizen) {
  return `/procedures/chat/?instance=${(await instanceFor(citizen.cuil)).id}`;
}

const draftCookie = async (context: BrowserContext) => (await context.cookies(PORTAL_ORIGIN)).find((c) => c.name === "av_draft");

test.describe("shared terminals", () => {
  test("two minutes before the end a dialog offers to continue; then the session ends", { tag: "@js-only" }, async ({ page }) => {
    await page.clock.install();
    const citizen = (await createCitizen()) as unknown as Citizen;
    await signIn(page, citizen, "/procedures");
    await expect(page.getByText("Por seguridad, tu sesión se cierra dentro de 15 minutos si no hay actividad.")).toBeVisible();
    const dialog = page.getByRole("alertdialog", { name: "Tu sesión está por vencer" });
    await expect(dialog).toHaveCount(0);
    // The warning's timer starts when the page hydrates: moving the clock before that moved nothing.
    await waitForHydration(page);

    await page.clock.fastForward("13:05");
    await expect(dialog).toBeVisible();
    // The '15 minutos' notice steps aside: the page does not say two things at once (issue 31).
    await expect(page.locator(".session-notice")).toHaveCount(0);
    await expect(dialog.getByRole("button", { name: "Continuar" })).toBeFocused();
    await expect(dialog.getByText(/Quedan 1 min \d\d s\./)).toBeVisible();
    await expectNoAxeViolations(page);
    // Tab stays inside the dialog.
    await page.keyboard.press("Tab");
    await expect(dialog.getByRole("button", { name: "Cerrar sesión" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(dialog.getByRole("button", { name: "Continuar" })).toBeFocused();

    const keepAlive = page.waitForResponse((r) => r.url().includes("/resources/session/keepalive") && r.request().method() === "POST");
    // Remix reloads the page's data after the post, and the root's new `remainingMs` moves the
    // deadline again: the clock may only jump once that has landed and been rendered, or the jump
    // is undone by a deadline measured after it (the dialog then never comes).
    const revalidated = page.waitForResponse((r) => r.url().includes("_data=root") && r.request().method() === "GET");
    await dialog.getByRole("button", { name: "Continuar" }).click();
    expect((await keepAlive).status()).toBe(200);
    expect((await revalidated).status()).toBe(200);
    // That answer resolves with its headers: the root's new data are in once Remix's router is idle again.
    await page.waitForFunction(() => {
      type RouterState = { revalidation: string; navigation: { state: string }; fetchers: Map<string, { state: string }> };
      const router = (window as unknown as { __remixRouter?: { state: RouterState } }).__remixRouter;
      if (!router) return false;
      const { revalidation, navigation, fetchers } = router.state;
      return revalidation === "idle" && navigation.state === "idle" && [...fetchers.values()].every((f) => f.state === "idle");
    });
    await expect(dialog).toHaveCount(0);
    await expect(page.locator(".session-notice")).toHaveCount(1);
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

    // A new fifteen minutes: the warning comes back at 13, the end at 15.
    await page.clock.fastForward("13:05");
    await expect(dialog).toBeVisible();
    await page.clock.fastForward("02:00");
    const ended = page.getByRole("alertdialog", { name: "Tu sesión venció" });
    await expect(ended).toBeVisible();
    await expect(ended.getByRole("link", { name: "Ingresar nuevamente" })).toBeFocused();
  });

  test("a chat message sent after the session expired survives a fresh sign-in of the same citizen", async ({ page, context }) => {
    const citizen = (await createCitizen()) as unknown as Citizen;
    await signIn(page, citizen, "/procedures");
    const chatUrl = await openInstanceChat(citizen);
    await page.goto(chatUrl);
    await waitForHydration(page);
    await page.getByLabel("Mensaje").fill("Les escribo desde la biblioteca pública.");
    await expireSession(context);
    await page.getByRole("button", { name: "Enviar" }).click();
    // The identity provider asks for the credentials; the same citizen signs in again.
    await fillSignIn(page, citizen);
    await page.waitForURL((url) => url.origin === PORTAL_ORIGIN && url.pathname.startsWith("/procedures/chat"));
    await expect(page.getByLabel("Mensaje")).toHaveValue("Les escribo desde la biblioteca pública.");
    await expect(page.getByRole("status").filter({ hasText: "Recuperamos lo que estabas escribiendo" })).toBeVisible();
    await expectNoAxeViolations(page);
    // Restored once: the cookie is gone, a reload no longer restores from the server.
    expect(await draftCookie(context)).toBeUndefined();
    await page.getByRole("button", { name: "Enviar" }).click();
    await expect(page).toHaveURL(/\/procedures\/?$/);
    await page.goto(chatUrl);
    await expect(page.getByText("Les escribo desde la biblioteca pública.")).toBeVisible();
    await expect(page.getByLabel("Mensaje")).toHaveValue("");
  });

  test("another citizen signing in next on the same browser does NOT get the draft", async ({ page, context }) => {
    const first = (await createCitizen()) as unknown as Citizen;
    const next = (await createCitizen()) as unknown as Citizen;
    await signIn(page, first, "/procedures");
    const chatUrl = await openInstanceChat(first);
    await page.goto(chatUrl);
    await waitForHydration(page);
    await page.getByLabel("Mensaje").fill("Mi dato privado 12345");
    await expireSession(context);
    await page.getByRole("button", { name: "Enviar" }).click();
    await fillSignIn(page, next);
    // Without JavaScript the identity provider may stop at its self-submitting page: press its button.
    const onPortal = (url: URL) => url.origin === PORTAL_ORIGIN && !url.pathname.startsWith("/auth");
    const resume = page.getByRole("button", { name: "Continue" });
    await expect.poll(async () => onPortal(new URL(page.url())) || (await resume.isVisible())).toBe(true);
    if (!onPortal(new URL(page.url()))) await resume.click();
    await page.waitForURL(onPortal);
    await expect(page.getByText("Mi dato privado 12345")).toHaveCount(0);
    expect(await draftCookie(context)).toBeUndefined();
    // Their own chat of the same procedure shows nothing of it either.
    const ownChat = await openInstanceChat(next);
    await page.goto(ownChat);
    await expect(page.getByLabel("Mensaje")).toHaveValue("");
    const stored = await page.evaluate(() => JSON.stringify(Object.entries(sessionStorage)));
    expect(stored).not.toContain("Mi dato privado");
  });

  test("'Cerrar sesión' is one tap away at 360 px and Back shows nothing of the citizen", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const citizen = (await createCitizen({ givenName: "Olga" })) as unknown as Citizen & { name: string };
    await signIn(page, citizen, "/procedures");
    const logout = page.locator(".site-header").getByRole("button", { name: "Cerrar sesión" }).first();
    await expect(logout).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectNoAxeViolations(page);
    await page.goto("/digital/settings");
    await expect(page.locator("body")).toContainText("Olga");
    await page.locator(".site-header").getByRole("button", { name: "Cerrar sesión" }).first().click();
    const cuil = page.getByLabel("CUIL");
    const confirm = page.getByRole("button", { name: "Cerrar sesión" });
    await expect(cuil.or(confirm).first()).toBeVisible();
    if (await confirm.isVisible()) await confirm.click();
    await expect(cuil).toBeVisible();
    // Back through the history: no page shows the citizen's data (no-store keeps them out of the back/forward cache).
    for (let i = 0; i < 3; i += 1) {
      await page.goBack().catch(() => null);
      await page.waitForLoadState();
      await expect(page.locator("body")).not.toContainText("Olga");
    }
  });
});
