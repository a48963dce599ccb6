import { describe, expect, it } from "vitest";
import { PDFDocument } from "pdf-lib";
import { demoCitizens } from "../../server/auth/oidc/demo-citizens.js";
import { PERSONAL_FORM_ID } from "../../server/seed/chat.js";
import { makePng } from "../../server/domain/files/samples.js";
import { interactiveProcedure, operatorOf, signedIn, startChat, useStack } from "./fixtures.js";
import { call, uploadFile } from "./harness.js";
import { until } from "../until.js";

const stack = useStack();
const maria = signedIn(stack, demoCitizens[0]!);
const lucia = signedIn(stack, demoCitizens[2]!);
const op = operatorOf(stack);

const procedure = (opts: { terms: boolean }) => interactiveProcedure(stack.db, opts);

async function pdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([200, 200]);
  return Buffer.from(await doc.save());
}

const upload = (token: string, name: string, body: Buffer) => uploadFile(stack.api, token, body, name);

/** The new instance of a chat the citizen of `token` starts (fixtures.ts's startChat). */
const startedChat = async (token: string, key?: string) => (await startChat(stack, token, key)).id;

describe("initial chat and the first send", () => {
  it("answers the draft chat of a procedure, and its first form for FORM procedures", async () => {
    const p = await procedure({ terms: false });
    const res = await maria.get(`/api/v4/procedures/${p.id}/forms/first`);
    expect(res.status).toBe(200);
    expect(res.json.result).toMatchObject({ procedureId: p.id, first: true, draft: true, instanceId: null });
    expect(res.json.result.events.map((e: { type: string }) => e.type)).toEqual(["dateSeparator", "start"]);
    const form = await stack.db
      .selectFrom("chat_forms")
      .select(["procedure_id"])
      .where("procedure_id", "is not", null)
      .executeTakeFirstOrThrow();
    const first = await maria.get(`/api/v4/procedures/${form.procedure_id}/forms/first`);
    expect(first.json.data.form.id).toBe(`form-${form.procedure_id}`);
    expect(first.json.data.spec.header.name).toBeTruthy();
    expect((await maria.get(`/api/v4/procedures/999999/forms/first`)).status).toBe(404);
  });

  it("creates the instance once per idempotency key, with the procedure's documents requested", async () => {
    const key = "key-" + Math.random().toString(36).slice(2, 12);
    const a = await startedChat(lucia.token, key);
    const b = await startedChat(lucia.token, key);
    expect(b).toBe(a);
    const chat = await lucia.get(`/api/v4/instances/${a}/interactive/citizen`);
    expect(chat.status).toBe(200);
    const types = chat.json.result.events.map((e: { type: string }) => e.type);
    expect(types).toEqual(expect.arrayContaining(["dateSeparator", "start", "text", "requestedDocuments"]));
    expect(chat.json.result.current.documents.length).toBeGreaterThan(0);
    const tray = await lucia.get(`/api/v4/instances/pending?module=procedures`);
    expect(tray.json.instances.filter((i: { id: string }) => i.id === a)).toHaveLength(1);
  });

  it("refuses the first send without the terms when the procedure has them", async () => {
    const p = await procedure({ terms: true });
    const body = { action: "text", data: { message: "Hola" }, procedureId: p.id };
    const refused = await lucia.put("/api/v4/instances/DRAFT/interactive/generic", body);
    expect(refused.status).toBe(400);
    expect(refused.json.code).toBe("TERMS_NOT_ACCEPTED");
    const ok = await lucia.put("/api/v4/instances/DRAFT/interactive/generic", { ...body, procedureAcceptedTerms: true });
    expect(ok.status).toBe(200);
  });

  it("refuses messages over 1000 characters and empty ones", async () => {
    const id = await startedChat(lucia.token);
    expect(
      (await lucia.put(`/api/v4/instances/${id}/interactive/generic`, { action: "text", data: { message: "x".repeat(1001) } })).status,
    ).toBe(400);
    expect((await lucia.put(`/api/v4/instances/${id}/interactive/generic`, { action: "text", data: { message: "  " } })).status).toBe(400);
  });
});

