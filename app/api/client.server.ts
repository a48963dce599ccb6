import http from "node:http";
import https from "node:https";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { FormDataEncoder } from "form-data-encoder";
import { countedStream } from "@common/streamed-bytes";
import type { AppLoadContext } from "@remix-run/node";
import { env } from "~/env.server";
import type { z } from "zod/v4";
import { readAnswer, unreadableFields, type Degraded, type Unreadable } from "./read.server";

/**
 * The typed client for the backend contract (spec section 7). Loaders and
 * actions are its only callers. Every call carries the citizen's bearer token,
 * has a timeout, and applies the global 303 rule. It knows no session: the
 * citizen, and the way to send them to sign in, come in the ApiContext.
 */
export class ApiError extends Error {
  constructor(
    public status: number,
    public code: string | null,
    /** the server's message, when it sent one (toasts prefer it over their default) */
    public serverMessage: string | null,
    /** of an answer that could not be read: the fields that failed (types only) */
    public unreadable: Unreadable[] = [],
  ) {
    super(`API ${status}${code ? ` ${code}` : ""}`);
  }
}

/**
 * A call of the contract: the path it goes to and its pattern (the path as written in the code, each
 * value a `{}`), which names the call in the metrics and the diagnostics whatever the citizen sent.
 * Made with the `api` tag: api`/api/dd/v1/communications/get_one/${code}` — every value is encoded
 * as one path segment.
 */
export type ApiCall = { path: string; pattern: string };

export function api(strings: TemplateStringsArray, ...values: (string | number)[]): ApiCall {
  let path = strings[0]!;
  let pattern = strings[0]!;
  values.forEach((value, i) => {
    path += encodeURIComponent(String(value)) + strings[i + 1]!;
    pattern += "{}" + strings[i + 1]!;
  });
  return { path, pattern };
}

/**
 * A call's citizen; `adhered` when this session's adhesion check already said yes (decision 002).
 * `signIn` is the global 303 rule's way out: it throws the redirect to sign in (to the API's location
 * when it gave one). The session builds the context (`apiContext` in lib/session.server.ts), so that
 * this client, below lib/, never calls back into it.
 */
export type ApiContext = {
  request: Request;
  /** the request's load context: what it keeps for all its loaders, and the server's metrics (decision 076) */
  context: AppLoadContext;
  accessToken: string;
  cuil: string;
  adhered?: boolean;
  signIn: (location?: string) => Promise<never>;
};

type CallOptions = {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  query?: Record<string, string | number | boolean | null | undefined>;
  /** JSON, or a FormData (an upload, sent as multipart) */
  body?: unknown;
  headers?: Record<string, string>;
  /** Digital domicile calls carry the citizen's cuil in a User-ID header. */
  userId?: boolean;
  timeoutMs?: number;
};

/** A call whose answer is passed on as a stream sends no body. */
type RawCallOptions = Omit<CallOptions, "body">;

/**
 * Connections to the API are kept open and reused (decision 047): a new TCP connection per call would
 * pay a connect and its handshake for every call of every page. Calls with a JSON answer go through
 * Node's `http` on these agents (decision 047, uploads too); streamed answers through
 * fetch, which is given the same agent (Remix's node-fetch based fetch takes `agent`; a fetch that does
 * not know the option ignores it).
 */
const agents = {
  "http:": new http.Agent({ keepAlive: true, maxSockets: 128, maxFreeSockets: 32, scheduling: "lifo" }),
  "https:": new https.Agent({ keepAlive: true, maxSockets: 128, maxFreeSockets: 32, scheduling: "lifo" }),
};
const agentFor = (url: URL) => agents[url.protocol as keyof typeof agents];

function buildUrl(path: string, query?: CallOptions["query"]) {
  const url = new URL(path, env.API_BASE_URL);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== "") url.searchParams.set(key, String(value));
  }
  return url;
}

/** Tells the portal server's metrics of a call (portal/metrics.ts, decision 061), through the request's load context. */
function observe(ctx: ApiContext, call: string, status: number, started: number) {
  ctx.context.observe.apiCall({ call, status, seconds: (performance.now() - started) / 1000 });
}

/**
 * An answer that could not be read (decision 098): counted by call in the metrics, and logged once
 * per call and field for whoever integrates the backend (the pattern, the JSON path, the types; never
 * a value, so nothing of a citizen reaches the log).
 */
const reported = new Set<string>();
function reportUnreadable(ctx: ApiContext, call: string, fields: Unreadable[]) {
  ctx.context.observe.unreadable({ call });
  for (const field of fields) warnOnce(`${call} ${field.path}`, "unreadable backend answer", call, field);
}

