import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { csrf, pageToken } from "~/lib/csrf.server";

// Decision 095: the token is made with node:crypto; remix-utils checks a post's with crypto-js.
const pageRequest = (cookie?: string) => new Request("http://localhost:3000/", { headers: cookie ? { Cookie: cookie } : {} });
const cookiePair = (setCookie: string) => setCookie.split(";")[0]!;

async function postWith(cookie: string, token: string) {
  const form = new FormData();
  form.set("csrf", token);
  await csrf.validate(form, new Headers({ Cookie: cookie }));
}

describe("the CSRF token (decision 095)", () => {
  it("is 32 random bytes and their HMAC-SHA256 with the secret, both base64url", () => {
    const token = csrf.generate();
    const [value, signature] = token.split(".") as [string, string];
    expect(value).toMatch(/^[\w-]{43}$/);
    expect(Buffer.from(value, "base64url")).toHaveLength(32);
    expect(signature).toBe(createHmac("sha256", process.env.SESSION_SECRET!).update(value).digest("base64url"));
    expect(csrf.generate()).not.toBe(token);
  });

  it("gives a visitor without one a token and its cookie, which a post passes with (remix-utils checks it with crypto-js)", async () => {
    const [token, setCookie] = await pageToken(pageRequest());
    expect(setCookie).toMatch(/^av_csrf=/);
    await expect(postWith(cookiePair(setCookie!), token)).resolves.toBeUndefined();
    await expect(postWith(cookiePair(setCookie!), csrf.generate())).rejects.toThrow();
  });

  it("reads the token of the cookie the browser sends, every page the same, without a new cookie", async () => {
    const [token, setCookie] = await pageToken(pageRequest());
    const cookie = `av_session=x; ${cookiePair(setCookie!)}`;
    for (let i = 0; i < 3; i++) expect(await pageToken(pageRequest(cookie))).toEqual([token, null]);
    const [other] = await pageToken(pageRequest(cookiePair((await pageToken(pageRequest()))[1]!)));
    expect(other).not.toBe(token);
  });

  it("replaces a cookie that is not the portal's (a changed value) with a new token", async () => {
    const [token, setCookie] = await pageToken(pageRequest());
    const pair = cookiePair(setCookie!);
    const at = "av_csrf=".length + 10; // a character of the token itself, inside the signed value
    const tampered = `${pair.slice(0, at)}${pair[at] === "A" ? "B" : "A"}${pair.slice(at + 1)}`;
    for (let i = 0; i < 2; i++) {
      const [fresh, freshCookie] = await pageToken(pageRequest(tampered));
      expect(fresh).not.toBe(token);
      expect(freshCookie).toMatch(/^av_csrf=/);
    }
  });
});