describe("the document flow", () => {
  it("request → attach → discard → attach → send → approve / reject with reason", async () => {
    const id = await startedChat(lucia.token);
    const citizen = lucia;
    // Only what the operator asks here counts: the procedure's own documents are attached first.
    const requested = await op("POST", `/chat/instances/${id}/requests`, {
      documents: [
        { description: "Certificado de domicilio", validExtensions: [".pdf"], isRequired: true },
        { description: "Foto carnet", validExtensions: ["png"], isRequired: false },
      ],
      message: "Adjunta el certificado.",
    });
    expect(requested.status).toBe(201);
    const [cert] = requested.json.documents as { id: string; spec: { validExtensions: string[] } }[];
    expect(cert!.spec.validExtensions).toEqual([".pdf"]);

    // Sending without the required documents: REQUIRED_FILES_NOT_UPLOADED, for the message and the finalisation.
    const early = await citizen.put(`/api/v4/instances/${id}/interactive/generic`, { action: "text", data: { message: "Listo" } });
    expect(early.status).toBe(409);
    expect(early.json).toEqual({
      code: "REQUIRED_FILES_NOT_UPLOADED",
      message: "Debe adjuntar los documentos solicitados antes de enviar su consulta.",
    });
    expect((await citizen.put(`/api/v4/instances/${id}/interactive/citizen/update`, { force: true })).json.code).toBe(
      "REQUIRED_FILES_NOT_UPLOADED",
    );

    // Attach every required document (the procedure's own ones too).
    let chat = (await citizen.get(`/api/v4/instances/${id}/interactive/citizen`)).json.result;
    const required = chat.current.documents.filter(
      (d: { id: string; isRequired: boolean; status: string }) => d.isRequired && d.status === "requested" && d.id !== cert!.id,
    );
    const file = await upload(lucia.token, "certificado.pdf", await pdf());
    expect(file.status).toBe(200);

    // A name outside the document's valid extensions is refused (415).
    const wrong = await upload(lucia.token, "certificado.png", await pdf());
    const refused = await citizen.put(`/api/v4/instances/${id}/interactive/generic`, {
      action: "toSendDocument",
      data: { document: cert!.id, file: { id: wrong.json.result, name: "certificado.png" } },
    });
    expect(refused.status).toBe(415);
    expect(refused.json.message).toBe("Error al subir el documento. Por favor seleccione uno de los siguientes formatos .pdf");

    // Checked by content (issue 28): a PNG named `.pdf` is refused for a document that takes PDFs.
    const disguised = await upload(lucia.token, "certificado.pdf", makePng());
    expect(disguised.status).toBe(200);
    const byContent = await citizen.put(`/api/v4/instances/${id}/interactive/generic`, {
      action: "toSendDocument",
      data: { document: cert!.id, file: { id: disguised.json.result, name: "certificado.pdf" } },
    });
    expect(byContent.status).toBe(415);

    const attach = await citizen.put(`/api/v4/instances/${id}/interactive/generic`, {
      action: "toSendDocument",
      data: { document: cert!.id, file: { id: file.json.result, name: "certificado.pdf" } },
    });
    expect(attach.status).toBe(200);
    chat = attach.json.result;
    expect(chat.current.documents.find((d: { id: string }) => d.id === cert!.id).status).toBe("toSend");
    expect(chat.events.at(-1).type).toBe("toSendDocuments");

    const discarded = await citizen.post(`/api/v4/instances/${id}/interactive/discardToSendDocument`, { data: { document: cert!.id } });
    expect(discarded.status).toBe(200);
    expect(discarded.json.result.current.documents.find((d: { id: string }) => d.id === cert!.id)).toMatchObject({
      status: "requested",
      file: null,
    });
    expect((await citizen.post(`/api/v4/instances/${id}/interactive/discardToSendDocument`, { data: { document: cert!.id } })).status).toBe(
      409,
    );

    for (const doc of required) {
      const f = await upload(lucia.token, "doc.pdf", await pdf());
      expect(
        (
          await citizen.put(`/api/v4/instances/${id}/interactive/generic`, {
            action: "toSendDocument",
            data: { document: doc.id, file: { id: f.json.result, name: "doc.pdf" } },
          })
        ).status,
      ).toBe(200);
    }
    const again = await citizen.put(`/api/v4/instances/${id}/interactive/generic`, {
      action: "toSendDocument",
      data: { document: cert!.id, file: { id: file.json.result, name: "certificado.pdf" } },
    });
    expect(again.status).toBe(200);

    expect(
      (await citizen.put(`/api/v4/instances/${id}/interactive/generic`, { action: "text", data: { message: "Adjunto lo pedido." } }))
        .status,
    ).toBe(200);
    const sent = await citizen.put(`/api/v4/instances/${id}/interactive/citizen/update`, { force: true });
    expect(sent.status).toBe(200);
    chat = (await citizen.get(`/api/v4/instances/${id}/interactive/citizen`)).json.result;
    expect(chat.current.documents.find((d: { id: string }) => d.id === cert!.id).status).toBe("sent");
    expect(chat.events.map((e: { type: string }) => e.type)).toContain("uploadedDocuments");
    const received = await citizen.get(`/api/v4/instances/${id}/received_docs`);
    expect(
      received.json.result.some((d: { fileName: string; status: string }) => d.fileName === "certificado.pdf" && d.status === "pending"),
    ).toBe(true);

    expect((await op("POST", `/chat/instances/${id}/evaluating`, {})).status).toBe(200);
    expect((await op("POST", `/chat/instances/${id}/received`, { documentIds: [cert!.id] })).status).toBe(200);
    const rejectNoReason = await op("POST", `/chat/instances/${id}/reject`, { documentIds: [cert!.id] });
    expect(rejectNoReason.status).toBe(400);
    const rejected = await op("POST", `/chat/instances/${id}/reject`, { documentIds: [cert!.id], reason: "El certificado está vencido." });
    expect(rejected.status).toBe(200);
    const approved = await op("POST", `/chat/instances/${id}/approve`, {});
    expect(approved.status).toBe(200);

    chat = (await citizen.get(`/api/v4/instances/${id}/interactive/citizen`)).json.result;
    const types = chat.events.map((e: { type: string }) => e.type);
    expect(types).toEqual(expect.arrayContaining(["toEvaluateDocuments", "receivedDocuments", "rejectedDocuments", "approvedDocuments"]));
    const rejectedEvent = chat.events.find((e: { type: string }) => e.type === "rejectedDocuments");
    expect(rejectedEvent.documents[0]).toMatchObject({ status: "rejected", reason: "El certificado está vencido." });
    // The rejected document is requested again.
    expect(
      chat.current.documents.filter(
        (d: { spec: { description: string }; status: string }) =>
          d.spec.description === "Certificado de domicilio" && d.status === "requested",
      ),
    ).toHaveLength(1);
    const docs = (await citizen.get(`/api/v4/instances/${id}/received_docs`)).json.result;
    expect(docs.find((d: { fileName: string }) => d.fileName === "certificado.pdf").status).toBe("rejected");

    const preview = await citizen.get(`/api/v4/instances/${id}/interactive/previewChat`);
    expect(preview.status).toBe(200);
    expect(preview.json.result.instanceId).toBe(id);
  });

  it("a message sent twice with the same key is stored once", async () => {
    const p = await procedure({ terms: false });
    const created = await op("POST", "/procedures/instances", {
      cuil: lucia.cuil,
      procedureId: p.id,
      tab: "in_progress",
      state: { text: "En revisión", color: "#1D4ED8" },
    });
    expect(created.status).toBe(201);
    const id = created.json.id as string;
    const body = { action: "text", data: { message: "Una sola vez" }, idempotencyKey: "dup-0123456789" };
    expect((await lucia.put(`/api/v4/instances/${id}/interactive/generic`, body)).status).toBe(200);
    const again = await lucia.put(`/api/v4/instances/${id}/interactive/generic`, body);
    expect(again.json.result.events.filter((e: { message: string | null }) => e.message === "Una sola vez")).toHaveLength(1);
  });

  it("operator messages show as operator text events", async () => {
    const id = await startedChat(lucia.token);
    expect((await op("POST", `/chat/instances/${id}/messages`, { message: "Hola, soy el operador." })).status).toBe(201);
    const chat = (await lucia.get(`/api/v4/instances/${id}/interactive/citizen`)).json.result;
    expect(chat.events.at(-1)).toMatchObject({
      type: "text",
      author: "operator",
      message: "Hola, soy el operador.",
      commiter: { cn: "Mesa de entradas" },
    });
  });
});

