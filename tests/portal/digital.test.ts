import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { API, communication, CUIL, happy, receiptIssued } from "../mocks/api";
import { BASE, failOnUnhandled, load, post, setCookieOf, settle, signedInRequest, toastOf, argsOf } from "./helpers";
import { digital as t } from "~/lib/messages";
import { action as inboxAction, loader as inboxLoader } from "~/routes/digital._index";
import { action as archiveListAction } from "~/routes/digital.archive._index";
import { action as summaryAction, loader as summaryLoader } from "~/routes/digital.summary";
import { action as adhesionAction, loader as adhesionLoader } from "~/routes/digital.adhesion";
import { action as settingsAction, loader as settingsLoader } from "~/routes/digital.settings";
import { loader as termsLoader } from "~/routes/digital.terms";
import { loader as fileLoader } from "~/routes/resources.digital.file";
import { loader as confirmLoader } from "~/routes/digital.confirm.$accion";
import { parseInboxState } from "~/features/digital/inbox-state.server";

/** A view from a page of the portal (the citizen clicked a row or a link): the browser says same-origin. */
const SAME_ORIGIN = { "Sec-Fetch-Site": "same-origin" };

const comm = (code: string, over: Record<string, unknown> = {}) =>
  communication(code, {
    date_notified: null,
    notified: false,
    message: "Mensaje",
    files: [{ id: "f1", file_name: "a.pdf", downloaded: false }],
    recipient: "María",
    ...over,
  });
const contact = {
  user_id: CUIL,
  first_name: "María",
  last_name: "Gómez",
  emails: ["maria@example.com"],
  phones: [{ code: "261", number: "4123456" }],
};

const dd = [
  http.get(`${API}/api/dd/v1/communications/inbox/:cuil`, () =>
    HttpResponse.json({ communications: [comm("2026-000001")], total: 1, unseen: 1, last_page: 1 }),
  ),
  http.get(`${API}/api/dd/v1/communications/types/all`, () => HttpResponse.json({ types: [{ id: "aviso", text: "Aviso" }] })),
  http.get(`${API}/api/dd/v1/communications/get_one/:code`, ({ params }) =>
    HttpResponse.json({ communication: comm(String(params.code)) }),
  ),
  http.get(`${API}/api/dd/v1/communications/get_history/:code`, () => HttpResponse.json({ history: [] })),
  http.get(`${API}/api/dd/v1/users/get_contact_info/:cuil`, () => HttpResponse.json({ data: contact })),
  http.get(`${API}/api/dd/v1/users/get_terms`, () =>
    HttpResponse.json({ data: { html: '<h2>Hola</h2><script>alert(1)</script><p onclick="x()">Texto</p>' } }),
  ),
];

