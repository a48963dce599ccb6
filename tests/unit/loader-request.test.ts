import { createRequestHandler } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { buildRoute, serverBuild } from "./portal-build";

/**
 * Decision 091: the patch of Remix's server runtime hands every loader of a page the page's own
 * request (the per-request caches of the session, the configuration and the adhesion check key on
 * it); a URL with Remix's `index` or `_data` parameter still reaches the loaders without it.
 */
function recordingBuild() {
  const seen: { route: string; request: Request }[] = [];
  const loader =
    (route: string) =>
    ({ request }: { request: Request }) => {
      seen.push({ route, request });
      return { route };
    };
  const build = serverBuild(
    {
      root: buildRoute("root", "", undefined, { loader: loader("root"), default: () => null }),
      "routes/page": buildRoute("routes/page", "page", "root", { loader: loader("page"), default: () => null }),
      "routes/page._index": buildRoute(
        "routes/page._index",
        undefined,
        "routes/page",
        { loader: loader("index"), default: () => null },
        true,
      ),
    },
    { default: () => new Response("document", { headers: { "Content-Type": "text/html" } }) },
  );
  return { handler: createRequestHandler(build, "production"), seen };
}

describe("the request a loader gets", () => {
  it("is the page's request itself, the same for every loader of a document request", async () => {
    const { handler, seen } = recordingBuild();
    const request = new Request("http://portal.test/page?tab=pending&page=2");
    const answer = await handler(request);
    expect(answer.status).toBe(200);
    expect(seen.map((s) => s.route).sort()).toEqual(["index", "page", "root"]);
    expect(new Set(seen.map((s) => s.request)).size).toBe(1);
    expect(seen[0]!.request.url).toBe("http://portal.test/page?tab=pending&page=2");
  });

  it("has no `index` parameter of a form posted to an index route", async () => {
    const { handler, seen } = recordingBuild();
    await handler(new Request("http://portal.test/page?index&tab=pending"));
    expect(seen.length).toBeGreaterThan(0);
    for (const { request } of seen) expect(request.url).toBe("http://portal.test/page?tab=pending");
  });

  it("has no `_data` parameter on a data request", async () => {
    const { handler, seen } = recordingBuild();
    const answer = await handler(new Request("http://portal.test/page?tab=pending&_data=routes%2Fpage"));
    expect(await answer.json()).toEqual({ route: "page" });
    expect(seen.map((s) => s.request.url)).toEqual(["http://portal.test/page?tab=pending"]);
  });
});
