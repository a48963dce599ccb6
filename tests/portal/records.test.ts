import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  API,
  BACKENDS,
  configWithTabs,
  countCallsInto,
  happy,
  noExtensions,
  receiptIssued,
  RECORD_ID as FILE,
  recordHeader as header,
  tabCounts,
  tabCountsFail,
} from "../mocks/api";
import { BASE, failOnUnhandled, load, post, postMultipart, settle, signedInRequest, toastOf, argsOf } from "./helpers";
import { forgetExtensions } from "~/api/extensions.server";
import { csrf } from "~/lib/csrf.server";
import { errors as E, records as t } from "~/lib/messages";
import { loader as listLoader } from "~/routes/records._index";
import { action as managerAction, loader as managerLoader } from "~/routes/records.manager";
import { action as uploadAction } from "~/routes/resources.records.upload";
import { clampZoom, managerHref, parseManagerState, validPage } from "~/features/records/url";
import { HOLD_MS, holdToken, readHoldToken } from "~/features/records/held.server";
import { multipartFormReader } from "~/lib/multipart.server";

const recConfig = configWithTabs("records", [
  { code: "in_process", description: "En trámite", count: true, color: "#1D4ED8" },
  { code: "archived", description: "Archivados", count: true, color: "#4B5563" },
]);

const DOC = "aaaaaaaa-2222-3333-4444-555555555555";
const incorporated = [
  {
    file: { name: "Uno.pdf", signedFileId: DOC },
    spec: { description: "Carátula", date: "2025-01-01T00:00:00.000Z", user: "Mesa" },
    nroFolio: 1,
    details: [],
  },
];
const pending = [{ file: { id: DOC, name: "Pendiente.pdf" }, spec: { id: "p-1", reference: "Ref" } }];

const fail = (status = 500, body: Record<string, string> = { code: "BOOM" }) => HttpResponse.json(body, { status });
/** The list path also matches /instances/config and /instances/counts: let those through. */
const notList = (tab: unknown) => tab === "config" || tab === "counts";

