import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { API, config, happy } from "../mocks/api";
import { failOnUnhandled, settle, signedInRequest, argsOf } from "./helpers";
import { csrf } from "~/lib/csrf.server";
import { action as uploadAction } from "~/routes/resources.records.upload";

const BASE = "http://localhost:3000";
const received: string[] = [];
const server = setupServer(
  http.get(`${API}/api/v4/instances/config`, () => HttpResponse.json(config)),
  ...happy,
  http.post(`${API}/api/fs/raw/bucket`, async ({ request }) => {
    const form = await request.formData();
    received.push(String(form.get("filename")), (form.get("file") as File).name);
    return HttpResponse.json({ result: "f-1" });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: failOnUnhandled }));
afterEach(() => {
  server.resetHandlers();
  received.length = 0;
});
afterAll(() => server.close());

/** A multipart body as a browser writes it (Chromium escapes `"` as %22, CR/LF as %0D/%0A; other bytes raw UTF-8). */
function browserMultipart(fields: Record<string, string>, file: { name: string; body: Uint8Array; type: string }) {
  const boundary = "----WebKitFormBoundaryHostile123";
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  const escaped = file.name.replace(/"/g, "%22").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
  chunks.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${escaped}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
  );
  chunks.push(Buffer.from(file.body), Buffer.from(`\r\n--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), type: `multipart/form-data; boundary=${boundary}` };
}

const NAMES = [
  "a;b=c.pdf",
  'informe "final".pdf',
  "año ñandú — café.pdf",
  "x; filename=evil.pdf",
  "名前.pdf",
  "semi;colon;=.pdf",
  "'quote'.pdf",
  'a=b; c="d".pdf',
];

describe("upload file names that need quoting", () => {
  for (const name of NAMES) {
    it(`uploads ${JSON.stringify(name)}`, async () => {
      const [token, cookie] = await csrf.commitToken();
      const { body, type } = browserMultipart(
        { csrf: token },
        { name, body: new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d]), type: "application/pdf" },
      );
      const headers = new Headers({ Cookie: cookie!.split(";")[0]!, "Sec-Fetch-Site": "same-origin", "Content-Type": type });
      const request = await signedInRequest(`${BASE}/resources/records/upload`, { method: "POST", body, headers });
      const response = await settle(async () => uploadAction(argsOf(request)));
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ fileId: "f-1" });
      // The API gets the name as given, in the filename field and in the file part.
      expect(received).toEqual([name, name]);
    });
  }
});

describe("upload count and odd bodies", () => {
  const post = async (body: BodyInit, type: string) => {
    const [token, cookie] = await csrf.commitToken();
    const headers = new Headers({
      Cookie: cookie!.split(";")[0]!,
      "Sec-Fetch-Site": "same-origin",
      "Content-Type": type.replace("TOKEN", token),
    });
    const request = await signedInRequest(`${BASE}/resources/records/upload`, { method: "POST", body, headers });
    return settle(async () => uploadAction(argsOf(request)));
  };

  it("two files in a one-file post get the count message, not the 50 MB one", async () => {
    const [token] = await csrf.commitToken();
    const one = browserMultipart({ csrf: token }, { name: "a.pdf", body: new Uint8Array([0x25, 0x50]), type: "application/pdf" });
    // A second file part in the same body.
    const boundary = one.type.split("boundary=")[1]!;
    const body = Buffer.concat([
      one.body.subarray(0, one.body.length - `--${boundary}--\r\n`.length),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="b.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-\r\n--${boundary}--\r\n`,
      ),
    ]);
    const response = await post(body, one.type);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: "Error al subir el documento. Solo se puede subir un archivo por vez." });
    expect(received).toEqual([]);
  });

  it("a post that is not multipart, or a broken one, is a 4xx", async () => {
    expect((await post("file=x", "text/plain")).status).toBe(415);
    expect((await post("--x\r\nbroken", "multipart/form-data; boundary=x")).status).toBe(400);
  });
});
