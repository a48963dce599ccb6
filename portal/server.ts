/**
 * The portal's production server (decision 044): the built Remix app served by express with the
 * pieces remix-serve uses (`@remix-run/express`, compression, static files), and an access log of
 * our own. Each request is one JSON line with the method, the route pattern (`/comprobantes/:id`,
 * never the path's ids nor the query string: search text, file names, sign-in codes), the status and
 * the duration; remix-serve's morgan logged the whole URL.
 *
 * `createPortalApp` builds the app without listening (tests, and room for more: a `/metrics`
 * endpoint goes in `beforeRemix`, a counter in `onAccess`); `startPortalServer` listens and closes
 * on SIGTERM / SIGINT.
 * Run: `node dist/portal-server.js build/index.js` (production, compiled by `npm run build`);
 * `node --import tsx portal/server.ts build/index.js` in development and tests.
 */
import fs from "node:fs";
import type { Server, ServerResponse } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import { installGlobals, type ServerBuild } from "@remix-run/node";
import compression from "compression";
import express, { type Express } from "express";
import type { HeaderAccess } from "~/lib/headers.server";
import { createPortalMetrics, observeApiCalls, type AccessEntry } from "./metrics.js";
import { routePatternOf } from "./route-pattern.js";

export type { AccessEntry };

export type PortalAppOptions = {
  build: ServerBuild;
  /** where the access log goes (default: one JSON line on stdout) */
  onAccess?: (entry: AccessEntry) => void;
  /** routes mounted before the Remix handler (e.g. `/metrics`) */
  beforeRemix?: (app: Express) => void;
  /** folder of the public files (default: ./public) */
  publicDir?: string;
};

export function writeAccessLine(entry: AccessEntry) {
  process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), service: "portal", msg: "request", ...entry })}\n`);
}

export function createPortalApp({ build, onAccess = writeAccessLine, beforeRemix, publicDir = "public" }: PortalAppOptions): Express {
  const app = express();
  app.disable("x-powered-by");
  // Pages come compressed from entry.server (decision 084), and pass; everything else is compressed here.
  app.use(compression());
  // Fingerprinted build files are kept for a year; other public files for an hour (as remix-serve does).
  app.use(build.publicPath, express.static(build.assetsBuildDirectory, { immutable: true, maxAge: "1y" }));
  app.use(publicFiles(publicDir));

  const patternOf = routePatternOf(build.routes);
  app.use((req, res, next) => {
    const started = process.hrtime.bigint();
    res.once("finish", () => {
      onAccess({
        method: req.method,
        route: patternOf(req.path),
        status: res.statusCode,
        ms: Math.round(Number(process.hrtime.bigint() - started) / 1e5) / 10,
      });
    });
    next();
  });
  app.use(secureAnswers(build));
  beforeRemix?.(app);
  app.all("*", crossSiteGate(build), createRequestHandler({ build, mode: process.env.NODE_ENV }));
  return app;
}

/**
 * Every answer past the static files carries the portal's security headers and, unless immutable,
 * `Cache-Control: no-store` (decisions 005 and 068). Pages, data requests and resource routes set
 * them inside the app; what goes out without them — a redirect a loader or an action throws or
 * returns on a document request (Remix sends it past entry.server), Remix's own bare answers, an
 * error page of express — gets the missing ones here, from the server build's
 * `completeSecurityHeaders`, just before the status line is written. One place for the whole
 * class, not one per route.
 */
function secureAnswers(build: ServerBuild): express.RequestHandler {
  type Complete = (headers: HeaderAccess) => HeaderAccess;
  const complete = (build.entry.module as { completeSecurityHeaders?: Complete }).completeSecurityHeaders;
  return (_req, res, next) => {
    if (complete) beforeHead(res, () => complete(headersOf(res)));
    next();
  };
}

/** The answer's headers as `completeSecurityHeaders` reads and adds them, in place (no copy, decision 091). */
function headersOf(res: ServerResponse): HeaderAccess {
  return {
    get: (name) => {
      const value = res.getHeader(name);
      return value === undefined ? null : Array.isArray(value) ? value.join(", ") : String(value);
    },
    has: (name) => res.hasHeader(name),
    set: (name, value) => void res.setHeader(name, value),
    append: (name, value) => void res.appendHeader(name, value),
  };
}

/** Runs `fn` once, right before the answer's headers are written (what the `on-headers` package does). */
function beforeHead(res: ServerResponse, fn: () => void) {
  const writeHead = res.writeHead;
  let done = false;
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    if (!done) {
      done = true;
      // Headers handed to writeHead itself count as set before `fn` looks.
      const given = args.find((a) => a && typeof a === "object" && !Array.isArray(a));
      if (given) for (const [name, value] of Object.entries(given as Record<string, string>)) this.setHeader(name, value);
      fn();
      return (writeHead as (...a: unknown[]) => ServerResponse).apply(
        this,
        args.filter((a) => a !== given),
      );
    }
    return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
  } as typeof res.writeHead;
}

/**
 * The public folder's files (favicon, robots.txt, tenants' logos) for an hour, as remix-serve serves
 * them. Only a path under one of the folder's entries at start goes looking on disk: a page does not
 * pay a file-system look-up before Remix answers it.
 */
function publicFiles(publicDir: string): express.RequestHandler {
  const entries = new Set(fs.existsSync(publicDir) ? fs.readdirSync(publicDir) : []);
  const serve = express.static(publicDir, { maxAge: "1h" });
  return (req, res, next) => (entries.has(req.path.split("/")[1] ?? "") ? serve(req, res, next) : next());
}

/** The request as Remix would see it, headers only (the gate never reads a body). */
function headRequest(req: express.Request): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  return new Request(new URL(req.originalUrl, `${req.protocol}://${req.get("host") ?? "localhost"}`), { method: req.method, headers });
}