const server = setupServer(...happy, ...dd, receiptIssued);
beforeAll(() => server.listen({ onUnhandledRequest: failOnUnhandled }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const fail = (method: "get" | "put" | "post", path: string, status = 500, body: Record<string, string> = { code: "BOOM" }) =>
  http[method](`${API}${path}`, () => HttpResponse.json(body, { status }));

describe("/digital inbox", () => {
  it("loads the list, the types and the counts", async () => {
    const response = await load(inboxLoader, "/digital");
    expect(response.status).toBe(200);
    const data = await response.json();
    expect(data.counts).toEqual({ all: 1, unread: 1 });
    expect(data.types).toEqual([{ id: "aviso", text: "Aviso" }]);
  });

  it("sends the URL's filters to the API", async () => {
    let seen: URL | null = null;
    server.use(
      http.get(`${API}/api/dd/v1/communications/inbox/:cuil`, ({ request }) => {
        seen ??= new URL(request.url);
        return HttpResponse.json({ communications: [], total: 0, unseen: 0, last_page: 1 });
      }),
    );
    await load(
      inboxLoader,
      "/digital?tab=unread&search=deuda&order=subject&type=aviso,citacion&client=Rentas&created_since=2026-01-01&selected=notify",
    );
    const q = Object.fromEntries(seen!.searchParams);
    expect(q).toMatchObject({
      seen: "false",
      search: "deuda",
      order: "subject",
      type: "aviso,citacion",
      client: "Rentas",
      created_since: "2026-01-01",
      selected: "notify",
      archived: "false",
    });
  });

  it("a day filter that is not applied comes back as typed, with why; the valid filters still reach the API (issue 40)", async () => {
    let seen: URL | null = null;
    server.use(
      http.get(`${API}/api/dd/v1/communications/inbox/:cuil`, ({ request }) => {
        seen ??= new URL(request.url);
        return HttpResponse.json({ communications: [], total: 0, unseen: 0, last_page: 1 });
      }),
    );
    const response = await load(
      inboxLoader,
      "/digital?created_since=31%2F02%2F2026&created_until=01%2F03%2F2026&seen_since=2026-03-10&seen_until=2026-03-01&client=Rentas",
    );
    expect(response.status).toBe(200);
    const { state } = await response.json();
    expect(state).toMatchObject({
      created_since: "",
      created_until: "2026-03-01",
      seen_since: "2026-03-10",
      seen_until: "",
      filtersOpen: true, // the panel holds the messages, so it opens
      invalidDays: {
        created_since: { typed: "31/02/2026", problem: "day" },
        seen_until: { typed: "2026-03-01", problem: "range" },
      },
    });
    const q = Object.fromEntries(seen!.searchParams);
    expect(q).toMatchObject({ created_until: "2026-03-01", seen_since: "2026-03-10", client: "Rentas" });
    expect(q.created_since).toBeUndefined();
    expect(q.seen_until).toBeUndefined();
    // Text is no day either; no typed day at all is no message.
    expect(parseInboxState(new URLSearchParams("seen_since=ayer")).invalidDays).toEqual({ seen_since: { typed: "ayer", problem: "day" } });
    expect(parseInboxState(new URLSearchParams("seen_since=&created_until=")).invalidDays).toEqual({});
    expect(parseInboxState(new URLSearchParams("")).filtersOpen).toBe(false);
  });

  it("goes to /error when the first page fails and back to page 1 with the toast when another page fails", async () => {
    server.use(fail("get", "/api/dd/v1/communications/inbox/:cuil"));
    expect((await load(inboxLoader, "/digital")).headers.get("Location")).toBe("/error");
    const response = await load(inboxLoader, "/digital?page=3");
    expect(response.headers.get("Location")).toBe("/digital");
    expect((await toastOf(response))?.message).toBe(t.toasts.pageError);
  });

  it("archive: success and error toasts", async () => {
    server.use(http.put(`${API}/api/dd/v1/communications/archive`, () => HttpResponse.json({ communications: ["2026-000001"] })));
    let response = await post(inboxAction, "/digital?index&page=1", [
      ["intent", "archive"],
      ["code", "2026-000001"],
    ]);
    expect(response.headers.get("Location")).toBe("/digital?page=1");
    expect(await toastOf(response)).toMatchObject({ type: "SUCCESS", message: t.toasts.archiveSuccess("2026-000001") });
    server.use(fail("put", "/api/dd/v1/communications/archive"));
    response = await post(inboxAction, "/digital?index", [
      ["intent", "archive"],
      ["code", "2026-000001"],
    ]);
    expect(await toastOf(response)).toMatchObject({ type: "ERROR", message: t.toasts.archiveError });
  });

  it("recover one, recover many: success and error toasts", async () => {
    let body: Record<string, unknown> | null = null;
    server.use(
      http.put(`${API}/api/dd/v1/communications/recover`, async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(body);
      }),
    );
    let response = await post(archiveListAction, "/digital/archive?index", [
      ["intent", "recover"],
      ["code", "A"],
    ]);
    expect(await toastOf(response)).toMatchObject({ type: "SUCCESS", message: t.toasts.recoverSuccess("A") });
    response = await post(archiveListAction, "/digital/archive?index", [
      ["intent", "recoverMany"],
      ["code", "A"],
      ["code", "B"],
    ]);
    expect(body).toEqual({ communications: ["A", "B"] });
    expect(await toastOf(response)).toMatchObject({ type: "SUCCESS", message: t.toasts.recoverManySuccess });
    server.use(fail("put", "/api/dd/v1/communications/recover"));
    response = await post(archiveListAction, "/digital/archive?index", [
      ["intent", "recoverMany"],
      ["code", "A"],
      ["code", "B"],
    ]);
    expect(await toastOf(response)).toMatchObject({ type: "ERROR", message: t.toasts.recoverManyError });
    response = await post(archiveListAction, "/digital/archive?index", [
      ["intent", "recover"],
      ["code", "A"],
    ]);
    expect(await toastOf(response)).toMatchObject({ type: "ERROR", message: t.toasts.recoverError });
  });
});

describe("/digital/summary", () => {
  it("loads the communication and its history; failures go to /error", async () => {
    const ok = await load(summaryLoader, "/digital/summary?code=2026-000001", {}, SAME_ORIGIN);
    expect((await ok.json()).communication.code).toBe("2026-000001");
    server.use(fail("get", "/api/dd/v1/communications/get_one/:code", 404, { code: "NOT_FOUND", message: "x" }));
    expect((await load(summaryLoader, "/digital/summary?code=X", {}, SAME_ORIGIN)).headers.get("Location")).toBe("/error");
  });

  it("archiving from the summary goes back to the inbox with the toast", async () => {
    server.use(http.put(`${API}/api/dd/v1/communications/archive`, () => HttpResponse.json({})));
    const response = await post(summaryAction, "/digital/summary?code=C1", [
      ["intent", "archive"],
      ["code", "C1"],
    ]);
    expect(response.headers.get("Location")).toBe("/digital");
  });

  it("a failed download returns to the summary with the download toast", async () => {
    server.use(fail("get", "/api/dd/v1/communications/get_file/:code/:file"));
    const response = await load(fileLoader, "/resources/digital/file?code=C1&file=f1", {}, SAME_ORIGIN);
    expect(response.headers.get("Location")).toBe("/digital/summary?code=C1");
    expect((await toastOf(response))?.message).toBe(t.toasts.downloadError);
  });

  it("a download streams the API's file as the type its bytes show, under the API's name with its extension (issue 36)", async () => {
    server.use(
      http.get(
        `${API}/api/dd/v1/communications/get_file/:code/:file`,
        () =>
          new HttpResponse("%PDF-1.4 x", {
            headers: { "Content-Type": "text/html", "Content-Disposition": 'inline; filename="a"' },
          }),
      ),
    );
    const response = await load(fileLoader, "/resources/digital/file?code=C1&file=f1", {}, SAME_ORIGIN);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="a.pdf"; filename*=UTF-8''a.pdf`);
    expect(await response.text()).toBe("%PDF-1.4 x");
  });
});

describe("a communication is read only by the citizen's own act (decision 102)", () => {
  /** Counts the calls that mark a communication read (get_one, get_history, get_file). */
  function countReads() {
    const reads = { count: 0 };
    server.use(
      http.get(`${API}/api/dd/v1/communications/get_one/:code`, ({ params }) => {
        reads.count++;
        return HttpResponse.json({ communication: comm(String(params.code)) });
      }),
      http.get(`${API}/api/dd/v1/communications/get_history/:code`, () => {
        reads.count++;
        return HttpResponse.json({ history: [] });
      }),
      http.get(`${API}/api/dd/v1/communications/get_file/:code/:file`, () => {
        reads.count++;
        return new HttpResponse("%PDF-1.4 x", { headers: { "Content-Type": "application/pdf" } });
      }),
    );
    return reads;
  }

  it("a link from another site, a bookmark or no evidence at all shows the envelope and asks the API nothing", async () => {
    const reads = countReads();
    for (const headers of [
      { "Sec-Fetch-Site": "cross-site" },
      { "Sec-Fetch-Site": "same-site" },
      { "Sec-Fetch-Site": "none" },
      { Referer: "https://evil.example/page" },
      {},
    ] as Record<string, string>[]) {
      for (const path of ["/digital/summary?code=2026-000007", "/digital/archive/summary?code=2026-000007"]) {
        const response = await load(summaryLoader, path, {}, headers);
        expect(response.status, JSON.stringify(headers)).toBe(200);
        expect(await response.json()).toEqual({ envelope: { code: "2026-000007" }, communication: null, history: [], message: null });
      }
      const download = await load(fileLoader, "/resources/digital/file?code=2026-000007&file=f1", {}, headers);
      expect(download.headers.get("Location")).toBe("/digital/summary?code=2026-000007");
    }
    expect(reads.count).toBe(0);
  });

  it("a view from the portal itself (fetch metadata, or the portal's Referer in a text browser) opens it", async () => {
    const reads = countReads();
    const viaMetadata = await load(summaryLoader, "/digital/summary?code=2026-000007", {}, SAME_ORIGIN);
    expect((await viaMetadata.json()).communication.code).toBe("2026-000007");
    const viaReferer = await load(summaryLoader, "/digital/summary?code=2026-000007", {}, { Referer: "http://localhost:3000/digital" });
    expect((await viaReferer.json()).communication.code).toBe("2026-000007");
    expect(reads.count).toBe(4);
  });

  it("'Abrir comunicación' is a post that opens it on the next view, wherever the citizen came from", async () => {
    const reads = countReads();
    const response = await post(summaryAction, "/digital/summary?code=2026-000007", [
      ["intent", "open"],
      ["code", "2026-000007"],
    ]);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/digital/summary?code=2026-000007");
    expect(reads.count).toBe(0);
    const opened = response.headers.get("Set-Cookie")!.split(";")[0]!;
    expect(response.headers.get("Set-Cookie")).toMatch(/SameSite=Strict/i);
    // The next view, even without fetch metadata: the cookie of the post opens it (and is then forgotten).
    const view = await load(summaryLoader, "/digital/summary?code=2026-000007", {}, { Cookie: opened });
    expect((await view.json()).communication.code).toBe("2026-000007");
    expect(view.headers.get("Set-Cookie")).toMatch(/Max-Age=0/i);
    // …and only that communication.
    const other = await load(summaryLoader, "/digital/summary?code=2026-000008", {}, { Cookie: opened });
    expect((await other.json()).envelope).toEqual({ code: "2026-000008" });
    expect(reads.count).toBe(2);
  });
});

describe("adhesion and settings", () => {
  it("adhesion: an adhered citizen is sent to /digital; contact failure goes to /error", async () => {
    expect((await load(adhesionLoader, "/digital/adhesion")).headers.get("Location")).toBe("/digital");
    server.use(fail("get", "/api/dd/v1/users/get-user-self-da/:cuil", 400, { code: "NOT_ADHERED", message: "no" }));
    expect((await load(adhesionLoader, "/digital/adhesion")).status).toBe(200);
    server.use(fail("get", "/api/dd/v1/users/get_contact_info/:cuil"));
    expect((await load(adhesionLoader, "/digital/adhesion")).headers.get("Location")).toBe("/error");
  });

  it("adhesion: missing e-mail or terms answer 400 with the errors; success and error toasts", async () => {
    let response = await post(adhesionAction, "/digital/adhesion", [["phone", ""]]);
    expect(response.status).toBe(400);
    const data = await response.json();
    expect(Object.keys(data.fieldErrors).sort()).toEqual(["email", "terms"]);

    let sent: unknown = null;
    server.use(
      http.post(`${API}/api/dd/v1/users/enroll`, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ data: {} });
      }),
    );
    response = await post(adhesionAction, "/digital/adhesion", [
      ["email", "maria@example.com"],
      ["phone", "261-4123456"],
      ["terms", "on"],
    ]);
    expect(sent).toEqual({
      user_id: CUIL,
      first_name: "María",
      last_name: "Gómez",
      email: "maria@example.com",
      phone: { code: "261", number: "4123456" },
    });
    expect(response.headers.get("Location")).toBe("/digital/confirm/create");
    expect(await toastOf(response)).toMatchObject({ type: "SUCCESS", message: t.toasts.adhesionSuccess });

    server.use(fail("post", "/api/dd/v1/users/enroll"));
    response = await post(adhesionAction, "/digital/adhesion", [
      ["email", "maria@example.com"],
      ["terms", "on"],
    ]);
    expect(response.headers.get("Location")).toBe("/digital/adhesion");
    expect(await toastOf(response)).toMatchObject({ type: "ERROR", message: t.toasts.adhesionError });
  });

  it("settings: success and error toasts; load failure goes to /error", async () => {
    server.use(
      http.get(`${API}/api/dd/v1/users/get-user-self-da/:cuil`, () =>
        HttpResponse.json({ data: { cuil: CUIL, email: "maria@example.com", phone: null } }),
      ),
    );
    expect((await load(settingsLoader, "/digital/settings")).status).toBe(200);
    server.use(http.put(`${API}/api/dd/v1/users/set-self-da`, () => HttpResponse.json({ data: {} })));
    let response = await post(settingsAction, "/digital/settings", [
      ["email", "maria@example.com"],
      ["phone", ""],
    ]);
    expect(response.headers.get("Location")).toBe("/digital/confirm/update");
    expect(await toastOf(response)).toMatchObject({ type: "SUCCESS", message: t.toasts.settingsSuccess });
    server.use(fail("put", "/api/dd/v1/users/set-self-da"));
    response = await post(settingsAction, "/digital/settings", [["email", "maria@example.com"]]);
    expect(await toastOf(response)).toMatchObject({ type: "ERROR", message: t.toasts.settingsError });
    // The page comes back with the choice sent, not the stored one (JavaScript or not).
    response = await post(settingsAction, "/digital/settings", [
      ["email", "maria@example.com"],
      ["phone", "261-4123456"],
    ]);
    expect(response.headers.get("Location")).toBe("/digital/settings");
    const draft = setCookieOf(response, "av_draft")!;
    const page = await (await load(settingsLoader, "/digital/settings", {}, { Cookie: draft })).json();
    expect(page.kept).toEqual({ values: { email: "maria@example.com", phone: "261-4123456" } });
    expect((await (await load(settingsLoader, "/digital/settings")).json()).kept).toBeNull();
    server.use(fail("get", "/api/dd/v1/users/get_contact_info/:cuil"));
    expect((await load(settingsLoader, "/digital/settings")).headers.get("Location")).toBe("/error");
  });
});

describe("confirmation pages (issue 31: only right after the action)", () => {
  const cookieOf = (res: Response, name: string) =>
    res.headers
      .getSetCookie()
      .find((c) => c.startsWith(`${name}=`))
      ?.split(";")[0];
  const open = async (path: string, cookie?: string) => {
    const request = await signedInRequest(`${BASE}${path}`, { headers: cookie ? { Cookie: cookie } : {} });
    const accion = path.split("/").pop()!;
    return settle(async () => confirmLoader(argsOf(request, { accion })));
  };

  it("opened directly (a bookmark, a reload) they redirect; right after the action they show once", async () => {
    expect((await open("/digital/confirm/update")).headers.get("Location")).toBe("/digital/settings");
    expect((await open("/digital/confirm/create")).headers.get("Location")).toBe("/digital");

    server.use(
      http.get(`${API}/api/dd/v1/users/get-user-self-da/:cuil`, () =>
        HttpResponse.json({ data: { cuil: CUIL, email: "maria@example.com", phone: null } }),
      ),
      http.put(`${API}/api/dd/v1/users/set-self-da`, () => HttpResponse.json({ data: {} })),
    );
    const saved = await post(settingsAction, "/digital/settings", [["email", "maria@example.com"]]);
    const flash = cookieOf(saved, "av_confirm");
    expect(flash).toBeTruthy();
    const shown = await open("/digital/confirm/update", flash);
    expect(shown.status).toBe(200);
    expect(await shown.json()).toMatchObject({ accion: "update", email: "maria@example.com" });
    // Spent: the page clears it, and the other page does not take it.
    expect(cookieOf(shown, "av_confirm")).toBe("av_confirm=");
    expect((await open("/digital/confirm/create", flash)).headers.get("Location")).toBe("/digital");
  });
});

describe("terms", () => {
  it("sanitises the HTML and goes to /error on failure", async () => {
    const response = await load(termsLoader, "/digital/terms");
    const { html } = (await response.json()).body;
    expect(html).toContain("<h2>Hola</h2>");
    expect(html).not.toContain("script");
    expect(html).not.toContain("onclick");
    server.use(fail("get", "/api/dd/v1/users/get_terms"));
    expect((await load(termsLoader, "/digital/terms")).headers.get("Location")).toBe("/error");
  });
});
