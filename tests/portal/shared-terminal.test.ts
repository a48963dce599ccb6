import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { PDFDocument } from "pdf-lib";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { API, chatOf, happy } from "../mocks/api";
import { failOnUnhandled, settle, type RouteFunction, argsOf } from "./helpers";
import { draftOwnerTags } from "~/features/session/drafts.server";
import { csrf } from "~/lib/csrf.server";
import { IDLE_MS, newSessionData, sessionStorage } from "~/lib/session.server";
import { loader as rootLoader } from "~/root";
import { action as logoutAction } from "~/routes/auth.logout";
import { loader as receiptLoader } from "~/routes/comprobantes.$id";
import { loader as frameLoader } from "~/routes/forms.index[.]html";
import { action as chatAction, loader as chatLoader } from "~/routes/procedures.chat";
import { action as formAction } from "~/routes/procedures.form";
import { loader as pdfLoader } from "~/routes/resources.comprobantes.$id.pdf";
import { action as keepAlive } from "~/routes/resources.session.keepalive";

/**
 * Shared terminals and timeouts (decision 032) and receipts (decision 033), against the real loaders
 * and actions: keep-alive, drafts that survive an expiry for the same citizen only, and receipts.
 */
const BASE = "http://localhost:3000";
const MARIA = "20123456783";
const OTHER = "27999999990";
const RECEIPT_ID = "6f1f7f56-4d0e-4a43-9a0c-0a1b2c3d4e5f";

const chat = chatOf();
const spec = {
  description: "Datos",
  header: { name: "Datos personales" },
  fields: [{ name: "dni", label: "DNI", type: "text", required: true }],
};
const receipt = {
  id: RECEIPT_ID,
  number: "AV-20261121-7K3QF9",
  kind: "documents",
  occurredAt: "2026-11-21T13:05:00.000Z",
  issuedAt: "2026-11-21T13:05:01.000Z",
  detail: {
    citizen: { name: "María Laura Gómez", cuil: MARIA },
    procedure: "Certificado de discapacidad",
    documents: [{ name: "dni frente.pdf", size: 2048 }],
  },
};

const issued: unknown[] = [];
const server = setupServer(
  ...happy,
  http.post(`${API}/api/security/logout`, () => new HttpResponse(null, { status: 204 })),
  http.get(`${API}/api/v4/instances/:id/interactive/citizen`, () => HttpResponse.json({ result: chat })),
  http.get(`${API}/api/v4/instances/:p/:i/forms/:f/formData`, () => HttpResponse.json({ result: { data: {}, spec } })),
  http.get(`${API}/api/v4/procedures/:id/forms/first`, () =>
    HttpResponse.json({ result: { ...chat, first: true, draft: true, instanceId: null }, data: { form: { id: "form-7" }, spec } }),
  ),
  http.post(`${API}/api/receipts`, async ({ request }) => {
    issued.push(await request.json());
    return HttpResponse.json({ result: receipt }, { status: 201 });
  }),
  http.get(`${API}/api/receipts/:id`, ({ request, params }) =>
    params.id === RECEIPT_ID && request.headers.get("Authorization") === `Bearer token-${MARIA}`
      ? HttpResponse.json({ result: receipt })
      : HttpResponse.json({ code: "NOT_FOUND", message: "No se encontró el comprobante." }, { status: 404 }),
  ),
);
beforeAll(() => server.listen({ onUnhandledRequest: failOnUnhandled }));
afterEach(() => {
  server.resetHandlers();
  issued.length = 0;
});
afterAll(() => server.close());

/** A session cookie of `cuil`, last seen `idleMs` ago. */
async function sessionCookie(cuil: string, idleMs = 0) {
  const session = await sessionStorage.getSession();
  const data = newSessionData({ cuil, accessToken: `token-${cuil}`, idToken: "id" }, Date.now() - idleMs);
  for (const [k, v] of Object.entries(data)) session.set(k as keyof typeof data, v as never);
  return (await sessionStorage.commitSession(session)).split(";")[0]!;
}

