/// <reference types="vite/client" />
import { setupServer } from "msw/node";
import { http, HttpResponse } from "msw";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { API, happy } from "../mocks/api";
import { failOnUnhandled, settle, signedInRequest, argsOf } from "./helpers";
import { action as logoutAction } from "~/routes/auth.logout";
import { csrf } from "~/lib/csrf.server";

let revoked = 0;
const server = setupServer(
  ...happy,
  http.post(`${API}/api/security/logout`, () => {
    revoked++;
    return new HttpResponse(null, { status: 204 });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: failOnUnhandled }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

async function logoutRequest(options: { site?: string; origin?: string; token?: "valid" | "wrong" | "none" }) {
  const [token, cookie] = await csrf.commitToken();
  const body = new URLSearchParams();
  if (options.token === "valid") body.set("csrf", token);
  if (options.token === "wrong") body.set("csrf", "not-the-token");
  const headers = new Headers({ "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie!.split(";")[0]! });
  if (options.site) headers.set("Sec-Fetch-Site", options.site);
  if (options.origin) headers.set("Origin", options.origin);
  return signedInRequest("http://localhost:3000/auth/logout", { method: "POST", body, headers });
}

const run = (request: Request) => settle(() => logoutAction(argsOf(request)));

describe("CSRF on form posts (sign-out as the example)", () => {
  it("refuses a cross-site post before reading it", async () => {
    const response = await run(await logoutRequest({ site: "cross-site", token: "valid" }));
    expect(response.status).toBe(403);
  });

  it("refuses a post from another origin when the browser sends no Sec-Fetch-Site", async () => {
    const response = await run(await logoutRequest({ origin: "https://evil.example", token: "valid" }));
    expect(response.status).toBe(403);
  });

  it("refuses a same-origin post without the token or with a wrong one", async () => {
    expect((await run(await logoutRequest({ site: "same-origin", token: "none" }))).status).toBe(403);
    expect((await run(await logoutRequest({ site: "same-origin", token: "wrong" }))).status).toBe(403);
    expect(revoked).toBe(0);
  });

  it("signs out with a valid token: revokes the token, clears the session, posts the end-session request", async () => {
    const response = await run(await logoutRequest({ site: "same-origin", token: "valid" }));
    expect(response.status).toBe(200);
    const { endSession } = await response.clone().json();
    expect(endSession.action).toBe("http://idp.test/session/end");
    expect(endSession.fields).toMatchObject({ id_token_hint: "id", post_logout_redirect_uri: "http://localhost:3000/" });
    expect(response.headers.get("Set-Cookie")).toMatch(/av_session=;.*Max-Age=0|av_session=;.*Expires=Thu, 01 Jan 1970/);
    expect(response.headers.get("Clear-Site-Data")).toContain('"cache"');
    expect(revoked).toBe(1);
  });
});

describe("CSRF on every action, before any body is read (decision 005)", () => {
  const routes = import.meta.glob<Record<string, unknown>>("../../app/routes/*.{ts,tsx}");

  /** A body that records whether anything read it. */
  function watchedBody() {
    const state = { pulls: 0 };
    const stream = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          state.pulls++;
          if (state.pulls > 200) return controller.close(); // 200 × 256 kB: a 50 MB upload
          controller.enqueue(new Uint8Array(256 * 1024));
        },
      },
      { highWaterMark: 0 },
    );
    return { stream, state };
  }

  it("finds the route modules", () => {
    expect(Object.keys(routes).length).toBeGreaterThan(20);
  });

  it("every route with an action refuses a cross-site post with 403 and never reads its body", { timeout: 30_000 }, async () => {
    const checked: string[] = [];
    const revokedBefore = revoked;
    for (const [file, importer] of Object.entries(routes)) {
      const mod = await importer();
      if (typeof mod.action !== "function") continue;
      for (const headers of [{ "Sec-Fetch-Site": "cross-site" }, { Origin: "https://evil.example" }] as Record<string, string>[]) {
        const { stream, state } = watchedBody();
        const request = await signedInRequest(
          "http://localhost:3000/procedures/chat/?instance=i-1&procedure=1&file=11111111-2222-3333-4444-555555555555",
          {
            method: "POST",
            body: stream,
            headers: { "Content-Type": "multipart/form-data; boundary=x", ...headers },
            // Node's Request needs this for a streamed body.
            duplex: "half",
          } as RequestInit,
        );
        const response = await settle(async () =>
          (mod.action as (args: unknown) => Promise<unknown>)(argsOf(request, { accion: "adhesion", fileId: "f-1" })),
        );
        expect(response.status, `${file} ${JSON.stringify(headers)}`).toBe(403);
        expect(state.pulls, `${file} read the body of a cross-site post`).toBe(0);
      }
      checked.push(file);
    }
    expect(checked.length).toBeGreaterThanOrEqual(10);
    expect(revoked).toBe(revokedBefore);
  });

  it("a same-origin upload with a wrong token is refused when its file starts, leaving no temporary file", async () => {
    const os = await import("node:os");
    const fs = await import("node:fs");
    const before = new Set(fs.readdirSync(os.tmpdir()).filter((n) => n.startsWith("av-upload-")));
    const { action } = await import("~/routes/resources.records.upload");
    const [, cookie] = await csrf.commitToken();
    const form = new FormData();
    form.set("csrf", "not-the-token");
    form.set("file", new File([new Uint8Array(5 * 1024 * 1024)], "grande.pdf", { type: "application/pdf" }));
    // The bytes a browser sends (a FormData body of undici's own cannot be cancelled cleanly mid-read).
    const encoded = new Response(form);
    const request = await signedInRequest("http://localhost:3000/resources/records/upload", {
      method: "POST",
      body: Buffer.from(await encoded.arrayBuffer()),
      headers: {
        "Sec-Fetch-Site": "same-origin",
        "Content-Type": encoded.headers.get("Content-Type")!,
        Cookie: cookie!.split(";")[0]!,
      },
    });
    const response = await settle(() => action(argsOf(request)));
    expect(response.status).toBe(403);
    const after = fs.readdirSync(os.tmpdir()).filter((n) => n.startsWith("av-upload-") && !before.has(n));
    expect(after).toEqual([]);
  });
});

describe("no state change on GET", () => {
  it("no loader makes a POST, PUT or DELETE call to the API", { timeout: 30_000 }, async () => {
    const calls: string[] = [];
    server.use(
      http.all(`${API}/*`, ({ request }) => {
        if (request.method !== "GET") calls.push(`${request.method} ${new URL(request.url).pathname}`);
        return undefined;
      }),
      // Past the startup calls (happy), every read fails: each loader goes as far as its first data call.
      http.get(`${API}/*`, ({ request }) =>
        /\/(get_roles|config|get-user-self-da\/\d+)$/.test(new URL(request.url).pathname)
          ? undefined
          : HttpResponse.json({ code: "X" }, { status: 500 }),
      ),
      http.all("http://idp.test/*", () => HttpResponse.json({}, { status: 500 })),
    );
    // The sign-in callback's loader meets the failing identity provider and says so in the log.
    const logged = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    const routes = import.meta.glob<Record<string, unknown>>("../../app/routes/*.{ts,tsx}");
    let loaders = 0;
    for (const importer of Object.values(routes)) {
      const mod = await importer();
      if (typeof mod.loader !== "function") continue;
      loaders++;
      const request = await signedInRequest("http://localhost:3000/procedures?instance=i-1&code=2026-000001&file=f-1&procedure=1");
      await settle(async () =>
        (mod.loader as (args: unknown) => Promise<unknown>)(
          argsOf(request, { accion: "adhesion", fileId: "f-1", page: "1", id: "x", version: "4", file: "pdf.min.mjs" }),
        ),
      ).catch(() => undefined);
    }
    const lines = logged.mock.calls.map(([chunk]) => String(chunk));
    logged.mockRestore();
    const failed = lines
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as { msg: string; error: { name: string } })
      .find((l) => l.msg === "sign-in callback failed");
    expect(failed?.error.name).toBe("ClientError");
    expect(loaders).toBeGreaterThan(20);
    expect(calls).toEqual([]);
  });
});
