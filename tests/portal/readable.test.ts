/**
 * Portal side of readable documents and 'Descargar todo' (decision 009 to 031): the page-image and
 * 'Descargar todo' resource routes hand the API's bodies on as streams, keep their headers, and turn
 * failures into 404s or toasts.
 */
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { API, happy } from "../mocks/api";
import { failOnUnhandled, load, toastOf } from "./helpers";
import { downloadAll as t } from "~/lib/messages";
import { loader as procedureZip } from "~/routes/resources.procedures.download-all.$instanceId";
import { loader as recordZip } from "~/routes/resources.records.download-all.$recordId";
import { loader as pageImage } from "~/routes/resources.records.image.$fileId.$page";

const server = setupServer(...happy);
beforeAll(() => server.listen({ onUnhandledRequest: failOnUnhandled }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const RECORD = "0b6f2c5e-1111-4222-8333-944445555666";
const DISPOSITION = `attachment; filename="Documentos del expediente EX-1.zip"; filename*=UTF-8''Documentos%20del%20expediente%20EX-1.zip`;

describe("'Descargar todo' of a record", () => {
  it("answers before the upstream ZIP has ended (a stream, not a buffer), under the API's name (issue 36: its header remade)", async () => {
    let push: ((chunk: string) => void) | undefined;
    let end: (() => void) | undefined;
    server.use(
      http.get(`${API}/api/fs/archive/record/:id`, () => {
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            push = (chunk) => controller.enqueue(new TextEncoder().encode(chunk));
            end = () => controller.close();
            push("PK\u0003\u0004-first");
          },
        });
        return new HttpResponse(body, { headers: { "Content-Type": "application/zip", "Content-Disposition": DISPOSITION } });
      }),
    );
    const response = await load(recordZip, `/resources/records/download-all/${RECORD}`, { recordId: RECORD });
    // The upstream is still open here: the portal did not wait for its end.
    expect(end).toBeDefined();
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/zip");
    expect(response.headers.get("Content-Disposition")).toBe(DISPOSITION);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const reader = response.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe("PK\u0003\u0004-first");
    push!("-second");
    end!();
    let rest = "";
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      rest += new TextDecoder().decode(value);
    }
    expect(rest).toBe("-second");
  });

  it("another citizen's record is a 404; a record without documents goes back with a toast", async () => {
    server.use(
      http.get(`${API}/api/fs/archive/record/:id`, () =>
        HttpResponse.json({ code: "NOT_FOUND", message: "No se encontró el recurso solicitado." }, { status: 404 }),
      ),
    );
    expect((await load(recordZip, `/resources/records/download-all/${RECORD}`, { recordId: RECORD })).status).toBe(404);

    // Decided by the code, not by the words: a 404 carrying the empty-archive text but another code is a 404…
    server.use(
      http.get(`${API}/api/fs/archive/record/:id`, () => HttpResponse.json({ code: "NOT_FOUND", message: t.empty }, { status: 404 })),
    );
    expect((await load(recordZip, `/resources/records/download-all/${RECORD}`, { recordId: RECORD })).status).toBe(404);
    // …and ARCHIVE_EMPTY goes back with the portal's own text, whatever the API's message says.
    server.use(
      http.get(`${API}/api/fs/archive/record/:id`, () =>
        HttpResponse.json({ code: "ARCHIVE_EMPTY", message: "Nothing to download." }, { status: 404 }),
      ),
    );
    const empty = await load(recordZip, `/resources/records/download-all/${RECORD}`, { recordId: RECORD });
    expect(empty.status).toBe(302);
    expect(empty.headers.get("Location")).toBe(`/records/manager/?file=${RECORD}`);
    expect(await toastOf(empty)).toMatchObject({ type: "ERROR", message: t.empty });

    server.use(http.get(`${API}/api/fs/archive/record/:id`, () => HttpResponse.json({ code: "BOOM" }, { status: 500 })));
    const failed = await load(recordZip, `/resources/records/download-all/${RECORD}`, { recordId: RECORD });
    expect(await toastOf(failed)).toMatchObject({ type: "ERROR", message: t.error });
  });

  it("refuses an id that is not one without calling the API", async () => {
    expect((await load(recordZip, "/resources/records/download-all/..%2Fx", { recordId: "../x" })).status).toBe(404);
  });
});

