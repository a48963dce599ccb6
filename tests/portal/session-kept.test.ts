import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { API, CUIL, happy, notAdhered, user } from "../mocks/api";
import { argsOf, failOnUnhandled, post, settle, signedInRequest } from "./helpers";
import { requireAdhered } from "~/lib/guards.server";
import { loadRoot } from "~/features/shell/root.server";
import { IDLE_MS, LAST_SEEN_STEP_MS, sessionStorage, type SessionData } from "~/lib/session.server";
import { action as settingsAction } from "~/routes/digital.settings";

/**
 * Decision 002: the roles call's citizen and a yes of the adhesion check are kept in the session once
 * answered, so a page does not ask for them again; a no is asked again on every page, and a change of
 * contact data drops the kept citizen.
 */
const server = setupServer(...happy);
const calls: string[] = [];
server.events.on("request:start", ({ request }) => calls.push(new URL(request.url).pathname));
beforeAll(() => server.listen({ onUnhandledRequest: failOnUnhandled }));
afterEach(() => {
  server.resetHandlers();
  calls.length = 0;
});
afterAll(() => server.close());

const ROLES = "/api/security/user/get_roles";
const ADHESION = `/api/dd/v1/users/get-user-self-da/${CUIL}`;
const count = (path: string) => calls.filter((p) => p === path).length;
const kept = { user: { cn: user.cn, cuil: CUIL, email: user.email, telephone: null }, adhered: true as const };

/** A document request: the root loader and a guarded page's startup rule, with the request's one load context. */
async function page(request: Request) {
  const args = argsOf(request);
  const [root] = await Promise.all([loadRoot(args), settle(async () => (await requireAdhered(args, "procedures"), new Response()))]);
  return root;
}

const sessionCookieOf = (response: Response) => response.headers.getSetCookie().find((c) => c.includes("av_session="));

async function sessionOf(response: Response): Promise<Partial<SessionData>> {
  const cookie = sessionCookieOf(response);
  expect(cookie, "the session cookie is committed").toBeDefined();
  return (await sessionStorage.getSession(cookie)).data as Partial<SessionData>;
}

describe("what a session keeps of the startup calls", () => {
  it("a new session asks roles and adhesion once for the page, then keeps both", async () => {
    const response = await page(await signedInRequest("http://localhost:3000/procedures"));
    expect(count(ROLES)).toBe(1);
    expect(count(ADHESION)).toBe(1); // shared by the root loader and the guard
    const session = await sessionOf(response);
    expect(session.user).toEqual(kept.user);
    expect(session.adhered).toBe(true);
    expect((await response.json()).user).toEqual(kept.user);
  });

  it("a session that knows them asks neither", async () => {
    const response = await page(await signedInRequest("http://localhost:3000/procedures", { kept }));
    expect(count(ROLES)).toBe(0);
    expect(count(ADHESION)).toBe(0);
    expect((await response.json()).user).toEqual(kept.user);
  });

  it("a no of the adhesion check is not kept: the next page asks again", async () => {
    server.use(notAdhered);
    const response = await page(await signedInRequest("http://localhost:3000/procedures", { kept: { user: kept.user } }));
    expect(count(ADHESION)).toBe(1);
    // Nothing new to keep and the idle timer moved less than a minute: no session cookie at all.
    expect(sessionCookieOf(response)).toBeUndefined();
    const later = await page(
      await signedInRequest("http://localhost:3000/procedures", { kept: { user: kept.user }, lastSeen: Date.now() - LAST_SEEN_STEP_MS }),
    );
    expect((await sessionOf(later)).adhered).toBeUndefined();
  });

  it("saving the contact data drops the kept citizen (the e-mail shown changes) and keeps the adhesion", async () => {
    server.use(
      http.get(`${API}/api/dd/v1/users/get_contact_info/:cuil`, () =>
        HttpResponse.json({ data: { user_id: CUIL, first_name: "María", last_name: "Gómez", emails: ["nueva@example.com"], phones: [] } }),
      ),
      http.put(`${API}/api/dd/v1/users/set-self-da`, () => HttpResponse.json({ data: {} })),
    );
    const response = await post(
      settingsAction,
      "/digital/settings",
      [
        ["email", "nueva@example.com"],
        ["phone", ""],
      ],
      undefined,
      kept,
    );
    expect(response.headers.get("Location")).toBe("/digital/confirm/update");
    const session = await sessionOf(response);
    expect(session.user).toBeUndefined();
    expect(session.adhered).toBe(true);
    expect(session.cuil).toBe(CUIL);
  });
});

describe("the session cookie is written when it has news (decision 076)", () => {
  it("a page within a minute of the last write sends none; a minute later it moves the idle timer", async () => {
    const fresh = await page(await signedInRequest("http://localhost:3000/procedures", { kept, lastSeen: Date.now() - 30_000 }));
    expect(fresh.status).toBe(200);
    expect(sessionCookieOf(fresh)).toBeUndefined();
    const session = (await fresh.json()).session as { remainingMs: number };
    // The deadline counts from the lastSeen the cookie holds, never from a later time it does not.
    expect(session.remainingMs).toBeLessThanOrEqual(IDLE_MS - 30_000);

    const before = Date.now();
    const stale = await page(await signedInRequest("http://localhost:3000/procedures", { kept, lastSeen: before - LAST_SEEN_STEP_MS }));
    expect((await sessionOf(stale)).lastSeen).toBeGreaterThanOrEqual(before);
  });

  it("reads the cookie once for every loader of a request", async () => {
    const request = await signedInRequest("http://localhost:3000/procedures", { kept });
    const decrypt = vi.spyOn(sessionStorage, "getSession");
    await page(request);
    expect(decrypt).toHaveBeenCalledTimes(1);
    decrypt.mockRestore();
  });
});
