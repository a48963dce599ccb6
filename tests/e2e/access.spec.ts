import { createDatabase } from "../../server/db/index";
import { citizens, expect, PORTAL_ORIGIN, signIn, test } from "./fixtures";

/**
 * The access-control matrix through the portal: signed in as one citizen, every portal route and
 * resource that takes an id is opened with another citizen's ids. None may answer with the other
 * citizen's data: downloads fail, pages go to the error screen or show nothing of theirs.
 */
const victim = citizens.adhered;
const attacker = citizens.empty;

/** The database the stack under test uses: SQLite under E2E_DATA_DIR, or the scale-out run's PostgreSQL. */
const databaseUrl =
  process.env.E2E_SCALEOUT === "1" ? (process.env.SCALEOUT_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/scaleout") : undefined;

async function victimIds() {
  const { db } = await createDatabase({ databaseUrl, dataDir: process.env.E2E_DATA_DIR! });
  try {
    const communication = await db
      .selectFrom("dd_communications")
      .select(["code", "subject"])
      .where("cuil", "=", victim.cuil)
      .where("seen_date", "is not", null)
      .where("archived", "=", 0)
      .limit(1)
      .executeTakeFirstOrThrow();
    const communicationFile = await db
      .selectFrom("dd_communication_files")
      .select("id")
      .where("communication_code", "=", communication.code)
      .limit(1)
      .executeTakeFirstOrThrow();
    const instance = await db
      .selectFrom("proc_instances")
      .select(["id", "title"])
      .where("owner_cuil", "=", victim.cuil)
      .where("discarded_at", "is", null)
      .limit(1)
      .executeTakeFirstOrThrow();
    const record = await db
      .selectFrom("records")
      .select(["id", "code"])
      .where("owner_cuil", "=", victim.cuil)
      .limit(1)
      .executeTakeFirstOrThrow();
    const file = await db
      .selectFrom("files")
      .select(["id", "name"])
      .where("owner_cuil", "=", victim.cuil)
      .limit(1)
      .executeTakeFirstOrThrow();
    return { communication, communicationFile, instance, record, file };
  } finally {
    await db.destroy();
  }
}

test("another citizen's ids show nothing of theirs through the portal", async ({ page, request, browser }) => {
  const ids = await victimIds();

  // Control: the same addresses do show these texts to their owner, so their absence below means something.
  const owner = await browser.newContext({ javaScriptEnabled: test.info().project.use.javaScriptEnabled });
  const ownerPage = await owner.newPage();
  await signIn(ownerPage, victim);
  await ownerPage.goto(`/digital/summary/?code=${ids.communication.code}`);
  // An address typed in shows the envelope (decision 102); the citizen opens it.
  await ownerPage.getByRole("button", { name: "Abrir comunicación" }).click();
  await expect(ownerPage.locator("body")).toContainText(ids.communication.subject);
  await ownerPage.goto(`/records/manager/?file=${ids.record.id}`);
  await expect(ownerPage.locator("body")).toContainText(ids.record.code);
  await owner.close();

  await signIn(page, attacker);

  const pages = [
    `/digital/summary/?code=${ids.communication.code}`,
    `/digital/archive/summary/?code=${ids.communication.code}`,
    `/procedures?modal=historial&instance=${ids.instance.id}`,
    `/procedures?modal=adjuntos&instance=${ids.instance.id}`,
    `/procedures/chat/?instance=${ids.instance.id}`,
    `/procedures/preview/?instance=${ids.instance.id}`,
    `/records/manager/?file=${ids.record.id}`,
  ];
  for (const url of pages) {
    await page.goto(url);
    const body = page.locator("body");
    await expect(body, url).not.toContainText(ids.communication.subject);
    await expect(body, url).not.toContainText(ids.record.code);
    await expect(body, url).not.toContainText(victim.name);
  }

  // Downloads with the attacker's session cookies: never the victim's bytes.
  const cookies = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  const downloads = [
    `/resources/digital/file?code=${ids.communication.code}&file=${ids.communicationFile.id}`,
    `/resources/procedures/download?file=${ids.file.id}&name=x.pdf`,
    `/resources/records/download/${ids.file.id}?name=x.pdf`,
    `/resources/records/page/${ids.file.id}/1`,
  ];
  for (const url of downloads) {
    const response = await request.get(`${PORTAL_ORIGIN}${url}`, { headers: { Cookie: cookies }, maxRedirects: 0 });
    const type = response.headers()["content-type"] ?? "";
    expect(type, url).not.toContain("application/pdf");
    expect(response.headers()["content-disposition"] ?? "", url).not.toContain("attachment");
  }
});
