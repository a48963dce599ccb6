import type { ServerBuild } from "@remix-run/node";

/** One route of a server build, as Remix's compiler writes it. */
export function buildRoute(id: string, path: string | undefined, parentId: string | undefined, module: object, index = false) {
  return { id, path, parentId, index, caseSensitive: undefined, module };
}

/** A server build shaped like the real one, of the given routes and entry module. */
export function serverBuild(routes: Record<string, ReturnType<typeof buildRoute>>, entryModule: object): ServerBuild {
  return {
    mode: "production",
    entry: { module: entryModule },
    routes,
    assets: { url: "/build/manifest.js", version: "1", entry: { module: "/build/entry.js", imports: [] }, routes: {} },
    assetsBuildDirectory: "public/build",
    publicPath: "/build/",
    future: {},
    isSpaMode: false,
    basename: undefined,
  } as unknown as ServerBuild;
}

/**
 * A server build of resource routes only (no document rendering needed), shaped like the real one;
 * `extra` adds more of them, by path.
 */
export function fakeBuild(extra: Record<string, () => Response | Promise<Response>> = {}): ServerBuild {
  const text = (body: string) => () => new Response(body, { headers: { "content-type": "text/plain" } });
  const route = (id: string, path: string | undefined, loader?: () => Response | Promise<Response>, index = false) =>
    buildRoute(id, path, id === "root" ? undefined : "root", loader ? { loader } : {}, index);
  return serverBuild(
    {
      root: route("root", ""),
      "routes/_index": route("routes/_index", undefined, text("inicio"), true),
      "routes/auth.callback": route("routes/auth.callback", "auth/callback", text("callback")),
      "routes/comprobantes.$id": route("routes/comprobantes.$id", "comprobantes/:id", text("comprobante")),
      ...Object.fromEntries(Object.entries(extra).map(([path, loader]) => [`routes/${path}`, route(`routes/${path}`, path, loader)])),
      "routes/$": route("routes/$", "*", () => new Response("no", { status: 404 })),
    },
    { default: () => new Response("document") },
  );
}
