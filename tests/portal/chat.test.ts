import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { API, chatDoc, chatEvent, chatOf, happy, receiptIssued } from "../mocks/api";
import { BASE, failOnUnhandled, post, settle, signedInRequest, toastOf, argsOf } from "./helpers";
import { errors as E, procedureChat as t } from "~/lib/messages";
import { action as draftAction, loader as draftLoader } from "~/routes/procedures.available.chat";
import { action as chatAction, loader as chatLoader } from "~/routes/procedures.chat";
import { action as formAction, loader as formLoader } from "~/routes/procedures.form";

const chat = chatOf({
  events: [chatEvent("e1", "text", { message: "Hola" })],
  documents: [chatDoc("d1"), chatDoc("d2", { description: "Foto", validExtensions: [".png"] })],
});

const spec = {
  description: "Datos",
  header: { name: "Datos personales" },
  fields: [
    { name: "dni", label: "DNI", type: "text", required: true, pattern: "\\d{7,8}" },
    { name: "email", label: "Correo", type: "email" },
  ],
};

const fail = (status = 500, body: Record<string, unknown> = { code: "BOOM" }) => HttpResponse.json(body, { status });

const server = setupServer(
  ...happy,
  receiptIssued,
  http.get(`${API}/api/v4/instances/:id/interactive/citizen`, () => HttpResponse.json({ result: chat })),
  http.get(`${API}/api/v4/procedures/:id/forms/first`, () =>
    HttpResponse.json({
      result: { ...chat, first: true, draft: true, instanceId: null, events: [] },
      data: { form: null, spec: { header: { name: "X" } } },
    }),
  ),
  http.get(`${API}/api/v4/instances/:p/:i/forms/:f/formData`, () => HttpResponse.json({ result: { data: {}, spec } })),
);
beforeAll(() => server.listen({ onUnhandledRequest: failOnUnhandled }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const fields = (entries: Record<string, string>) => new URLSearchParams(entries);

describe("chat loaders", () => {
  it("loads an instance's chat, and goes to /error when the chat cannot be loaded", async () => {
    const ok = await settle(async () => chatLoader(argsOf(await signedInRequest(`${BASE}/procedures/chat/?instance=i-1`))));
    expect(ok.status).toBe(200);
    expect((await ok.json()).chat.instanceId).toBe("i-1");
    server.use(http.get(`${API}/api/v4/instances/:id/interactive/citizen`, () => fail()));
    const bad = await settle(async () => chatLoader(argsOf(await signedInRequest(`${BASE}/procedures/chat/?instance=i-1`))));
    expect(bad.headers.get("Location")).toBe("/error");
  });

  it("'Completar' of the requirements (/procedures/available/chat/?instance=) shows the instance's chat", async () => {
    const res = await settle(async () => draftLoader(argsOf(await signedInRequest(`${BASE}/procedures/available/chat/?instance=i-1`))));
    const data = await res.json();
    expect(data.mode).toBe("chat");
    expect(data.chat.instanceId).toBe("i-1");
  });

  it("the form's 'Volver' with a procedure only lands on the draft chat", async () => {
    const res = await settle(async () => chatLoader(argsOf(await signedInRequest(`${BASE}/procedures/chat/?procedure=102`))));
    expect(res.headers.get("Location")).toBe("/procedures/available/chat/?procedure=102");
  });
});

describe("sending", () => {
  it("REQUIRED_FILES_NOT_UPLOADED comes back as 409 with the typed message kept, nothing else", async () => {
    server.use(
      http.put(`${API}/api/v4/instances/:id/interactive/generic`, () =>
        fail(409, {
          code: "REQUIRED_FILES_NOT_UPLOADED",
          message: "Debe adjuntar los documentos solicitados antes de enviar su consulta.",
        }),
      ),
    );
    const res = await post(chatAction, "/procedures/chat/?instance=i-1", fields({ intent: "send", message: "Hola", procedureId: "102" }));
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ required: true, message: "Hola" });
  });

  it("sends the text, then finalises with force, then goes to /procedures", async () => {
    const calls: string[] = [];
    server.use(
      http.put(`${API}/api/v4/instances/:id/interactive/generic`, async ({ request }) => {
        calls.push(`generic ${JSON.stringify(await request.json())}`);
        return HttpResponse.json({ success: true, result: chat });
      }),
      http.put(`${API}/api/v4/instances/:id/interactive/citizen/update`, async ({ request }) => {
        calls.push(`update ${JSON.stringify(await request.json())}`);
        return HttpResponse.json({ success: true });
      }),
    );
    const res = await post(chatAction, "/procedures/chat/?instance=i-1", fields({ intent: "send", message: "Hola", procedureId: "102" }));
    expect(res.headers.get("Location")).toBe("/procedures");
    expect(calls).toEqual([`generic {"action":"text","data":{"message":"Hola"},"procedureId":102}`, `update {"force":true}`]);
  });

  it("a failed message and a failed finalisation toast their own texts", async () => {
    server.use(http.put(`${API}/api/v4/instances/:id/interactive/generic`, () => fail()));
    let res = await post(chatAction, "/procedures/chat/?instance=i-1", fields({ intent: "send", message: "Hola", procedureId: "102" }));
    expect(res.headers.get("Location")).toBe("/procedures/chat/?instance=i-1");
    expect((await toastOf(res))?.message).toBe(t.toasts.sendQueryError);
    server.use(
      http.put(`${API}/api/v4/instances/:id/interactive/generic`, () => HttpResponse.json({ success: true, result: chat })),
      http.put(`${API}/api/v4/instances/:id/interactive/citizen/update`, () => fail()),
    );
    res = await post(chatAction, "/procedures/chat/?instance=i-1", fields({ intent: "send", message: "Hola", procedureId: "102" }));
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({ error: t.toasts.sendAttentionError, message: "", sent: true });
  });

  it("a message sent whose finalisation failed is not sent again by the retry: the retry only finalises", async () => {
    const calls: string[] = [];
    let finaliseFails = true;
    server.use(
      http.put(`${API}/api/v4/instances/:id/interactive/generic`, async ({ request }) => {
        calls.push(`generic ${JSON.stringify(await request.json())}`);
        return HttpResponse.json({ success: true, result: chat });
      }),
      http.put(`${API}/api/v4/instances/:id/interactive/citizen/update`, () => {
        calls.push("update");
        return finaliseFails ? fail() : HttpResponse.json({ success: true });
      }),
    );
    const first = await post(chatAction, "/procedures/chat/?instance=i-1", fields({ intent: "send", message: "Hola", procedureId: "102" }));
    expect(((await first.json()) as { sent?: boolean }).sent).toBe(true);
    finaliseFails = false;
    // The page posts the retry with `resume` and an empty box (the message is in the conversation now).
    const retry = await post(
      chatAction,
      "/procedures/chat/?instance=i-1",
      fields({ intent: "send", message: "", resume: "1", procedureId: "102" }),
    );
    expect(retry.headers.get("Location")).toBe("/procedures");
    expect(calls).toEqual([`generic {"action":"text","data":{"message":"Hola"},"procedureId":102}`, "update", "update"]);
  });

  it("a failed send keeps the message and its idempotency key for the retry (no JavaScript)", async () => {
    server.use(http.put(`${API}/api/v4/instances/:id/interactive/generic`, () => fail()));
    const res = await post(
      chatAction,
      "/procedures/chat/?instance=i-1",
      fields({ intent: "send", message: "Hola", procedureId: "102", key: "0123456789abcdef" }),
    );
    expect((await toastOf(res))?.message).toBe(t.toasts.sendQueryError);
    const cookie = res.headers
      .getSetCookie()
      .find((c) => c.startsWith("av_draft="))
      ?.split(";")[0];
    const request = await signedInRequest(`${BASE}/procedures/chat/?instance=i-1`, { headers: { Cookie: cookie! } });
    const data = await (await settle(async () => chatLoader(argsOf(request)))).json();
    expect(data.kept).toBe("Hola");
    expect(data.key).toBe("0123456789abcdef");
  });

  it("the first message of a draft carries procedureAcceptedTerms and the idempotency key, then opens the new chat", async () => {
    let body: unknown;
    server.use(
      http.put(`${API}/api/v4/instances/DRAFT/interactive/generic`, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ success: true, result: { instanceId: "new-1" } });
      }),
    );
    const res = await post(
      draftAction,
      "/procedures/available/chat/?procedure=102&terms=1",
      fields({ intent: "send", message: "Hola", key: "0123456789abcdef", procedureAcceptedTerms: "true" }),
    );
    expect(res.headers.get("Location")).toBe("/procedures/chat/?instance=new-1");
    expect(body).toEqual({
      action: "text",
      data: { message: "Hola" },
      procedureId: 102,
      procedureAcceptedTerms: true,
      idempotencyKey: "0123456789abcdef",
    });
    const loaded = await settle(async () => draftLoader(argsOf(await signedInRequest(`${BASE}/procedures/available/chat/?procedure=102`))));
    expect((await loaded.json()).chat.first).toBe(true);
  });

  it("discarding a file that fails toasts 'Error al descartar el archivo…'", async () => {
    server.use(http.post(`${API}/api/v4/instances/:id/interactive/discardToSendDocument`, () => fail()));
    const res = await post(chatAction, "/procedures/chat/?instance=i-1", fields({ intent: "discard", document: "d1" }));
    expect((await toastOf(res))?.message).toBe(t.toasts.discardFileError);
  });

  it("'Descartar archivo' names its document by the button pressed, and sends nothing else", async () => {
    const calls: string[] = [];
    server.use(
      http.post(`${API}/api/v4/instances/:id/interactive/discardToSendDocument`, async ({ request }) => {
        calls.push(JSON.stringify(await request.json()));
        return HttpResponse.json({ success: true, result: chat });
      }),
    );
    const res = await post(chatAction, "/procedures/chat/?instance=i-1", fields({ intent: "send", discard: "d2", message: "Hola" }));
    expect(res.headers.get("Location")).toBe("/procedures/chat/?instance=i-1");
    expect(calls).toEqual(['{"data":{"document":"d2"}}']);
  });
});