describe("ownership", () => {
  it("answers 404 for another citizen's chat, actions, files and forms", async () => {
    const id = await startedChat(lucia.token);
    expect((await maria.get(`/api/v4/instances/${id}/interactive/citizen`)).status).toBe(404);
    expect((await maria.get(`/api/v4/instances/${id}/interactive/previewChat`)).status).toBe(404);
    expect((await maria.put(`/api/v4/instances/${id}/interactive/generic`, { action: "text", data: { message: "hola" } })).status).toBe(
      404,
    );
    expect((await maria.put(`/api/v4/instances/${id}/interactive/citizen/update`, { force: true })).status).toBe(404);
    expect((await maria.post(`/api/v4/instances/${id}/interactive/discardToSendDocument`, { data: { document: "x" } })).status).toBe(404);
    const chat = (await lucia.get(`/api/v4/instances/${id}/interactive/citizen`)).json.result;
    expect((await maria.get(`/api/v4/instances/${chat.procedureId}/${id}/forms/${PERSONAL_FORM_ID}/formData`)).status).toBe(404);
    expect((await maria.put(`/api/v4/instances/${id}/forms/${PERSONAL_FORM_ID}`, { formData: {}, submitType: "FINAL" })).status).toBe(404);

    // Maria's file cannot be attached to Lucía's document.
    const { json } = await op("POST", `/chat/instances/${id}/requests`, { documents: [{ description: "Otro" }] });
    const mariaFile = await upload(maria.token, "m.pdf", await pdf());
    const res = await lucia.put(`/api/v4/instances/${id}/interactive/generic`, {
      action: "toSendDocument",
      data: { document: json.documents[0].id, file: { id: mariaFile.json.result, name: "m.pdf" } },
    });
    expect(res.status).toBe(404);
    expect((await call(stack, `/api/v4/instances/${id}/interactive/citizen`)).status).toBe(303);
  });
});