/**
 * Another site's post is refused before Remix, whose own origin check would throw and answer a bare
 * 500: the server build's `crossSiteRefusal` (layer 1 of decision 004) answers 403 with the Spanish
 * error page, and the connection closes without reading the body (decision 055).
 */
function crossSiteGate(build: ServerBuild): express.RequestHandler {
  const refusalOf = (build.entry.module as { crossSiteRefusal?: (request: Request) => Response | null }).crossSiteRefusal;
  return async (req, res, next) => {
    // Only a post, put, patch or delete can be refused: a page view does not build the Request.
    if (req.method === "GET" || req.method === "HEAD") return next();
    try {
      const refusal = refusalOf?.(headRequest(req));
      if (!refusal) return next();
      res.status(refusal.status);
      for (const [name, value] of refusal.headers) res.append(name, value);
      res.set("Connection", "close");
      res.end(Buffer.from(await refusal.arrayBuffer()));
    } catch (error) {
      next(error);
    }
  };
}

export async function loadBuild(buildPath: string): Promise<ServerBuild> {
  return (await import(pathToFileURL(path.resolve(buildPath)).href)) as ServerBuild;
}

/**
 * On SIGTERM / SIGINT (decision 062): stop accepting, let the requests in flight finish (their
 * keep-alive connections are closed as soon as they are idle), then exit; past `timeoutMs`, exit 1.
 */
export function drainOnSignal(server: Server, timeoutMs: number) {
  let closing = false;
  const drain = () => {
    if (closing) return;
    closing = true;
    const idle = setInterval(() => server.closeIdleConnections(), 100);
    const limit = setTimeout(() => process.exit(1), timeoutMs);
    limit.unref();
    server.close(() => {
      clearInterval(idle);
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  for (const signal of ["SIGTERM", "SIGINT"] as const) process.once(signal, drain);
}

export async function startPortalServer(options: { buildPath: string; port: number; host?: string }): Promise<Server> {
  const build = await loadBuild(options.buildPath);
  installGlobals({ nativeFetch: build.future.v3_singleFetch });
  // Decision 061: GET /metrics with PORTAL_METRICS_TOKEN; the access log also feeds the counters.
  const metrics = createPortalMetrics();
  observeApiCalls(metrics);
  const app = createPortalApp({
    build,
    onAccess: (entry) => {
      writeAccessLine(entry);
      metrics.onAccess(entry);
    },
    beforeRemix: (a) => metrics.mount(a, process.env.PORTAL_METRICS_TOKEN || undefined),
  });
  const server = await new Promise<Server>((resolve) => {
    const s = options.host ? app.listen(options.port, options.host, () => resolve(s)) : app.listen(options.port, () => resolve(s));
  });
  drainOnSignal(server, Number(process.env.SHUTDOWN_TIMEOUT_MS) || 30_000);
  return server;
}

const isMain = process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (isMain) {
  process.env.NODE_ENV ??= "production";
  const buildPath = process.argv[2] ?? "build/index.js";
  const port = Number(process.env.PORT ?? 3000);
  const server = await startPortalServer({ buildPath, port, host: process.env.HOST || undefined });
  console.log(JSON.stringify({ time: new Date().toISOString(), service: "portal", msg: "listening", address: server.address() }));
}
