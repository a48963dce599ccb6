import { createCookie } from "@remix-run/node";
import { CSRF } from "remix-utils/csrf/server";
import { describe, expect, it } from "vitest";
import { assertToken, csrf, pageToken } from "~/lib/csrf.server";

// Decision 099: remix-utils makes the token, sets its cookie and checks a post's, all by itself.
const pageRequest = (cookie?: string) => new Request("http://localhost:3000/", { headers: cookie ? { Cookie: cookie } : {} });
const cookiePair = (setCookie: string) => setCookie.split(";")[0]!;

async function postWith(cookie: string, token: string) {
  const form = new FormData();
  form.set("csrf", token);
  await assertToken(form, new Request("http://localhost:3000/digital", { method: "POST", headers: { Cookie: cookie } }));
}

describe("the CSRF token (decision 099)", () => {
  it("gives a visitor without one a token and its cookie, which a post passes with; another token does not", async () => {
    const [token, setCookie] = await pageToken(pageRequest());
    expect(setCookie).toMatch(/^av_csrf=/);
    await expect(postWith(cookiePair(setCookie!), token)).resolves.toBeUndefined();
    await expect(postWith(cookiePair(setCookie!), csrf.generate())).rejects.toThrow("CSRF: mismatched_token");
  });

  it("a token passes only with its own cookie, not with another visitor's", async () => {
    const [mine, myCookie] = await pageToken(pageRequest());
    const [theirs, theirCookie] = await pageToken(pageRequest());
    expect(theirs).not.toBe(mine);
    await expect(postWith(cookiePair(theirCookie!), mine)).rejects.toThrow("CSRF: mismatched_token");
    await expect(postWith(cookiePair(myCookie!), theirs)).rejects.toThrow("CSRF: mismatched_token");
    await expect(postWith("", mine)).rejects.toThrow("CSRF: missing_token_in_cookie");
  });

  it("reads the token of the cookie the browser sends, every page the same, without a new cookie", async () => {
    const [token, setCookie] = await pageToken(pageRequest());
    const cookie = `av_session=x; ${cookiePair(setCookie!)}`;
    for (let i = 0; i < 3; i++) expect(await pageToken(pageRequest(cookie))).toEqual([token, null]);
  });

  it("replaces a cookie that is not the portal's (a changed value) with a new token", async () => {
    const [token, setCookie] = await pageToken(pageRequest());
    const pair = cookiePair(setCookie!);
    const at = "av_csrf=".length + 10; // a character of the token itself, inside the signed value
    const tampered = `${pair.slice(0, at)}${pair[at] === "A" ? "B" : "A"}${pair.slice(at + 1)}`;
    await expect(postWith(tampered, token)).rejects.toThrow("CSRF: missing_token_in_cookie");
    const [fresh, freshCookie] = await pageToken(pageRequest(tampered));
    expect(fresh).not.toBe(token);
    expect(freshCookie).toMatch(/^av_csrf=/);
  });

  it("refuses a token not signed with the portal's secret, even in a cookie the portal signed", async () => {
    const portalCookie = createCookie("av_csrf", { path: "/", httpOnly: true, sameSite: "lax", secrets: [process.env.SESSION_SECRET!] });
    const token = new CSRF({ cookie: portalCookie, secret: "not-the-portal-s-secret-0123456789abcdef" }).generate();
    const cookie = cookiePair(await portalCookie.serialize(token));
    await expect(postWith(cookie, token)).rejects.toThrow("CSRF: tampered_token_in_cookie");
  });
});
