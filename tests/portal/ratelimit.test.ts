import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { API, chatDoc, chatOf, config, happy, RECORD_ID as FILE, recordHeader } from "../mocks/api";
import { failOnUnhandled, postMultipart } from "./helpers";
import { UPLOAD_RATE_LIMIT_MESSAGE } from "../../server/http/security/upload-limit";
import { records as r } from "~/lib/messages";
import { getToast } from "~/lib/toast.server";
import { action as chatAction } from "~/routes/procedures.chat";
import { action as managerAction } from "~/routes/records.manager";
import { action as uploadAction } from "~/routes/resources.records.upload";

/**
 * The API's upload rate limit (429, spec-style Spanish message) as the citizen sees it in every
 * upload flow: the records modal with JavaScript (field error), without it (form and slot
 * errors), and the chat attachment (toast).
 */
const BASE = "http://localhost:3000";
const chat = chatOf({ documents: [chatDoc("d1", { description: "DNI" })] });

let uploads = 0;
const limited = http.post(`${API}/api/fs/raw/bucket`, () => {
  uploads++;
  return HttpResponse.json(
    { code: "TOO_MANY_REQUESTS", message: UPLOAD_RATE_LIMIT_MESSAGE },
    { status: 429, headers: { "Retry-After": "120" } },
  );
});

const server = setupServer(
  http.get(`${API}/api/v4/instances/config`, () => HttpResponse.json(config)),
  ...happy,
  http.get(`${API}/api/v4/filemanager/:id`, () => HttpResponse.json({ result: recordHeader })),
  http.get(`${API}/api/v4/filemanager/:id/:set`, () => HttpResponse.json({ documents: [] })),
  http.get(`${API}/api/v4/instances/:id/interactive/citizen`, () => HttpResponse.json({ result: chat })),
  limited,
);
beforeAll(() => server.listen({ onUnhandledRequest: failOnUnhandled }));
afterEach(() => {
  server.resetHandlers();
  uploads = 0;
});
afterAll(() => server.close());

const pdf = (name = "nota.pdf") => new File([new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d])], name, { type: "application/pdf" });

describe("upload rate limit in the portal", () => {
  it("records modal with JavaScript: the resource answers 429 with the API's message for the field", async () => {
    const form = new FormData();
    form.set("file", pdf());
    const response = await postMultipart(uploadAction, "/resources/records/upload", form);
    expect(response.status).toBe(429);
    expect(await response.json()).toEqual({ error: UPLOAD_RATE_LIMIT_MESSAGE });
    expect(uploads).toBe(1);
  });

  it("records modal without JavaScript: the file's card shows the message (the error summary lists it)", async () => {
    const form = new FormData();
    form.set("intent", "upload");
    form.set("file_0", pdf());
    form.set("name_0", "Nota");
    form.set("reference_0", "Ref");
    const response = await postMultipart(managerAction, `/records/manager/?file=${FILE}&modal=upload`, form);
    expect(response.status).toBeGreaterThanOrEqual(400);
    const body = await response.json();
    expect(response.status).toBe(429);
    // The refused file is not held: the card asks for it again (issue 36, nothing else typed is lost).
    expect(body.uploadErrors.slots["0"]).toEqual({ file: `${UPLOAD_RATE_LIMIT_MESSAGE} Vuelve a elegir el archivo.` });
  });

  it("chat attachment (with and without JavaScript, same action): the toast shows the message", async () => {
    const form = new FormData();
    form.set("intent", "attach");
    form.set("document", "d1");
    form.set("file", pdf("dni.pdf"));
    const response = await postMultipart(chatAction, "/procedures/chat/?instance=i-1", form);
    const cookie = response.headers.get("Set-Cookie") ?? "";
    const { toast } = await getToast(new Request(BASE, { headers: { Cookie: cookie.split(";")[0]! } }));
    expect(toast).toMatchObject({ type: "ERROR", message: UPLOAD_RATE_LIMIT_MESSAGE });
    expect(uploads).toBe(1);
  });

  it("falls back to the spec's upload error when a 429 carries no message", async () => {
    server.use(http.post(`${API}/api/fs/raw/bucket`, () => new HttpResponse(null, { status: 429 })));
    const form = new FormData();
    form.set("file", pdf());
    const response = await postMultipart(uploadAction, "/resources/records/upload", form);
    expect(response.status).toBe(429);
    expect((await response.json()).error).toBe(r.toasts.uploadError);
  });
});