const cookieNamed = (response: Response, name: string) =>
  response.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${name}=`))
    ?.split(";")[0];

async function request(path: string, cookies: (string | undefined)[], init: { form?: Record<string, string>; csrf?: boolean } = {}) {
  const headers = new Headers({ "Sec-Fetch-Site": "same-origin" });
  const jar = cookies.filter(Boolean) as string[];
  if (!init.form) {
    headers.set("Cookie", jar.join("; "));
    return new Request(`${BASE}${path}`, { headers });
  }
  const body = new URLSearchParams(init.form);
  if (init.csrf !== false) {
    const [token, cookie] = await csrf.commitToken();
    body.set("csrf", token);
    jar.push(cookie!.split(";")[0]!);
  }
  headers.set("Cookie", jar.join("; "));
  headers.set("Content-Type", "application/x-www-form-urlencoded;charset=UTF-8");
  return new Request(`${BASE}${path}`, { method: "POST", body, headers });
}

const run = (fn: RouteFunction, req: Request, params: Record<string, string> = {}) => settle(async () => fn(argsOf(req, params)));

describe("keep-alive ('Continuar')", () => {
  it("refreshes the idle time of a live session, with the CSRF token", async () => {
    const session = await sessionCookie(MARIA, IDLE_MS - 60_000);
    const res = await run(keepAlive, await request("/resources/session/keepalive", [session], { form: {} }));
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.ok).toBe(true);
    expect(body.remainingMs).toBeGreaterThan(IDLE_MS - 5_000);
    const renewed = await sessionStorage.getSession(cookieNamed(res, "av_session"));
    expect(Date.now() - renewed.get("lastSeen")!).toBeLessThan(5_000);
  });

  it("refuses a post without the token (403) and does not revive an expired session (401)", async () => {
    const live = await sessionCookie(MARIA);
    expect((await run(keepAlive, await request("/resources/session/keepalive", [live], { form: {}, csrf: false }))).status).toBe(403);
    const expired = await sessionCookie(MARIA, IDLE_MS + 1_000);
    const res = await run(keepAlive, await request("/resources/session/keepalive", [expired], { form: {} }));
    expect(res.status).toBe(401);
    expect(cookieNamed(res, "av_session")).toBeUndefined();
  });

  it("the root tells the page when the session ends and whose local drafts it may restore", async () => {
    const res = await run(rootLoader, await request("/procedures", [await sessionCookie(MARIA)]));
    const data = await res.json();
    expect(data.session.remainingMs).toBeGreaterThan(IDLE_MS - 5_000);
    expect(data.session.remainingMs).toBeLessThanOrEqual(IDLE_MS);
    expect(data.draftOwners).toEqual(draftOwnerTags(MARIA));
    expect(data.draftOwners[0]).not.toContain(MARIA);
    expect(draftOwnerTags(OTHER)).not.toContain(data.draftOwners[0]);
  });
});

describe("a chat message sent after the session expired", () => {
  const page = "/procedures/chat/?instance=i-1";

  async function expiredSend(path = page) {
    const expired = await sessionCookie(MARIA, IDLE_MS + 1_000);
    const res = await run(
      chatAction,
      await request(path, [expired], { form: { intent: "send", message: "Adjunto lo pedido", procedureId: "102" } }),
    );
    return res;
  }

  it("is kept (encrypted) and the sign-in comes back to the chat", async () => {
    const res = await expiredSend();
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/auth/login");
    const draft = cookieNamed(res, "av_draft")!;
    expect(draft).toBeTruthy();
    expect(decodeURIComponent(draft)).not.toContain("Adjunto");
    expect(decodeURIComponent(draft)).not.toContain(MARIA);
    const flashed = await sessionStorage.getSession(cookieNamed(res, "av_session"));
    expect(flashed.get("pendingOrigin")).toBe(page);
  });

  it("a data request (fetcher) also comes back to the page, not to the data URL", async () => {
    const res = await expiredSend(`${page}&_data=routes%2Fprocedures.chat`);
    const flashed = await sessionStorage.getSession(cookieNamed(res, "av_session"));
    expect(flashed.get("pendingOrigin")).toBe(page);
    expect(cookieNamed(res, "av_draft")).toBeTruthy();
  });

  it("is restored after the same citizen signs in again, once", async () => {
    const draft = cookieNamed(await expiredSend(), "av_draft");
    const fresh = await sessionCookie(MARIA);
    const loaded = await run(chatLoader, await request(page, [fresh, draft]));
    expect((await loaded.json()).restored).toBe("Adjunto lo pedido");
    // The root loader of that same page drops the cookie (restored once).
    const root = await run(rootLoader, await request(page, [fresh, draft]));
    expect(cookieNamed(root, "av_draft")).toBe("av_draft=");
    // Another page keeps it (the citizen may not have reached the chat yet).
    const elsewhere = await run(rootLoader, await request("/procedures", [fresh, draft]));
    expect(cookieNamed(elsewhere, "av_draft")).toBeUndefined();
  });

  it("is NOT given to another citizen who signs in next on the same browser, and is dropped", async () => {
    const draft = cookieNamed(await expiredSend(), "av_draft");
    const next = await sessionCookie(OTHER);
    const loaded = await run(chatLoader, await request(page, [next, draft]));
    expect((await loaded.json()).restored).toBeNull();
    const root = await run(rootLoader, await request("/procedures", [next, draft]));
    expect(cookieNamed(root, "av_draft")).toBe("av_draft=");
  });

  it("a forged or tampered draft cookie restores nothing", async () => {
    const draft = cookieNamed(await expiredSend(), "av_draft")!;
    const tampered = draft.slice(0, -3) + (draft.endsWith("A") ? "BBB" : "AAA");
    const loaded = await run(chatLoader, await request(page, [await sessionCookie(MARIA), tampered]));
    expect((await loaded.json()).restored).toBeNull();
  });

  it("a post without a valid CSRF token keeps nothing", async () => {
    const expired = await sessionCookie(MARIA, IDLE_MS + 1_000);
    const res = await run(chatAction, await request(page, [expired], { form: { intent: "send", message: "x" }, csrf: false }));
    expect(cookieNamed(res, "av_draft")).toBeUndefined();
  });

  it("'Cerrar sesión' clears it", async () => {
    const res = await run(logoutAction, await request("/auth/logout", [await sessionCookie(MARIA)], { form: {} }));
    expect(cookieNamed(res, "av_draft")).toBe("av_draft=");
    expect(res.headers.get("Clear-Site-Data")).toContain('"storage"');
  });
});

describe("a form posted after the session expired", () => {
  it("keeps the answers and the form's frame restores them for the same citizen only", async () => {
    const path = "/procedures/form/?procedure=7";
    const expired = await sessionCookie(MARIA, IDLE_MS + 1_000);
    const res = await run(formAction, await request(path, [expired], { form: { intent: "save", key: "k-12345678", dni: "30111222" } }));
    expect(res.headers.get("Location")).toBe("/auth/login");
    expect((await sessionStorage.getSession(cookieNamed(res, "av_session"))).get("pendingOrigin")).toBe(path);
    const draft = cookieNamed(res, "av_draft");
    const frame = await run(frameLoader, await request("/forms/index.html?procedure=7", [await sessionCookie(MARIA), draft]));
    const html = await frame.text();
    expect(html).toContain('value="30111222"');
    expect(html).toContain("Recuperamos lo que estabas escribiendo");
    expect(cookieNamed(frame, "av_draft")).toBe("av_draft=");
    const other = await run(frameLoader, await request("/forms/index.html?procedure=7", [await sessionCookie(OTHER), draft]));
    expect(await other.text()).not.toContain("30111222");
  });
});

describe("receipts", () => {
  it("a send that carries documents issues a receipt and the next page offers it", async () => {
    server.use(
      http.get(`${API}/api/v4/instances/:id/interactive/citizen`, () =>
        HttpResponse.json({
          result: {
            ...chat,
            current: {
              ...chat.current,
              documents: [
                {
                  id: "d1",
                  spec: { id: "d1", code: "d1", description: "DNI", validExtensions: [], tDocumento: null, form: null },
                  file: { id: "f1", name: "dni frente.pdf" },
                  isRequired: true,
                  status: "toSend",
                  reason: null,
                },
              ],
            },
          },
        }),
      ),
      http.put(`${API}/api/v4/instances/:id/interactive/citizen/update`, () => HttpResponse.json({ success: true })),
    );
    const res = await run(
      chatAction,
      await request("/procedures/chat/?instance=i-1", [await sessionCookie(MARIA)], {
        form: { intent: "send", message: "", procedureId: "102" },
      }),
    );
    expect(res.headers.get("Location")).toBe("/procedures");
    expect(issued).toEqual([{ kind: "documents", ref: "i-1" }]);
    const flash = cookieNamed(res, "av_receipt");
    expect(flash).toBeTruthy();
    const root = await run(rootLoader, await request("/procedures", [await sessionCookie(MARIA), flash]));
    expect((await root.json()).receipt).toEqual({ id: RECEIPT_ID, number: receipt.number });
    expect(cookieNamed(root, "av_receipt")).toBe("av_receipt=");
  });

  it("a send of text only issues no receipt", async () => {
    server.use(
      http.put(`${API}/api/v4/instances/:id/interactive/generic`, () => HttpResponse.json({ success: true, result: chat })),
      http.put(`${API}/api/v4/instances/:id/interactive/citizen/update`, () => HttpResponse.json({ success: true })),
    );
    const res = await run(
      chatAction,
      await request("/procedures/chat/?instance=i-1", [await sessionCookie(MARIA)], {
        form: { intent: "send", message: "Hola", procedureId: "102" },
      }),
    );
    expect(res.headers.get("Location")).toBe("/procedures");
    expect(issued).toEqual([]);
    expect(cookieNamed(res, "av_receipt")).toBeUndefined();
  });

  it("the receipt page shows the owner's receipt and is 404 for anyone else", async () => {
    const mine = await run(receiptLoader, await request(`/comprobantes/${RECEIPT_ID}`, [await sessionCookie(MARIA)]), { id: RECEIPT_ID });
    expect((await mine.json()).receipt.number).toBe(receipt.number);
    const theirs = await run(receiptLoader, await request(`/comprobantes/${RECEIPT_ID}`, [await sessionCookie(OTHER)]), { id: RECEIPT_ID });
    expect(theirs.status).toBe(404);
    const junk = await run(receiptLoader, await request("/comprobantes/..%2F..", [await sessionCookie(MARIA)]), { id: "../.." });
    expect(junk.status).toBe(404);
  });

  it("'Descargar PDF' is a real PDF with the receipt's text, a safe file name, never cached; 404 for another citizen", async () => {
    const res = await run(pdfLoader, await request(`/resources/comprobantes/${RECEIPT_ID}/pdf`, [await sessionCookie(MARIA)]), {
      id: RECEIPT_ID,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/pdf");
    const fileName = `comprobante-${receipt.number}.pdf`;
    expect(res.headers.get("Content-Disposition")).toBe(`attachment; filename="${fileName}"; filename*=UTF-8''${fileName}`);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe("%PDF-");
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getTitle()).toBe(`Comprobante ${receipt.number}`);
    const other = await run(pdfLoader, await request(`/resources/comprobantes/${RECEIPT_ID}/pdf`, [await sessionCookie(OTHER)]), {
      id: RECEIPT_ID,
    });
    expect(other.status).toBe(404);
  });
});