/**
 * An answer read with degrades (issue 36): fields read as empty and items left out. Counted by call
 * and kind, and logged once per call and JSON path (the types; never a value).
 */
function reportDegraded(ctx: ApiContext, call: string, fields: Degraded[]) {
  for (const kind of new Set(fields.map((f) => f.kind))) ctx.context.observe.degraded({ call, kind });
  for (const field of fields) {
    const msg = field.kind === "item" ? "backend answer: item left out" : "backend answer: field read as empty";
    warnOnce(`${call} ${field.path} ${field.kind}`, msg, call, field);
  }
}

/** One warning line per `key` (at most 1,000 keys in all), with the field's description. */
function warnOnce(key: string, msg: string, call: string, field: Unreadable | Degraded) {
  if (reported.has(key) || reported.size >= 1000) return;
  reported.add(key);
  console.warn(JSON.stringify({ time: new Date().toISOString(), service: "portal", level: "warn", msg, call, ...field }));
}

/** What the contract's rules read of an answer, whichever transport brought it. */
type Answer = { status: number; location: string | null; contentType: string; text: () => Promise<string>; json: () => Promise<unknown> };

/** A spec error code (`REQUIRED_FILES_NOT_UPLOADED`) may come in `code` or, as the only text, in `message`. */
const ERROR_CODE = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/;

/** The error of a non-2xx answer: its code and the server's message, wherever the backend put them. */
export function errorOf(status: number, payload: unknown): ApiError {
  const body = (typeof payload === "object" && payload !== null ? payload : {}) as Record<string, unknown>;
  const inner = typeof body.error === "object" && body.error !== null ? (body.error as Record<string, unknown>) : body;
  const code = typeof inner.code === "string" ? inner.code.trim() : null;
  const message = typeof inner.message === "string" ? inner.message.trim() : typeof payload === "string" ? payload.trim() : null;
  if (!code && message && ERROR_CODE.test(message)) return new ApiError(status, message, null);
  return new ApiError(status, code || null, message || null);
}

function callHeaders(ctx: ApiContext, options: CallOptions): Record<string, string> {
  const headers: Record<string, string> = {
    Accept: "application/json",
    ...options.headers,
    Authorization: `Bearer ${ctx.accessToken}`,
  };
  if (options.userId) headers["User-ID"] = ctx.cuil;
  const requestId = ctx.request.headers.get("x-request-id");
  if (requestId) headers["X-Request-Id"] = requestId;
  return headers;
}

/**
 * Every call through here: the timeout, the metrics, the global 303 rule (to sign in, keeping where
 * the citizen was going) and a non-2xx answer as an ApiError carrying the server's code and message.
 */
async function call<A extends Answer>(
  ctx: ApiContext,
  { path, pattern }: ApiCall,
  options: CallOptions,
  transport: (url: URL, method: string, timeoutMs: number) => Promise<A>,
): Promise<A> {
  const started = performance.now();
  const method = options.method ?? "GET";
  const name = `${method} ${pattern}`;
  let answer: A;
  try {
    answer = await transport(buildUrl(path, options.query), method, options.timeoutMs ?? env.API_TIMEOUT_MS);
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    observe(ctx, name, timedOut ? 504 : 502, started);
    throw new ApiError(timedOut ? 504 : 502, timedOut ? "TIMEOUT" : "UNREACHABLE", null);
  }
  observe(ctx, name, answer.status, started);
  if (answer.status === 303) {
    const payload = (await answer.json().catch(() => null)) as { location?: unknown } | null;
    const location = typeof payload?.location === "string" ? payload.location : (answer.location ?? undefined);
    return ctx.signIn(location);
  }
  if (answer.status < 200 || answer.status > 299) {
    throw errorOf(answer.status, await answer.json().catch(() => null));
  }
  return answer;
}

/**
 * A call with a JSON answer over Node's `http` (decision 047): the answer read whole into one buffer
 * and parsed once, without a web stream, Headers or a Response per call. The timeout covers the whole
 * answer. Its body is JSON, or a form (an upload) streamed as multipart by `form-data-encoder`, its
 * files' chunks counted as they go (decision 047).
 */
