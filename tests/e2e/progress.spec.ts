import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import type { CDPSession, Page } from "@playwright/test";
import { createDatabase } from "../../server/db/index";
import { citizens, expect, expectNoAxeViolations, signIn, test, waitForHydration } from "./fixtures";
import { instanceAskingForDni, recordOfNewCitizen } from "./operator";

/**
 * Progress a citizen can see on long work (issue 32): on a throttled link an upload shows its
 * progress moving from start to end, a cancel stores nothing, and without JavaScript the upload is
 * one plain post (the browser's own progress), with no redirect before its body.
 */

/** The database the stack under test uses: SQLite under E2E_DATA_DIR, or the scale-out run's PostgreSQL. */
const databaseUrl =
  process.env.E2E_SCALEOUT === "1" ? (process.env.SCALEOUT_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/scaleout") : undefined;

async function filesOf(cuil: string): Promise<number> {
  const { db } = await createDatabase({ databaseUrl, dataDir: process.env.E2E_DATA_DIR! });
  try {
    const row = await db
      .selectFrom("files")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("owner_cuil", "=", cuil)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  } finally {
    await db.destroy();
  }
}

/**
 * A real one-page PDF of about `megabytes` MB (the rest an unused stream of random bytes), written
 * under the test's output: the backend reads it as a PDF, and nothing on the way compresses it.
 */
function bigPdf(name: string, megabytes: number): string {
  const parts: Buffer[] = [Buffer.from("%PDF-1.4\n")];
  const offsets: number[] = [];
  let length = parts[0]!.length;
  const add = (chunk: Buffer) => {
    parts.push(chunk);
    length += chunk.length;
  };
  const object = (n: number, body: string) => {
    offsets[n] = length;
    add(Buffer.from(`${n} 0 obj\n${body}\nendobj\n`));
  };
  object(1, "<< /Type /Catalog /Pages 2 0 R >>");
  object(2, "<< /Type /Pages /Kids [3 0 R] /Count 1 >>");
  object(3, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>");
  const padding = randomBytes(megabytes * 1024 * 1024);
  offsets[4] = length;
  add(Buffer.from(`4 0 obj\n<< /Length ${padding.length} >>\nstream\n`));
  add(padding);
  add(Buffer.from("\nendstream\nendobj\n"));
  const xref = length;
  const rows = offsets.slice(1).map((o) => `${String(o).padStart(10, "0")} 00000 n \n`);
  add(Buffer.from(`xref\n0 5\n0000000000 65535 f \n${rows.join("")}trailer\n<< /Size 5 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`));
  const file = test.info().outputPath(name);
  writeFileSync(file, Buffer.concat(parts));
  return file;
}

/** Chromium's own network emulation: the page's uploads go at `bytesPerSecond`. */
async function throttle(page: Page, bytesPerSecond: number): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 40,
    downloadThroughput: 4 * 1024 * 1024,
    uploadThroughput: bytesPerSecond,
  });
  return cdp;
}

/** A fresh adhered citizen with one record of their own. */
async function citizenWithRecord() {
  const { citizen, record } = await recordOfNewCitizen("Solicitud de prueba", { incorporated: 1 });
  return { citizen, uploadUrl: `/records/manager/?file=${record.id}&modal=upload` };
}

type Sample = [at: number, value: number, label: string];

/**
 * Samples the page's upload progress every 25 ms (the bar's value and its text) and notes when
 * `button` was pressed, until `stopSampling`.
 */
async function startSampling(page: Page, button: string) {
  await page.evaluate((name) => {
    const w = window as unknown as { samples: Sample[]; pressedAt?: number; sampler: number };
    w.samples = [];
    document.addEventListener(
      "click",
      (event) => {
        if ((event.target as Element).closest("button")?.textContent?.trim() === name) w.pressedAt ??= performance.now();
      },
      true,
    );
    w.sampler = window.setInterval(() => {
      const bar = document.querySelector("progress");
      if (bar) w.samples.push([performance.now(), bar.value, document.querySelector(".upload-progress__label")?.textContent ?? ""]);
    }, 25);
  }, button);
}

