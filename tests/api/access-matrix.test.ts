import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoCitizens } from "../../server/auth/oidc/demo-citizens.js";
import { call, startStack, type TestStack } from "./harness.js";

/**
 * The access-control matrix: signed in as one citizen, every API call that takes an id is tried
 * with ids that belong to another citizen (the data-rich demo citizen). Each must answer 404
 * (403 where a cuil or User-ID names the other citizen), and nothing of the victim may change.
 */
const victim = demoCitizens[0]!;
const attacker = demoCitizens[2]!;

type Ids = {
  communication: string;
  communicationFile: string;
  file: { id: string; name: string };
  instance: string;
  procedureId: number;
  chatDocument: string;
  form: { procedureId: number; instanceKey: string; formId: string };
  record: string;
  pendingDocument: string;
};

describe("access-control matrix: another citizen's ids", () => {
  let stack: TestStack;
  let token: string;
  let ids: Ids;
  const asAttacker = (path: string, init: { method?: string; body?: unknown; userId?: string } = {}) =>
    call(stack, path, { method: init.method, body: init.body, token, headers: { "User-ID": init.userId ?? attacker.cuil } });

  beforeAll(async () => {
    stack = await startStack();
    token = await stack.sign({ sub: attacker.cuil });
    const db = stack.db;
    const communication = await db.selectFrom("dd_communications").select("code").where("cuil", "=", victim.cuil).executeTakeFirstOrThrow();
    const communicationFile = await db
      .selectFrom("dd_communication_files")
      .select("id")
      .where("communication_code", "=", communication.code)
      .executeTakeFirstOrThrow();
    const file = await db.selectFrom("files").select(["id", "name"]).where("owner_cuil", "=", victim.cuil).executeTakeFirstOrThrow();
    const instance = await db
      .selectFrom("proc_instances")
      .select(["id", "procedure_id"])
      .where("owner_cuil", "=", victim.cuil)
      .where("discarded_at", "is", null)
      .executeTakeFirstOrThrow();
    const chatDocument = await db
      .selectFrom("chat_documents")
      .innerJoin("proc_instances", "proc_instances.id", "chat_documents.instance_id")
      .select(["chat_documents.id"])
      .where("proc_instances.owner_cuil", "=", victim.cuil)
      .executeTakeFirstOrThrow();
    const form = await db.selectFrom("chat_forms").select("id").executeTakeFirstOrThrow();
    const record = await db
      .selectFrom("records")
      .select("id")
      .where("owner_cuil", "=", victim.cuil)
      .where("read_only", "=", 0)
      .executeTakeFirstOrThrow();
    const pending = await db
      .selectFrom("record_documents")
      .innerJoin("records", "records.id", "record_documents.record_id")
      .select(["record_documents.id", "record_documents.record_id"])
      .where("records.owner_cuil", "=", victim.cuil)
      .where("record_documents.stage", "=", "pending")
      .executeTakeFirstOrThrow();
    ids = {
      communication: communication.code,
      communicationFile: communicationFile.id,
      file,
      instance: instance.id,
      procedureId: Number(instance.procedure_id),
      chatDocument: chatDocument.id,
      form: { procedureId: Number(instance.procedure_id), instanceKey: instance.id, formId: form.id },
      record: pending.record_id ?? record.id,
      pendingDocument: pending.id,
    };
  });
  afterAll(() => stack.close());

  it("digital domicile: the other citizen's communications answer 404, their cuil 403", async () => {
    const { communication: code, communicationFile } = ids;
    const answers = {
      getOne: (await asAttacker(`/api/dd/v1/communications/get_one/${code}`)).status,
      history: (await asAttacker(`/api/dd/v1/communications/get_history/${code}`)).status,
      file: (await asAttacker(`/api/dd/v1/communications/get_file/${code}/${communicationFile}`)).status,
      archive: (await asAttacker("/api/dd/v1/communications/archive", { method: "PUT", body: { communications: [code] } })).status,
      recover: (await asAttacker("/api/dd/v1/communications/recover", { method: "PUT", body: { communications: [code] } })).status,
      inboxOtherCuil: (await asAttacker(`/api/dd/v1/communications/inbox/${victim.cuil}`)).status,
      inboxForgedUserId: (await asAttacker(`/api/dd/v1/communications/inbox/${victim.cuil}`, { userId: victim.cuil })).status,
      contactInfo: (await asAttacker(`/api/dd/v1/users/get_contact_info/${victim.cuil}`, { userId: victim.cuil })).status,
      selfDa: (await asAttacker(`/api/dd/v1/users/get-user-self-da/${victim.cuil}`)).status,
    };
    expect(answers).toEqual({
      getOne: 404,
      history: 404,
      file: 404,
      archive: 404,
      recover: 404,
      inboxOtherCuil: 403,
      inboxForgedUserId: 403,
      contactInfo: 403,
      selfDa: 403,
    });
  });

  it("procedures and the chat: the other citizen's instance answers 404 on every call", async () => {
    const { instance: id, procedureId, chatDocument, form } = ids;
    const answers = {
      history: (await asAttacker(`/api/v4/instances/history/${id}`)).status,
      receivedDocs: (await asAttacker(`/api/v4/instances/${id}/received_docs`)).status,
      discard: (await asAttacker(`/api/v4/instances/${id}/discard`, { method: "POST", body: { message: "" } })).status,
      redirectRecord: (await asAttacker(`/api/v4/filemanager/${id}/redirectRecord?module=procedures&redirectModule=records`)).status,
      chat: (await asAttacker(`/api/v4/instances/${id}/interactive/citizen`)).status,
      previewChat: (await asAttacker(`/api/v4/instances/${id}/interactive/previewChat`)).status,
      send: (
        await asAttacker(`/api/v4/instances/${id}/interactive/generic`, {
          method: "PUT",
          body: { action: "text", data: { message: "hola" }, procedureId },
        })
      ).status,
      force: (await asAttacker(`/api/v4/instances/${id}/interactive/citizen/update`, { method: "PUT", body: { force: true } })).status,
      discardToSend: (
        await asAttacker(`/api/v4/instances/${id}/interactive/discardToSendDocument`, {
          method: "POST",
          body: { data: { document: chatDocument } },
        })
      ).status,
      formData: (await asAttacker(`/api/v4/instances/${form.procedureId}/${form.instanceKey}/forms/${form.formId}/formData`)).status,
      formSave: (
        await asAttacker(`/api/v4/instances/${form.instanceKey}/forms/${form.formId}?module=av`, {
          method: "PUT",
          body: { formData: {}, submitType: "FINAL" },
        })
      ).status,
    };
    expect(answers).toEqual({
      history: 404,
      receivedDocs: 404,
      discard: 404,
      redirectRecord: 404,
      chat: 404,
      previewChat: 404,
      send: 404,
      force: 404,
      discardToSend: 404,
      formData: 404,
      formSave: 404,
    });
  });

  it("files and records: the other citizen's file, record and pending document answer 404", async () => {
    const { file, record, pendingDocument } = ids;
    const name = Buffer.from(file.name).toString("base64");
    const answers = {
      download: (await asAttacker(`/api/fs/bucket/${encodeURIComponent(name)}/${file.id}`)).status,
      pageCount: (await asAttacker(`/api/fs/viewer/getPageCount/${file.id}`)).status,
      pageAsPdf: (await asAttacker(`/api/fs/viewer/getPageAsPdf/${file.id}/1`)).status,
      pageImage: (await asAttacker(`/api/fs/viewer/getPageImage/${file.id}/1`)).status,
      pageText: (await asAttacker(`/api/fs/viewer/getPageText/${file.id}/1`)).status,
      recordZip: (await asAttacker(`/api/fs/archive/record/${record}`)).status,
      procedureZip: (await asAttacker(`/api/fs/archive/procedure/${ids.instance}`)).status,
      header: (await asAttacker(`/api/v4/filemanager/${record}?module=records`)).status,
      incorporated: (await asAttacker(`/api/v4/filemanager/${record}/incorporated?module=records`)).status,
      sent: (await asAttacker(`/api/v4/filemanager/${record}/sent?module=records`)).status,
      pending: (await asAttacker(`/api/v4/filemanager/${record}/pending?module=records`)).status,
      documents: (await asAttacker(`/api/v4/filemanager/${record}/documents?module=records`)).status,
      register: (
        await asAttacker(`/api/v4/filemanager/${record}/upload?module=records`, {
          method: "POST",
          body: { files: [{ fileId: file.id, fileName: "x.pdf", reference: "x", mime: "application/pdf" }] },
        })
      ).status,
      discard: (await asAttacker(`/api/v4/filemanager/${record}/discard/${pendingDocument}?module=records`, { method: "DELETE" })).status,
      send: (
        await asAttacker(`/api/v4/filemanager/${record}/send?module=records`, { method: "PUT", body: { documents: [pendingDocument] } })
      ).status,
    };
    expect(answers).toEqual({
      download: 404,
      pageCount: 404,
      pageAsPdf: 404,
      pageImage: 404,
      pageText: 404,
      recordZip: 404,
      procedureZip: 404,
      header: 404,
      incorporated: 404,
      sent: 404,
      pending: 404,
      documents: 404,
      register: 404,
      discard: 404,
      send: 404,
    });
  });

  it("left the victim's data as it was", async () => {
    const db = stack.db;
    const instance = await db.selectFrom("proc_instances").select("discarded_at").where("id", "=", ids.instance).executeTakeFirstOrThrow();
    expect(instance.discarded_at).toBeNull();
    const pending = await db.selectFrom("record_documents").select("stage").where("id", "=", ids.pendingDocument).executeTakeFirstOrThrow();
    expect(pending.stage).toBe("pending");
    const victimToken = await stack.sign({ sub: victim.cuil });
    const mine = await call(stack, `/api/v4/filemanager/${ids.record}/pending?module=records`, { token: victimToken });
    expect(mine.status).toBe(200);
  });
});
