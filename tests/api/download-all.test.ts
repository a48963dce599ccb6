/**
 * 'Descargar todo' (decision 030): one ZIP of a record's or a procedure's documents with
 * an index, streamed (never held in memory), scoped to the citizen.
 */
import { randomBytes, randomUUID } from "node:crypto";
import path from "node:path";
import v8 from "node:v8";
import { runInNewContext } from "node:vm";
import { PassThrough, Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoCitizens } from "../../server/auth/oidc/demo-citizens.js";
import { zipStream, type Archive, type ArchiveEntry } from "../../server/domain/archive/index.js";
import { makeJpeg, makeTextPdf } from "../../server/domain/files/samples.js";
import { addReceivedDoc, createInstance } from "../../server/domain/procedures/service.js";
import { addDocument, createRecord } from "../../server/domain/records/operator.js";
import { createDiskBlobStore, type BlobStore } from "../../server/storage/index.js";
import { until } from "../until.js";
import { unzip } from "../unzip.js";
import { startStack, type TestStack } from "./harness.js";

const owner = demoCitizens[0].cuil;
const other = demoCitizens[2].cuil;

let stack: TestStack;
let store: BlobStore;
let ownerToken: string;
let otherToken: string;

/** A file row and its blob, as the files layer stores them. */
async function storeFile(cuil: string, body: Buffer, name: string, mime: string) {
  const id = randomUUID();
  const { size, sha256 } = await store.put(id, body);
  await stack.db
    .insertInto("files")
    .values({ id, owner_cuil: cuil, name, mime, size, sha256, storage_key: id, page_count: 1, created_at: new Date().toISOString() })
    .execute();
  return id;
}

const get = (pathname: string, token: string) => fetch(`${stack.api}${pathname}`, { headers: { authorization: `Bearer ${token}` } });

/** Minimal RFC 4180 reader for the index. */
function csv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(cell);
      cell = "";
    } else if (c === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
    } else if (c !== "\r") cell += c;
  }
  return rows;
}

beforeAll(async () => {
  stack = await startStack();
  store = createDiskBlobStore(path.join(stack.config.dataDir, "blobs"));
  ownerToken = await stack.sign({ sub: owner });
  otherToken = await stack.sign({ sub: other });
}, 60_000);
afterAll(async () => stack?.close());