/** The files layer takes the upload as f-1 and the chat accepts the attach: what the attach sent, once it has. */
function uploadAndAttachAccepted() {
  const sent: { attach?: unknown } = {};
  server.use(
    http.post(`${API}/api/fs/raw/bucket`, () => HttpResponse.json({ result: "f-1" })),
    http.put(`${API}/api/v4/instances/:id/interactive/generic`, async ({ request }) => {
      sent.attach = await request.json();
      return HttpResponse.json({ success: true, result: chat });
    }),
  );
  return sent;
}

describe("attaching", () => {
  const upload = (name: string, document = "d1") => {
    const form = new FormData();
    form.set("intent", "attach");
    form.set("document", document);
    form.set("file", new File([new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d])], name, { type: "application/pdf" }));
    return form;
  };

  it("refuses a type outside the document's valid extensions before uploading", async () => {
    const res = await post(chatAction, "/procedures/chat/?instance=i-1", upload("foto.pdf", "d2"));
    expect((await toastOf(res))?.message).toBe(E.upload.invalidFormat(".png"));
    const res2 = await post(chatAction, "/procedures/chat/?instance=i-1", upload("programa.exe"));
    expect((await toastOf(res2))?.message).toBe(E.upload.invalidFormat(".pdf, .jpeg, .jpg, .png"));
  });

  it("413 from the files layer shows the 50MB message; other upload failures the upload error", async () => {
    server.use(http.post(`${API}/api/fs/raw/bucket`, () => fail(413, { code: "PAYLOAD_TOO_LARGE" })));
    let res = await post(chatAction, "/procedures/chat/?instance=i-1", upload("dni.pdf"));
    expect((await toastOf(res))?.message).toBe(E.upload.tooLarge);
    server.use(http.post(`${API}/api/fs/raw/bucket`, () => fail(500)));
    res = await post(chatAction, "/procedures/chat/?instance=i-1", upload("dni.pdf"));
    expect((await toastOf(res))?.message).toBe(t.toasts.uploadError);
  });

  it("uploads, then attaches the file to the document; a failed attach toasts 'Error al enviar el documento…'", async () => {
    const sent = uploadAndAttachAccepted();
    let res = await post(chatAction, "/procedures/chat/?instance=i-1", upload("dni.pdf"));
    expect(res.headers.get("Location")).toBe("/procedures/chat/?instance=i-1");
    expect(sent.attach).toEqual({
      action: "toSendDocument",
      data: { document: "d1", file: { id: "f-1", name: "dni.pdf" } },
      procedureId: 102,
    });
    server.use(http.put(`${API}/api/v4/instances/:id/interactive/generic`, () => fail()));
    res = await post(chatAction, "/procedures/chat/?instance=i-1", upload("dni.pdf"));
    expect((await toastOf(res))?.message).toBe(t.toasts.sendDocumentError);
  });
});

