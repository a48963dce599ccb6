import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { AgnosticRouteObject } from "@remix-run/router";
import { describe, expect, it } from "vitest";

/**
 * Decision 081: the server's route matching keeps each route tree's ranked branches (and, decision
 * 086, the matches of the paths last matched against it) and each path's regular expression (patches/@remix-run+router+1.23.3.patch, applied by `npm ci`'s postinstall).
 * Decision 082: the render's route trees are made once per build (patches/@remix-run+react+2.17.5.patch
 * and patches/react-router-dom+6.30.4.patch), so those kept branches serve the render too.
 * The server loads the CommonJS builds, the ones the patches change.
 */
const require = createRequire(import.meta.url);
const routerFile = require.resolve("@remix-run/router");
const { matchRoutes } = require(routerFile) as typeof import("@remix-run/router");

type Route = AgnosticRouteObject;
const tree = (): Route[] => [
  {
    id: "root",
    path: "",
    children: [
      { id: "home", index: true },
      { id: "digital", path: "digital" },
      { id: "digital.$code", path: "digital/:code" },
      { id: "records", path: "records", children: [{ id: "records.manager", path: "manager" }] },
      { id: "Ayuda", path: "Ayuda", caseSensitive: true },
      { id: "splat", path: "*" },
    ],
  },
];
const ids = (routes: Route[], path: string) => matchRoutes(routes, path)?.map((m) => [m.route.id, m.params]);

describe("route matching on the server (decision 081)", () => {
  it("runs the patched router", () => {
    expect(routerFile).toMatch(/router\.cjs\.js$/);
    expect(readFileSync(routerFile, "utf8"), "run `npm ci` (its postinstall applies patches/)").toContain("function keptTree(routes)");
  });

  it("matches a kept tree as a fresh one, call after call", () => {
    const kept = tree();
    const paths = ["/", "/digital", "/digital/2026-000001", "/records/manager", "/records/", "/ayuda", "/Ayuda", "/nada/mas"];
    const expected = [
      [
        ["root", {}],
        ["home", {}],
      ],
      [
        ["root", {}],
        ["digital", {}],
      ],
      [
        ["root", { code: "2026-000001" }],
        ["digital.$code", { code: "2026-000001" }],
      ],
      [
        ["root", {}],
        ["records", {}],
        ["records.manager", {}],
      ],
      [
        ["root", {}],
        ["records", {}],
      ],
      [
        ["root", { "*": "ayuda" }],
        ["splat", { "*": "ayuda" }],
      ],
      [
        ["root", {}],
        ["Ayuda", {}],
      ],
      [
        ["root", { "*": "nada/mas" }],
        ["splat", { "*": "nada/mas" }],
      ],
    ];
    for (let round = 0; round < 3; round++) {
      expect(paths.map((p) => ids(kept, p))).toEqual(expected);
      expect(paths.map((p) => ids(tree(), p))).toEqual(expected);
    }
  });

  it("hands out each kept match as a copy of its own, params shared within it as the router makes them (decision 086)", () => {
    const kept = tree();
    const first = matchRoutes(kept, "/digital/2026-000001")!;
    expect(first[0]!.params).toBe(first[1]!.params);
    (first[1]!.params as Record<string, string>).code = "changed";
    first[0]!.pathname = "/changed";
    first.pop();
    const second = matchRoutes(kept, "/digital/2026-000001")!;
    expect(second.map((m) => [m.route.id, m.params, m.pathname])).toEqual([
      ["root", { code: "2026-000001" }, "/"],
      ["digital.$code", { code: "2026-000001" }, "/digital/2026-000001"],
    ]);
    expect(second[0]!.params).toBe(second[1]!.params);
    expect(second[1]!.route).toBe(kept[0]!.children![2]);
    // A path no route takes is kept as such, and a basename still applies.
    expect(matchRoutes([{ id: "only", path: "/a" }], "/b")).toBeNull();
    expect(matchRoutes(kept, "/portal/digital", "/portal")!.map((m) => m.route.id)).toEqual(["root", "digital"]);
    expect(matchRoutes(kept, "/otro/digital", "/portal")).toBeNull();
  });

  it("returns the routes of the tree it was given", () => {
    const first = tree();
    const second = tree();
    expect(matchRoutes(first, "/digital")![1]!.route).toBe(first[0]!.children![1]);
    expect(matchRoutes(second, "/digital")![1]!.route).toBe(second[0]!.children![1]);
  });
});

describe("the render's route trees, kept per build (decision 082)", () => {
  const remixServerFile = require.resolve("@remix-run/react/dist/server.js");
  const routerDomServerFile = require.resolve("react-router-dom/server.js");
  const { createStaticRouter } = require(routerDomServerFile) as typeof import("react-router-dom/server");
  const { createStaticHandler } = require(routerFile) as typeof import("@remix-run/router");

  it("runs the patched Remix server render and static router", () => {
    expect(readFileSync(remixServerFile, "utf8"), "run `npm ci`").toContain("function serverRoutesOf(");
    expect(readFileSync(routerDomServerFile, "utf8"), "run `npm ci`").toContain("let dataRoutesCache = new WeakMap()");
  });

  it("gives every render of one tree the same data routes, each render its own matches and state", async () => {
    const routes = [
      {
        id: "root",
        path: "/",
        loader: () => ({ shell: true }),
        children: [
          { id: "digital", path: "digital", loader: ({ request }: { request: Request }) => ({ url: request.url }) },
          { id: "records", path: "records", loader: () => ({ records: 3 }) },
        ],
      },
    ];
    const handler = createStaticHandler(routes);
    const contextOf = async (path: string) => {
      const context = await handler.query(new Request(`http://portal.test${path}`));
      if (context instanceof Response) throw new Error("unexpected redirect");
      return context;
    };
    const first = createStaticRouter(routes, await contextOf("/digital"));
    const second = createStaticRouter(routes, await contextOf("/records"));
    expect(second.routes).toBe(first.routes);
    expect(first.state.matches.map((m) => m.route.id)).toEqual(["root", "digital"]);
    expect(second.state.matches.map((m) => m.route.id)).toEqual(["root", "records"]);
    // The matches carry the kept data routes, the state this request's data.
    expect(first.state.matches[1]!.route).toBe(first.routes[0]!.children![0]);
    expect(first.state.loaderData).toEqual({ root: { shell: true }, digital: { url: "http://portal.test/digital" } });
    expect(second.state.loaderData).toEqual({ root: { shell: true }, records: { records: 3 } });
    // Another tree gets data routes of its own.
    expect(createStaticRouter([...routes], await contextOf("/digital")).routes).not.toBe(first.routes);
  });
});
