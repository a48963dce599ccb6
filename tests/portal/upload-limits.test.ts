import { http, HttpResponse, passthrough } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { API, chatDoc, chatOf, config, happy, noExtensions } from "../mocks/api";
import { until } from "../until";
import type { AddressInfo, Socket } from "node:net";
import { failOnUnhandled, postMultipart, signedInRequest } from "./helpers";
import { createPortalApp, hardenServer } from "../../portal/server";
import { UPLOAD_CONCURRENCY_MESSAGE } from "../../server/http/security/upload-limit";
import { buildRoute, serverBuild } from "../unit/portal-build";
import { forgetExtensions } from "~/api/extensions.server";
import { newLoadContext } from "~/api/load-context.server";
import * as entry from "~/entry.server";
import { csrf } from "~/lib/csrf.server";
import { diskBudget, multipartFormReader, TemporaryDiskFull, uploadDiskBudget } from "~/lib/multipart.server";
import * as attach from "~/routes/resources.chat.attach";
import * as upload from "~/routes/resources.records.upload";

/**
 * Issue 37, limits before work: the portal asks the API once before it reads an upload's file
 * (extension `upload-leases`); a citizen past the rate limit or with the most uploads in flight is
 * refused with the file unread, and nothing reaches the temporary folder. The process's temporary
 * folder has a budget of its own. A backend without the extension gets today's behaviour.
 */
