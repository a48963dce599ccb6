import { describe, expect, it } from "vitest";
import { PDFDocument } from "pdf-lib";
import { demoCitizens } from "../../server/auth/oidc/demo-citizens.js";
import { makeReceiptNumber } from "../../server/domain/receipts/service.js";
import { addDocument, createRecord } from "../../server/domain/records/operator.js";
import { callsAs, signedIn, startChat, useStack } from "./fixtures.js";
import { call, uploadFile } from "./harness.js";
import { until } from "../until.js";

const stack = useStack();
const maria = signedIn(stack, demoCitizens[0]!); // adhered
const lucia = signedIn(stack, demoCitizens[2]!);
const pedro = demoCitizens[1]!; // not adhered

const as = (token: string) => callsAs(stack, token);

async function uploadPdf(token: string, name: string) {
  const doc = await PDFDocument.create();
  doc.addPage([200, 200]);
  const body = Buffer.from(await doc.save());
  const res = await uploadFile(stack.api, token, body, name);
  expect(res.status).toBe(200);
  return { id: res.json.result as string, size: body.length };
}

describe("receipts", () => {
  it("numbers are AV-yyyymmdd-XXXXXX on the UTC day, the day the receipt's date shows (decision 014)", () => {
    // 02:00 UTC on the 21st (the 20th in Buenos Aires): the receipt says 21/11/2026, and so does its number.
    expect(makeReceiptNumber(new Date("2026-11-21T02:00:00Z"))).toMatch(/^AV-20261121-[2-9A-HJ-NP-Z]{6}$/);
  });

  it("issues one receipt per procedure start, with the procedure and the citizen, scoped to the owner", async () => {
    const { id, name } = await startChat(stack, lucia.token);
    const first = await lucia.post("/api/receipts", { kind: "procedure", ref: id });
    expect(first.status).toBe(201);
    const receipt = first.json.result;
    expect(receipt).toMatchObject({ kind: "procedure", detail: { procedure: name, citizen: { cuil: lucia.cuil } } });
    expect(receipt.number).toMatch(/^AV-\d{8}-[2-9A-HJ-NP-Z]{6}$/);
    expect(receipt.detail.citizen.name).toContain(lucia.givenName ?? "");
    // Issuing again answers the same receipt.
    const again = await lucia.post("/api/receipts", { kind: "procedure", ref: id });
    expect(again.json.result.id).toBe(receipt.id);
    expect(again.json.result.number).toBe(receipt.number);
    // Read back by its owner, not by anyone else.
    expect((await lucia.get(`/api/receipts/${receipt.id}`)).json.result.number).toBe(receipt.number);
    expect((await maria.get(`/api/receipts/${receipt.id}`)).status).toBe(404);
    expect((await maria.post("/api/receipts", { kind: "procedure", ref: id })).status).toBe(404);
    const mine = (await lucia.get("/api/receipts")).json.result as { id: string }[];
    expect(mine.map((r) => r.id)).toContain(receipt.id);
    expect(((await maria.get("/api/receipts")).json.result as { id: string }[]).map((r) => r.id)).not.toContain(receipt.id);
  });

  it("a documents receipt lists what the citizen's last send carried, with sizes", async () => {
    const { id } = await startChat(stack, lucia.token);
    const none = await lucia.post("/api/receipts", { kind: "documents", ref: id });
    expect(none.status).toBe(404);
    const chat = (await lucia.get(`/api/v4/instances/${id}/interactive/citizen`)).json.result;
    const requested = chat.current.documents.filter((d: { status: string }) => d.status === "requested") as { id: string }[];
    const sent: { name: string; size: number }[] = [];
    for (const [i, doc] of requested.entries()) {
      const name = `documento-${i + 1}.pdf`;
      const file = await uploadPdf(lucia.token, name);
      sent.push({ name, size: file.size });
      const attach = await lucia.put(`/api/v4/instances/${id}/interactive/generic`, {
        action: "toSendDocument",
        data: { document: doc.id, file: { id: file.id, name } },
      });
      expect(attach.status).toBe(200);
    }
    expect(requested.length).toBeGreaterThan(0);
    expect((await lucia.put(`/api/v4/instances/${id}/interactive/citizen/update`, { force: true })).status).toBe(200);
    const res = await lucia.post("/api/receipts", { kind: "documents", ref: id });
    expect(res.status).toBe(201);
    expect(res.json.result.detail.documents).toEqual(sent);
    expect((await maria.post("/api/receipts", { kind: "documents", ref: id })).status).toBe(404);
  });

  it("a record receipt lists the documents of the record's latest send, not earlier ones", async () => {
    const record = await createRecord(stack.db, { ownerCuil: lucia.cuil, title: "Habilitación comercial" });
    const send = async (name: string) => {
      const file = await uploadPdf(lucia.token, name);
      const doc = await addDocument(stack.db, { recordId: record.id, fileId: file.id, stage: "pending", name });
      const res = await call(stack, `/api/v4/filemanager/${record.id}/send?module=records`, {
        method: "PUT",
        token: lucia.token,
        body: { documents: [doc] },
      });
      expect(res.status).toBe(200);
      return file.size;
    };
    await send("primera.pdf");
    const first = await lucia.post("/api/receipts", { kind: "record", ref: record.id });
    expect(first.status).toBe(201);
    expect(first.json.result.detail.documents.map((d: { name: string }) => d.name)).toEqual(["primera.pdf"]);
    // The second send in a later millisecond than the first (a send is told apart by its time).
    const firstDone = Date.now();
    await until(() => Date.now() > firstDone, "a later millisecond");
    const size = await send("segunda.pdf");
    const second = await lucia.post("/api/receipts", { kind: "record", ref: record.id });
    expect(second.json.result.id).not.toBe(first.json.result.id);
    expect(second.json.result.detail).toMatchObject({
      record: `${record.code} · Habilitación comercial`,
      documents: [{ name: "segunda.pdf", size }],
    });
    expect((await maria.post("/api/receipts", { kind: "record", ref: record.id })).status).toBe(404);
  });

  it("an adhesion receipt carries the adhesion's e-mail; none without adhesion", async () => {
    const res = await maria.post("/api/receipts", { kind: "adhesion" });
    expect(res.status).toBe(201);
    expect(res.json.result.detail.email).toBe(maria.adhesion!.email);
    expect(res.json.result.occurredAt).toBe(maria.adhesion!.adheredAt);
    const notAdhered = await stack.sign({ sub: pedro.cuil });
    expect((await as(notAdhered).post("/api/receipts", { kind: "adhesion" })).status).toBe(404);
  });

  it("validates the body and ids", async () => {
    expect((await lucia.post("/api/receipts", { kind: "nope", ref: "x" })).status).toBe(400);
    expect((await lucia.get("/api/receipts/not-a-uuid")).status).toBe(404);
    expect((await call(stack, "/api/receipts", {})).status).toBe(303);
  });
});
