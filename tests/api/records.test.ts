import { beforeAll, describe, expect, it } from "vitest";
import { demoCitizens } from "../../server/auth/oidc/demo-citizens.js";
import { saveFile } from "../../server/domain/files/index.js";
import { makePng, makeTextPdf } from "../../server/domain/files/samples.js";
import { addDocument, associateRecords, createRecord } from "../../server/domain/records/operator.js";
import { incorporatedDocuments, pendingDocuments, recordDocuments, recordHeader } from "../../server/domain/records/service.js";
import { createDiskBlobStore } from "../../server/storage/index.js";
import { useStack } from "./fixtures.js";
import { call, countingReads, uploadFile, type ApiJson } from "./harness.js";
import { randomUUID } from "node:crypto";
import path from "node:path";

const owner = demoCitizens[0].cuil;
const empty = demoCitizens[2].cuil;

const stack = useStack();
let token: string;
let otherToken: string;

const upload = (tok: string, body: Buffer, name: string) => uploadFile(stack.api, tok, body, name);

async function firstRecord(tab = "in_process", pageNumber = 1) {
  const res = await call(stack, `/api/v4/instances/${tab}?module=records&pageNumber=${pageNumber}`, { token });
  return res.json.instances as ApiJson[];
}

/** A fresh writable record of the owner, so tests never step on each other. */
async function freshRecord(readOnly = false) {
  const r = await createRecord(stack.db, { ownerCuil: owner, title: "Expediente de prueba", readOnly });
  return r.id;
}

beforeAll(async () => {
  token = await stack.sign({ sub: owner });
  otherToken = await stack.sign({ sub: empty });
});

describe("records lists", () => {
  it("counts and pages per tab, searches and sorts", async () => {
    const count = await call(stack, "/api/v4/instances/count/in_process?module=records", { token });
    expect(count.status).toBe(200);
    expect(count.json.count).toBeGreaterThanOrEqual(19);
    const archived = await call(stack, "/api/v4/instances/count/archived?module=records", { token });
    expect(archived.json.count).toBe(6);

    const page1 = await call(stack, "/api/v4/instances/in_process?module=records&pageNumber=1&sort=-createdAt", { token });
    expect(page1.status).toBe(200);
    expect(page1.json.instances).toHaveLength(10);
    expect(page1.json.last_page).toBe(2);
    const first = page1.json.instances[0];
    expect(first).toMatchObject({ buttons: ["accessRecord"], currentState: { text: expect.any(String), color: expect.any(String) } });
    const dates = page1.json.instances.map((i: ApiJson) => i.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);

    const asc = await call(stack, "/api/v4/instances/in_process?module=records&pageNumber=1&sort=%2BarrivedOn", { token });
    const arrived = asc.json.instances.map((i: ApiJson) => i.arrivedOn);
    expect([...arrived].sort()).toEqual(arrived);

    const search = await call(
      stack,
      `/api/v4/instances/in_process?module=records&searchTerm=${encodeURIComponent("HABILITACIÓN".toLowerCase())}`,
      {
        token,
      },
    );
    expect(search.json.instances.length).toBeGreaterThan(0);
    for (const i of search.json.instances) expect(i.title.toLowerCase()).toContain("habilitación");

    const none = await call(stack, "/api/v4/instances/in_process?module=records&searchTerm=zzzz%25", { token });
    expect(none.json).toEqual({ instances: [], last_page: 1 });

    const dated = await call(stack, "/api/v4/instances/in_process?module=records&since=2025-02-01&until=2025-02-28", { token });
    for (const i of dated.json.instances) expect(i.createdAt < "2025-03-01").toBe(true);
  });

  it("shows nothing of one citizen to another", async () => {
    const count = await call(stack, "/api/v4/instances/count/in_process?module=records", { token: otherToken });
    expect(count.json.count).toBe(0);
    const page = await call(stack, "/api/v4/instances/in_process?module=records", { token: otherToken });
    expect(page.json.instances).toEqual([]);
  });
});