const MB = 1024 * 1024;
let uploads = 0;
let leases = { taken: 0, given: 0 };
const server = setupServer(
  http.post(`${API}/api/fs/raw/bucket`, () => {
    uploads++;
    return HttpResponse.json({ result: "file-1" });
  }),
  http.post(`${API}/api/fs/upload-leases`, () => {
    leases.taken++;
    return HttpResponse.json({ result: { lease: `lease-${leases.taken}` } });
  }),
  http.delete(`${API}/api/fs/upload-leases/:id`, () => {
    leases.given++;
    return new HttpResponse(null, { status: 204 });
  }),
  ...happy,
  http.all(/^http:\/\/127\.0\.0\.1:\d+\//, () => passthrough()),
);
beforeAll(() => server.listen({ onUnhandledRequest: failOnUnhandled }));
afterEach(() => {
  server.resetHandlers();
  forgetExtensions();
  uploads = 0;
  leases = { taken: 0, given: 0 };
});
afterAll(() => server.close());

/** The real portal server; `bytesRead` is what its connections have read of the sockets so far. */
const portal = { base: "", sockets: [] as Socket[], close: () => {} };
const bytesRead = () => portal.sockets.reduce((sum, socket) => sum + socket.bytesRead, 0);
beforeAll(async () => {
  const build = serverBuild(
    {
      root: buildRoute("root", "", undefined, { default: () => null }),
      "routes/resources.records.upload": buildRoute("routes/resources.records.upload", "resources/records/upload", "root", upload),
    },
    entry,
  );
  const listening = hardenServer(createPortalApp({ build, onAccess: () => {} }).listen(0, "127.0.0.1"));
  listening.on("connection", (socket: Socket) => portal.sockets.push(socket));
  await new Promise((r) => listening.once("listening", r));
  portal.base = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
  portal.close = () => listening.close();
});
afterAll(() => portal.close());

/**
 * Posts a `size`-byte file to the real portal server as the modal does, the body made as it is read;
 * the status (0 when the portal closed the connection first) and the bytes the portal took.
 */
async function postLarge(size: number): Promise<{ status: number; sent: number; body: string }> {
  const [token, csrfCookie] = await csrf.commitToken();
  const signed = await signedInRequest(`${portal.base}/resources/records/upload`);
  const boundary = "----limites";
  const head = new TextEncoder().encode(
    `--${boundary}\r\nContent-Disposition: form-data; name="csrf"\r\n\r\n${token}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="grande.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  const chunk = new Uint8Array(64 * 1024);
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent === 0) {
        controller.enqueue(head);
        sent += head.byteLength;
        return;
      }
      if (sent >= size) {
        controller.enqueue(new TextEncoder().encode(`\r\n--${boundary}--\r\n`));
        return controller.close();
      }
      sent += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  const response = await fetch(`${portal.base}/resources/records/upload`, {
    method: "POST",
    body,
    duplex: "half",
    headers: {
      "Content-Type": `multipart/form-data; boundary=${boundary}`,
      "Sec-Fetch-Site": "same-origin",
      Cookie: [signed.headers.get("Cookie"), csrfCookie!.split(";")[0]].join("; "),
    },
  } as RequestInit).catch(() => null);
  return { status: response?.status ?? 0, sent, body: response ? await response.text() : "" };
}

describe("an upload past the citizen's limits (issue 37)", () => {
  it("is refused before its file is read: four at once, 49 MB each, under a megabyte read in all, nothing on disk", async () => {
    server.use(
      http.post(`${API}/api/fs/upload-leases`, () =>
        HttpResponse.json(
          { code: "TOO_MANY_REQUESTS", message: UPLOAD_CONCURRENCY_MESSAGE },
          { status: 429, headers: { "Retry-After": "5" } },
        ),
      ),
    );
    portal.sockets.length = 0;
    let peak = 0;
    const budget = uploadDiskBudget();
    const watch = setInterval(() => (peak = Math.max(peak, budget.held)), 5);
    const answers = await Promise.all(Array.from({ length: 4 }, () => postLarge(49 * MB)));
    clearInterval(watch);
    for (const answer of answers) {
      // The portal answers and closes; a client still sending may see the closed connection instead.
      if (answer.status) {
        expect(answer.status).toBe(429);
        expect(JSON.parse(answer.body)).toEqual({ error: UPLOAD_CONCURRENCY_MESSAGE });
      }
      expect(answer.sent).toBeLessThan(8 * MB);
    }
    await until(() => portal.sockets.every((socket) => socket.destroyed), "the four connections closed");
    expect(bytesRead()).toBeLessThan(MB);
    expect(peak).toBe(0);
    expect(uploads).toBe(0);
  });

  it("within the limits, takes one lease for the upload and gives it back", async () => {
    const answer = await postLarge(2 * MB);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ fileId: "file-1" });
    expect(leases).toEqual({ taken: 1, given: 1 });
    expect(uploadDiskBudget().held).toBe(0);
  });

  it("against a backend without the extension, goes on as before (the backend's own limit answers)", async () => {
    server.use(noExtensions);
    const form = new FormData();
    form.set("file", new File([new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d])], "nota.pdf", { type: "application/pdf" }));
    const response = await postMultipart(upload.action, "/resources/records/upload", form);
    expect(response.status).toBe(200);
    expect(uploads).toBe(1);
    expect(leases.taken).toBe(0);
  });
});

describe("a cancel that arrives before the answer (issue 37)", () => {
  it("leaves nothing stored: the file the portal had already forwarded is removed", async () => {
    const leaving = new AbortController();
    const removed: string[] = [];
    server.use(
      http.post(`${API}/api/fs/raw/bucket`, () => {
        // The citizen presses 'Cancelar' after the last byte, while the portal forwards the file.
        leaving.abort();
        return HttpResponse.json({ result: "file-9" });
      }),
      http.delete(`${API}/api/fs/raw/bucket/:id`, ({ params }) => {
        removed.push(String(params.id));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const [token, csrfCookie] = await csrf.commitToken();
    const form = new FormData();
    form.set("csrf", token);
    form.set("file", new File([new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d])], "nota.pdf", { type: "application/pdf" }));
    const request = await signedInRequest("http://localhost:3000/resources/records/upload", {
      method: "POST",
      body: form,
      signal: leaving.signal,
      headers: { Cookie: csrfCookie!.split(";")[0]!, "Sec-Fetch-Site": "same-origin" },
    });
    const response = (await upload.action({ request, params: {}, context: newLoadContext() })) as Response;
    expect(removed).toEqual(["file-9"]);
    expect(await response.json()).not.toHaveProperty("fileId");
  });

  it("a chat attachment cancelled so is neither attached nor kept", async () => {
    const leaving = new AbortController();
    const removed: string[] = [];
    let attached = 0;
    server.use(
      http.get(`${API}/api/v4/instances/config`, () => HttpResponse.json(config)),
      http.get(`${API}/api/v4/instances/:id/interactive/citizen`, () =>
        HttpResponse.json({ result: chatOf({ documents: [chatDoc("d1", { description: "DNI" })] }) }),
      ),
      http.post(`${API}/api/fs/raw/bucket`, () => {
        leaving.abort();
        return HttpResponse.json({ result: "file-8" });
      }),
      http.put(`${API}/api/v4/instances/:id/interactive/generic`, () => {
        attached++;
        return HttpResponse.json({ success: true });
      }),
      http.delete(`${API}/api/fs/raw/bucket/:id`, ({ params }) => {
        removed.push(String(params.id));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const [token, csrfCookie] = await csrf.commitToken();
    const form = new FormData();
    form.set("csrf", token);
    form.set("document", "d1");
    form.set("file", new File([new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d])], "dni.pdf", { type: "application/pdf" }));
    const request = await signedInRequest("http://localhost:3000/resources/chat/attach?instance=i-1", {
      method: "POST",
      body: form,
      signal: leaving.signal,
      headers: { Cookie: csrfCookie!.split(";")[0]!, "Sec-Fetch-Site": "same-origin" },
    });
    const response = (await attach.action({ request, params: {}, context: newLoadContext() })) as Response;
    expect(removed).toEqual(["file-8"]);
    expect(attached).toBe(0);
    expect(await response.json()).toHaveProperty("error");
  });

  it("an upload nobody cancelled is kept", async () => {
    const answer = await postLarge(MB);
    expect(answer.status).toBe(200);
    expect(uploads).toBe(1);
  });
});

describe("the temporary folder's budget (UPLOAD_TMP_LIMIT_BYTES)", () => {
  const multipart = (size: number) => {
    const form = new FormData();
    form.set("file", new File([new Uint8Array(size)], "a.pdf", { type: "application/pdf" }));
    return new Request("http://localhost/", { method: "POST", body: form });
  };

  it("refuses an upload that would go past it (503) and gives back what each reader held", async () => {
    const disk = diskBudget(3 * MB);
    const first = multipartFormReader({ maxFileBytes: 50 * MB, maxFiles: 1, disk });
    const second = multipartFormReader({ maxFileBytes: 50 * MB, maxFiles: 1, disk });
    try {
      await first.read(multipart(2 * MB));
      expect(disk.held).toBe(2 * MB);
      const refused = await second.read(multipart(2 * MB)).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(TemporaryDiskFull);
      expect((refused as TemporaryDiskFull).status).toBe(503);
    } finally {
      first.cleanup();
      second.cleanup();
    }
    expect(disk.held).toBe(0);
  });
});
