import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { AgnosticRouteObject } from "@remix-run/router";
import { describe, expect, it } from "vitest";

/**
 * Decision 081: the server's route matching keeps each route tree's ranked branches and each path's
 * regular expression (patches/@remix-run+router+1.23.3.patch, applied by `npm ci`'s postinstall).
 * The server loads the CommonJS build, the one the patch changes.
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
    expect(readFileSync(routerFile, "utf8"), "run `npm ci` (its postinstall applies patches/)").toContain(
      "function rankedBranches(routes)",
    );
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

  it("returns the routes of the tree it was given", () => {
    const first = tree();
    const second = tree();
    expect(matchRoutes(first, "/digital")![1]!.route).toBe(first[0]!.children![1]);
    expect(matchRoutes(second, "/digital")![1]!.route).toBe(second[0]!.children![1]);
  });
});
