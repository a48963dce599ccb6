import { createRequestHandler, json, type EntryContext } from "@remix-run/node";
import { afterEach, describe, expect, it, vi } from "vitest";
import { buildRoute, serverBuild } from "./portal-build";

/**
 * Decision 095: the patch of @remix-run/router reads a loader's `json()` answer back, for a document
 * request, from the JSON text it was written from, not through the Response's body. The data the
 * page renders must be what the body would have given: JSON's own reading of the same text.
 */
const data = {
  at: new Date("2026-11-27T05:00:00.000Z"),
  text: "Atención: «señal» </script> \u2028",
  nested: [{ n: 1, gone: undefined }, null, 2.5],
};

function capturingBuild() {
  const rendered: Record<string, unknown>[] = [];
  const build = serverBuild(
    {
      root: buildRoute("root", "", undefined, { loader: () => json({ root: true }), default: () => null }),
      "routes/page": buildRoute("routes/page", "page", "root", {
        loader: () => json(data),
        default: () => null,
      }),
    },
    {
      default: (_request: Request, status: number, headers: Headers, context: EntryContext) => {
        rendered.push(context.staticHandlerContext.loaderData);
        return new Response("document", { status, headers });
      },
    },
  );
  return { handler: createRequestHandler(build, "production"), rendered };
}

afterEach(() => vi.restoreAllMocks());

describe("a loader's JSON answer read back for a document request", () => {
  it("gives the page the data JSON reads from the same text, without reading the body", async () => {
    const { handler, rendered } = capturingBuild();
    const bodyRead = vi.spyOn(Response.prototype, "json");
    const answer = await handler(new Request("http://portal.test/page"));
    expect(answer.status).toBe(200);
    expect(rendered).toEqual([{ root: { root: true }, "routes/page": JSON.parse(JSON.stringify(data)) }]);
    expect(rendered[0]!["routes/page"]).toMatchObject({ at: "2026-11-27T05:00:00.000Z", nested: [{ n: 1 }, null, 2.5] });
    expect(bodyRead).not.toHaveBeenCalled();
  });

  it("still sends the whole body to a data request", async () => {
    const { handler } = capturingBuild();
    const answer = await handler(new Request("http://portal.test/page?_data=routes%2Fpage"));
    expect(await answer.text()).toBe(JSON.stringify(data));
  });

  it("reads a Response that json() did not make through its body, as before", async () => {
    const build = serverBuild(
      {
        root: buildRoute("root", "", undefined, { default: () => null }),
        "routes/page": buildRoute("routes/page", "page", "root", {
          loader: () => new Response('{"made":"by hand"}', { headers: { "Content-Type": "application/json" } }),
          default: () => null,
        }),
      },
      {
        default: (_request: Request, status: number, headers: Headers, context: EntryContext) =>
          new Response(JSON.stringify(context.staticHandlerContext.loaderData), { status, headers }),
      },
    );
    const answer = await createRequestHandler(build, "production")(new Request("http://portal.test/page"));
    expect(await answer.json()).toEqual({ root: null, "routes/page": { made: "by hand" } });
  });
});