describe("download all of a record", () => {
  it("streams a valid ZIP with every document in order and a UTF-8 index; 404 for anyone else", async () => {
    const record = await createRecord(stack.db, { ownerCuil: owner, title: "Expediente para descargar" });
    const pdfA = await makeTextPdf("Nota", 2);
    const pdfB = await makeTextPdf("Plano", 1);
    const jpeg = makeJpeg();
    const a = await storeFile(owner, pdfA, "nota.pdf", "application/pdf");
    const b = await storeFile(owner, pdfB, "plano", "application/pdf");
    const c = await storeFile(owner, jpeg, 'foto "frente".jpeg', "image/jpeg");
    const d = await storeFile(owner, pdfB, "nota.pdf", "application/pdf");
    await addDocument(stack.db, {
      recordId: record.id,
      fileId: c,
      stage: "pending",
      name: 'foto "frente".jpeg',
      reference: '=HYPERLINK("x")',
      createdAt: "2026-03-03T10:00:00.000Z",
    });
    await addDocument(stack.db, {
      recordId: record.id,
      fileId: b,
      stage: "incorporated",
      name: "plano",
      description: "Plano de obra, planta baja",
      nroFolio: 2,
      createdAt: "2026-01-02T10:00:00.000Z",
    });
    await addDocument(stack.db, {
      recordId: record.id,
      fileId: a,
      stage: "incorporated",
      name: "nota.pdf",
      description: "Nota de inicio",
      nroFolio: 1,
      createdAt: "2026-01-01T10:00:00.000Z",
    });
    await addDocument(stack.db, {
      recordId: record.id,
      fileId: d,
      stage: "sent",
      name: "nota.pdf",
      reference: "Segunda nota, con ñ",
      createdAt: "2026-02-01T10:00:00.000Z",
    });

    const res = await get(`/api/fs/archive/record/${record.id}`, ownerToken);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    expect(res.headers.get("x-document-count")).toBe("4");
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="Documentos del expediente ${record.code}.zip"; filename*=UTF-8''${encodeURIComponent(`Documentos del expediente ${record.code}.zip`)}`,
    );
    expect(res.headers.get("content-length")).toBeNull();
    const files = await unzip(Buffer.from(await res.arrayBuffer()));
    expect(files.map((f) => f.name)).toEqual(["indice.csv", "01 - nota.pdf", "02 - plano.pdf", "03 - nota.pdf", "04 - foto _frente_.jpg"]);
    expect(files[1].data.equals(pdfA)).toBe(true);
    expect(files[2].data.equals(pdfB)).toBe(true);
    expect(files[3].data.equals(pdfB)).toBe(true);
    expect(files[4].data.equals(jpeg)).toBe(true);

    const index = files[0].data.toString("utf8");
    expect(index.startsWith("\uFEFF")).toBe(true);
    const rows = csv(index.slice(1));
    expect(rows).toEqual([
      ["orden", "nombre", "referencia", "fecha", "estado", "archivo"],
      ["1", "nota.pdf", "Nota de inicio", expect.any(String), "Incorporado", "01 - nota.pdf"],
      ["2", "plano", "Plano de obra, planta baja", expect.any(String), "Incorporado", "02 - plano.pdf"],
      ["3", "nota.pdf", "Segunda nota, con ñ", "2026-02-01T10:00:00.000Z", "Enviado", "03 - nota.pdf"],
      // A formula-looking reference is neutralised for spreadsheets.
      ["4", 'foto "frente".jpeg', '\'=HYPERLINK("x")', "2026-03-03T10:00:00.000Z", "Pendiente de envío", "04 - foto _frente_.jpg"],
    ]);

    expect((await get(`/api/fs/archive/record/${record.id}`, otherToken)).status).toBe(404);
    expect((await get(`/api/fs/archive/record/${randomUUID()}`, ownerToken)).status).toBe(404);
    const empty = await createRecord(stack.db, { ownerCuil: owner, title: "Sin documentos" });
    const none = await get(`/api/fs/archive/record/${empty.id}`, ownerToken);
    expect(none.status).toBe(404);
    expect(await none.json()).toEqual({ code: "ARCHIVE_EMPTY", message: "No hay documentos para descargar." });
  }, 60_000);

  it("keeps memory flat: a 24 MB ZIP goes through while the process holds far less", async () => {
    const record = await createRecord(stack.db, { ownerCuil: owner, title: "Expediente grande" });
    for (let i = 0; i < 6; i++) {
      const id = await storeFile(
        owner,
        Buffer.concat([Buffer.from("%PDF-1.4\n"), randomBytes(4 * 1024 * 1024)]),
        `parte ${i + 1}.pdf`,
        "application/pdf",
      );
      await addDocument(stack.db, { recordId: record.id, fileId: id, stage: "incorporated", name: `parte ${i + 1}.pdf`, nroFolio: i + 1 });
    }
    // A real garbage collection, so only what is still held counts.
    v8.setFlagsFromString("--expose-gc");
    const gc = runInNewContext("gc") as () => void;
    for (let i = 0; i < 3; i++) {
      gc();
      await new Promise((r) => setTimeout(r, 50));
    }
    const base = process.memoryUsage();
    const res = await get(`/api/fs/archive/record/${record.id}`, ownerToken);
    const reader = res.body!.getReader();
    let total = (await reader.read()).value!.length;
    // The client stops reading: the server must stop too (back-pressure), holding little.
    await new Promise((r) => setTimeout(r, 400));
    gc();
    const paused = process.memoryUsage();
    const heldWhilePaused = paused.arrayBuffers - base.arrayBuffers;
    const rssWhilePaused = paused.rss - base.rss;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.length;
    }
    expect(total).toBeGreaterThan(24 * 1024 * 1024);
    // Measured, not assumed: what is held at once stays a fraction of the ZIP.
    console.info(
      `download-all: ${(total / 1048576).toFixed(1)} MB zip; while the client paused: arrayBuffers +${(heldWhilePaused / 1048576).toFixed(1)} MB, RSS +${(rssWhilePaused / 1048576).toFixed(1)} MB`,
    );
    expect(heldWhilePaused).toBeLessThan(8 * 1024 * 1024);
  }, 60_000);
});

describe("download all of a procedure", () => {
  it("zips the procedure's attachments with their index; 404 for another citizen", async () => {
    const existing = await stack.db
      .selectFrom("proc_instances")
      .select(["procedure_id", "tab_code"])
      .where("owner_cuil", "=", owner)
      .where("discarded_at", "is", null)
      .executeTakeFirstOrThrow();
    const instance = await createInstance(stack.db, {
      ownerCuil: owner,
      procedureId: existing.procedure_id,
      tabCode: existing.tab_code,
      state: { text: "En curso", color: "blue" },
      title: "Habilitación comercial",
    });
    const pdf = await makeTextPdf("DNI", 1);
    const f1 = await storeFile(owner, pdf, "dni.pdf", "application/pdf");
    const f2 = await storeFile(owner, makeJpeg(), "recibo.jpg", "image/jpeg");
    await addReceivedDoc(stack.db, {
      instanceId: instance.id,
      ownerCuil: owner,
      fileId: f1,
      fileName: "DNI frente.pdf",
      status: "approved",
      createdAt: "2026-04-01T12:00:00.000Z",
    });
    await addReceivedDoc(stack.db, {
      instanceId: instance.id,
      ownerCuil: owner,
      fileId: f2,
      fileName: "Recibo de pago.jpg",
      status: "received",
      createdAt: "2026-04-02T12:00:00.000Z",
    });

    const res = await get(`/api/fs/archive/procedure/${instance.id}`, ownerToken);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toContain(encodeURIComponent("Documentos del trámite Habilitación comercial.zip"));
    const files = await unzip(Buffer.from(await res.arrayBuffer()));
    expect(files.map((f) => f.name)).toEqual(["indice.csv", "01 - DNI frente.pdf", "02 - Recibo de pago.jpg"]);
    expect(files[1].data.equals(pdf)).toBe(true);
    expect(csv(files[0].data.toString("utf8").slice(1))).toEqual([
      ["orden", "nombre", "referencia", "fecha", "estado", "archivo"],
      ["1", "DNI frente.pdf", "", "2026-04-01T12:00:00.000Z", "Aprobado", "01 - DNI frente.pdf"],
      ["2", "Recibo de pago.jpg", "", "2026-04-02T12:00:00.000Z", "Recibido", "02 - Recibo de pago.jpg"],
    ]);
    expect((await get(`/api/fs/archive/procedure/${instance.id}`, otherToken)).status).toBe(404);
    expect((await get(`/api/fs/archive/procedure/${randomUUID()}`, ownerToken)).status).toBe(404);
  }, 60_000);
});

describe("zip stream", () => {
  it("starts answering before the last document is opened, and reads blobs only as fast as they are consumed", async () => {
    const opened: number[] = [];
    const size = 2 * 1024 * 1024;
    const slowStore: Pick<BlobStore, "get"> = {
      async get(key) {
        opened.push(Number(key));
        return Readable.from(
          (function* () {
            for (let i = 0; i < size / 65536; i++) yield randomBytes(65536);
          })(),
        );
      },
    };
    const entries: ArchiveEntry[] = Array.from({ length: 5 }, (_, i) => ({
      order: i + 1,
      name: `doc ${i + 1}.pdf`,
      reference: "",
      date: "2026-01-01T00:00:00.000Z",
      stage: "Incorporado",
      fileId: String(i),
      storageKey: String(i),
      mime: "application/pdf",
    }));
    const archive: Archive = { fileName: "x.zip", entries };
    const out = zipStream(slowStore, archive);
    const sink = new PassThrough({ highWaterMark: 16 * 1024 });
    // Nobody reads the sink yet: back-pressure must stop the ZIP early.
    out.pipe(sink);
    await until(() => opened.length >= 1, "the first document to be opened");
    // Time for a ZIP that ignored back-pressure to open the rest (a loaded machine only makes it slower).
    await new Promise((r) => setTimeout(r, 300));
    expect(opened).not.toContain(4);
    // Now read it all: every document is opened, in order, one after the other.
    let total = 0;
    for await (const chunk of sink) total += (chunk as Buffer).length;
    expect(opened).toEqual([0, 1, 2, 3, 4]);
    expect(total).toBeGreaterThan(5 * size);
  }, 30_000);
});
