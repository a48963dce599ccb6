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
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import { createServer, type Server, type ServerResponse } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import { installGlobals, type ServerBuild } from "@remix-run/node";
import compression from "compression";
import express, { type Express } from "express";
import type { HeaderAccess } from "~/lib/headers.server";
import { newLoadContext, type ApiObserver } from "~/api/load-context.server";
import { errorFields, REQUEST_ID, REQUEST_ID_HEADER } from "../common/log-lines.js";
import { requireSupportedNode } from "../common/node-line.js";
import { installFaultHandlers } from "../common/process-faults.js";
import { apiObserver, createPortalMetrics, type AccessEntry } from "./metrics.js";
import { readinessRoute, type PortalHealth, type ReadinessOptions } from "./readiness.js";
import { decodesWhole, routePatternOf } from "./route-pattern.js";
import { handlerPerSegment } from "./route-segments.js";

export type { AccessEntry };

export type PortalAppOptions = {
  build: ServerBuild;
  /** where the access log goes (default: one JSON line on stdout) */
  onAccess?: (entry: AccessEntry) => void;
  /** routes mounted before the Remix handler (e.g. `/metrics`) */
  beforeRemix?: (app: Express) => void;
  /** folder of the public files (default: ./public) */
  publicDir?: string;
  /** mounts `GET /health/ready` (decision 018): not draining, and the API ready */
  readiness?: ReadinessOptions;
  /** body deadlines (default: FORM_BODY_MS, UPLOAD_WINDOW_MS; tests shorten them) */
  bodyDeadlines?: { formMs: number; uploadWindowMs: number };
  /** told of every API call the app makes (the metrics, decision 061); default: nobody */
  observe?: ApiObserver;
  /** one Remix handler per first path segment (decision 044; default); false: one over the whole build */
  perSegment?: boolean;
};