describe("attaching without JavaScript (one form with the message)", () => {
  const page = "/procedures/chat/?instance=i-1";
  const composer = (name: string, message: string) => {
    const form = new FormData();
    form.set("intent", "send");
    form.set("procedureId", "102");
    // Every requested document's file box travels (an empty one too); the pressed button names the document.
    form.set("file-d1", new File([new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d])], name, { type: "application/pdf" }));
    form.set("file-d2", new File([], "", { type: "application/octet-stream" }));
    form.set("message", message);
    form.set("attach", "d1"); // the pressed 'Adjuntar archivo'
    return form;
  };
  const draftCookie = (res: Response) =>
    res.headers
      .getSetCookie()
      .find((c) => c.startsWith("av_draft="))
      ?.split(";")[0];
  const reload = async (cookie: string | undefined) => {
    const request = await signedInRequest(`${BASE}${page}`, { headers: cookie ? { Cookie: cookie } : {} });
    return (await settle(async () => chatLoader(argsOf(request)))).json();
  };

  it("keeps the typed message when the attach succeeds, without the expired-session notice", async () => {
    const sent = uploadAndAttachAccepted();
    const res = await post(chatAction, page, composer("dni.pdf", "Adjunto el DNI pedido"));
    expect(res.headers.get("Location")).toBe(page);
    expect(sent.attach).toMatchObject({ data: { document: "d1", file: { id: "f-1", name: "dni.pdf" } } });
    const data = await reload(draftCookie(res));
    expect(data.kept).toBe("Adjunto el DNI pedido");
    expect(data.restored).toBeNull();
  });

  it("keeps the typed message when the attach is refused", async () => {
    const res = await post(chatAction, page, composer("programa.exe", "Adjunto el DNI pedido"));
    expect((await toastOf(res))?.message).toBe(E.upload.invalidFormat(".pdf, .jpeg, .jpg, .png"));
    expect((await reload(draftCookie(res))).kept).toBe("Adjunto el DNI pedido");
  });

  it("keeps the typed message when 'Descartar archivo' is pressed, and discards that file only", async () => {
    let discarded: unknown;
    server.use(
      http.post(`${API}/api/v4/instances/:id/interactive/discardToSendDocument`, async ({ request }) => {
        discarded = await request.json();
        return HttpResponse.json({ success: true, result: chat });
      }),
    );
    const form = composer("dni.pdf", "Sigo escribiendo");
    form.delete("attach");
    form.set("discard", "d2");
    const res = await post(chatAction, page, form);
    expect(res.headers.get("Location")).toBe(page);
    expect(discarded).toEqual({ data: { document: "d2" } });
    expect((await reload(draftCookie(res))).kept).toBe("Sigo escribiendo");
  });

  it("sends the upload's documentTypeCode and code (spec section 7) with file, filename and system", async () => {
    const typed = chatOf({
      events: [chatEvent("e1", "text", { message: "Hola" })],
      documents: [
        chatDoc("d1", { spec: { id: "d1", code: "DOC-DNI", description: "DNI", validExtensions: [], tDocumento: "DNI", form: null } }),
      ],
    });
    let upload: Record<string, string> = {};
    server.use(
      http.get(`${API}/api/v4/instances/:id/interactive/citizen`, () => HttpResponse.json({ result: typed })),
      http.post(`${API}/api/fs/raw/bucket`, async ({ request }) => {
        const body = await request.formData();
        upload = Object.fromEntries([...body].map(([k, v]) => [k, typeof v === "string" ? v : `file:${v.name}`]));
        return HttpResponse.json({ result: "f-1" });
      }),
      http.put(`${API}/api/v4/instances/:id/interactive/generic`, () => HttpResponse.json({ success: true, result: typed })),
    );
    await post(chatAction, page, composer("dni.pdf", ""));
    expect(upload).toMatchObject({ filename: "dni.pdf", documentTypeCode: "DNI", code: "DOC-DNI", file: "file:dni.pdf" });
    expect(upload.system).toBeTruthy();
  });

  it("keeps nothing when nothing was typed", async () => {
    uploadAndAttachAccepted();
    const res = await post(chatAction, page, composer("dni.pdf", "  "));
    expect(draftCookie(res)).toBeUndefined();
  });
});

