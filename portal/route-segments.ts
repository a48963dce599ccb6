import type { ServerBuild } from "@remix-run/node";

/**
 * One Remix request handler per first path segment (decision 044, issue 39). Remix 2.17's router
 * flattens, ranks and compiles every route of the build on each match, several matches per request;
 * a handler made over a build holding only the routes a path can match does the same work over a
 * handful of them. Each is Remix's own public `createRequestHandler` (`make`), made once at start
 * over the same build object with a smaller `routes`: the entry module, the browser's manifest and
 * the modules are the same, so an answer is the same answer.
 *
 * Which routes a path under `/<segment>` can match: the routes whose first literal segment is that
 * one (and their parents), and every route that does not start with a literal — the root, the index,
 * pathless routes, the catch-all, a leading `:param` or optional segment. A path whose first segment
 * no route names (`/__manifest`, `/nada`, an odd encoding) goes to the handler of the whole build.
 * The segment is read the way Remix reads the path: from the URL its adapter builds of
 * `originalUrl` (so `/digital/../procedures` is `/procedures`), percent escapes decoded, case
 * ignored unless the routes under it are case-sensitive (they then still refuse a wrong case).
 */
export function handlerPerSegment<H>(build: ServerBuild, make: (build: ServerBuild) => H): (originalUrl: string) => H {
  const whole = make(build);
  const routes = Object.values(build.routes);
  const byId = new Map(routes.map((r) => [r.id, r]));
  /** A route's path from the top, as a list of segments. */
  const segmentsOf = (route: ServerBuild["routes"][string]): string[] => {
    const own = (route.path ?? "").split("/").filter(Boolean);
    const parent = route.parentId ? byId.get(route.parentId) : undefined;
    return parent ? [...segmentsOf(parent), ...own] : own;
  };
  const literal = (segment: string | undefined) =>
    segment !== undefined && !segment.startsWith(":") && !segment.includes("*") && !segment.endsWith("?");
  const everywhere: string[] = [];
  const bySegment = new Map<string, Set<string>>();
  for (const route of routes) {
    const first = segmentsOf(route)[0];
    if (!literal(first)) {
      everywhere.push(route.id);
      continue;
    }
    const key = first!.toLowerCase();
    const ids = bySegment.get(key) ?? new Set<string>();
    // The route and every parent it renders inside.
    for (let r: (typeof routes)[number] | undefined = route; r; r = r.parentId ? byId.get(r.parentId) : undefined) ids.add(r.id);
    bySegment.set(key, ids);
  }
  const handlers = new Map<string, H>();
  for (const [segment, ids] of bySegment) {
    for (const id of everywhere) ids.add(id);
    const own = <T extends { id: string }>(all: Record<string, T>) =>
      Object.fromEntries(Object.entries(all).filter(([, r]) => ids.has(r.id)));
    // The server's routes and their entries in the browser's manifest, which the render makes its routes of.
    handlers.set(segment, make({ ...build, routes: own(build.routes), assets: { ...build.assets, routes: own(build.assets.routes) } }));
  }
  return (originalUrl) => {
    if (!originalUrl.startsWith("/")) return whole;
    let segment: string;
    try {
      // As @remix-run/express builds the request's URL: the host cannot change a path that starts with "/".
      segment = decodeURIComponent(new URL(`http://localhost${originalUrl}`).pathname.split("/")[1] ?? "");
    } catch {
      return whole;
    }
    return handlers.get(segment.toLowerCase()) ?? whole;
  };
}