describe("forms", () => {
  const valid = {
    nombre: "Lucía Rodríguez",
    dni: "35112847",
    nacimiento: "1990-05-04",
    email: "lucia@example.com",
    localidad: "Capital",
    contacto: "email",
    situacion: ["empleo"],
    declaracion: "on",
  };

  it("answers the definition and saved data, validates against the definition, and marks the form's document ready", async () => {
    const id = await startedChat(lucia.token);
    const citizen = lucia;
    const { json } = await op("POST", `/chat/instances/${id}/requests`, {
      documents: [{ description: "Datos personales", formId: PERSONAL_FORM_ID }],
    });
    const chat = (await citizen.get(`/api/v4/instances/${id}/interactive/citizen`)).json.result;
    // A form-type document takes no file (issue 28).
    const formDoc = chat.current.documents.find((d: { spec: { form: unknown } }) => d.spec.form);
    const pdfFile = await upload(lucia.token, "datos.pdf", await pdf());
    const attached = await citizen.put(`/api/v4/instances/${id}/interactive/generic`, {
      action: "toSendDocument",
      data: { document: formDoc.id, file: { id: pdfFile.json.result, name: "datos.pdf" } },
    });
    expect(attached.status).toBe(409);
    const path = `/api/v4/instances/${chat.procedureId}/${id}/forms/${PERSONAL_FORM_ID}/formData`;
    const empty = await citizen.get(path);
    expect(empty.status).toBe(200);
    expect(empty.json.result.data).toEqual({});
    expect(empty.json.result.spec.header.name).toBe("Datos personales");

    const bad = await citizen.put(`/api/v4/instances/${id}/forms/${PERSONAL_FORM_ID}?module=av`, {
      formData: { ...valid, dni: "12.345" },
      submitType: "FINAL",
    });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ code: "FORM_INVALID", fields: { dni: "pattern" } });
    const missing = await citizen.put(`/api/v4/instances/${id}/forms/${PERSONAL_FORM_ID}?module=av`, {
      formData: { ...valid, email: "no", localidad: "Marte" },
      submitType: "FINAL",
    });
    expect(missing.json.fields).toEqual({ email: "email", localidad: "option" });

    const ok = await citizen.put(`/api/v4/instances/${id}/forms/${PERSONAL_FORM_ID}?module=av`, { formData: valid, submitType: "FINAL" });
    expect(ok.status).toBe(200);
    expect(ok.json.result.instanceId).toBe(id);
    expect((await citizen.get(path)).json.result.data).toMatchObject({ nombre: "Lucía Rodríguez", situacion: ["empleo"] });
    const after = (await citizen.get(`/api/v4/instances/${id}/interactive/citizen`)).json.result;
    expect(after.current.documents.find((d: { id: string }) => d.id === json.documents[0].id).status).toBe("toSend");
  });

  it("a DRAFT form creates an interactive instance once; a FORM procedure's form creates its instance", async () => {
    const p = await procedure({ terms: false });
    const key = "form-" + Math.random().toString(36).slice(2, 12);
    const body = { formData: valid, submitType: "FINAL", idempotencyKey: key };
    const a = await lucia.put(`/api/v4/instances/DRAFT/forms/${PERSONAL_FORM_ID}?module=av&procedureId=${p.id}`, body);
    expect(a.status).toBe(200);
    const b = await lucia.put(`/api/v4/instances/DRAFT/forms/${PERSONAL_FORM_ID}?module=av&procedureId=${p.id}`, body);
    expect(b.json.result.instanceId).toBe(a.json.result.instanceId);
    expect((await lucia.get(`/api/v4/instances/${p.id}/DRAFT/forms/${PERSONAL_FORM_ID}/formData`)).status).toBe(200);

    const form = await stack.db
      .selectFrom("chat_forms")
      .innerJoin("proc_catalogue", "proc_catalogue.id", "chat_forms.procedure_id")
      .select(["chat_forms.id", "chat_forms.procedure_id"])
      .where("proc_catalogue.terms_enabled", "=", 0)
      .executeTakeFirstOrThrow();
    const invalid = await lucia.post(`/api/v4/instances?module=av`, { procedureId: form.procedure_id, formData: { nombre: "" } });
    expect(invalid.status).toBe(400);
    const created = await lucia.post(`/api/v4/instances?module=av`, {
      procedureId: form.procedure_id,
      formData: { nombre: "Lucía", dni: "35112847", email: "lucia@example.com", motivo: "Lo necesito." },
    });
    expect(created.status).toBe(201);
    const row = await stack.db
      .selectFrom("proc_instances")
      .selectAll()
      .where("id", "=", created.json.result.instanceId)
      .executeTakeFirstOrThrow();
    expect(row.type).toBe("FORM");
    expect(row.owner_cuil).toBe(lucia.cuil);
  });
});

