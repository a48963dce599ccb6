/**
 * Issue 40: axe-core (WCAG 2.0/2.1/2.2 A and AA) over every citizen route and its main states, with
 * JavaScript and without it. The list is made from the route table (`app/routes/`): a page route
 * added without its addresses here fails the first test, so none is left out by forgetting.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { createDatabase } from "../../server/db/index";
import { citizens, expect, expectNoAxeViolations, signIn, test, waitForHydration } from "./fixtures";
import { DISCAPACIDAD_ID, instanceAskingForDni } from "./operator";

/** Route files that draw no page of their own: resources, redirects, the sign-in hand-offs, probes. */
const NOT_PAGES = new Set(["_index", "auth.login", "auth.callback", "health", "bench-baseline"]);
const isPage = (file: string) => !file.startsWith("resources.") && !NOT_PAGES.has(file);

type Ids = { instance: string; communication: string; archived: string; record: string; chatInstance: string };
type Visit = { who: "adhered" | "notAdhered" | "fresh"; urls: (ids: Ids) => string[] };

/** Every page route, by its file name, and the addresses of its states. */
const ROUTES: Record<string, Visit> = {
  $: { who: "adhered", urls: () => ["/no-existe"] },
  accesibilidad: { who: "adhered", urls: () => ["/accesibilidad"] },
  "auth.logout": { who: "adhered", urls: () => ["/auth/logout"] },
  "comprobantes._index": { who: "fresh", urls: () => ["/comprobantes"] },
  "comprobantes.$id": { who: "fresh", urls: () => [] }, // opened from the list in its own test below
  datos: { who: "adhered", urls: () => ["/datos", "/datos?kind=communication"] },
  "datos_.descarga": { who: "adhered", urls: () => ["/datos/descarga", "/datos/descarga?auto=0"] },
  "digital._index": {
    who: "adhered",
    urls: () => [
      "/digital",
      "/digital?tab=unread",
      "/digital?search=aviso",
      "/digital?filters=1",
      // Day filters that are not applied, each said next to its box (issue 40).
      "/digital?created_since=31%2F02%2F2026&seen_since=2026-03-10&seen_until=2026-03-01",
    ],
  },
  "digital.adhesion": { who: "notAdhered", urls: () => ["/digital/adhesion"] },
  "digital.archive._index": { who: "adhered", urls: () => ["/digital/archive"] },
  "digital.archive.summary": { who: "adhered", urls: (ids) => [`/digital/archive/summary?code=${ids.archived}`] },
  "digital.confirm.$accion": { who: "adhered", urls: () => ["/digital/confirm/update"] },
  "digital.privacy": { who: "adhered", urls: () => ["/digital/privacy"] },
  "digital.settings": { who: "adhered", urls: () => ["/digital/settings"] },
  "digital.summary": { who: "adhered", urls: (ids) => [`/digital/summary?code=${ids.communication}`] },
  "digital.terms": { who: "adhered", urls: () => ["/digital/terms"] },
  error: { who: "adhered", urls: () => ["/error"] },
  "forms.index[.]html": {
    who: "fresh",
    urls: (ids) => [`/forms/index.html?procedure=${DISCAPACIDAD_ID}&instance=${ids.chatInstance}&form=datos-personales`],
  },
  "procedures._index": {
    who: "adhered",
    urls: (ids) => [
      "/procedures",
      "/procedures?tab=in_progress",
      "/procedures?since=31%2F02%2F2026",
      `/procedures?modal=historial&instance=${ids.instance}`,
      `/procedures?modal=adjuntos&instance=${ids.instance}`,
    ],
  },
  "procedures.available._index": {
    who: "adhered",
    urls: () => ["/procedures/available", "/procedures/available?parentId=101", "/procedures/available?q=certificado"],
  },
  "procedures.available.chat": { who: "fresh", urls: () => [`/procedures/available/chat/?procedure=${DISCAPACIDAD_ID}&terms=1`] },
  "procedures.available.requirements": { who: "adhered", urls: () => [`/procedures/available/requirements/?procedure=${DISCAPACIDAD_ID}`] },
  "procedures.chat": { who: "fresh", urls: (ids) => [`/procedures/chat/?instance=${ids.chatInstance}`] },
  "procedures.form": {
    who: "fresh",
    urls: (ids) => [`/procedures/form/?procedure=${DISCAPACIDAD_ID}&instance=${ids.chatInstance}&form=datos-personales`],
  },
  "procedures.no-adhesion": { who: "notAdhered", urls: () => ["/procedures/no-adhesion"] },
  "procedures.preview": { who: "adhered", urls: (ids) => [`/procedures/preview/?instance=${ids.instance}`] },
  "records._index": { who: "adhered", urls: () => ["/records", "/records?tab=archived", "/records?q=expediente"] },
  "records.manager": { who: "adhered", urls: (ids) => [`/records/manager/?file=${ids.record}`] },
};

