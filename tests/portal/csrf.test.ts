import { setupServer } from "msw/node";
import { http, HttpResponse } from "msw";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { API, happy } from "../mocks/api";
import { settle, signedInRequest } from "./helpers";
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
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
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

const run = (request: Request) => settle(() => logoutAction({ request, params: {}, context: {} }));

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

  it("signs out with a valid token: revokes the token, clears the session, goes to the logout URL", async () => {
    const response = await run(await logoutRequest({ site: "same-origin", token: "valid" }));
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("Location")!);
    expect(location.origin + location.pathname).toBe("http://idp.test/session/end");
    expect(location.searchParams.get("id_token_hint")).toBe("id");
    expect(location.searchParams.get("post_logout_redirect_uri")).toBe("http://localhost:3000/");
    expect(response.headers.get("Set-Cookie")).toMatch(/av_session=;.*Max-Age=0|av_session=;.*Expires=Thu, 01 Jan 1970/);
    expect(response.headers.get("Clear-Site-Data")).toContain('"cache"');
    expect(revoked).toBe(1);
  });
});
