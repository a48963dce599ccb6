import { matchRoutes, type AgnosticRouteObject } from "@remix-run/router";
import type { ServerBuild } from "@remix-run/node";

/**
 * The route pattern a path matched (`/comprobantes/:id`, `/*` for the catch-all), for the access
 * log: the same matching Remix does over the build's routes, so the log never holds the path's ids.
 */
export function routePatternOf(routes: ServerBuild["routes"]): (pathname: string) => string {
  type Node = AgnosticRouteObject & { pattern: string; children?: Node[] };
  const byParent = new Map<string | undefined, ServerBuild["routes"][string][]>();
  for (const route of Object.values(routes)) {
    const list = byParent.get(route.parentId) ?? [];
    list.push(route);
    byParent.set(route.parentId, list);
  }
  const tree = (parentId: string | undefined, parentPattern: string): Node[] =>
    (byParent.get(parentId) ?? []).map((route) => {
      const pattern = route.path ? `${parentPattern.replace(/\/$/, "")}/${route.path}` : parentPattern;
      const children = tree(route.id, pattern);
      return (
        route.index
          ? { id: route.id, index: true, path: route.path, pattern }
          : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, pattern, children }
      ) as Node;
    });
  const roots = tree(undefined, "");
  const cache = new Map<string, string>();
  return (pathname) => {
    const known = cache.get(pathname);
    if (known) return known;
    // The router would warn on the console with the path in its text; the portal answers such a path 400.
    if (!decodesWhole(pathname)) return "(malformed)";
    const matches = matchRoutes(roots, pathname);
    const pattern = matches?.length ? (matches[matches.length - 1].route as Node).pattern || "/" : "(no route)";
    // Only static paths are remembered (a pattern without parameters is the path itself): bounded by the routes.
    if (pattern === pathname) cache.set(pathname, pattern);
    return pattern;
  };
}

/** Whether every percent escape in the path decodes (`/x/%c0` does not). */
export function decodesWhole(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}