const routeFiles = () =>
  readdirSync(path.resolve("app/routes"))
    .filter((f) => /\.(tsx|ts)$/.test(f))
    .map((f) => f.replace(/\.(tsx|ts)$/, ""));

/** The data-rich demo citizen's ids (seeded), read from the stack's database. */
async function demoIds(): Promise<Omit<Ids, "chatInstance">> {
  const { db } = await createDatabase({ dataDir: process.env.E2E_DATA_DIR! });
  try {
    const cuil = citizens.adhered.cuil;
    const communication = await db
      .selectFrom("dd_communications")
      .select("code")
      .where("cuil", "=", cuil)
      .where("archived", "=", 0)
      .limit(1)
      .executeTakeFirstOrThrow();
    const archived = await db
      .selectFrom("dd_communications")
      .select("code")
      .where("cuil", "=", cuil)
      .where("archived", "=", 1)
      .limit(1)
      .executeTakeFirstOrThrow();
    const instance = await db
      .selectFrom("proc_instances")
      .select("id")
      .where("owner_cuil", "=", cuil)
      .where("discarded_at", "is", null)
      .limit(1)
      .executeTakeFirstOrThrow();
    const record = await db.selectFrom("records").select("id").where("owner_cuil", "=", cuil).limit(1).executeTakeFirstOrThrow();
    return { instance: instance.id, communication: communication.code, archived: archived.code, record: record.id };
  } finally {
    await db.destroy();
  }
}

async function check(page: Page, url: string) {
  await page.goto(url);
  // The form's frame (/forms/index.html) is a page of its own, not the portal's React document.
  if (await page.locator("#main").count()) await waitForHydration(page);
  await expectNoAxeViolations(page);
}

test("every page route of app/routes/ has its addresses in this list", () => {
  const pages = routeFiles().filter(isPage);
  expect(pages.filter((f) => !(f in ROUTES))).toEqual([]);
  expect(Object.keys(ROUTES).filter((f) => !pages.includes(f))).toEqual([]);
});

for (const who of ["adhered", "notAdhered"] as const) {
  const files = Object.entries(ROUTES).filter(([, visit]) => visit.who === who);
  for (const [file, visit] of files) {
    test(`axe: ${file} (${who === "adhered" ? "adhered citizen" : "citizen not adhered"})`, async ({ page }) => {
      const ids = { ...(await demoIds()), chatInstance: "" };
      await signIn(page, who === "adhered" ? citizens.adhered : citizens.notAdhered, "/procedures");
      for (const url of visit.urls(ids)) await test.step(url, () => check(page, url));
    });
  }
}

test("axe: a new citizen's chat, form, draft chat, receipts and a receipt", async ({ page }) => {
  test.setTimeout(180_000);
  const { citizen, instanceId } = await instanceAskingForDni();
  await signIn(page, citizen, "/procedures");
  const ids: Ids = { instance: "", communication: "", archived: "", record: "", chatInstance: instanceId };
  for (const [file, visit] of Object.entries(ROUTES).filter(([, v]) => v.who === "fresh")) {
    for (const url of visit.urls(ids)) await test.step(`${file}: ${url}`, () => check(page, url));
  }
  // A receipt: starting a procedure earns one; opened from the list.
  await page.goto(`/procedures/available/chat/?procedure=${DISCAPACIDAD_ID}&terms=1`);
  await waitForHydration(page);
  await page.getByLabel("Mensaje").fill("Hola, quiero tramitar el certificado.");
  await page.getByRole("button", { name: "Enviar" }).click();
  await expect(page).toHaveURL(/\/procedures\/chat\/\?instance=/);
  await page.goto("/comprobantes");
  await page.locator('main a[href^="/comprobantes/"]').first().click();
  await expect(page).toHaveURL(/\/comprobantes\/[^/]+$/);
  await expectNoAxeViolations(page);
});