const server = setupServer(
  http.get(`${API}/api/v4/instances/config`, () => HttpResponse.json(recConfig)),
  ...happy,
  receiptIssued,
  ...tabCounts({ in_process: 2, archived: 2 }),
  http.get(`${API}/api/v4/instances/:tab`, ({ params }) =>
    notList(params.tab)
      ? undefined
      : HttpResponse.json({
          instances: [{ id: FILE, title: "Expediente", currentState: { text: "En trámite", color: "#1D4ED8" } }],
          last_page: 2,
        }),
  ),
  http.get(`${API}/api/v4/filemanager/:id`, () => HttpResponse.json({ result: header })),
  http.get(`${API}/api/v4/filemanager/:id/incorporated`, () => HttpResponse.json({ documents: incorporated })),
  http.get(`${API}/api/v4/filemanager/:id/sent`, () => HttpResponse.json({ documents: [] })),
  http.get(`${API}/api/v4/filemanager/:id/pending`, () => HttpResponse.json({ documents: pending })),
  http.get(`${API}/api/fs/viewer/getPageCount/:id`, () => HttpResponse.json({ result: 3 })),
);
beforeAll(() => server.listen({ onUnhandledRequest: failOnUnhandled }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const listFails = () => http.get(`${API}/api/v4/instances/:tab`, ({ params }) => (notList(params.tab) ? undefined : fail()));

/** Each list of the manager and the toast its failure shows. */
const LIST_TOASTS = [
  ["incorporated", t.toasts.incorporatedError],
  ["sent", t.toasts.sentError],
  ["pending", t.toasts.pendingError],
] as const;

const manager = (extra = "") => `/records/manager/?file=${FILE}${extra}`;

describe("/records loader", () => {
  it("loads counts and the page", async () => {
    const response = await load(listLoader, "/records");
    const data = await response.json();
    expect(data.tabs.map((tab: { count: number }) => tab.count)).toEqual([2, 2]);
    expect(data.lastPage).toBe(2);
  });

  it.each(BACKENDS)(
    "the initial load goes to /error; a tab change keeps the page with the count toast (a backend %s)",
    async (_, offered) => {
      server.use(...offered, ...tabCountsFail());
      expect((await load(listLoader, "/records")).headers.get("Location")).toBe("/error");
      const data = await (await load(listLoader, "/records?tab=archived")).json();
      expect(data.notice.message).toBe(t.toasts.countError);
    },
  );

  it("asks the counts of the records' tabs in one call where the backend offers tab-counts, else one call a tab", async () => {
    const asked: string[] = [];
    server.use(...countCallsInto(asked));
    await load(listLoader, "/records");
    expect(asked.splice(0)).toEqual(["/api/v4/instances/counts?module=records"]);
    server.use(noExtensions);
    forgetExtensions(); // what the first load learnt of the backend
    const data = await (await load(listLoader, "/records")).json();
    expect(asked.sort()).toEqual(["/api/v4/instances/count/archived?module=records", "/api/v4/instances/count/in_process?module=records"]);
    expect(data.tabs.map((tab: { count: number }) => tab.count)).toEqual([2, 2]);
  });

  it("a failed page goes back to page 1 with the page toast", async () => {
    server.use(listFails());
    const response = await load(listLoader, "/records?page=2");
    expect(response.headers.get("Location")).toBe("/records");
    expect((await toastOf(response))?.message).toBe(t.toasts.pageError);
    expect((await load(listLoader, "/records")).headers.get("Location")).toBe("/error");
  });
});

describe("/records/manager loader", () => {
  it("loads the header and the three lists", async () => {
    const data = await (await load(managerLoader, manager())).json();
    expect(data.ok).toBe(true);
    expect(data.header.code).toBe("EX-2025-1");
    expect(data.incorporated.items).toHaveLength(1);
    expect(data.pending.items).toHaveLength(1);
  });

  it("on header failure keeps loading and shows the header toast (server message first)", async () => {
    server.use(http.get(`${API}/api/v4/filemanager/:id`, () => fail(500)));
    let data = await (await load(managerLoader, manager())).json();
    expect(data).toMatchObject({ ok: false, notice: { type: "ERROR", message: t.toasts.headerError } });
    server.use(http.get(`${API}/api/v4/filemanager/:id`, () => fail(404, { code: "NOT_FOUND", message: "No existe." })));
    data = await (await load(managerLoader, manager())).json();
    expect(data.notice.message).toBe("No existe.");
  });

  it("an unknown or another citizen's record answers 404 (the API's 404), a failing API 502", async () => {
    server.use(http.get(`${API}/api/v4/filemanager/:id`, () => fail(404, { code: "NOT_FOUND", message: "No existe." })));
    const res = await load(managerLoader, manager());
    expect(res.status).toBe(404);
    expect((await res.json()).ok).toBe(false);
    server.use(http.get(`${API}/api/v4/filemanager/:id`, () => fail(500)));
    expect((await load(managerLoader, manager())).status).toBe(502);
  });

  it("a failed list shows its toast and the others still load", async () => {
    for (const [kind, message] of LIST_TOASTS) {
      server.use(http.get(`${API}/api/v4/filemanager/:id/${kind}`, () => fail()));
      const data = await (await load(managerLoader, manager())).json();
      expect(data.ok).toBe(true);
      expect(data.notice.message).toBe(message);
      server.resetHandlers();
    }
  });

  it("does not ask for pending documents of a read-only record", async () => {
    server.use(
      http.get(`${API}/api/v4/filemanager/:id`, () => HttpResponse.json({ result: { ...header, read_only: true } })),
      http.get(`${API}/api/v4/filemanager/:id/pending`, () => fail()),
    );
    const data = await (await load(managerLoader, manager())).json();
    expect(data.notice).toBeNull();
    expect(data.pending.items).toEqual([]);
    expect(data.counts.pending).toBe(0);
  });

  it("a preview whose page count fails closes with the preview toast", async () => {
    server.use(http.get(`${API}/api/fs/viewer/getPageCount/:id`, () => fail()));
    const response = await load(managerLoader, manager(`&modal=preview&doc=${DOC}`));
    expect(response.headers.get("Location")).toBe(manager());
    expect((await toastOf(response))?.message).toBe(t.toasts.previewError);
  });

  it("a preview loads its page count", async () => {
    const data = await (await load(managerLoader, manager(`&modal=preview&doc=${DOC}&page=2`))).json();
    expect(data.preview).toMatchObject({ pageCount: 3, index: 0 });
  });
});

describe("/records/manager loader: the three lists in one call (extension record-documents)", () => {
  const lists = { incorporated, sent: [], pending };
  /** The record's list calls the loader makes, in order; the one call answers `combined`. */
  function listCalls(combined: () => Response) {
    const asked: string[] = [];
    const spec = (kind: keyof typeof lists) =>
      http.get(`${API}/api/v4/filemanager/:id/${kind}`, () => (asked.push(kind), HttpResponse.json({ documents: lists[kind] })));
    server.use(
      http.get(`${API}/api/v4/filemanager/:id/documents`, () => (asked.push("documents"), combined())),
      spec("incorporated"),
      spec("sent"),
      spec("pending"),
    );
    return asked;
  }
  const loaded = async () => {
    const data = await (await load(managerLoader, manager())).json();
    expect(data.ok).toBe(true);
    return data;
  };

  it("offered: one call, none of the spec's three, the same lists", async () => {
    const asked = listCalls(() => HttpResponse.json(lists));
    const data = await loaded();
    expect(asked).toEqual(["documents"]);
    expect([data.incorporated.items.length, data.sent.items.length, data.pending.items.length]).toEqual([1, 0, 1]);
    expect(data.notice).toBeNull();
    expect(data.pendingLoaded).toBe(true);
  });

  it("not offered (a backend of the spec only): the spec's three, never the one call", async () => {
    server.use(noExtensions);
    const asked = listCalls(() => HttpResponse.json(lists));
    const data = await loaded();
    expect(asked.sort()).toEqual(["incorporated", "pending", "sent"]);
    expect([data.incorporated.items.length, data.sent.items.length, data.pending.items.length]).toEqual([1, 0, 1]);
    expect(data.notice).toBeNull();
  });

  it("the one call failing (an error, an answer that is no object): the spec's three are asked, each list as its own", async () => {
    for (const combined of [() => fail(500), () => HttpResponse.json([lists])]) {
      const asked = listCalls(combined);
      const data = await loaded();
      expect(asked[0]).toBe("documents");
      expect(asked.slice(1).sort()).toEqual(["incorporated", "pending", "sent"]);
      expect([data.incorporated.items.length, data.pending.items.length]).toEqual([1, 1]);
      expect(data.notice).toBeNull();
      server.resetHandlers();
    }
    listCalls(() => fail(500));
    server.use(http.get(`${API}/api/v4/filemanager/:id/sent`, () => fail()));
    expect((await loaded()).notice.message).toBe(t.toasts.sentError);
  });

  it("one list missing or unreadable in the one answer: that list alone fails, with its toast", async () => {
    for (const [kind, message] of LIST_TOASTS) {
      for (const broken of [undefined, "ilegible", { documents: { no: "es una lista" } }]) {
        const asked = listCalls(() => HttpResponse.json({ ...lists, [kind]: broken }));
        const data = await loaded();
        expect(asked).toEqual(["documents"]);
        expect(data.notice.message, `${kind} ${JSON.stringify(broken)}`).toBe(message);
        expect(data.incorporated.items).toHaveLength(kind === "incorporated" ? 0 : 1);
        expect(data.pending.items).toHaveLength(kind === "pending" ? 0 : 1);
        expect(data.pendingLoaded).toBe(kind !== "pending");
        server.resetHandlers();
      }
    }
    // a read-only record shows no pending documents: an unreadable pending list costs nothing there
    listCalls(() => HttpResponse.json({ ...lists, pending: "ilegible" }));
    server.use(http.get(`${API}/api/v4/filemanager/:id`, () => HttpResponse.json({ result: { ...header, read_only: true } })));
    const data = await loaded();
    expect(data.notice).toBeNull();
    expect(data.pending.items).toEqual([]);
  });
});

describe("/records/manager actions", () => {
  it("delete: success and error toasts", async () => {
    server.use(http.delete(`${API}/api/v4/filemanager/:id/discard/:doc`, () => HttpResponse.json({ success: true })));
    let response = await post(managerAction, manager(), { intent: "delete", doc: "p-1" });
    expect(await toastOf(response)).toMatchObject({ type: "SUCCESS", message: t.toasts.deleteSuccess });
    server.use(http.delete(`${API}/api/v4/filemanager/:id/discard/:doc`, () => fail()));
    response = await post(managerAction, manager(), { intent: "delete", doc: "p-1" });
    expect(await toastOf(response)).toMatchObject({ type: "ERROR", message: t.toasts.deleteError });
  });

  it("send: singular and plural texts", async () => {
    let body: unknown;
    server.use(
      http.put(`${API}/api/v4/filemanager/:id/send`, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ success: true });
      }),
    );
    let response = await post(managerAction, manager(), { intent: "send", sel: ["p-1"] });
    expect(body).toEqual({ documents: ["p-1"] });
    expect((await toastOf(response))?.message).toBe(t.toasts.sendOneSuccess);
    response = await post(managerAction, manager(), { intent: "send", sel: ["p-1", "p-2"] });
    expect((await toastOf(response))?.message).toBe(t.toasts.sendManySuccess);
    server.use(http.put(`${API}/api/v4/filemanager/:id/send`, () => fail()));
    response = await post(managerAction, manager(), { intent: "send", sel: ["p-1"] });
    expect((await toastOf(response))?.message).toBe(t.toasts.sendOneError);
    response = await post(managerAction, manager(), { intent: "send", sel: ["p-1", "p-2"] });
    expect((await toastOf(response))?.message).toBe(t.toasts.sendManyError);
  });

  it("register: the registration error toast, and 'Agregar Documentos' open again with its cards", async () => {
    server.use(http.post(`${API}/api/v4/filemanager/:id/upload`, () => fail()));
    const files = JSON.stringify([{ fileId: "f-1", fileName: "Nota", reference: "Ref", mime: "application/pdf" }]);
    const response = await post(managerAction, manager(), { intent: "register", files, returnTo: manager("&ipage=2") });
    expect((await toastOf(response))?.message).toBe(t.toasts.uploadError);
    expect(response.headers.get("Location")).toBe(manager("&ipage=2&modal=upload"));
  });

  it("a preview failure reported by the browser closes it with the toast", async () => {
    const response = await post(managerAction, manager(), { intent: "previewFailed", returnTo: manager() });
    expect(response.headers.get("Location")).toBe(manager());
    expect((await toastOf(response))?.message).toBe(t.toasts.previewError);
  });

  it("the upload resource answers 413 and 415 with the spec's texts", async () => {
    server.use(http.post(`${API}/api/fs/raw/bucket`, () => fail(413, { code: "PAYLOAD_TOO_LARGE" })));
    const form = new FormData();
    form.set("file", new File([new Uint8Array([37, 80, 68, 70, 45])], "a.pdf", { type: "application/pdf" }));
    let response = await postMultipart(uploadAction, "/resources/records/upload", form);
    expect(response.status).toBe(413);
    expect((await response.json()).error).toBe(E.upload.tooLarge);
    server.use(http.post(`${API}/api/fs/raw/bucket`, () => fail(415, { code: "UNSUPPORTED_MEDIA_TYPE" })));
    const again = new FormData();
    again.set("file", new File([new Uint8Array([1, 2, 3])], "a.txt", { type: "text/plain" }));
    response = await postMultipart(uploadAction, "/resources/records/upload", again);
    expect(response.status).toBe(415);
    expect((await response.json()).error).toBe(E.upload.invalidFormat(E.upload.acceptedFormatsList));
  });

  it("the no-JS upload answers its own 400 with the texts and the held file when a reference is missing", async () => {
    const uploaded: string[] = [];
    server.use(
      http.post(`${API}/api/fs/raw/bucket`, async ({ request }) => {
        uploaded.push(String((await request.formData()).get("filename")));
        return HttpResponse.json({ result: "f-1" });
      }),
    );
    const form = new FormData();
    form.set("intent", "upload");
    form.set("file_0", new File([new Uint8Array([37, 80, 68, 70, 45])], "a.pdf", { type: "application/pdf" }));
    form.set("name_0", "Nota");
    form.set("reference_0", "");
    const response = await postMultipart(managerAction, manager("&modal=upload"), form);
    expect(response.status).toBe(400);
    const answer = await response.json();
    expect(answer.uploadErrors.slots["0"]).toEqual({ reference: t.uploadModal.referenceRequired });
    // Sent once, held for the next post; nothing registered (no handler for the registration).
    expect(uploaded).toEqual(["a.pdf"]);
    expect(answer.uploadValues["0"]).toMatchObject({ name: "Nota", reference: "", held: { fileName: "a.pdf" } });
    expect(answer.uploadValues["0"].held.token).toMatch(/^[\w-]+\.\.[\w-]+\.[\w-]+\.[\w-]+$/);
  });
});