describe("'Descargar todo' of a procedure", () => {
  it("streams the ZIP and returns failures to the tray URL it came from", async () => {
    let asked = "";
    server.use(
      http.get(`${API}/api/fs/archive/procedure/:id`, ({ params }) => {
        asked = String(params.id);
        return new HttpResponse("PK", {
          headers: { "Content-Type": "application/zip", "Content-Disposition": 'attachment; filename="x.zip"' },
        });
      }),
    );
    const ok = await load(procedureZip, "/resources/procedures/download-all/i-1?back=%2Fprocedures", { instanceId: "i-1" });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe("PK");
    expect(asked).toBe("i-1");

    server.use(http.get(`${API}/api/fs/archive/procedure/:id`, () => HttpResponse.json({ code: "BOOM" }, { status: 502 })));
    const back = "/procedures?modal=adjuntos&instance=i-1";
    const failed = await load(procedureZip, `/resources/procedures/download-all/i-1?back=${encodeURIComponent(back)}`, {
      instanceId: "i-1",
    });
    expect(failed.headers.get("Location")).toBe(back);
    expect(await toastOf(failed)).toMatchObject({ type: "ERROR", message: t.error });

    // `back` outside /procedures is ignored.
    const elsewhere = await load(
      procedureZip,
      `/resources/procedures/download-all/i-1?back=${encodeURIComponent("https://evil.example/")}`,
      { instanceId: "i-1" },
    );
    expect(elsewhere.headers.get("Location")).toBe("/procedures");
  });
});

describe("page image", () => {
  it("passes the image through with its type, asks for the width, and is never cached by the browser", async () => {
    let width = "";
    server.use(
      http.get(`${API}/api/fs/viewer/getPageImage/:id/:page`, ({ request }) => {
        width = new URL(request.url).searchParams.get("width") ?? "";
        return new HttpResponse("RIFF....WEBP", { headers: { "Content-Type": "image/webp", "Content-Length": "12" } });
      }),
    );
    const response = await load(pageImage, "/resources/records/image/f-1/2?w=480", { fileId: "f-1", page: "2" });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/webp");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.text()).toBe("RIFF....WEBP");
    expect(width).toBe("480");
    await load(pageImage, "/resources/records/image/f-1/2?w=99999", { fileId: "f-1", page: "2" });
    expect(width).toBe("800");
  });

  it("refuses anything but an image from upstream, and maps failures", async () => {
    server.use(
      http.get(
        `${API}/api/fs/viewer/getPageImage/:id/:page`,
        () => new HttpResponse("<script>", { headers: { "Content-Type": "text/html" } }),
      ),
    );
    expect((await load(pageImage, "/resources/records/image/f-1/1", { fileId: "f-1", page: "1" })).status).toBe(502);
    server.use(http.get(`${API}/api/fs/viewer/getPageImage/:id/:page`, () => HttpResponse.json({ code: "NOT_FOUND" }, { status: 404 })));
    expect((await load(pageImage, "/resources/records/image/f-1/1", { fileId: "f-1", page: "1" })).status).toBe(404);
    server.use(
      http.get(`${API}/api/fs/viewer/getPageImage/:id/:page`, () => HttpResponse.json({ code: "RENDER_FAILED" }, { status: 422 })),
    );
    expect((await load(pageImage, "/resources/records/image/f-1/1", { fileId: "f-1", page: "1" })).status).toBe(422);
    expect((await load(pageImage, "/resources/records/image/f-1/0", { fileId: "f-1", page: "0" })).status).toBe(404);
  });
});
