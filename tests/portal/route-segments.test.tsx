import path from "node:path";
import { flatRoutes } from "@remix-run/dev/dist/config/flat-routes.js";
import { json, type LoaderFunctionArgs, type ServerBuild } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, useLoaderData } from "@remix-run/react";
import { describe, expect, it } from "vitest";
import { appBuild, buildRoute } from "../unit/portal-build";
import { servedPortal } from "./helpers";
import remixConfig from "../../remix.config.js";
import * as entry from "~/entry.server";
import { handlerPerSegment } from "../../portal/route-segments";

/**
 * Decision 044: the portal answers through one Remix handler per first path segment, each over the
 * routes that segment can match. Over the portal's own route table (read from app/routes by Remix's
 * flat-routes convention, as the compiler reads it), every route family is asked the same requests
 * through the portal served with the handlers per segment and served with one handler over the
 * whole build: the answers are the same, byte for byte once the page's nonce is set aside.
 */
const table = flatRoutes(path.resolve("app"), remixConfig.ignoredRouteFiles);

const echo = ({ params, request }: LoaderFunctionArgs, id: string) => ({ id, params, path: new URL(request.url).pathname });
function Page() {
  const data = useLoaderData<ReturnType<typeof echo>>();
  return <pre>{JSON.stringify(data)}</pre>;
}
const root = buildRoute("root", "", undefined, {
  loader: (args: LoaderFunctionArgs) => json(echo(args, "root")),
  default: () => (
    <html lang="es-AR">
      <head>
        <Meta />
        <Links />
      </head>
      <body>
        <Outlet />
        <Scripts />
      </body>
    </html>
  ),
});
const routes = Object.fromEntries(
  Object.values(table).map((r) => {
    // A `.ts` route of the portal is a resource route; a `.tsx` one renders (the catch-all with a 404).
    const resource = r.file.endsWith(".ts");
    const status = r.id === "routes/$" ? 404 : 200;
    const module = resource
      ? { loader: (args: LoaderFunctionArgs) => new Response(JSON.stringify(echo(args, r.id)), { status }) }
      : { loader: (args: LoaderFunctionArgs) => json(echo(args, r.id), { status }), default: Page };
    return [r.id, buildRoute(r.id, r.path, r.parentId, module, r.index === true)];
  }),
);
const buildWith = (lazyRouteDiscovery: boolean): ServerBuild => ({
  ...appBuild({ root, ...routes }, entry),
  future: { ...remixConfig.future, v3_lazyRouteDiscovery: lazyRouteDiscovery } as ServerBuild["future"],
});
const build = buildWith(remixConfig.future?.v3_lazyRouteDiscovery === true);
// Both ways of lazy route discovery: the portal's, and the other (its partial manifest in every page, `/__manifest`).
const served = [false, true].map((lazy) => ({
  lazy,
  perSegment: servedPortal(buildWith(lazy)),
  whole: servedPortal(buildWith(lazy), { perSegment: false }),
}));

/** A path each route matches: its own, parameters and splats filled in. */
function pathOf(id: string): string {
  const own = (r: (typeof table)[string] | undefined): string[] =>
    r ? [...own(r.parentId ? table[r.parentId] : undefined), ...(r.path ?? "").split("/").filter(Boolean)] : [];
  return `/${own(table[id])
    .map((s) => (s.startsWith(":") ? "v1" : s === "*" ? "a/b" : s))
    .join("/")}`;
}

async function answer(base: string, url: string) {
  const response = await fetch(`${base}${url}`, { redirect: "manual", headers: { "accept-encoding": "identity" } });
  const nonce = /nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
  const headers = Object.fromEntries(
    [...response.headers].filter(([name]) => !["date", "x-request-id", "content-security-policy", "keep-alive"].includes(name)),
  );
  const body = await response.text();
  return { status: response.status, headers, body: nonce ? body.replaceAll(nonce, "NONCE") : body };
}

describe("one Remix handler per first path segment (decision 044)", () => {
  const urls = [
    ...Object.keys(table).flatMap((id) => {
      const url = pathOf(id);
      return table[id]!.file.endsWith(".ts") ? [url] : [url, `${url}?_data=${encodeURIComponent(id)}`, `${url}?_data=root`];
    }),
    // Past the table: unknown segments, other spellings of a known one, and the router's own requests.
    "/",
    "/nada",
    "/nada/mas",
    "/DIGITAL/Summary",
    "/digit%61l/summary",
    "/digital/../procedures",
    "/digital/%2e%2e/procedures/chat",
    "/digital%2Fsummary",
    "/digital/no-existe",
    "/procedures/available/no-existe?x=1",
    "/__manifest?p=%2Fdigital&p=%2Fprocedures%2Fchat&p=%2Frecords%2Fmanager&version=1",
  ];

  it("answers every route family as the handler of the whole build does", async () => {
    expect(Object.keys(table).length).toBeGreaterThan(40);
    for (const { lazy, perSegment, whole } of served) {
      for (const url of urls) {
        const [a, b] = [await answer(perSegment.base, url), await answer(whole.base, url)];
        expect({ lazy, url, ...a }).toEqual({ lazy, url, ...b });
      }
      // The families are really there: a page, a resource, a parameter, the catch-all's 404.
      expect((await answer(perSegment.base, "/digital/summary")).body).toContain("routes/digital.summary");
      expect((await answer(perSegment.base, "/comprobantes/v1")).body).toContain("&quot;id&quot;:&quot;v1&quot;");
      expect((await answer(perSegment.base, "/resources/records/download/f7")).body).toContain('"fileId":"f7"');
      expect((await answer(perSegment.base, "/nada")).status).toBe(404);
      // With lazy discovery the page carries the routes it matched, and the manifest request answers.
      if (lazy) expect((await answer(perSegment.base, "/digital/summary")).body).toContain("window.__remixManifest");
      if (lazy) expect((await answer(perSegment.base, urls.at(-1)!)).body).toContain('"routes/records.manager"');
    }
  });

  it("gives a segment only its routes, the root, the index and the catch-all; anything else the whole build", () => {
    const handlerFor = handlerPerSegment(build, (b) => Object.keys(b.routes).sort());
    const all = Object.keys(build.routes).sort();
    expect(handlerFor("/digital/summary")).toEqual(
      ["root", "routes/_index", "routes/$", ...Object.keys(table).filter((id) => id.startsWith("routes/digital."))].sort(),
    );
    expect(handlerFor("/DIGITAL")).toBe(handlerFor("/digital"));
    expect(handlerFor("/digit%61l")).toBe(handlerFor("/digital"));
    expect(handlerFor("/digital/../procedures?x=1")).toBe(handlerFor("/procedures"));
    expect(handlerFor("/datos/descarga")).toContain("routes/datos_.descarga");
    for (const unknown of ["/nada", "/__manifest?p=%2Fdigital", "/", "//digital", "/%c0", "*", "/digital%2Fsummary"])
      expect(handlerFor(unknown)).toEqual(all);
  });
});
