import Database from "better-sqlite3";
import path from "node:path";
import { citizens, expect, PORTAL_ORIGIN, signIn, test } from "./fixtures";

/**
 * The access-control matrix through the portal: signed in as one citizen, every portal route and
 * resource that takes an id is opened with another citizen's ids. None may answer with the other
 * citizen's data: downloads fail, pages go to the error screen or show nothing of theirs.
 */
const victim = citizens.adhered;
const attacker = citizens.empty;

function victimIds() {
  const db = new Database(path.join(process.env.E2E_DATA_DIR!, "portal.sqlite"), { readonly: true, fileMustExist: true });
  try {
    const communication = db.prepare("SELECT code, subject FROM dd_communications WHERE cuil = ? AND seen_date IS NOT NULL AND archived = 0 LIMIT 1").get(victim.cuil) as { code: string; subject: string };
    const communicationFile = db.prepare("SELECT id FROM dd_communication_files WHERE communication_code = ? LIMIT 1").get(communication.code) as { id: string };
    const instance = db
      .prepare("SELECT id, title FROM proc_instances WHERE owner_cuil = ? AND discarded_at IS NULL LIMIT 1")
      .get(victim.cuil) as { id: string; title: string };
    const record = db.prepare("SELECT id, code FROM records WHERE owner_cuil = ? LIMIT 1").get(victim.cuil) as { id: string; code: string };
    const file = db.prepare("SELECT id, name FROM files WHERE owner_cuil = ? LIMIT 1").get(victim.cuil) as { id: string; name: string };
    return { communication, communicationFile, instance, record, file };
  } finally {
    db.close();
  }
}

test("another citizen's ids show nothing of theirs through the portal", async ({ page, request, browser }) => {
  const ids = victimIds();

  // Control: the same addresses do show these texts to their owner, so their absence below means something.
  const owner = await browser.newContext({ javaScriptEnabled: test.info().project.use.javaScriptEnabled });
  const ownerPage = await owner.newPage();
  await signIn(ownerPage, victim);
  await ownerPage.goto(`/digital/summary/?code=${ids.communication.code}`);
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
