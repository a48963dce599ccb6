import { createRequestHandler, type AppLoadContext } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { newLoadContext } from "~/api/load-context.server";
import { buildRoute, serverBuild } from "./portal-build";

/**
 * Decision 076: what a request keeps for all its loaders (the session opened, the configuration and
 * the adhesion asked) is kept in its load context, which Remix hands every loader of the request as
 * it was given, while each loader gets a copy of the request; a URL with Remix's `index` or `_data`
 * parameter reaches the loaders without it.
 */
function recordingBuild() {
  const seen: { route: string; request: Request; context: AppLoadContext }[] = [];
  const loader =
    (route: string) =>
    ({ request, context }: { request: Request; context: AppLoadContext }) => {
      seen.push({ route, request, context });
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
  it("comes with the request's load context itself, the same for every loader of a document request", async () => {
    const { handler, seen } = recordingBuild();
    const context = newLoadContext();
    const answer = await handler(new Request("http://portal.test/page?tab=pending&page=2"), context);
    expect(answer.status).toBe(200);
    expect(seen.map((s) => s.route).sort()).toEqual(["index", "page", "root"]);
    for (const one of seen) expect(one.context).toBe(context);
    for (const one of seen) expect(one.request.url).toBe("http://portal.test/page?tab=pending&page=2");
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
