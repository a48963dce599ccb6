/**
 * Issue 40, a shared terminal: 'Cerrar sesión' ends both sessions in one press, with JavaScript and
 * without it, and no address the browser goes to (its history, the identity provider's access log)
 * carries the ID token or anything that names the citizen.
 */
import { expect, PORTAL_ORIGIN, signIn, signOut, test, type Citizen } from "./fixtures";
import { createCitizen } from "./operator";

test("'Cerrar sesión' ends both sessions in one press, with nothing of the citizen in any address", async ({ page }) => {
  const citizen = (await createCitizen({ givenName: "Olga" })) as unknown as Citizen & { name: string };
  await signIn(page, citizen, "/procedures");
  const addresses: string[] = [];
  page.on("request", (request) => void addresses.push(request.url()));
  page.on("framenavigated", (frame) => void addresses.push(frame.url()));
  const ends: string[] = [];
  page.on("response", (response) => {
    if (new URL(response.url()).pathname === "/session/end") ends.push(`${response.request().method()} ${response.status()}`);
  });

  await signOut(page);

  // One press: the identity provider ended its session without asking (no confirmation page).
  expect(ends).toHaveLength(1);
  expect(ends[0]).toMatch(/ 303$/);
  await expect(page.getByText("confirma con el botón")).toHaveCount(0);
  expect(addresses.length).toBeGreaterThan(0);
  for (const address of addresses) {
    expect(address).not.toContain("id_token_hint");
    expect(address).not.toMatch(/eyJ[\w-]+\.eyJ[\w-]+/); // a JWT
    expect(address).not.toContain(citizen.cuil);
    expect(decodeURIComponent(address)).not.toMatch(/@example\.com/); // the test citizens' e-mail
    expect(decodeURIComponent(address)).not.toContain(citizen.name);
    expect(decodeURIComponent(address)).not.toContain("Olga");
  }
  // The portal's session is over too.
  await page.goto(`${PORTAL_ORIGIN}/procedures`);
  await expect(page.getByLabel("CUIL")).toBeVisible();
});
