/**
 * Issue 36, a hostile backend, in Chromium: the spec backend serves a stored file with the type its
 * uploader declared, as a careless (or hostile) backend would. Markup that a browser would draw and
 * run as a page of the portal's origin (SVG, XHTML, XML, HTML, each with a script, marked inline) is
 * answered as an `application/octet-stream` attachment with the sandbox policy: the browser downloads
 * it, and no script of it runs.
 */
import type { Page } from "@playwright/test";
import { citizens, expect, PORTAL_ORIGIN, test, visitAs } from "./support";

const MARK = "/__hostile-script-ran";
const script = (tag: string) => `<script>fetch("${MARK}?${tag}");document.title="PWNED"</script>`;
const HOSTILE = [
  { type: "image/svg+xml", file: "f.svg", body: `<svg xmlns="http://www.w3.org/2000/svg">${script("svg")}</svg>` },
  {
    type: "application/xhtml+xml",
    file: "f.xhtml",
    body: `<html xmlns="http://www.w3.org/1999/xhtml"><body>${script("xhtml")}</body></html>`,
  },
  { type: "text/html", file: "f.html", body: `<!DOCTYPE html><h1>Atención Virtual</h1>${script("html")}` },
  { type: "text/xml", file: "f.xml", body: `<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml">${script("text-xml")}</html>` },
  {
    type: "application/xml",
    file: "g.xml",
    body: `<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml">${script("xml")}</html>`,
  },
];

const nameOf = (f: (typeof HOSTILE)[number], tag: string) => `Hostil ${f.file} ${tag}`;

/** The pending document's download address, from whichever page of the pending list shows it. */
async function downloadHref(page: Page, name: string): Promise<string> {
  for (let ppage = 1; ppage <= 5; ppage++) {
    await page.goto(`/records/manager/?file=7001&ppage=${ppage}`);
    const link = page.getByRole("table", { name: "Documentos pendientes" }).getByRole("link", { name: `Descargar ${name}` });
    if (await link.count()) return (await link.first().getAttribute("href"))!;
  }
  throw new Error(`${name}: not among the pending documents`);
}

/** Uploads `files` to the open record's pending documents, without JavaScript (the form of three slots). */
async function upload(page: Page, files: typeof HOSTILE, tag: string) {
  await page.goto("/records/manager/?file=7001");
  await page.locator(".rec-menu > summary").click();
  await page.getByRole("link", { name: "Subir nuevo archivo" }).click();
  const modal = page.locator("#rec-modal");
  for (const [i, f] of files.entries()) {
    await modal.locator(`input[name="file_${i}"]`).setInputFiles({ name: f.file, mimeType: f.type, buffer: Buffer.from(f.body) });
    await modal.locator(`input[name="name_${i}"]`).fill(nameOf(f, tag));
    await modal.locator(`input[name="reference_${i}"]`).fill(`Ref ${tag}`);
  }
  await modal.getByRole("button", { name: "Subir", exact: true }).click();
  await expect(modal).toHaveCount(0);
}

test("@no-js-only markup a backend serves as any type is downloaded, never drawn or run on the portal's origin", async ({
  page,
  browser,
}) => {
  const tag = `${Date.now()}`;
  await visitAs(page, citizens.adhered, "/records/manager/?file=7001");
  // A browser with JavaScript, signed in as the same citizen, opens each file as a citizen would.
  const js = await browser.newContext({
    storageState: await page.context().storageState(),
    javaScriptEnabled: true,
    acceptDownloads: true,
  });
  const ran: string[] = [];
  js.on("request", (request) => void (request.url().includes(MARK) && ran.push(request.url())));
  try {
    // Three slots a post.
    await upload(page, HOSTILE.slice(0, 3), tag);
    await upload(page, HOSTILE.slice(3), tag);
    for (const f of HOSTILE) {
      const name = nameOf(f, tag);
      const href = await downloadHref(page, name);
      const answer = await page.request.get(`${PORTAL_ORIGIN}${href}`);
      expect(answer.status()).toBe(200);
      expect(answer.headers()["content-type"], f.type).toBe("application/octet-stream");
      expect(answer.headers()["content-disposition"]).toMatch(/^attachment; /);
      expect(answer.headers()["content-security-policy"]).toBe("default-src 'none'; sandbox");
      expect(answer.headers()["x-content-type-options"]).toBe("nosniff");
      expect(await answer.text()).toBe(f.body);

      const tab = await js.newPage();
      const [download] = await Promise.all([tab.waitForEvent("download"), tab.goto(`${PORTAL_ORIGIN}${href}`).catch(() => null)]);
      expect(download.suggestedFilename()).toBe(name);
      await expect(tab).not.toHaveTitle("PWNED");
      await tab.close();
    }
    expect(ran).toEqual([]);
  } finally {
    await js.close();
  }
});
