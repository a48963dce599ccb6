import { randomBytes } from "node:crypto";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { API, chatDoc, chatOf, config, happy, RECORD_ID as FILE, recordHeader } from "../mocks/api";
import { postMultipart } from "./helpers";
import { action as chatAction } from "~/routes/procedures.chat";
import { action as managerAction } from "~/routes/records.manager";
import { action as uploadAction } from "~/routes/resources.records.upload";
import { action as attachAction } from "~/routes/resources.chat.attach";

/**
 * Every upload flow of the portal sends the citizen's file to `POST /api/fs/raw/bucket` byte for
 * byte: the records modal with JavaScript, the same modal without it, and the chat attachment. The
 * file goes through the real path — multipart parsed to disk, a standard File read back from disk,
 * a FormData sent by fetch — and the API (msw) reads what arrived (decision 008: on Node 22 and
 * later, Remix's own on-disk file arrived as the text "[object File]").
 */
const chat = chatOf({ documents: [chatDoc("d1", { description: "DNI" })] });

type Arrived = { bytes: Buffer; fileName: string; type: string; fields: Record<string, string> };
let arrived: Arrived[] = [];

const server = setupServer(
  http.get(`${API}/api/v4/instances/config`, () => HttpResponse.json(config)),
  ...happy,
  http.get(`${API}/api/v4/filemanager/:id`, () => HttpResponse.json({ result: recordHeader })),
  http.get(`${API}/api/v4/filemanager/:id/:set`, () => HttpResponse.json({ documents: [] })),
  http.post(`${API}/api/v4/filemanager/:id/upload`, () => HttpResponse.json({ success: true })),
  http.get(`${API}/api/v4/instances/:id/interactive/citizen`, () => HttpResponse.json({ result: chat })),
  http.put(`${API}/api/v4/instances/:id/interactive/generic`, () => HttpResponse.json({ success: true, result: chat })),
  http.post(`${API}/api/fs/raw/bucket`, async ({ request }) => {
    const form = await request.formData();
    const file = form.get("file");
    if (!(file instanceof File))
      return HttpResponse.json({ code: "BAD_REQUEST", message: `file arrived as ${typeof file}` }, { status: 400 });
    const fields = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string")) as Record<string, string>;
    arrived.push({ bytes: Buffer.from(await file.arrayBuffer()), fileName: file.name, type: file.type, fields });
    return HttpResponse.json({ result: `f-${arrived.length}` });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  server.resetHandlers();
  arrived = [];
});
afterAll(() => server.close());

/** A 1 MB "PDF": its header, then random bytes (every byte value, NULs and CR/LF included). */
function pdfBytes() {
  return Buffer.concat([Buffer.from("%PDF-1.7\n"), randomBytes(1024 * 1024)]);
}
const asFile = (bytes: Buffer, name: string) => new File([new Uint8Array(bytes)], name, { type: "application/pdf" });

describe("uploads reach the API byte for byte", () => {
  it("records modal with JavaScript", async () => {
    const bytes = pdfBytes();
    const form = new FormData();
    form.set("file", asFile(bytes, "nota.pdf"));
    const response = await postMultipart(uploadAction, "/resources/records/upload", form);
    expect(await response.json()).toEqual({ fileId: "f-1" });
    expect(arrived).toHaveLength(1);
    expect(arrived[0]!.bytes.equals(bytes)).toBe(true);
    expect(arrived[0]!.type).toBe("application/pdf");
    expect(arrived[0]!.fields.system).toBe("AV");
    expect(arrived[0]!.fields.filename).toBe(arrived[0]!.fileName);
  });

  it("records modal without JavaScript, two files in one form", async () => {
    const first = pdfBytes();
    const second = pdfBytes();
    const form = new FormData();
    form.set("intent", "upload");
    form.set("file_0", asFile(first, "uno.pdf"));
    form.set("name_0", "Uno");
    form.set("reference_0", "Ref 1");
    form.set("file_1", asFile(second, "dos.pdf"));
    form.set("name_1", "Dos");
    form.set("reference_1", "Ref 2");
    const response = await postMultipart(managerAction, `/records/manager/?file=${FILE}&modal=upload`, form);
    expect(response.status).toBe(302);
    expect(arrived.map((a) => a.bytes.equals(first) || a.bytes.equals(second))).toEqual([true, true]);
    expect(arrived[0]!.bytes.equals(arrived[1]!.bytes)).toBe(false);
  });

  it("chat attachment, under the name the citizen's browser gave", async () => {
    const bytes = pdfBytes();
    const form = new FormData();
    form.set("intent", "attach");
    form.set("document", "d1");
    form.set("file", asFile(bytes, "dni frente.pdf"));
    const response = await postMultipart(chatAction, "/procedures/chat/?instance=i-1", form);
    expect(response.headers.get("Location")).toBe("/procedures/chat/?instance=i-1");
    expect(arrived).toHaveLength(1);
    expect(arrived[0]!.bytes.equals(bytes)).toBe(true);
    expect(arrived[0]!.fileName).toBe("dni frente.pdf");
    expect(arrived[0]!.fields.filename).toBe("dni frente.pdf");
  });

  it("chat attachment with JavaScript (/resources/chat/attach, issue 32): the same upload and document, answered in JSON", async () => {
    let sent: unknown = null;
    server.use(
      http.put(`${API}/api/v4/instances/:id/interactive/generic`, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ success: true, result: chat });
      }),
    );
    const bytes = pdfBytes();
    const form = new FormData();
    form.set("intent", "attach");
    form.set("document", "d1");
    form.set("file", asFile(bytes, "dni frente.pdf"));
    const response = await postMultipart(attachAction, "/resources/chat/attach?instance=i-1", form);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expect(arrived).toHaveLength(1);
    expect(arrived[0]!.bytes.equals(bytes)).toBe(true);
    expect(arrived[0]!.fileName).toBe("dni frente.pdf");
    expect(JSON.stringify(sent)).toContain('"f-1"');

    // A file of another type: refused in the citizen's words, nothing uploaded.
    const exe = new FormData();
    exe.set("intent", "attach");
    exe.set("document", "d1");
    exe.set("file", new File([new Uint8Array(8)], "programa.exe", { type: "application/octet-stream" }));
    const refused = await postMultipart(attachAction, "/resources/chat/attach?instance=i-1", exe);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      error: "Error al subir el documento. Por favor seleccione uno de los siguientes formatos .pdf, .jpeg, .jpg, .png",
    });
    expect(arrived).toHaveLength(1);
  });
});
