/**
 * Links between modules and due dates (decisions 026 and 014), end to end (JavaScript on and off): a
 * communication about a procedure and a record links to both, the record manager and the procedure
 * card list it back, and due dates read in plain words in the inbox (which sorts by them), the summary
 * and the chat.
 */
import type { Page } from "@playwright/test";
import { addDays, dayIn, dueDay } from "../../common/due-dates";
import { expect, expectNoAxeViolations, signIn, test, type Citizen } from "./fixtures";
import { createCitizen, DISCAPACIDAD_ID, operator } from "./operator";

type Instance = { id: string; title: string };
type RecordRow = { id: string; code: string };
type Communication = { code: string };

async function citizenWithThread() {
  const citizen = (await createCitizen()) as unknown as Citizen;
  const instance = await operator<Instance>("POST", "/procedures/instances", {
    cuil: citizen.cuil,
    procedureId: DISCAPACIDAD_ID,
    tab: "pending",
    state: { text: "Pendiente", color: "#B45309" },
    title: "Certificado de discapacidad T-900",
    buttons: ["edit", "history", "preview"],
  });
  const record = await operator<RecordRow>("POST", "/records", { ownerCuil: citizen.cuil, title: "Expediente de la prueba" });
  const today = dayIn();
  const send = (subject: string, extra: Record<string, unknown>) =>
    operator<Communication>("POST", "/digital/communications", {
      cuil: citizen.cuil,
      subject,
      client: "Dirección de Rentas",
      type: "aviso",
      message: "Texto",
      ...extra,
    });
  const soon = await send("Intimación con plazo", { instanceId: instance.id, recordId: record.id, dueDate: addDays(today, 3) });
  const past = await send("Aviso vencido", { recordId: record.id, dueDate: addDays(today, -2) });
  const plain = await send("Aviso sin plazo", {});
  return { citizen, instance, record, today, soon, past, plain };
}

const rows = (page: Page) => page.locator("table.dd-table tbody tr");

test.describe("one thread between the modules, deadlines in plain words", () => {
  test("inbox, summary, record manager and procedure card", async ({ page }) => {
    const t = await citizenWithThread();
    const soonText = `Vence el ${dueDay(addDays(t.today, 3))} — quedan 3 días`;
    const pastText = `Venció el ${dueDay(addDays(t.today, -2))}`;

    await signIn(page, t.citizen, "/digital");
    await expect(rows(page)).toHaveCount(3);
    await expect(rows(page).filter({ hasText: "Intimación con plazo" })).toContainText(soonText);
    await expect(rows(page).filter({ hasText: "Aviso vencido" })).toContainText(pastText);
    await expect(page.getByRole("columnheader", { name: /Vencimiento/ })).toBeVisible();
    await expectNoAxeViolations(page);

    // The sort select: 'Vencimiento' puts the earliest due date first and none last.
    await page.getByLabel("Ordenar por").selectOption({ label: "Vencimiento" });
    await page.getByRole("button", { name: "Ordenar" }).click();
    await expect(page).toHaveURL(/order=due_date/);
    await expect(rows(page).nth(0)).toContainText("Aviso vencido");
    await expect(rows(page).nth(1)).toContainText("Intimación con plazo");
    await expect(rows(page).nth(2)).toContainText("Aviso sin plazo");
    await expect(page.getByRole("columnheader", { name: /Vencimiento/ })).toHaveAttribute("aria-sort", "ascending");

    // The summary says when it is due and links to the procedure and the record.
    await page.getByRole("link", { name: "Intimación con plazo" }).click();
    await expect(page).toHaveURL(new RegExp(`/digital/summary\\?code=${t.soon.code}`));
    await expect(page.getByText(soonText)).toBeVisible();
    await expect(page.getByRole("link", { name: t.instance.title })).toHaveAttribute(
      "href",
      `/procedures/preview/?instance=${t.instance.id}`,
    );
    await expectNoAxeViolations(page);
    // The procedure link opens its read-only conversation.
    await page.getByRole("link", { name: t.instance.title }).click();
    await expect(page).toHaveURL(new RegExp(`/procedures/preview/\\?instance=${t.instance.id}`));
    await expect(page.getByRole("heading", { level: 1 })).toContainText(/Certificado de discapacidad|Atención virtual/);
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/digital/summary\\?code=${t.soon.code}`));
    await page.getByRole("link", { name: new RegExp(t.record.code) }).click();
    await expect(page).toHaveURL(new RegExp(`/records/manager/\\?file=${t.record.id}`));

    // The record manager lists the communications about the record, with links back.
    const list = page.getByRole("region", { name: "Comunicaciones del expediente" });
    await expect(list.getByRole("link")).toHaveCount(2);
    await expect(list).toContainText(pastText);
    await expectNoAxeViolations(page);
    await list.getByRole("link", { name: "Aviso vencido" }).click();
    await expect(page).toHaveURL(new RegExp(`/digital/summary\\?code=${t.past.code}`));
    await expect(page.getByText(pastText)).toBeVisible();

    // The procedure card lists the communication about it.
    await page.goto("/procedures");
    const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: t.instance.title }) });
    const related = card.getByRole("group", { name: "Comunicaciones relacionadas" });
    await expect(related.getByRole("link", { name: "Intimación con plazo" })).toHaveAttribute(
      "href",
      `/digital/summary?code=${t.soon.code}`,
    );
    await expect(related).toContainText(soonText);
    await expectNoAxeViolations(page);
    await related.getByRole("link", { name: "Intimación con plazo" }).click();
    await expect(page).toHaveURL(new RegExp(`/digital/summary\\?code=${t.soon.code}`));
  });

  test("a requested document's due date in the chat, and the inbox on a phone", async ({ page }) => {
    const t = await citizenWithThread();
    await operator("POST", `/chat/instances/${t.instance.id}/requests`, {
      documents: [{ description: "Constancia de CUIL", dueDate: t.today }],
      message: "Necesitamos este documento.",
    });
    await signIn(page, t.citizen, `/procedures/chat/?instance=${t.instance.id}`);
    const doc = page.locator(".chat-doc").filter({ hasText: "Constancia de CUIL" }).last();
    await expect(doc).toContainText("Vence hoy");
    await expectNoAxeViolations(page);

    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto("/digital");
    await expect(rows(page).filter({ hasText: "Intimación con plazo" })).toContainText("quedan 3 días");
    await page.getByLabel("Ordenar por").selectOption({ label: "Vencimiento" });
    await page.getByRole("button", { name: "Ordenar" }).click();
    await expect(rows(page).nth(0)).toContainText("Aviso vencido");
    await expectNoAxeViolations(page);
  });
});
