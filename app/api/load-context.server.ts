import type { AppLoadContext } from "@remix-run/node";

/**
 * What the portal server hands every loader, action and `entry.server` of one request through
 * Remix's load context (`getLoadContext` in portal/server.ts, decision 076). Remix gives each loader
 * a copy of the request, but the same context object to every loader of a request, so what a
 * request works out once for all its loaders (the session cookie opened, the configuration and the
 * adhesion asked, the page's nonce) is kept there, and the server's metrics are reached through it
 * rather than through a global.
 */
export type ApiObserver = {
  /**
   * One call to the API: `call` is its method and pattern as written in the portal's code (`GET
   * /api/dd/v1/communications/get_one/{}`), never a value a citizen chose.
   */
  apiCall(entry: { call: string; status: number; seconds: number }): void;
  /** An answer that could not be read (decision 098), by call. */
  unreadable(entry: { call: string }): void;
  /** An answer read with degrades (issue 36): a field read as empty, or an item left out. */
  degraded(entry: { call: string; kind: "field" | "item" }): void;
};

declare module "@remix-run/node" {
  interface AppLoadContext {
    /** What this request worked out once, for all its loaders (`keptFor`); a new Map per request. */
    readonly kept: Map<symbol, unknown>;
    /** The portal server's metrics of the API calls (decision 061). */
    readonly observe: ApiObserver;
  }
}

/** An observer that counts nothing: where no server keeps metrics (a test that calls a loader). */
export const unobserved: ApiObserver = { apiCall() {}, unreadable() {}, degraded() {} };

/** A request's load context: what `getLoadContext` answers for each request. */
export function newLoadContext(observe: ApiObserver = unobserved): AppLoadContext {
  return { kept: new Map(), observe };
}

/** The value this request keeps under `key`, made by `make` the first time it is asked for. */
export function keptFor<T>(context: AppLoadContext, key: symbol, make: () => T): T {
  if (context.kept.has(key)) return context.kept.get(key) as T;
  const value = make();
  context.kept.set(key, value);
  return value;
}
