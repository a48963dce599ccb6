import { expect, PORTAL_ORIGIN, signIn, test, citizens } from "./fixtures";

/**
 * Posts no portal form makes get a clear refusal, the Spanish error page with the strict
 * headers, never a 5xx: another site's form (403, before Remix's own origin check could throw),
 * and same-origin bodies that are not forms (text/plain, JSON: 415).
 */
const ERROR_TEXT = "Hubo un error al cargar la página.";

test.describe("odd posts", () => {
  test("another site's form post is refused with 403 and the error page", async ({ page }) => {
    await signIn(page, citizens.adhered, "/procedures");
    // A page on another origin with a form that posts to the portal.
    await page.route("http://other-site.test/", (route) =>
      route.fulfill({
        contentType: "text/html",
        body: `<!doctype html><html lang="es"><body><form method="post" action="${PORTAL_ORIGIN}/procedures"><input name="intent" value="discard"><button>Enviar</button></form></body></html>`,
      }),
    );
    await page.goto("http://other-site.test/");
    const [response] = await Promise.all([
      page.waitForResponse(`${PORTAL_ORIGIN}/procedures`),
      page.getByRole("button", { name: "Enviar" }).click(),
    ]);
    expect(response.status()).toBe(403);
    expect(response.headers()["cache-control"]).toBe("no-store");
    expect(response.headers()["content-security-policy"]).toContain("frame-ancestors 'self'");
    await expect(page.getByText(ERROR_TEXT)).toBeVisible();
  });

  for (const [label, enctype] of [
    ["text/plain", "text/plain"],
    ["JSON", "application/json"],
  ] as const) {
    test(`a same-origin ${label} post is refused with 415 and the error page`, async ({ page }) => {
      await signIn(page, citizens.adhered, "/procedures");
      if (enctype === "text/plain") {
        // A same-origin page with a text/plain form (what a browser can send without script).
        await page.route(`${PORTAL_ORIGIN}/odd-form`, (route) =>
          route.fulfill({
            contentType: "text/html",
            body: `<!doctype html><html lang="es"><body><form method="post" enctype="text/plain" action="/procedures"><input name="intent" value="discard"><button>Enviar</button></form></body></html>`,
          }),
        );
        await page.goto("/odd-form");
        const [response] = await Promise.all([
          page.waitForResponse(`${PORTAL_ORIGIN}/procedures`),
          page.getByRole("button", { name: "Enviar" }).click(),
        ]);
        expect(response.status()).toBe(415);
        expect(response.headers()["cache-control"]).toBe("no-store");
        await expect(page.getByText(ERROR_TEXT)).toBeVisible();
      } else {
        // JSON needs script or another client: the same cookies, from the page's own origin.
        const response = await page.request.post("/procedures", {
          headers: { "Content-Type": enctype, Origin: PORTAL_ORIGIN, "Sec-Fetch-Site": "same-origin" },
          data: '{"intent":"discard"}',
        });
        expect(response.status()).toBe(415);
        expect(response.headers()["cache-control"]).toBe("no-store");
        expect(await response.text()).toContain(ERROR_TEXT);
      }
    });
  }
});
