/**
 * The files layer over HTTP with blobs in an S3-compatible store (decision 057): upload, page count
 * over ranged reads, pages, download, a refused upload that leaves nothing in the bucket, and the
 * citizen's data export built into the bucket.
 */
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoCitizens } from "../../server/auth/oidc/demo-citizens.js";
import { makeTextPdf } from "../../server/domain/files/samples.js";
import type { BlobStore } from "../../server/storage/index.js";
import { unzip } from "../unzip.js";
import { call, startStack, type TestStack, type ApiJson } from "./harness.js";

const owner = demoCitizens[0].cuil;
let stack: TestStack;
let token: string;

async function upload(body: Buffer, name: string, mime = "application/pdf") {
  const form = new FormData();
  form.set("filename", name);
  form.set("file", new Blob([new Uint8Array(body)], { type: mime }), name);
  const res = await fetch(`${stack.api}/api/fs/raw/bucket`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form });
  return { status: res.status, json: (await res.json()) as ApiJson };
}
async function keys(store: BlobStore) {
  const all: string[] = [];
  for await (const page of store.list()) all.push(...page.map((b) => b.key));
  return all.sort();
}

beforeAll(async () => {
  stack = await startStack({ blobs: "s3" });
  token = await stack.sign({ sub: owner });
}, 120_000);
afterAll(async () => stack?.close());

describe("files on the S3 store", () => {
  it("keeps the seeded files in the bucket, not on disk", async () => {
    const rows = await stack.db.selectFrom("files").select("storage_key").execute();
    const stored = new Set(await keys(stack.store));
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(stored.has(r.storage_key)).toBe(true);
  });

  it("uploads a PDF, counts its pages over ranges, serves a page and downloads it unchanged", async () => {
    const pdf = await makeTextPdf("Prueba S3", 4);
    const up = await upload(pdf, "informe.pdf");
    expect(up.status).toBe(200);
    const id = up.json.result as string;
    expect((await call(stack, `/api/fs/viewer/getPageCount/${id}`, { token })).json).toEqual({ result: 4 });
    const page = await fetch(`${stack.api}/api/fs/viewer/getPageAsPdf/${id}/3`, { headers: { authorization: `Bearer ${token}` } });
    expect(page.status).toBe(200);
    expect(
      Buffer.from(await page.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
    const name = Buffer.from("informe.pdf").toString("base64");
    const dl = await fetch(`${stack.api}/api/fs/bucket/${encodeURIComponent(name)}/${id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(dl.status).toBe(200);
    expect(Buffer.from(await dl.arrayBuffer()).equals(pdf)).toBe(true);
  });

  it("refuses a file over 50 MB with 413 and leaves no object and no open upload", async () => {
    const before = await keys(stack.store);
    const big = Buffer.alloc(50 * 1024 * 1024 + 10, 0x20);
    big.write("%PDF-1.7\n");
    const up = await upload(big, "grande.pdf");
    expect(up.status).toBe(413);
    expect(up.json.code).toBe("PAYLOAD_TOO_LARGE");
    expect(await keys(stack.store)).toEqual(before);
    expect(stack.s3!.pendingUploads()).toEqual([]);
  }, 90_000);

  it("refuses a file that is not a PDF or an image with 415 and leaves nothing", async () => {
    const before = await keys(stack.store);
    const up = await upload(Buffer.from("GIF89a not accepted"), "x.pdf");
    expect(up.status).toBe(415);
    expect(await keys(stack.store)).toEqual(before);
  });

  it("'Descargar mis datos' is built into the bucket and answered again from it (decision 073)", async () => {
    const get = () => fetch(`${stack.api}/api/v1/me/export`, { headers: { authorization: `Bearer ${token}` } });
    const first = await get();
    expect(first.status).toBe(200);
    const bytes = Buffer.from(await first.arrayBuffer());
    const row = await stack.db.selectFrom("data_exports").selectAll().where("citizen_cuil", "=", owner).executeTakeFirstOrThrow();
    expect(await keys(stack.store)).toContain(row.id);
    expect(Number(first.headers.get("content-length"))).toBe(bytes.length);
    const entries = await unzip(bytes);
    const files = await stack.db.selectFrom("files").select("sha256").where("owner_cuil", "=", owner).execute();
    const hashes = new Set(entries.map((e) => createHash("sha256").update(e.data).digest("hex")));
    for (const f of files) expect(hashes.has(f.sha256)).toBe(true);
    const again = await get();
    expect(again.headers.get("etag")).toBe(first.headers.get("etag"));
    expect(Buffer.from(await again.arrayBuffer()).equals(bytes)).toBe(true);
    expect(stack.s3!.pendingUploads()).toEqual([]);
  }, 60_000);
});