describe("operator forms", () => {
  it("checks a definition and stores it", async () => {
    expect((await op("POST", "/chat/forms", { definition: { header: { name: "" }, fields: [] } })).status).toBe(400);
    const ok = await op("POST", "/chat/forms", {
      id: "prueba-op",
      definition: { header: { name: "Prueba" }, fields: [{ name: "motivo", label: "Motivo", type: "textarea", required: true }] },
    });
    expect(ok.status).toBe(201);
    const p = await procedure({ terms: false });
    const res = await lucia.get(`/api/v4/instances/${p.id}/DRAFT/forms/prueba-op/formData`);
    expect(res.json.result.spec.fields[0].name).toBe("motivo");
  });
});

describe("seed", () => {
  it("has chats of the demo citizen at every stage", async () => {
    const statuses = await stack.db
      .selectFrom("chat_documents")
      .innerJoin("proc_instances", "proc_instances.id", "chat_documents.instance_id")
      .select("chat_documents.status")
      .where("proc_instances.owner_cuil", "=", maria.cuil)
      .execute();
    const set = new Set(statuses.map((s) => s.status));
    for (const s of ["requested", "toSend", "received", "approved", "rejected"]) expect(set.has(s)).toBe(true);
  });
});

describe("demo operator (DEMO_OPERATOR=1)", () => {
  it("answers the citizen's first message by itself", async () => {
    const { startDemoOperator } = await import("../../server/operator/chat.js");
    startDemoOperator(stack.db, 20);
    const id = await startedChat(lucia.token);
    const answered = async () =>
      (await lucia.get(`/api/v4/instances/${id}/interactive/citizen`)).json.result.events.some(
        (e: { type: string; author: string }) => e.type === "text" && e.author === "operator",
      );
    await until(answered, "the demo operator's answer", { timeoutMs: 10_000 });
  });
});