export function writeAccessLine(entry: AccessEntry) {
  process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), service: "portal", msg: "request", ...entry })}\n`);
}

/** One error line on stderr (JSON, no personal data: `errorFields` leaves the message out). */
export function writeErrorLine(msg: string, error: unknown, requestId?: string) {
  process.stderr.write(
    `${JSON.stringify({ time: new Date().toISOString(), level: "error", service: "portal", msg, requestId, error: errorFields(error) })}\n`,
  );
}

/**
 * Every request gets an id: the balancer's `X-Request-Id` when it is a plain token, else a new UUID.
 * It goes on the request (Remix's Request has it, the API client sends it on every call), back to
 * the browser, and into the access and error lines, so a citizen's failed page can be followed into
 * the API's log.
 */
function requestIds(): express.RequestHandler {
  return (req, res, next) => {
    const incoming = req.headers[REQUEST_ID_HEADER];
    const id = typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    req.headers[REQUEST_ID_HEADER] = id;
    res.setHeader("X-Request-Id", id);
    next();
  };
}

export function createPortalApp({
  build,
  onAccess = writeAccessLine,
  beforeRemix,
  publicDir = "public",
  readiness,
  bodyDeadlines = { formMs: FORM_BODY_MS, uploadWindowMs: UPLOAD_WINDOW_MS },
  observe,
  perSegment = true,
}: PortalAppOptions): Express {
  const app = express();
  app.disable("x-powered-by");
  app.use(requestIds());
  // Before health: every answer, `/health/ready` included, carries the security headers.
  app.use(secureAnswers(build));
  if (readiness) app.get("/health/ready", readinessRoute(readiness));
  // Pages come compressed from entry.server (decision 076), and pass; everything else is compressed here.
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
        requestId: req.headers[REQUEST_ID_HEADER] as string,
      });
    });
    next();
  });
  app.use(wellFormed);
  beforeRemix?.(app);
  // Each request's state, shared by all its loaders, its action and entry.server (decision 076).
  const getLoadContext = () => newLoadContext(observe);
  const make = (b: ServerBuild) => createRequestHandler({ build: b, mode: process.env.NODE_ENV, getLoadContext });
  // Decision 044: the handler over the routes the path's first segment can match, made once here.
  const handlerFor = perSegment ? handlerPerSegment(build, make) : null;
  const remix: express.RequestHandler = handlerFor ? (req, res, next) => handlerFor(req.originalUrl)(req, res, next) : make(build);
  app.all("*", crossSiteGate(build), bodyDeadline(bodyDeadlines), remix);
  // What fails outside Remix's own handling: one JSON line, and a bare 500 (express's would print the stack).
  app.use((error: unknown, req: express.Request, res: express.Response, next: express.NextFunction) => {
    writeErrorLine("request failed", error, req.headers[REQUEST_ID_HEADER] as string);
    if (res.headersSent) return next(error);
    res.status(500).set("cache-control", "no-store").type("text/plain").send("Error interno");
  });
  return app;
}

/**
 * Every answer past the static files carries the portal's security headers and, unless immutable,
 * `Cache-Control: no-store` (decision 005). Pages, data requests and resource routes set
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

/**
 * A host name, an IPv4 address or a bracketed IPv6 one, with an optional port: what a `Host` (and a
 * balancer's `X-Forwarded-Host`) may be. Anything else would make the request's URL unparseable.
 */
const HOST = /^(?:[a-z0-9_-]+(?:\.[a-z0-9_-]+)*\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * A request whose URL cannot be built — an empty or malformed `Host` (`localhost:5201:1`, `[::1`,
 * `a,b`) or a path with a bad percent escape (`/x/%c0`) — is the client's error: a bare 400 with the
 * security headers, counted as such in the access log and the metrics, never a 500 for Remix to throw.
 */
const wellFormed: express.RequestHandler = (req, res, next) => {
  // A balancer chain may send `X-Forwarded-Host: a, b`: each of its hosts must be one.
  const forwarded = req.headers["x-forwarded-host"];
  const hostsOk =
    HOST.test(req.headers.host ?? "") &&
    (forwarded === undefined ||
      String(forwarded)
        .split(",")
        .every((h) => HOST.test(h.trim())));
  if (hostsOk && decodesWhole(req.path)) return next();
  res.status(400).set("Connection", "close").type("text/plain").send("Solicitud inválida");
};

/** The answer's headers as `completeSecurityHeaders` reads and adds them, in place (no copy, decision 076). */
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
  // fetch forbids a Request of TRACE, TRACK or CONNECT: the gate is given those apart (and refuses them).
  const method = /^(TRACE|TRACK|CONNECT)$/i.test(req.method) ? "OPTIONS" : req.method;
  return new Request(new URL(req.originalUrl, `${req.protocol}://${req.get("host") ?? "localhost"}`), { method, headers });
}

/**
 * Another site's post is refused before Remix, whose own origin check would throw and answer a bare
 * 500: the server build's `crossSiteRefusal` (layer 1 of decision 005) answers 403 with the Spanish
 * error page, and the connection closes without reading the body (decision 005). The build's
 * `requestRefusal`, where it has one, also refuses an odd method (405) and a body longer than its kind
 * allows (413) the same way (issue 28, decision 017).
 */