describe("/records/manager no-JS upload: the file already sent is held (decision 067)", () => {
  /** One signed-in session (the same sid) for several posts, as one browser. */
  async function browser() {
    const session = (await signedInRequest(BASE)).headers.get("Cookie")!;
    return async (fields: Record<string, string | File>, path = manager("&modal=upload")) => {
      const [token, cookie] = await csrf.commitToken();
      const form = new FormData();
      form.set("csrf", token);
      form.set("intent", "upload");
      for (const [k, v] of Object.entries(fields)) form.set(k, v);
      const request = new Request(`${BASE}${path}`, {
        method: "POST",
        body: form,
        headers: { Cookie: `${session}; ${cookie!.split(";")[0]}`, "Sec-Fetch-Site": "same-origin" },
      });
      return settle(async () => managerAction(argsOf(request)));
    };
  }
  const pdf = (name: string) => new File([new Uint8Array([37, 80, 68, 70, 45, 49])], name, { type: "application/pdf" });

  let registered: unknown[] = [];
  let ids = 0;
  const api = () =>
    server.use(
      http.post(`${API}/api/fs/raw/bucket`, () => HttpResponse.json({ result: `held-${++ids}` })),
      http.post(`${API}/api/v4/filemanager/:id/upload`, async ({ request }) => {
        registered.push(await request.json());
        return HttpResponse.json({ success: true });
      }),
    );
  afterEach(() => {
    registered = [];
    ids = 0;
  });

  async function firstPost(post: Awaited<ReturnType<typeof browser>>) {
    const response = await post({ file_0: pdf("nota.pdf"), name_0: "Nota de pedido", reference_0: "", name_1: "", reference_1: "Ref B" });
    expect(response.status).toBe(400);
    const answer = await response.json();
    expect(answer.uploadErrors.slots).toEqual({
      0: { reference: t.uploadModal.referenceRequired },
      1: { file: t.uploadModal.fileRequired, name: t.uploadModal.nameRequired },
    });
    expect(answer.uploadValues[1]).toEqual({ name: "", reference: "Ref B" });
    return answer.uploadValues[0].held.token as string;
  }

  it("the next post registers the held file without sending it again", async () => {
    api();
    const post = await browser();
    const held = await firstPost(post);
    expect(ids).toBe(1);
    const response = await post({ held_0: held, name_0: "Nota de pedido", reference_0: "Ref A" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(manager());
    expect(ids).toBe(1);
    expect(registered).toEqual([
      { files: [{ fileId: "held-1", fileName: "Nota de pedido", reference: "Ref A", mime: "application/pdf" }] },
    ]);
  });

  it("a registration that fails keeps every card: names, references and the files, held", async () => {
    api();
    server.use(http.post(`${API}/api/v4/filemanager/:id/upload`, () => fail()));
    const post = await browser();
    const response = await post({ file_0: pdf("nota.pdf"), name_0: "Nota de pedido", reference_0: "Ref A" });
    expect(response.status).toBe(502);
    const answer = await response.json();
    expect(answer.uploadErrors).toEqual({ form: t.toasts.uploadError });
    expect(answer.uploadValues[0]).toMatchObject({ name: "Nota de pedido", reference: "Ref A", held: { fileName: "nota.pdf" } });
  });

  it("a file that could not be sent must be chosen again, and its card says so", async () => {
    server.use(http.post(`${API}/api/fs/raw/bucket`, () => fail()));
    const post = await browser();
    const response = await post({ file_0: pdf("nota.pdf"), name_0: "Nota de pedido", reference_0: "Ref A" });
    const answer = await response.json();
    expect(answer.uploadErrors.slots[0].file).toBe(`${t.toasts.uploadError} ${t.uploadModal.chooseAgain}`);
    expect(answer.uploadValues[0]).toEqual({ name: "Nota de pedido", reference: "Ref A" });
  });

  it("a new file replaces the held one; 'Quitar' lets it go", async () => {
    api();
    const post = await browser();
    const held = await firstPost(post);
    let response = await post({ held_0: held, file_0: pdf("otra.pdf"), name_0: "Nota", reference_0: "Ref A" });
    expect(response.status).toBe(302);
    expect(registered).toEqual([{ files: [expect.objectContaining({ fileId: "held-2" })] }]);
    response = await post({ held_0: held, remove_0: "1", name_0: "Nota", reference_0: "Ref A" });
    expect(response.status).toBe(400);
    const answer = await response.json();
    expect(answer.uploadErrors.slots[0]).toEqual({ file: t.uploadModal.fileRequired });
    expect(answer.uploadValues[0].held).toBeUndefined();
  });

  it("another session, another record or an altered token holds nothing", async () => {
    api();
    const held = await firstPost(await browser());
    const other = await browser();
    const [payload, signature] = held.split(".");
    const claims = JSON.parse(Buffer.from(payload!, "base64url").toString());
    const altered = `${Buffer.from(JSON.stringify({ ...claims, f: "someone-elses" })).toString("base64url")}.${signature}`;
    for (const token of [held, altered]) {
      const response = await other({ held_0: token, name_0: "Nota", reference_0: "Ref A" });
      expect(response.status).toBe(400);
      expect((await response.json()).uploadErrors.slots[0]).toEqual({ file: t.uploadModal.fileRequired });
    }
    const same = await browser();
    const mine = await firstPost(same);
    const elsewhere = await same(
      { held_0: mine, name_0: "Nota", reference_0: "Ref A" },
      `/records/manager/?file=99999999-2222-3333-4444-555555555555&modal=upload`,
    );
    expect(elsewhere.status).toBe(400);
    expect(registered).toEqual([]);
  });
});

describe("hold tokens and a file over the limit among others", () => {
  const binding = { sid: "s-1", cuil: "20123456783", record: FILE };
  const file = { fileId: "f-1", fileName: "nota.pdf", mime: "application/pdf" };

  it("hold for an hour from the upload, however often the form comes back, for this binding only", async () => {
    const now = Date.now();
    const token = await holdToken(file, binding, now);
    expect(await readHoldToken(token, binding, now + HOLD_MS - 1)).toMatchObject(file);
    expect(await readHoldToken(token, binding, now + HOLD_MS)).toBeNull();
    const again = await holdToken((await readHoldToken(token, binding, now + 1_000))!, binding, now + 30 * 60_000);
    expect(await readHoldToken(again, binding, now + HOLD_MS)).toBeNull();
    for (const other of [
      { ...binding, sid: "s-2" },
      { ...binding, cuil: "20987654321" },
      { ...binding, record: DOC },
    ])
      expect(await readHoldToken(token, other, now)).toBeNull();
    for (const bad of ["", "x", `${token}.x`, token.slice(0, -2), `${token.split(".")[0]}.${"A".repeat(43)}`, 42, null])
      expect(await readHoldToken(bad, binding, now)).toBeNull();
  });

  it("a reader that drops a file over the limit keeps the rest of the form and names the field", async () => {
    const reader = multipartFormReader({ maxFileBytes: 10, maxFiles: 3, tooLarge: "drop" });
    try {
      const form = new FormData();
      form.set("file_0", new File([new Uint8Array(5)], "a.pdf"));
      form.set("file_1", new File([new Uint8Array(20)], "b.pdf"));
      form.set("name_1", "Grande");
      const read = await reader.read(new Request(BASE, { method: "POST", body: form }));
      expect(read.get("file_0")).toBeInstanceOf(File);
      expect(read.get("file_1")).toBeNull();
      expect(read.get("name_1")).toBe("Grande");
      expect([...reader.tooLarge]).toEqual(["file_1"]);
    } finally {
      reader.cleanup();
    }
  });
});

describe("records view state", () => {
  it("bounds zoom and pages", () => {
    expect([0, 1, 1.2, 1.5, 3.9, 4, 9, "x"].map(clampZoom)).toEqual([1, 1, 1, 1.5, 4, 4, 4, 1]);
    expect(validPage("3", 3)).toBe(3);
    expect(validPage("4", 3)).toBeNull();
    expect(validPage("0", 3)).toBeNull();
    expect(validPage("1.5", 3)).toBeNull();
  });
  it("round-trips the manager URL", () => {
    const state = parseManagerState(new URLSearchParams(`file=${FILE}&modal=preview&doc=${DOC}&page=4&zoom=2&set=sent`))!;
    expect(managerHref(state)).toBe(`/records/manager/?file=${FILE}&modal=preview&set=sent&doc=${DOC}&page=4&zoom=2`);
    expect(parseManagerState(new URLSearchParams("file=../x"))).toBeNull();
  });
});