describe("one record", () => {
  it("has a header with status and associations, and its documents", async () => {
    const [first] = await firstRecord("in_process");
    const header = await call(stack, `/api/v4/filemanager/${first.id}?module=records`, { token });
    expect(header.status).toBe(200);
    expect(header.json.result).toMatchObject({
      code: expect.any(String),
      status: { code: expect.any(String), description: expect.any(String), color: expect.any(String) },
    });

    // every association type is present across the seeded records
    const all = [...(await firstRecord("in_process", 1)), ...(await firstRecord("in_process", 2)), ...(await firstRecord("archived"))];
    const types = new Set<string>();
    for (const r of all) {
      const h = await call(stack, `/api/v4/filemanager/${r.id}?module=records`, { token });
      for (const a of h.json.result.association?.associated_instance ?? []) types.add(a.type);
    }
    expect([...types].sort()).toEqual(["link_primary", "link_secondary", "merge_primary", "merge_secondary"]);

    for (const kind of ["incorporated", "sent", "pending"]) {
      const res = await call(stack, `/api/v4/filemanager/${first.id}/${kind}?module=records`, { token });
      expect(res.status).toBe(200);
      expect(Array.isArray(res.json.documents)).toBe(true);
    }
  });

  it("answers 404 to every call on another citizen's record (ownership)", async () => {
    const [first] = await firstRecord();
    const pending = await call(stack, `/api/v4/filemanager/${first.id}/pending?module=records`, { token });
    const someDoc = pending.json.documents[0]?.spec.id ?? "00000000-0000-0000-0000-000000000000";
    const own = await upload(otherToken, makePng(), "mia.png");
    const calls: [string, string, unknown?][] = [
      ["GET", `/api/v4/filemanager/${first.id}?module=records`],
      ["GET", `/api/v4/filemanager/${first.id}/incorporated?module=records`],
      ["GET", `/api/v4/filemanager/${first.id}/sent?module=records`],
      ["GET", `/api/v4/filemanager/${first.id}/pending?module=records`],
      [
        "POST",
        `/api/v4/filemanager/${first.id}/upload?module=records`,
        { files: [{ fileId: own.json.result, fileName: "x", reference: "y", mime: "image/png" }] },
      ],
      ["DELETE", `/api/v4/filemanager/${first.id}/discard/${someDoc}?module=records`],
      ["PUT", `/api/v4/filemanager/${first.id}/send?module=records`, { documents: [someDoc] }],
    ];
    for (const [method, url, body] of calls) {
      const res = await call(stack, url, { method, token: otherToken, body });
      expect(res.status, `${method} ${url}`).toBe(404);
      expect((await call(stack, url, { method, body })).status).toBe(303);
    }
    // and the owner's files of a seeded document are not the other citizen's either
    const inc = await call(stack, `/api/v4/filemanager/${first.id}/incorporated?module=records`, { token });
    const fileId = inc.json.documents[0].file.signedFileId;
    expect((await call(stack, `/api/fs/viewer/getPageCount/${fileId}`, { token: otherToken })).status).toBe(404);
  });

  it("reads a list that has documents in one query, and looks the record up only for an empty one (decision 023)", async () => {
    const records = countingReads(stack.db, "records");
    const counted = records.db;
    const [first] = await firstRecord();
    expect((await incorporatedDocuments(counted, owner, first.id)).length).toBeGreaterThan(0);
    expect(records.reads).toBe(0);
    const fresh = await freshRecord();
    expect(await pendingDocuments(counted, owner, fresh)).toEqual([]);
    expect(records.reads).toBe(1);
    await expect(incorporatedDocuments(counted, empty, first.id)).rejects.toMatchObject({ status: 404 });
    expect(records.reads).toBe(2);
  });

  it("answers a header with no, one and several associations as the citizen sees them, in one query", async () => {
    const row = await createRecord(stack.db, {
      ownerCuil: owner,
      title: "Expediente asociado",
      header: [{ code: "asunto", key: "Asunto", value: "Obra" }],
      createdAt: "2025-03-01T10:00:00.000Z",
    });
    const mineToo = await createRecord(stack.db, { ownerCuil: owner, title: "Otro expediente del ciudadano" });
    const notMine = await createRecord(stack.db, { ownerCuil: empty, title: "Expediente de otro ciudadano" });
    const header = async () => {
      const res = await call(stack, `/api/v4/filemanager/${row.id}?module=records`, { token });
      expect(res.status).toBe(200);
      return res.json.result;
    };
    expect(await header()).toEqual({
      id: row.id,
      code: row.code,
      title: "Expediente asociado",
      status: { code: "in_process", description: "En trámite", color: "#1D4ED8" },
      read_only: false,
      header: [{ code: "asunto", key: "Asunto", value: "Obra" }],
      association: null,
      createdAt: "2025-03-01T10:00:00.000Z",
      arrivedOn: "2025-03-01T10:00:00.000Z",
    });
    await associateRecords(stack.db, row.id, mineToo, "merge_primary", "2025-03-02T00:00:00.000Z");
    expect((await header()).association).toEqual({
      type: "merge_primary",
      associated_instance: [{ id: mineToo.id, code: mineToo.code, type: "merge_primary" }],
    });
    await associateRecords(stack.db, row.id, notMine, "link_secondary", "2025-03-03T00:00:00.000Z");
    await associateRecords(stack.db, row.id, { code: "EX-2020-77-EXTERNO" }, "link_primary", "2025-03-01T00:00:00.000Z");
    // by date, the first one's type the association's; another citizen's record by its code only
    expect((await header()).association).toEqual({
      type: "link_primary",
      associated_instance: [
        { id: null, code: "EX-2020-77-EXTERNO", type: "link_primary" },
        { id: mineToo.id, code: mineToo.code, type: "merge_primary" },
        { id: null, code: notMine.code, type: "link_secondary" },
      ],
    });
    const records = countingReads(stack.db, "records");
    const associations = countingReads(records.db, "record_associations");
    expect((await recordHeader(associations.db, owner, row.id)).association?.associated_instance).toHaveLength(3);
    expect([records.reads, associations.reads]).toEqual([1, 0]);
    await expect(recordHeader(associations.db, empty, row.id)).rejects.toMatchObject({ status: 404 });
    expect((await call(stack, `/api/v4/filemanager/${randomUUID()}?module=records`, { token })).status).toBe(404);
  });

  it("registers uploads (idempotently), discards and sends pending documents", async () => {
    const id = await freshRecord();
    const a = await upload(token, await makeTextPdf("Uno", 2), "uno.pdf");
    const b = await upload(token, makePng(), "dos.png");
    const files = [
      { fileId: a.json.result, fileName: "Nota uno", reference: "Ref 1", mime: "application/pdf" },
      { fileId: b.json.result, fileName: "Foto dos", reference: "Ref 2", mime: "image/png" },
    ];
    const reg = await call(stack, `/api/v4/filemanager/${id}/upload?module=records`, { method: "POST", token, body: { files } });
    expect(reg.status).toBe(200);
    // double submit: still two
    await call(stack, `/api/v4/filemanager/${id}/upload?module=records`, { method: "POST", token, body: { files } });
    const pending = await call(stack, `/api/v4/filemanager/${id}/pending?module=records`, { token });
    expect(pending.json.documents.map((d: ApiJson) => [d.file.name, d.spec.reference])).toEqual([
      ["Nota uno", "Ref 1"],
      ["Foto dos", "Ref 2"],
    ]);

    // empty name or reference is refused
    const bad = await call(stack, `/api/v4/filemanager/${id}/upload?module=records`, {
      method: "POST",
      token,
      body: { files: [{ ...files[0], reference: "  " }] },
    });
    expect(bad.status).toBe(400);
    // a file id that is not the citizen's is refused
    const foreign = await upload(otherToken, makePng(), "ajena.png");
    const refused = await call(stack, `/api/v4/filemanager/${id}/upload?module=records`, {
      method: "POST",
      token,
      body: { files: [{ ...files[0], fileId: foreign.json.result }] },
    });
    expect(refused.status).toBe(404);

    const [one, two] = pending.json.documents;
    const del = await call(stack, `/api/v4/filemanager/${id}/discard/${one.spec.id}?module=records`, { method: "DELETE", token });
    expect(del.status).toBe(200);
    expect((await call(stack, `/api/v4/filemanager/${id}/discard/${one.spec.id}?module=records`, { method: "DELETE", token })).status).toBe(
      404,
    );

    const send = await call(stack, `/api/v4/filemanager/${id}/send?module=records`, {
      method: "PUT",
      token,
      body: { documents: [two.spec.id] },
    });
    expect(send.status).toBe(200);
    // retry: nothing changes
    expect(
      (await call(stack, `/api/v4/filemanager/${id}/send?module=records`, { method: "PUT", token, body: { documents: [two.spec.id] } }))
        .status,
    ).toBe(200);
    expect((await call(stack, `/api/v4/filemanager/${id}/pending?module=records`, { token })).json.documents).toEqual([]);
    const sent = await call(stack, `/api/v4/filemanager/${id}/sent?module=records`, { token });
    expect(sent.json.documents).toHaveLength(1);
    expect(sent.json.documents[0]).toMatchObject({
      file: { name: "Foto dos" },
      spec: { reference: "Ref 2" },
      status: { code: "received", description: "Recibido" },
    });
    expect(
      (await call(stack, `/api/v4/filemanager/${id}/send?module=records`, { method: "PUT", token, body: { documents: [] } })).status,
    ).toBe(400);
  });

  it("refuses uploads, discards and sends on read-only records", async () => {
    const id = await freshRecord(true);
    const header = await call(stack, `/api/v4/filemanager/${id}?module=records`, { token });
    expect(header.json.result.read_only).toBe(true);
    const f = await upload(token, makePng(), "x.png");
    const reg = await call(stack, `/api/v4/filemanager/${id}/upload?module=records`, {
      method: "POST",
      token,
      body: { files: [{ fileId: f.json.result, fileName: "x", reference: "y", mime: "image/png" }] },
    });
    expect(reg.status).toBe(409);
    expect(reg.json.code).toBe("RECORD_READ_ONLY");
    const send = await call(stack, `/api/v4/filemanager/${id}/send?module=records`, {
      method: "PUT",
      token,
      body: { documents: ["00000000-0000-0000-0000-000000000000"] },
    });
    expect(send.status).toBe(409);
    const del = await call(stack, `/api/v4/filemanager/${id}/discard/00000000-0000-0000-0000-000000000000?module=records`, {
      method: "DELETE",
      token,
    });
    expect(del.status).toBe(409);
  });

  it("answers 413 over 50 MB on the upload of a record document", async () => {
    const big = Buffer.alloc(50 * 1024 * 1024 + 1, 0x30);
    big.write("%PDF-1.4\n");
    const res = await upload(token, big, "enorme.pdf");
    expect(res.status).toBe(413);
    expect(res.json.message).toBe("Error al subir el documento. El archivo supera el límite permitido de 50MB.");
  });
});