describe("forms", () => {
  const path = "/procedures/form/?procedure=102&instance=i-1&form=f1";

  it("loads the header and 'Volver' by the spec's rules", async () => {
    const res = await settle(async () => formLoader(argsOf(await signedInRequest(`${BASE}${path}`))));
    const data = await res.json();
    expect(data.title).toBe("Datos");
    expect(data.back).toBe("/procedures/chat/?instance=i-1");
    expect(data.frameSrc).toBe("/forms/index.html?procedure=102&instance=i-1&form=f1");
  });

  it("an invalid form answers the message and sends nothing", async () => {
    let sent = false;
    server.use(
      http.put(`${API}/api/v4/instances/:id/forms/:form`, () => ((sent = true), HttpResponse.json({ result: { instanceId: "i-1" } }))),
    );
    const res = await post(formAction, path, fields({ intent: "save", dni: "12.3", email: "" }));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ invalid: true });
    expect(sent).toBe(false);
  });

  it("saves against the instance and goes back to its chat with the success toast; a failure toasts the error", async () => {
    server.use(
      http.put(`${API}/api/v4/instances/:id/forms/:form`, () => HttpResponse.json({ success: true, result: { instanceId: "i-1" } })),
    );
    let res = await post(formAction, path, fields({ intent: "save", dni: "35112847", email: "" }));
    expect(res.headers.get("Location")).toBe("/procedures/chat/?instance=i-1");
    expect((await toastOf(res))?.message).toBe(t.toasts.formSaveSuccess);
    server.use(http.put(`${API}/api/v4/instances/:id/forms/:form`, () => fail()));
    res = await post(formAction, path, fields({ intent: "save", dni: "35112847", email: "" }));
    expect((await toastOf(res))?.message).toBe(t.toasts.formSaveError);
  });

  it("a draft form creates the instance and opens its chat; a form procedure creates it and goes to /procedures", async () => {
    server.use(
      http.put(`${API}/api/v4/instances/DRAFT/forms/:form`, () => HttpResponse.json({ success: true, result: { instanceId: "new-2" } })),
      http.post(`${API}/api/v4/instances/`, () => HttpResponse.json({ success: true, result: { instanceId: "new-3" } }, { status: 201 })),
      http.get(`${API}/api/v4/procedures/:id/forms/first`, () =>
        HttpResponse.json({
          result: { ...chat, instanceId: null },
          data: { form: { id: "f1" }, spec: { header: { name: "X" } }, procedureType: "FORM" },
        }),
      ),
      // After saving a form procedure the tray opens on the tab that lists it; none does here: the default tab.
      http.get(`${API}/api/v4/instances/pending`, () => HttpResponse.json({ instances: [], last_page: 1 })),
    );
    let res = await post(formAction, "/procedures/form/?procedure=102&form=f1", fields({ intent: "save", dni: "35112847" }));
    expect(res.headers.get("Location")).toBe("/procedures/chat/?instance=new-2");
    res = await post(formAction, "/procedures/form/?procedure=102", fields({ intent: "save", dni: "35112847" }));
    expect(res.headers.get("Location")).toBe("/procedures");
    expect((await toastOf(res))?.message).toBe(t.toasts.formSaveSuccess);
  });
});