function requestJson(ctx: ApiContext, options: CallOptions) {
  return (url: URL, method: string, timeoutMs: number): Promise<Answer> =>
    new Promise((resolve, reject) => {
      const headers = callHeaders(ctx, options);
      let body: Buffer | Readable | undefined;
      if (options.body instanceof FormData) {
        const encoder = new FormDataEncoder(options.body);
        Object.assign(headers, encoder.headers);
        body = Readable.from(encoder.encode());
      } else if (options.body !== undefined) {
        body = Buffer.from(JSON.stringify(options.body));
        headers["Content-Type"] = "application/json";
        headers["Content-Length"] = String(body.length);
      }
      const client = url.protocol === "https:" ? https : http;
      let answered = false;
      const req = client.request(url, { method, headers, agent: agentFor(url) }, (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("error", fail);
        res.on("close", () => {
          if (!res.complete) return fail(new Error("The API closed the answer before its end"));
          clearTimeout(timer);
          const text = Buffer.concat(chunks).toString("utf8");
          resolve({
            status: res.statusCode ?? 502,
            location: typeof res.headers.location === "string" ? res.headers.location : null,
            contentType: String(res.headers["content-type"] ?? ""),
            text: async () => text,
            json: async () => JSON.parse(text) as unknown,
          });
        });
      });
      const timer = setTimeout(() => {
        const timedOut = Object.assign(new Error("API call timed out"), { name: "TimeoutError" });
        fail(timedOut);
        req.destroy(timedOut);
      }, timeoutMs);
      function fail(error: Error) {
        clearTimeout(timer);
        reject(error);
      }
      // Once the API answers, its answer decides: one that refuses an upload early (429, 413) may stop
      // reading the body, and the write that then fails is not the call's outcome.
      req.on("error", (error) => answered || fail(error));
      if (body instanceof Readable) pipeline(body, countedStream(), req).catch((error: Error) => answered || req.destroy(error));
      else req.end(body);
    });
}

/** A call through fetch: for answers passed on as a stream (no body goes out this way). */
function requestFetch(ctx: ApiContext, options: RawCallOptions) {
  return async (url: URL, method: string, timeoutMs: number) => {
    const response = await fetch(url, {
      method,
      headers: new Headers(callHeaders(ctx, options)),
      redirect: "manual",
      signal: AbortSignal.timeout(timeoutMs),
      agent: agentFor(url),
    } as RequestInit);
    return Object.assign(response, { location: response.headers.get("Location"), contentType: response.headers.get("Content-Type") ?? "" });
  };
}

/**
 * Reads an answer's body with `schema`, failing small (issue 36): what it degrades is reported; an
 * envelope that cannot be read is reported and is an ApiError 502.
 */
function readBody<S extends z.ZodTypeAny>(ctx: ApiContext, name: string, schema: S, payload: unknown): z.infer<S> {
  const { read: parsed, degraded } = readAnswer(schema, payload);
  if (degraded.length) reportDegraded(ctx, name, degraded);
  if (parsed.success) return parsed.data;
  const fields = unreadableFields(parsed.error);
  reportUnreadable(ctx, name, fields);
  throw new ApiError(502, "MALFORMED", null, fields);
}

/**
 * A JSON call, its answer read by the call's tolerant schema (decision 098). An empty answer (204, or
 * no body) is read as `undefined`; a body that is not JSON is read as its text (a backend may answer a
 * write with `OK`, or a text as `text/html`): the schema decides whether that will do.
 */
export async function apiJson<S extends z.ZodTypeAny>(
  ctx: ApiContext,
  target: ApiCall,
  schema: S,
  options: CallOptions = {},
): Promise<z.infer<S>> {
  const answer = await call(ctx, target, options, requestJson(ctx, options));
  const name = `${options.method ?? "GET"} ${target.pattern}`;
  const body = answer.status === 204 ? "" : await answer.text();
  if (!body.trim()) return readBody(ctx, name, schema, undefined);
  let payload: unknown;
  try {
    payload = JSON.parse(body);
  } catch {
    if (/json/i.test(answer.contentType)) {
      const fields = [{ path: "(body)", expected: "JSON", received: "malformed JSON" }];
      reportUnreadable(ctx, name, fields);
      throw new ApiError(502, "MALFORMED", null, fields);
    }
    payload = body;
  }
  return readBody(ctx, name, schema, payload);
}

/**
 * A part of an answer `apiJson` already took (one list of a combined answer), read with `schema` as
 * `apiJson` reads a whole answer: its degrades reported, and a part that cannot be read reported under
 * the call's name and thrown as an ApiError 502, for that part alone.
 */
export function readPart<S extends z.ZodTypeAny>(
  ctx: ApiContext,
  target: ApiCall,
  schema: S,
  payload: unknown,
  method = "GET",
): z.infer<S> {
  return readBody(ctx, `${method} ${target.pattern}`, schema, payload);
}

/** A call whose body is passed through untouched (downloads, previews). */
export function apiRaw(ctx: ApiContext, target: ApiCall, options: RawCallOptions = {}): Promise<Response> {
  return call(ctx, target, options, requestFetch(ctx, options));
}