describe("a record's three lists in one call (extension record-documents)", () => {
  const documents = (id: string, tok = token) => call(stack, `/api/v4/filemanager/${id}/documents?module=records`, { token: tok });
  const spec = (id: string, kind: string, tok = token) => call(stack, `/api/v4/filemanager/${id}/${kind}?module=records`, { token: tok });

  /** A record of the owner with documents in each stage, ties in each stage's order among them. */
  async function recordWithTies() {
    const id = await freshRecord();
    const file = async () => (await upload(token, makePng(), "hoja.png")).json.result as string;
    const at = (minute: number) => `2025-04-01T10:${String(minute).padStart(2, "0")}:00.000Z`;
    for (const [stage, nroFolio, minute] of [
      ["incorporated", 2, 1],
      ["incorporated", 1, 2],
      ["incorporated", 2, 3],
      ["sent", undefined, 4],
      ["sent", undefined, 5],
      ["sent", undefined, 5],
      ["pending", undefined, 7],
      ["pending", undefined, 6],
      ["pending", undefined, 7],
    ] as const) {
      await addDocument(stack.db, {
        recordId: id,
        fileId: await file(),
        stage,
        name: `${stage} ${minute}`,
        reference: `Ref ${minute}`,
        nroFolio,
        status: stage === "sent" ? "approved" : undefined,
        details: [{ label: "Minuto", value: String(minute) }],
        createdAt: at(minute),
      });
    }
    return id;
  }

  it("answers each list item for item as its spec call does, in one query", async () => {
    const [seeded] = await firstRecord();
    for (const id of [await recordWithTies(), seeded.id]) {
      const [incorporated, sent, pending] = await Promise.all(["incorporated", "sent", "pending"].map((kind) => spec(id, kind)));
      const all = await documents(id);
      expect(all.status).toBe(200);
      expect(all.text).toBe(
        JSON.stringify({ incorporated: incorporated.json.documents, sent: sent.json.documents, pending: pending.json.documents }),
      );
    }
    const ties = await recordWithTies();
    const lists = (await documents(ties)).json;
    expect(lists.incorporated.map((d: ApiJson) => d.nroFolio)).toEqual([1, 2, 2]);
    expect(lists.sent.map((d: ApiJson) => d.updated_at.slice(14, 16))).toEqual(["05", "05", "04"]);
    expect(lists.pending.map((d: ApiJson) => d.createdAt.slice(14, 16))).toEqual(["06", "07", "07"]);

    const records = countingReads(stack.db, "records");
    const docs = countingReads(records.db, "record_documents");
    expect((await recordDocuments(docs.db, owner, ties)).sent).toHaveLength(3);
    expect([records.reads, docs.reads]).toEqual([0, 1]);
  });

  it("answers an empty record's lists empty, looking the record up once", async () => {
    const id = await freshRecord();
    const all = await documents(id);
    expect(all.status).toBe(200);
    expect(all.json).toEqual({ incorporated: [], sent: [], pending: [] });
    const records = countingReads(stack.db, "records");
    const docs = countingReads(records.db, "record_documents");
    await recordDocuments(docs.db, owner, id);
    expect([records.reads, docs.reads]).toEqual([1, 1]);
  });

  it("answers another citizen's record and an unknown one 404, as the spec calls do", async () => {
    const [seeded] = await firstRecord();
    const bare = await freshRecord();
    for (const id of [seeded.id, bare, randomUUID(), "no-es-un-id"]) {
      const tok = id === seeded.id || id === bare ? otherToken : token;
      const all = await documents(id, tok);
      const incorporated = await spec(id, "incorporated", tok);
      expect(all.status, id).toBe(404);
      expect(all.json).toEqual(incorporated.json);
    }
    expect((await call(stack, `/api/v4/filemanager/${seeded.id}/documents?module=records`)).status).toBe(303);
  });
});