function crossSiteGate(build: ServerBuild): express.RequestHandler {
  type Refusal = (request: Request, method?: string) => Response | null;
  const module = build.entry.module as { crossSiteRefusal?: Refusal; requestRefusal?: Refusal };
  const refusalOf = module.requestRefusal ?? module.crossSiteRefusal;
  return async (req, res, next) => {
    // Only a post, put, patch, delete or an odd method can be refused: a page view does not build the Request.
    if (req.method === "GET" || req.method === "HEAD") return next();
    try {
      const refusal = refusalOf?.(headRequest(req), req.method.toUpperCase());
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

/** Body deadlines (decision 017): a form's whole body in this time; an upload's at least this much per window. */
export const FORM_BODY_MS = 10_000;
export const UPLOAD_WINDOW_MS = 10_000;
export const UPLOAD_MIN_BYTES_PER_WINDOW = 64 * 1024;

/**
 * A body that trickles is cut (issue 28): a form post must arrive whole within FORM_BODY_MS, an upload
 * must bring at least UPLOAD_MIN_BYTES_PER_WINDOW in each UPLOAD_WINDOW_MS; past either the connection
 * is closed, and the reader of the body fails as for a client that went away. Node's own
 * `headersTimeout` (`hardenServer`) bounds the head the same way. Counted on the socket, so the body
 * itself is left for Remix to read.
 */
function bodyDeadline({ formMs, uploadWindowMs }: { formMs: number; uploadWindowMs: number }): express.RequestHandler {
  return (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD" || req.complete) return next();
    const upload = /^multipart\/form-data/i.test(req.headers["content-type"] ?? "");
    const socket = req.socket;
    let mark = socket.bytesRead;
    const timer = setInterval(
      () => {
        if (req.complete) return clearInterval(timer);
        const moved = socket.bytesRead - mark;
        mark = socket.bytesRead;
        if (upload && moved >= UPLOAD_MIN_BYTES_PER_WINDOW) return;
        clearInterval(timer);
        socket.destroy();
      },
      upload ? uploadWindowMs : formMs,
    );
    timer.unref();
    // Not when the answer is sent: a body left unread still arrives (and is discarded) after it. The
    // request closes once its body is all in or its socket is gone; a listener on the socket itself
    // would stay for the whole keep-alive connection, one more per post (issue 38).
    req.once("close", () => clearInterval(timer));
    next();
  };
}

/**
 * What the HTTP server itself answers before express (issue 28): the head within `headersTimeout`,
 * and a request Node cannot parse — headers past its 16 KB (431), a broken head (400), a head too
 * slow (408) — with the portal's security headers, where Node's own answer had none.
 */
export function hardenServer(server: Server, headersTimeoutMs = Number(process.env.PORTAL_HEADERS_TIMEOUT_MS) || 10_000) {
  server.headersTimeout = headersTimeoutMs;
  // Node looks at the heads in progress this often (30 s by default); read when the server starts listening.
  (server as Server & { connectionsCheckingInterval: number }).connectionsCheckingInterval = Math.min(
    1000,
    Math.ceil(headersTimeoutMs / 2),
  );
  server.requestTimeout = Math.max(server.requestTimeout, headersTimeoutMs + 1000);
  server.on("clientError", (error: NodeJS.ErrnoException, socket) => {
    if (!socket.writable || (socket as { _httpMessage?: unknown })._httpMessage) return void socket.destroy();
    const status = error.code === "HPE_HEADER_OVERFLOW" ? 431 : error.code === "ERR_HTTP_REQUEST_TIMEOUT" ? 408 : 400;
    const reason = status === 431 ? "Request Header Fields Too Large" : status === 408 ? "Request Timeout" : "Bad Request";
    const headers = [
      `HTTP/1.1 ${status} ${reason}`,
      "Content-Type: text/plain; charset=utf-8",
      "Content-Length: 0",
      "Connection: close",
      ...SECURITY_HEADERS,
    ];
    socket.end(`${headers.join("\r\n")}\r\n\r\n`);
  });
  return server;
}

/** The fixed security headers for an answer written before express (the same as decision 005's; no page, so no policy nonce). */
const SECURITY_HEADERS = [
  "X-Content-Type-Options: nosniff",
  "Referrer-Policy: same-origin",
  "X-Frame-Options: SAMEORIGIN",
  "Cross-Origin-Opener-Policy: same-origin",
  "Cross-Origin-Resource-Policy: same-origin",
  "Content-Security-Policy: default-src 'none'; frame-ancestors 'self'",
  "Cache-Control: no-store",
];

export async function loadBuild(buildPath: string): Promise<ServerBuild> {
  return (await import(pathToFileURL(path.resolve(buildPath)).href)) as ServerBuild;
}

/**
 * On SIGTERM / SIGINT (decision 018): stop accepting, let the requests in flight finish (their
 * keep-alive connections are closed as soon as they are idle), then exit; past `timeoutMs`, exit 1.
 * On SIGTERM, first `health.draining` for `notReadyMs` while still serving (decision 018): the
 * balancer's check sees 503 and sends no more. SIGINT (Ctrl-C at a terminal) drains at once.
 */
export function drainOnSignal(server: Server, timeoutMs: number, options: { notReadyMs?: number; health?: PortalHealth } = {}) {
  let closing = false;
  const drain = async (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    if (options.health) options.health.draining = true;
    const notReadyMs = signal === "SIGTERM" ? (options.notReadyMs ?? 0) : 0;
    if (notReadyMs > 0) await new Promise((resolve) => setTimeout(resolve, notReadyMs));
    const idle = setInterval(() => server.closeIdleConnections(), 100);
    const limit = setTimeout(() => process.exit(1), timeoutMs);
    limit.unref();
    server.close(() => {
      clearInterval(idle);
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  for (const signal of ["SIGTERM", "SIGINT"] as const) process.once(signal, () => void drain(signal));
}

/** SHUTDOWN_NOT_READY_MS (decision 018): default 5000 in production, 0 otherwise; as the API reads it. */
export function notReadyMsFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const given = env.SHUTDOWN_NOT_READY_MS;
  if (given !== undefined && given !== "") {
    const ms = Number(given);
    if (!Number.isInteger(ms) || ms < 0 || ms > 300_000)
      throw new Error("SHUTDOWN_NOT_READY_MS: must be a whole number of ms from 0 to 300000");
    return ms;
  }
  return env.NODE_ENV === "production" ? 5_000 : 0;
}

export async function startPortalServer(options: { buildPath: string; port: number; host?: string }): Promise<Server> {
  const build = await loadBuild(options.buildPath);
  installGlobals({ nativeFetch: build.future.v3_singleFetch });
  // Decision 061: GET /metrics with PORTAL_METRICS_TOKEN; the access log also feeds the counters.
  const metrics = createPortalMetrics();
  const health: PortalHealth = { draining: false };
  const app = createPortalApp({
    // The API's answer within 4 s (the balancer's check allows 5, deploy/haproxy).
    readiness: {
      health,
      apiBaseUrl: process.env.API_BASE_URL || "http://127.0.0.1:4000",
      issuer: process.env.OIDC_ISSUER || "http://localhost:4001",
      timeoutMs: 4_000,
    },
    build,
    onAccess: (entry) => {
      writeAccessLine(entry);
      metrics.onAccess(entry);
    },
    beforeRemix: (a) => metrics.mount(a, process.env.PORTAL_METRICS_TOKEN || undefined),
    observe: apiObserver(metrics),
  });
  // Hardened before it listens: Node starts its checks of slow heads when it starts listening.
  const server = hardenServer(createServer(app));
  await new Promise<void>((resolve) =>
    options.host ? server.listen(options.port, options.host, resolve) : server.listen(options.port, resolve),
  );
  drainOnSignal(server, Number(process.env.SHUTDOWN_TIMEOUT_MS) || 30_000, { health, notReadyMs: notReadyMsFromEnv() });
  return server;
}

const isMain = process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (isMain) {
  requireSupportedNode("portal");
  installFaultHandlers("portal");
  process.env.NODE_ENV ??= "production";
  const buildPath = process.argv[2] ?? "build/index.js";
  const port = Number(process.env.PORT ?? 3000);
  const server = await startPortalServer({ buildPath, port, host: process.env.HOST || undefined });
  console.log(JSON.stringify({ time: new Date().toISOString(), service: "portal", msg: "listening", address: server.address() }));
}
