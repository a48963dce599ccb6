/**
 * Issue 31's citizen details that show in the markup itself: rendered on the server as a text browser
 * gets them (no stylesheet, no script).
 */
import { describe, expect, it } from "vitest";
import { chatEvent, chatOf } from "../mocks/api";
import { renderWithRouter } from "../unit/render";
import { FormFields } from "~/features/chat/FormFields";
import { AttachmentsModal, HistoryModal } from "~/features/procedures/Tray";

/** The page's text as a text browser reads it: tags gone, entities decoded, spaces collapsed. */
const textOf = (html: string) =>
  html
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();

describe("12. each attached file names the requested document it answered", () => {
  const docs = [
    { createdAt: "2026-01-05T12:00:00.000Z", fileName: "dni.pdf", fileId: "f-1", status: "rejected" },
    { createdAt: "2026-01-06T12:00:00.000Z", fileName: "dni.pdf", fileId: "f-2", status: "approved" },
  ];
  const requested = { "f-1": "DNI (frente)", "f-2": "DNI (dorso)" };

  it("'Documentos adjuntos' has a 'Documento solicitado' column", async () => {
    const text = textOf(
      await renderWithRouter(<AttachmentsModal docs={docs} requested={requested} closeHref="/procedures" back="/procedures" />),
    );
    expect(text).toContain("Documento solicitado");
    expect(text).toMatch(/dni\.pdf DNI \(frente\)/);
    expect(text).toMatch(/dni\.pdf DNI \(dorso\)/);
    // Without any (a form procedure) the column is not there.
    expect(textOf(await renderWithRouter(<AttachmentsModal docs={docs} closeHref="/procedures" back="/procedures" />))).not.toContain(
      "Documento solicitado",
    );
  });

  it("'Historial' names it beside each file", async () => {
    const entries = [
      { cn: "OP", excutedOn: "2026-01-06T12:00:00.000Z", action: "Aprobado", comment: null, files: [{ fileId: "f-2", name: "dni.pdf" }] },
    ];
    const text = textOf(
      await renderWithRouter(<HistoryModal entries={entries} requested={requested} closeHref="/procedures" back="/procedures" />),
    );
    expect(text).toContain("dni.pdf — DNI (dorso)");
  });
});

describe("13. date fields say their format", () => {
  it("a form's date field has the dd/mm/aaaa hint, tied to the field", async () => {
    const spec = { description: "Datos", fields: [{ name: "nacimiento", label: "Fecha de nacimiento", type: "date" }] };
    const html = await renderWithRouter(<FormFields spec={spec as never} values={{}} errors={{}} />);
    expect(textOf(html)).toContain("Fecha de nacimiento Formato: dd/mm/aaaa.");
    expect(html).toMatch(
      /id="f-nacimiento"[^>]*aria-describedby="f-nacimiento-hint"|aria-describedby="f-nacimiento-hint"[^>]*id="f-nacimiento"/,
    );
  });
});

describe("8. wording", () => {
  it("receipts say 'N°' as everywhere else, and 'te adhieres'", async () => {
    const { ReceiptNotice } = await import("~/features/receipts/ReceiptNotice");
    const text = textOf(await renderWithRouter(<ReceiptNotice receipt={{ id: "r-1", number: "AV-20261127-ABC123" }} />));
    expect(text).toContain("Emitimos el comprobante N° AV-20261127-ABC123.");
    // What /comprobantes says, as the citizen reads it.
    const { ReceiptListView } = await import("~/features/receipts/ReceiptListView");
    expect(textOf(await renderWithRouter(<ReceiptListView receipts={[]} />))).toContain("o te adhieres al domicilio digital");
  });
});

describe("4. the first bubble", () => {
  it("says 'Inicio del trámite' once (title and text were the same)", async () => {
    const { ChatView } = await import("~/features/chat/ChatView");
    const event = (id: string, message: string) => chatEvent(id, "start", { author: "user", message, commiter: { cn: "Ana" } });
    const chat = chatOf({ events: [event("e1", "Inicio del trámite"), event("e2", "Hola, quiero iniciarlo")] });
    const { AuthenticityTokenProvider } = await import("remix-utils/csrf/react");
    const html = await renderWithRouter(
      <AuthenticityTokenProvider token="t">
        <ChatView mode="chat" chat={chat as never} terms={false} idempotencyKey="k" self="/procedures/chat/?instance=i-1" />
      </AuthenticityTokenProvider>,
    );
    expect(textOf(html).match(/Inicio del trámite/g)).toHaveLength(2); // once in the first bubble, once as the second's title
    // 14. Its times are UTC, said once.
    expect(textOf(html).match(/Las horas se muestran en hora UTC\./g)).toHaveLength(1);
  });
});

describe("7. the receipts list has a place", () => {
  it("the profile panel links /comprobantes beside 'Tus datos', where the backend offers them (decision 098)", async () => {
    const { SiteHeader } = await import("~/features/shell/Shell");
    const { AuthenticityTokenProvider } = await import("remix-utils/csrf/react");
    const user = { cn: "María Fernández", cuil: "27293847563", email: null, telephone: null };
    const html = await renderWithRouter(
      <AuthenticityTokenProvider token="t">
        <SiteHeader tenant="provincia" user={user} modules={["procedures"]} citizenIdUrl="https://id.example" datos receipts />
      </AuthenticityTokenProvider>,
    );
    expect(html).toMatch(/<a[^>]*href="\/comprobantes"[^>]*>Tus comprobantes<\/a>/);
    expect(textOf(html)).toContain("Tus datos · Tus comprobantes");
    const without = await renderWithRouter(
      <AuthenticityTokenProvider token="t">
        <SiteHeader tenant="provincia" user={user} modules={["procedures"]} citizenIdUrl="https://id.example" />
      </AuthenticityTokenProvider>,
    );
    expect(without).not.toContain("/comprobantes");
    expect(without).not.toContain("/datos");
  });
});

describe("14. times are UTC, said once where they appear", () => {
  it("the history and attachments modals say it once; an empty one does not", async () => {
    const entries = [
      { cn: "OP", excutedOn: "2026-01-06T13:39:00.000Z", action: "Aprobado", comment: null, files: [] },
      { cn: "OP", excutedOn: "2026-01-07T13:39:00.000Z", action: "Recibido", comment: null, files: [] },
    ];
    const text = textOf(await renderWithRouter(<HistoryModal entries={entries} closeHref="/procedures" back="/procedures" />));
    expect(text).toContain("13:39 hs");
    expect(text.match(/Las horas se muestran en hora UTC\./g)).toHaveLength(1);
    expect(textOf(await renderWithRouter(<HistoryModal entries={[]} closeHref="/procedures" back="/procedures" />))).not.toContain("UTC");
    const docs = [{ createdAt: "2026-01-05T12:00:00.000Z", fileName: "dni.pdf", fileId: "f-1", status: "received" }];
    expect(textOf(await renderWithRouter(<AttachmentsModal docs={docs} closeHref="/procedures" back="/procedures" />))).toContain(
      "Las horas se muestran en hora UTC.",
    );
  });
});