async function stopSampling(page: Page) {
  return page.evaluate(() => {
    const w = window as unknown as { samples: Sample[]; pressedAt?: number; sampler: number };
    clearInterval(w.sampler);
    return { samples: w.samples, pressedAt: w.pressedAt ?? NaN };
  });
}

test.describe("progress of long work", () => {
  test("a 20 MB record upload on a throttled link shows its progress moving from start to end", { tag: "@js-only" }, async ({ page }) => {
    test.setTimeout(120_000);
    const file = bigPdf("grande.pdf", 20);
    const { citizen, uploadUrl } = await citizenWithRecord();
    await signIn(page, citizen, uploadUrl);
    await waitForHydration(page);
    const modal = page.locator("#rec-modal");
    await modal.locator('input[type="file"]').setInputFiles(file);
    await modal.getByLabel("Nombre").fill("Grande");
    await modal.getByLabel("Referencia").fill("Ref 1");

    await throttle(page, 3 * 1024 * 1024);
    await startSampling(page, "Subir");
    await modal.getByRole("button", { name: "Subir", exact: true }).click();
    // The spec's text stays; the bar and its text come beside it.
    await expect(modal.getByText("Estamos subiendo los documentos...")).toBeVisible();
    const bar = modal.getByRole("progressbar", { name: /^Subiendo grande\.pdf: \d+ %$/ });
    await expect(bar).toBeVisible();
    await expect(modal.locator(".upload-progress__label")).toHaveText(/^Subiendo grande\.pdf: ([1-9]|[1-9]\d) %$/);
    await expect(modal).toHaveCount(0, { timeout: 60_000 });
    const { samples, pressedAt } = await stopSampling(page);
    await expect(page.getByRole("table", { name: "Documentos pendientes" })).toContainText("Grande");

    const values = samples.map(([, value]) => value);
    expect(
      values.every((v, i) => i === 0 || v >= values[i - 1]!),
      "the bar never goes back",
    ).toBe(true);
    expect(values[0]!).toBeLessThanOrEqual(10);
    expect(Math.max(...values)).toBe(100);
    expect(new Set(values.filter((v) => v > 0 && v < 100)).size, "steps between start and end").toBeGreaterThanOrEqual(10);
    for (const [, value, label] of samples)
      expect(label).toBe(value >= 100 ? "Guardando grande.pdf..." : `Subiendo grande.pdf: ${value} %`);
    const shown = samples[0]![0] - pressedAt;
    const moving = samples.find(([, v]) => v > 0)![0] - pressedAt;
    const whole = samples.find(([, v]) => v >= 100)![0] - pressedAt;
    test.info().annotations.push({
      type: "figures",
      description: `20 MB at 3 MB/s: bar shown ${Math.round(shown)} ms after 'Subir', first movement ${Math.round(moving)} ms, body whole ${Math.round(whole)} ms, ${samples.length} samples, ${new Set(values).size} distinct values`,
    });
    console.log(test.info().annotations.at(-1)!.description);
  });

  test("a cancelled upload stores nothing; axe finds nothing while it runs", { tag: "@js-only" }, async ({ page }) => {
    test.setTimeout(120_000);
    const file = bigPdf("dni.pdf", 8);
    const { citizen, uploadUrl } = await citizenWithRecord();
    await signIn(page, citizen, uploadUrl);
    await waitForHydration(page);
    const modal = page.locator("#rec-modal");
    await modal.locator('input[type="file"]').setInputFiles(file);
    await modal.getByLabel("Nombre").fill("DNI");
    await modal.getByLabel("Referencia").fill("Frente");

    // Slow enough (about a minute for the file) that the checks below run while it is under way.
    const before = await filesOf(citizen.cuil); // the record's own incorporated document
    await throttle(page, 128 * 1024);
    const aborted = page.waitForEvent("requestfailed", (r) => r.url().endsWith("/resources/records/upload"));
    await modal.getByRole("button", { name: "Subir", exact: true }).click();
    await expect(modal.locator(".upload-progress__label")).toHaveText(/^Subiendo dni\.pdf: ([1-9]|[1-9]\d) %$/);
    await expectNoAxeViolations(page);
    await modal.getByRole("button", { name: "Cancelar la subida" }).click();
    expect((await aborted).failure()?.errorText).toMatch(/ABORTED/);
    await expect(modal.getByRole("alert")).toHaveText("Cancelaste la subida. No se guardó ningún documento.");
    await expect(modal.getByRole("progressbar")).toHaveCount(0);
    await expect(modal.getByRole("button", { name: "Subir", exact: true })).toBeEnabled();
    await expectNoAxeViolations(page);

    // Nothing stored: no file of this citizen in the backend, nothing pending on the record.
    expect(await filesOf(citizen.cuil)).toBe(before);
    await modal.getByRole("link", { name: "Cerrar" }).click();
    await page.reload();
    await expect(page.getByText("No hay documentos pendientes en el expediente")).toBeVisible();
    expect(await filesOf(citizen.cuil)).toBe(before);
  });

  test("attaching to the chat shows the file's progress, then the file among those to send", { tag: "@js-only" }, async ({ page }) => {
    test.setTimeout(90_000);
    const file = bigPdf("dni.pdf", 6);
    const { citizen, chatUrl } = await instanceAskingForDni();
    await signIn(page, citizen, chatUrl);
    await waitForHydration(page);
    // The requested document: the entry with its file box (the chat is one form, decision 016).
    const item = page.locator(".chat-doc").filter({ has: page.getByLabel("Archivo para DNI") });
    await item.getByLabel("Archivo para DNI").setInputFiles(file);

    await throttle(page, 2 * 1024 * 1024);
    await item.getByRole("button", { name: "Adjuntar archivo" }).click();
    await expect(item.getByRole("progressbar", { name: /^Subiendo dni\.pdf: \d+ %$/ })).toBeVisible();
    await expect(item.locator(".upload-progress__label")).toHaveText(/^Subiendo dni\.pdf: ([1-9]|[1-9]\d) %$/);
    await expect(page.locator(".chat-doc", { hasText: "dni.pdf" }).first()).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole("progressbar")).toHaveCount(0);
  });

  // Without JavaScript the browser's own progress is what the citizen gets: the upload must be one
  // plain post straight to the page that takes it (a 307/308 would make the browser send it twice).
  test("without JavaScript, the upload form posts once, straight to its page", { tag: "@no-js-only" }, async ({ page }) => {
    const { citizen, uploadUrl } = await citizenWithRecord();
    await signIn(page, citizen, uploadUrl);
    const modal = page.locator("#rec-modal");
    const form = modal.locator("form.rec-upload");
    await form.locator('input[name="file_0"]').setInputFiles(bigPdf("nota.pdf", 1));
    await form.locator('input[name="name_0"]').fill("Nota");
    await form.locator('input[name="reference_0"]').fill("Ref");
    const action = await form.evaluate((f) => (f as HTMLFormElement).action);
    const posted = page.waitForResponse((r) => r.request().method() === "POST");
    await modal.getByRole("button", { name: "Subir", exact: true }).click();
    const response = await posted;
    expect(response.request().url()).toBe(action);
    expect(response.request().redirectedFrom()).toBeNull();
    expect(Number((await response.request().allHeaders())["content-length"])).toBeGreaterThan(1024 * 1024);
    expect([200, 302, 303]).toContain(response.status());
    await expect(page.getByRole("table", { name: "Documentos pendientes" })).toContainText("Nota");
  });
});

