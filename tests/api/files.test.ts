import { describe, expect, it } from "vitest";
import { demoCitizens } from "../../server/auth/oidc/demo-citizens.js";
import { makeJpeg, makePng, makeTextPdf } from "../../server/domain/files/samples.js";
import { contentDisposition, decodeBase64Name } from "../../server/http/fs/content-disposition.js";
import { signedIn, useStack } from "./fixtures.js";
import { call, uploadFile } from "./harness.js";

const stack = useStack();
const owner = signedIn(stack, demoCitizens[0]);
const other = signedIn(stack, demoCitizens[2]);

const upload = (token: string, body: Buffer, name: string, mime = "application/pdf") => uploadFile(stack.api, token, body, name, mime);

describe("files layer", () => {
  it("stores a PDF with its page count, serves pages and downloads only to its owner", async () => {
    const pdf = await makeTextPdf("Prueba", 3);
    const up = await upload(owner.token, pdf, "informe médico.pdf");
    expect(up.status).toBe(200);
    const id = up.json.result as string;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);

    const count = await call(stack, `/api/fs/viewer/getPageCount/${id}`, { token: owner.token });
    expect(count.json).toEqual({ result: 3 });

    const page = await fetch(`${stack.api}/api/fs/viewer/getPageAsPdf/${id}/2`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toBe("application/pdf");
    expect(
      Buffer.from(await page.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
    expect((await call(stack, `/api/fs/viewer/getPageAsPdf/${id}/4`, { token: owner.token })).status).toBe(404);

    const name = Buffer.from("informe médico.pdf").toString("base64");
    const dl = await fetch(`${stack.api}/api/fs/bucket/${encodeURIComponent(name)}/${id}`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(dl.status).toBe(200);
    expect(dl.headers.get("content-disposition")).toContain("filename*=UTF-8''informe%20m%C3%A9dico.pdf");
    expect(Buffer.from(await dl.arrayBuffer()).equals(pdf)).toBe(true);

    for (const path of [
      `/api/fs/viewer/getPageCount/${id}`,
      `/api/fs/viewer/getPageAsPdf/${id}/1`,
      `/api/fs/bucket/${encodeURIComponent(name)}/${id}`,
    ]) {
      expect((await call(stack, path, { token: other.token })).status).toBe(404);
      expect((await call(stack, path)).status).toBe(303);
    }
  });

  it("wraps PNG and JPEG images into one-page PDFs", async () => {
    for (const [body, mime] of [
      [makePng(), "image/png"],
      [makeJpeg(), "image/jpeg"],
    ] as const) {
      const up = await upload(owner.token, body, `imagen.${mime.split("/")[1]}`, mime);
      expect(up.status).toBe(200);
      expect((await call(stack, `/api/fs/viewer/getPageCount/${up.json.result}`, { token: owner.token })).json).toEqual({
        result: 1,
      });
      const page = await call(stack, `/api/fs/viewer/getPageAsPdf/${up.json.result}/1`, { token: owner.token });
      expect(page.status).toBe(200);
      expect(page.text.startsWith("%PDF-")).toBe(true);
    }
  });

  it("refuses other types by magic bytes (415) whatever the declared type", async () => {
    const before = await stack.db
      .selectFrom("files")
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirstOrThrow();
    const up = await upload(owner.token, Buffer.from("hola, no soy un PDF"), "falso.pdf");
    expect(up.status).toBe(415);
    expect(up.json.message).toBe(
      "Error al subir el documento. Por favor seleccione uno de los siguientes formatos .pdf, .jpeg, .jpg, .png",
    );
    const after = await stack.db
      .selectFrom("files")
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it("answers 413 over 50 MB and keeps nothing", async () => {
    const big = Buffer.alloc(50 * 1024 * 1024 + 10, 0x20);
    big.write("%PDF-1.7\n", 0);
    const up = await upload(owner.token, big, "grande.pdf");
    expect(up.status).toBe(413);
    expect(up.json.message).toBe("Error al subir el documento. El archivo supera el límite permitido de 50MB.");
    const fs = await import("node:fs");
    const path = await import("node:path");
    const tmp = path.join(stack.config.dataDir, "blobs", ".tmp");
    expect(fs.existsSync(tmp) ? fs.readdirSync(tmp) : []).toEqual([]);
  });

  it("builds Content-Disposition safely and decodes base64 names strictly", () => {
    expect(contentDisposition('a"b\\c/../d.pdf')).toBe(`attachment; filename="a_b_c_.._d.pdf"; filename*=UTF-8''a%22b_c_.._d.pdf`);
    expect(contentDisposition("año\r\nX-Evil: 1.pdf")).toBe(
      `attachment; filename="anoX-Evil: 1.pdf"; filename*=UTF-8''a%C3%B1oX-Evil%3A%201.pdf`,
    );
    expect(decodeBase64Name(Buffer.from("ñandú.pdf").toString("base64"))).toBe("ñandú.pdf");
    expect(decodeBase64Name("!!!")).toBeNull();
    expect(decodeBase64Name(Buffer.from([0xff, 0xfe]).toString("base64"))).toBeNull();
  });
});

describe("an upload cancelled before its answer (issue 37, extension upload-cancel)", () => {
  it("is removed at once by its owner while nothing refers to it; an attached file stays", async () => {
    const up = await upload(owner.token, await makeTextPdf("Cancelado", 1), "cancelado.pdf");
    const id = up.json.result as string;
    const remove = (token: string, fileId: string) => call(stack, `/api/fs/raw/bucket/${fileId}`, { method: "DELETE", token });
    expect((await remove(other.token, id)).status).toBe(404);
    expect((await remove(owner.token, id)).status).toBe(204);
    expect((await call(stack, `/api/fs/viewer/getPageCount/${id}`, { token: owner.token })).status).toBe(404);
    expect(await stack.db.selectFrom("files").select("id").where("id", "=", id).executeTakeFirst()).toBeUndefined();

    const attached = await stack.db
      .selectFrom("record_documents")
      .innerJoin("files", "files.id", "record_documents.file_id")
      .select("files.id")
      .where("files.owner_cuil", "=", demoCitizens[0].cuil)
      .executeTakeFirstOrThrow();
    expect((await remove(owner.token, attached.id)).status).toBe(409);
    expect((await call(stack, `/api/fs/viewer/getPageCount/${attached.id}`, { token: owner.token })).status).toBe(200);
  });
});
