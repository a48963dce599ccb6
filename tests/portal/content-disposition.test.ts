import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { API, happy } from "../mocks/api";
import { failOnUnhandled, load } from "./helpers";
import { contentDisposition } from "../../server/http/fs/content-disposition";
import { loader as procedureDownload } from "~/routes/resources.procedures.download";
import { loader as recordDownload } from "~/routes/resources.records.download.$fileId";
import { loader as digitalFile } from "~/routes/resources.digital.file";

/**
 * The portal's download routes answer with an RFC 6266 / 5987 `Content-Disposition` made by the same
 * helper as the API's (common/file-names.ts; never the backend's header copied, issue 36), and a
 * hostile name in the portal URL only travels base64-encoded in the API path.
 */
const NAME = 'año "final"\r\nSet-Cookie: x=1 ../../x.pdf';
let seenName: string | null = null;

const server = setupServer(
  ...happy,
  http.get(`${API}/api/fs/bucket/:name/:id`, ({ params }) => {
    seenName = Buffer.from(decodeURIComponent(String(params.name)), "base64").toString("utf8");
    return new HttpResponse("%PDF-1.4", {
      headers: { "Content-Type": "application/pdf", "Content-Disposition": contentDisposition(seenName) },
    });
  }),
  http.get(
    `${API}/api/dd/v1/communications/get_file/:code/:file`,
    () => new HttpResponse("%PDF-1.4", { headers: { "Content-Type": "application/pdf", "Content-Disposition": contentDisposition(NAME) } }),
  ),
);
beforeAll(() => server.listen({ onUnhandledRequest: failOnUnhandled }));
afterEach(() => {
  server.resetHandlers();
  seenName = null;
});
afterAll(() => server.close());

describe("portal downloads", () => {
  it("procedures attachment: the API's header, the name forced to .pdf, sent base64 in the path", async () => {
    const response = await load(procedureDownload, `/resources/procedures/download?file=f-1&name=${encodeURIComponent('año\r\n"x')}`);
    expect(response.status).toBe(200);
    expect(seenName).toBe('año\r\n"x.pdf');
    expect(response.headers.get("Content-Disposition")).toBe(contentDisposition('año\r\n"x.pdf'));
    expect(response.headers.get("Content-Disposition")).not.toMatch(/[\r\n]/);
  });

  it("record document: the API's header", async () => {
    const response = await load(recordDownload, `/resources/records/download/f-1?name=${encodeURIComponent(NAME)}`, { fileId: "f-1" });
    expect(response.status).toBe(200);
    expect(seenName).toBe(NAME);
    expect(response.headers.get("Content-Disposition")).toBe(contentDisposition(NAME));
  });

  it("communication file: the API's header", async () => {
    const response = await load(digitalFile, "/resources/digital/file?code=2026-000001&file=f-1", {}, { "Sec-Fetch-Site": "same-origin" });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Disposition")).toBe(contentDisposition(NAME));
  });
});