describe("pages of a 150-page PDF", () => {
  it("stores the page count once and cuts any page into a one-page PDF", async () => {
    const row = await stack.db
      .selectFrom("files")
      .selectAll()
      .where("owner_cuil", "=", owner)
      .where("page_count", "=", 150)
      .executeTakeFirstOrThrow();
    const count = await call(stack, `/api/fs/viewer/getPageCount/${row.id}`, { token });
    expect(count.json).toEqual({ result: 150 });
    const { PDFDocument } = await import("pdf-lib");
    for (const page of [1, 75, 150]) {
      const res = await fetch(`${stack.api}/api/fs/viewer/getPageAsPdf/${row.id}/${page}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.status).toBe(200);
      const doc = await PDFDocument.load(new Uint8Array(await res.arrayBuffer()));
      expect(doc.getPageCount()).toBe(1);
    }
    expect((await call(stack, `/api/fs/viewer/getPageAsPdf/${row.id}/151`, { token })).status).toBe(404);
    expect((await call(stack, `/api/fs/viewer/getPageAsPdf/${row.id}/0`, { token })).status).toBe(400);
  });

  it("saveFile leaves no row and no blob when the type is wrong", async () => {
    const store = createDiskBlobStore(path.join(stack.config.dataDir, "blobs"));
    await expect(
      saveFile({ db: stack.db, store }, { ownerCuil: owner, name: "x.pdf", body: Buffer.from("GIF89a....") }),
    ).rejects.toMatchObject({
      status: 415,
    });
  });
});

describe("operator side of records", () => {
  const OPERATOR = { authorization: "Bearer dev-operator-token-change-me", "x-motivo": "Pruebas automaticas" };

  it("creates a record with documents, incorporates, sets statuses and associates", async () => {
    const created = await call(stack, "/operator/api/records", {
      method: "POST",
      headers: OPERATOR,
      body: { ownerCuil: empty, title: "Expediente del operador", sample: { incorporated: 1, sent: 1, pending: 1, bigPages: 4 } },
    });
    expect(created.status).toBe(201);
    const { id, documents } = created.json as { id: string; documents: { id: string; stage: string }[] };
    const pendingDoc = documents.find((d) => d.stage === "pending")!;
    const sentDoc = documents.find((d) => d.stage === "sent")!;

    const inc = await call(stack, `/operator/api/records/${id}/documents/${pendingDoc.id}/incorporate`, {
      method: "POST",
      headers: OPERATOR,
      body: { description: "Nota incorporada", userName: "Mesa de Entradas" },
    });
    expect(inc.status).toBe(200);
    const status = await call(stack, `/operator/api/records/${id}/documents/${sentDoc.id}/status`, {
      method: "PUT",
      headers: OPERATOR,
      body: { status: "approved" },
    });
    expect(status.status).toBe(200);
    const assoc = await call(stack, `/operator/api/records/${id}/associations`, {
      method: "POST",
      headers: OPERATOR,
      body: { code: "EX-2020-1-OTRO", type: "merge_secondary" },
    });
    expect(assoc.status).toBe(201);

    const incorporated = await call(stack, `/api/v4/filemanager/${id}/incorporated?module=records`, { token: otherToken });
    expect(incorporated.json.documents.map((d: ApiJson) => [d.nroFolio, d.spec.description])).toEqual([
      [1, "Descripción del documento 1"],
      [2, "Nota incorporada"],
    ]);
    const sent = await call(stack, `/api/v4/filemanager/${id}/sent?module=records`, { token: otherToken });
    expect(sent.json.documents[0].status).toMatchObject({ code: "approved", description: "Aprobado" });
    expect((await call(stack, `/api/v4/filemanager/${id}/pending?module=records`, { token: otherToken })).json.documents).toEqual([]);
    const header = await call(stack, `/api/v4/filemanager/${id}?module=records`, { token: otherToken });
    expect(header.json.result.association).toMatchObject({
      type: "merge_secondary",
      associated_instance: [{ id: null, code: "EX-2020-1-OTRO" }],
    });
    // without the operator token: refused
    expect((await call(stack, "/operator/api/records", { method: "POST", body: {} })).status).toBe(401);
  });
});
