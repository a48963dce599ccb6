import { Outlet } from "@remix-run/react";
import { createElement } from "react";
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

/** A root route that is only the document around its child route. */
const documentRoot = {
  default: () =>
    createElement(
      "html",
      { lang: "es-AR" },
      createElement("head", null, createElement("title", null, "Prueba")),
      createElement("body", null, createElement(Outlet)),
    ),
};

/**
 * A server build that renders documents: `appBuild` of a bare document root and the given routes
 * under it (the render's route tree is made of their manifest; no client modules behind it).
 */
export function documentBuild(children: Record<string, ReturnType<typeof buildRoute>>, entryModule: object): ServerBuild {
  return appBuild({ root: buildRoute("root", "", undefined, documentRoot), ...children }, entryModule);
}

/**
 * A server build of route modules of the app (the real root, real routes) with the browser's
 * manifest of the same routes, each entry saying what its module exports, as the compiler writes it.
 */
export function appBuild(routes: Record<string, ReturnType<typeof buildRoute>>, entryModule: object): ServerBuild {
  const build = serverBuild(routes, entryModule);
  for (const route of Object.values(routes)) {
    const module = route.module as Record<string, unknown>;
    (build.assets.routes as Record<string, unknown>)[route.id] = {
      id: route.id,
      parentId: route.parentId,
      path: route.path,
      index: route.index,
      module: `/build/${route.id}.js`,
      hasLoader: "loader" in module,
      hasAction: "action" in module,
      hasClientLoader: false,
      hasClientAction: false,
      hasErrorBoundary: "ErrorBoundary" in module,
    };
  }
  return build;
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
