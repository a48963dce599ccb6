import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { API, happy } from "../mocks/api";
import { settle, signedInRequest, argsOf } from "./helpers";
import { csrf } from "~/lib/csrf.server";
import { multipartFormReader } from "~/lib/multipart.server";
import { action as uploadAction } from "~/routes/resources.records.upload";

/**
 * Hostile uploads (issue 28): a multipart body cut off before its closing boundary is a 400, never
 * a rejection nobody handles (Node ends the process on one); the CSRF token is checked when the first
 * file starts, before any of its bytes are read.
 */
let forwarded = 0;
const server = setupServer(
  ...happy,
  http.post(`${API}/api/fs/raw/bucket`, () => {
    forwarded++;
    return HttpResponse.json({ result: "f-1" });
  }),
);
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);
beforeAll(() => {
  server.listen({ onUnhandledRequest: "error" });
  process.on("unhandledRejection", onUnhandled);
});
afterEach(() => {
  server.resetHandlers();
  forwarded = 0;
});
afterAll(() => {
  server.close();
  process.off("unhandledRejection", onUnhandled);
});

const BOUNDARY = "----hostile";
/** A multipart body: the token field, then a file part whose bytes stop before the closing boundary. */
function truncatedBody(token: string, fileBytes = 256 * 1024) {
  return Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="csrf"\r\n\r\n${token}\r\n`),
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
    Buffer.from("%PDF-1.7\n"),
    Buffer.alloc(fileBytes, 0x41),
  ]);
}

/** A body stream that hands out `bytes` in pieces over several turns, then ends; `pulled` counts what was read. */
function trickle(bytes: Buffer, pulled = { bytes: 0 }): ReadableStream<Uint8Array> {
  return new ReadableStream({
    async pull(controller) {
      await new Promise((r) => setImmediate(r));
      if (pulled.bytes >= bytes.length) return controller.close();
      controller.enqueue(new Uint8Array(bytes.subarray(pulled.bytes, pulled.bytes + 16 * 1024)));
      pulled.bytes += 16 * 1024;
    },
  });
}

/** An upload to /resources/records/upload as the signed-in citizen; `body(token)` gets the cookie's own token. */
async function uploadRequest(body: (token: string) => Buffer, pulled?: { bytes: number }) {
  const [token, cookie] = await csrf.commitToken();
  const headers = new Headers({
    Cookie: cookie!.split(";")[0]!,
    "Sec-Fetch-Site": "same-origin",
    "Content-Type": `multipart/form-data; boundary=${BOUNDARY}`,
  });
  return signedInRequest("http://localhost:3000/resources/records/upload", {
    method: "POST",
    headers,
    body: trickle(body(token), pulled),
    duplex: "half",
  } as RequestInit);
}

/** Waits until the rejections of this turn (and the next few) have been reported. */
const settleTurns = async () => {
  for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
};

describe("a truncated multipart body", () => {
  it("is a 400 from the reader, and leaves no rejection unhandled", async () => {
    const [token, cookie] = await csrf.commitToken();
    const reader = multipartFormReader({ maxFileBytes: 50 * 1024 * 1024, maxFiles: 1 });
    const request = new Request("http://localhost:3000/x", {
      method: "POST",
      headers: { "Content-Type": `multipart/form-data; boundary=${BOUNDARY}`, Cookie: cookie!.split(";")[0]! },
      body: trickle(truncatedBody(token)),
      duplex: "half",
    } as RequestInit);
    try {
      await expect(reader.read(request)).rejects.toMatchObject({ status: 400 });
    } finally {
      reader.cleanup();
    }
    await settleTurns();
    expect(unhandled).toEqual([]);
  });

  it("answers the records upload with a 400 and forwards nothing", async () => {
    const request = await uploadRequest((token) => truncatedBody(token));
    const response = await settle(async () => uploadAction(argsOf(request)));
    expect(response.status).toBe(400);
    await settleTurns();
    expect(unhandled).toEqual([]);
    expect(forwarded).toBe(0);
  });
});

describe("the CSRF token of an upload", () => {
  it("is checked when the first file starts: a bogus one is a 403 before the file is read", async () => {
    const pulled = { bytes: 0 };
    const size = 8 * 1024 * 1024;
    const request = await uploadRequest(() => truncatedBody("bogus.token", size), pulled);
    const response = await settle(async () => uploadAction(argsOf(request)));
    expect(response.status).toBe(403);
    expect(pulled.bytes).toBeLessThan(size / 4);
    expect(forwarded).toBe(0);
    await settleTurns();
    expect(unhandled).toEqual([]);
  });

  it("is required before the file: a token after it is refused", async () => {
    const [token, cookie] = await csrf.commitToken();
    const body = Buffer.concat([
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n\r\n`,
      ),
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="csrf"\r\n\r\n${token}\r\n--${BOUNDARY}--\r\n`),
    ]);
    const request = await signedInRequest("http://localhost:3000/resources/records/upload", {
      method: "POST",
      headers: {
        Cookie: cookie!.split(";")[0]!,
        "Sec-Fetch-Site": "same-origin",
        "Content-Type": `multipart/form-data; boundary=${BOUNDARY}`,
      },
      body,
    });
    const response = await settle(async () => uploadAction(argsOf(request)));
    expect(response.status).toBe(403);
    expect(forwarded).toBe(0);
  });
});
