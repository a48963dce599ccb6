import { describe, expect, it } from "vitest";
import { crossSiteRefusal } from "~/lib/csrf.server";
import { readForm } from "~/lib/form.server";

/**
 * Posts no portal form makes: another site's (refused in front of Remix, whose own origin check
 * would answer a bare 500) and same-origin bodies that are not forms (415), a broken form (400).
 */
const BASE = "http://localhost:3000";

describe("cross-site posts, in front of Remix", () => {
  it("another site's post is 403 with the Spanish error page and the strict headers", async () => {
    for (const headers of [{ "Sec-Fetch-Site": "cross-site" }, { "Sec-Fetch-Site": "same-site" }, { Origin: "http://evil.test" }] as Record<
      string,
      string
    >[]) {
      for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
        const refusal = crossSiteRefusal(new Request(`${BASE}/procedures`, { method, headers }));
        expect(refusal?.status, `${method} ${JSON.stringify(headers)}`).toBe(403);
        expect(refusal!.headers.get("Cache-Control")).toBe("no-store");
        expect(refusal!.headers.get("Content-Security-Policy")).toContain("frame-ancestors 'self'");
        expect(await refusal!.text()).toContain("Hubo un error al cargar la página.");
      }
    }
  });

  it("lets same-origin posts and every GET through to Remix", () => {
    expect(
      crossSiteRefusal(new Request(`${BASE}/procedures`, { method: "POST", headers: { "Sec-Fetch-Site": "same-origin", Origin: BASE } })),
    ).toBeNull();
    expect(crossSiteRefusal(new Request(`${BASE}/procedures`, { method: "POST" }))).toBeNull();
    expect(crossSiteRefusal(new Request(`${BASE}/procedures`, { headers: { "Sec-Fetch-Site": "cross-site" } }))).toBeNull();
  });
});

describe("same-origin bodies that are not forms", () => {
  const post = (body: string, type: string) =>
    readForm(
      new Request(`${BASE}/procedures`, { method: "POST", body, headers: { "Content-Type": type, "Sec-Fetch-Site": "same-origin" } }),
    ).then(
      () => null,
      (error: unknown) => error as Response,
    );

  it("JSON and text/plain are 415, a missing type too", async () => {
    expect((await post('{"intent":"discard"}', "application/json"))?.status).toBe(415);
    expect((await post("intent=discard", "text/plain"))?.status).toBe(415);
    expect((await post("intent=discard", ""))?.status).toBe(415);
  });

  it("a broken multipart form is 400, never a 500", async () => {
    expect((await post("--x\r\nbroken", "multipart/form-data; boundary=x"))?.status).toBe(400);
  });
});