test.describe("'Descargar mis datos' says what is happening", () => {
  /** Makes the citizen's ready file (if any) expired, so that the next request builds again. */
  async function expireExport(cuil: string) {
    const { db } = await createDatabase({ databaseUrl, dataDir: process.env.E2E_DATA_DIR! });
    try {
      await db
        .updateTable("data_exports")
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where("citizen_cuil", "=", cuil)
        .where("status", "=", "ready")
        .execute();
    } finally {
      await db.destroy();
    }
  }

  // The heaviest demo citizen (María: communications, procedures and records with their files).
  test(
    "without JavaScript: the status page from the first second, refreshing itself until the file is ready",
    { tag: "@no-js-only" },
    async ({ page }) => {
      test.setTimeout(120_000);
      await expireExport(citizens.adhered.cuil);
      await signIn(page, citizens.adhered, "/datos");
      const section = page.getByRole("region", { name: "Descargar mis datos" });
      const started = Date.now();
      await section.getByRole("button", { name: "Descargar mis datos (ZIP)" }).click();
      await expect(page).toHaveURL(/\/datos\/descarga$/);
      const status = page.getByRole("status").filter({ hasText: /Estamos preparando tu archivo|está listo/ });
      await expect(status).toBeVisible();
      const firstFeedback = Date.now() - started;
      // The browser's own timing of that navigation (the post, its redirect, the status page), from the press.
      const timing = await page.evaluate(() => {
        const n = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
        return { redirect: Math.round(n.redirectEnd), shown: Math.round(n.domContentLoadedEventEnd) };
      });
      const building = (await status.textContent())!.includes("Estamos preparando");
      if (building) {
        expect(await page.content()).toContain('<noscript><meta http-equiv="refresh" content="5"></noscript>');
        await expect(page.getByText("Esta página se actualiza sola cada 5 segundos.")).toBeVisible();
        await expectNoAxeViolations(page);
      }
      // Nothing pressed: the page refreshes itself until the file is there.
      const file = page.getByRole("link", { name: /^Descargar el archivo \(ZIP, [\d,.]+ (KB|MB)\)$/ });
      await expect(file).toBeVisible({ timeout: 90_000 });
      const readyAt = Date.now() - started;
      await expect(status).toContainText("está listo");
      // Only the page's own refresh is gone; the session's end (a refresh at its last second, issue 40) stays.
      expect(await page.content()).not.toContain('<meta http-equiv="refresh" content="5">');
      await expectNoAxeViolations(page);
      const [download] = await Promise.all([page.waitForEvent("download"), file.click()]);
      const downloadAt = Date.now() - started;
      expect(download.suggestedFilename()).toMatch(/^Tus datos en Atención Virtual \(\d{4}-\d{2}-\d{2}\)\.zip$/);
      const description = `export of the heaviest demo citizen, no JavaScript: status page after ${firstFeedback} ms (the browser's timing: post answered by its redirect at ${timing.redirect} ms, status page shown at ${timing.shown} ms; ${building ? "preparing" : "already ready"}), file offered after ${readyAt} ms, download started after ${downloadAt} ms`;
      test.info().annotations.push({ type: "figures", description });
      console.log(description);
    },
  );

  test("with JavaScript: the status updates in place, politely, until the file is offered", { tag: "@js-only" }, async ({ page }) => {
    test.setTimeout(90_000);
    const { citizen } = await citizenWithRecord();
    await signIn(page, citizen, "/datos");
    await waitForHydration(page);
    const started = Date.now();
    await page.getByRole("region", { name: "Descargar mis datos" }).getByRole("button", { name: "Descargar mis datos (ZIP)" }).click();
    await expect(page).toHaveURL(/\/datos\/descarga$/);
    const status = page.getByRole("status").filter({ hasText: /Estamos preparando tu archivo|está listo/ });
    await expect(status).toBeVisible();
    const firstFeedback = Date.now() - started;
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await expect(page.getByRole("link", { name: /^Descargar el archivo \(ZIP, [\d,.]+ (KB|MB)\)$/ })).toBeVisible({ timeout: 60_000 });
    // Updated in place (read again, never reloaded).
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    await expectNoAxeViolations(page);
    console.log(`export of a fresh citizen, with JavaScript: status page after ${firstFeedback} ms`);
  });
});
