import { citizens, expect, signIn, test } from "./fixtures";

/**
 * HTTP caching and compression of the portal as served in production (portal/server.ts over the built
 * app): fingerprinted /build assets may be kept for a year and never revalidated, the signed-in
 * HTML may not be kept anywhere, and text answers are compressed when the browser accepts it.
 */
test("fingerprinted assets are immutable for a year, signed-in HTML is no-store, text is compressed", async ({ page }) => {
  await signIn(page, citizens.adhered, "/digital");

  const html = await page.request.get("/digital", { headers: { "accept-encoding": "gzip, br" } });
  expect(html.status()).toBe(200);
  expect(html.headers()["content-type"]).toMatch(/^text\/html/);
  expect(html.headers()["cache-control"]).toBe("no-store");
  expect(html.headers()["content-encoding"]).toMatch(/^(gzip|br)$/);
  const body = await html.text();

  // Every script and stylesheet the page loads is a content-hashed file under /build/.
  const assets = [...new Set([...body.matchAll(/(?:src|href)="(\/build\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]))];
  expect(assets.length).toBeGreaterThan(1);
  for (const asset of assets) expect(asset, asset).toMatch(/-[A-Z0-9]{8}\.(js|css)$/);
  const sizes: { asset: string; size: number }[] = [];
  for (const asset of assets) {
    const res = await page.request.get(asset, { headers: { "accept-encoding": "identity" } });
    expect(res.status(), asset).toBe(200);
    expect(res.headers()["cache-control"], asset).toBe("public, max-age=31536000, immutable");
    expect(res.headers()["content-encoding"], asset).toBeUndefined();
    sizes.push({ asset, size: (await res.body()).length });
  }
  // A large one comes compressed when the browser accepts it (small ones are sent as they are).
  const largest = sizes.sort((a, b) => b.size - a.size)[0];
  expect(largest.size).toBeGreaterThan(10_000);
  const compressed = await page.request.get(largest.asset, { headers: { "accept-encoding": "gzip, br" } });
  expect(compressed.headers()["content-encoding"]).toMatch(/^(gzip|br)$/);
  expect(compressed.headers()["vary"]).toMatch(/accept-encoding/i);
  expect((await compressed.body()).length).toBe(largest.size); // same bytes once decoded

  // A public file without a fingerprint may be cached, but not as immutable (it can change under the same name).
  const icon = await page.request.get("/favicon.ico");
  expect(icon.status()).toBe(200);
  expect(icon.headers()["cache-control"]).not.toMatch(/immutable/);
});
