import http from "node:http";
import https from "node:https";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { FormDataEncoder } from "form-data-encoder";
import { countedStream } from "@common/streamed-bytes";
import { env } from "~/lib/env.server";
import { getActiveSession, redirectToSignIn } from "~/lib/session.server";
import type { z } from "zod/v4";

/**
 * The typed client for the backend contract (spec section 7). Loaders and
 * actions are its only callers. Every call carries the citizen's bearer token,
 * has a timeout, and applies the global 303 rule.
 */
export class ApiError extends Error {
  constructor(
    public status: number,
    public code: string | null,
    /** the server's message, when it sent one (toasts prefer it over their default) */
    public serverMessage: string | null,
  ) {
    super(`API ${status}${code ? ` ${code}` : ""}`);
  }
}

/** A call's citizen; `adhered` when this session's adhesion check already said yes (decision 075). */
export type ApiContext = { request: Request; accessToken: string; cuil: string; adhered?: boolean };

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

/** The signed-in citizen's API context, or a redirect to sign in (keeping where they were going). */
export async function requireApiContext(request: Request): Promise<ApiContext> {
  const active = await getActiveSession(request);
  if (!active) return redirectToSignIn(request);
  return { request, accessToken: active.data.accessToken, cuil: active.data.cuil, adhered: active.data.adhered === true };
}

/**
 * Connections to the API are kept open and reused (decision 047): a new TCP connection per call cost
 * the portal about a tenth of its CPU. Calls with a JSON answer go through Node's `http` on these
 * agents (decision 079; uploads too, decision 088); streamed answers through fetch, which is given
 * the same agent (Remix's node-fetch based fetch takes `agent`; a fetch that does not know the option
 * ignores it).
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

/** Tells the portal server's metrics of a call (portal/metrics.ts, decision 061), when it listens. */
function observe(method: string, path: string, status: number, started: number) {
  const observer = (globalThis as Record<symbol, unknown>)[Symbol.for("atencion-virtual.api-call")];
  if (typeof observer === "function") observer({ method, path, status, seconds: (performance.now() - started) / 1000 });
}

/** What the contract's rules read of an answer, whichever transport brought it. */
type Answer = { status: number; location: string | null; json: () => Promise<unknown> };

function callHeaders(ctx: ApiContext, options: CallOptions): Record<string, string> {
  const headers: Record<string, string> = {
    ...options.headers,
    Authorization: `Bearer ${ctx.accessToken}`,
    Accept: "application/json",
  };
  if (options.userId) headers["User-ID"] = ctx.cuil;
  return headers;
}

/**
 * Every call through here: the timeout, the metrics, the global 303 rule (to sign in, keeping where
 * the citizen was going) and a non-2xx answer as an ApiError carrying the server's code and message.
 */
async function call<A extends Answer>(
  ctx: ApiContext,
  path: string,
  options: CallOptions,
  transport: (url: URL, method: string, timeoutMs: number) => Promise<A>,
): Promise<A> {
  const started = performance.now();
  const method = options.method ?? "GET";
  let answer: A;
  try {
    answer = await transport(buildUrl(path, options.query), method, options.timeoutMs ?? env.API_TIMEOUT_MS);
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    observe(method, path, timedOut ? 504 : 502, started);
    throw new ApiError(timedOut ? 504 : 502, timedOut ? "TIMEOUT" : "UNREACHABLE", null);
  }
  observe(method, path, answer.status, started);
  if (answer.status === 303) {
    const payload = (await answer.json().catch(() => null)) as { location?: unknown } | null;
    const location = typeof payload?.location === "string" ? payload.location : (answer.location ?? undefined);
    return redirectToSignIn(ctx.request, location);
  }
  if (answer.status < 200 || answer.status > 299) {
    const payload = (await answer.json().catch(() => null)) as { code?: unknown; message?: unknown } | null;
    throw new ApiError(
      answer.status,
      typeof payload?.code === "string" ? payload.code : null,
      typeof payload?.message === "string" ? payload.message : null,
    );
  }
  return answer;
}

/**
 * A call with a JSON answer over Node's `http` (decision 079): the answer read whole into one buffer
 * and parsed once, without a web stream, Headers or a Response per call. The timeout covers the whole
 * answer. Its body is JSON, or a form (an upload) streamed as multipart by `form-data-encoder`, its
 * files' chunks counted as they go (decision 088).
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
    return Object.assign(response, { location: response.headers.get("Location") });
  };
}

/** A JSON call, its answer checked against a zod schema (a malformed answer is an ApiError 502). */
export async function apiJson<S extends z.ZodTypeAny>(
  ctx: ApiContext,
  path: string,
  schema: S,
  options: CallOptions = {},
): Promise<z.infer<S>> {
  const answer = await call(ctx, path, options, requestJson(ctx, options));
  if (answer.status === 204) return schema.parse(undefined);
  const payload = await answer.json().catch(() => {
    throw new ApiError(502, "MALFORMED", null);
  });
  const parsed = schema.safeParse(payload);
  if (!parsed.success) throw new ApiError(502, "MALFORMED", null);
  return parsed.data;
}

/** A call whose body is passed through untouched (downloads, previews). */
export function apiRaw(ctx: ApiContext, path: string, options: RawCallOptions = {}): Promise<Response> {
  return call(ctx, path, options, requestFetch(ctx, options));
}

/** Encodes a path segment (ids and cuils come from the citizen's URL). */
export const seg = (value: string | number) => encodeURIComponent(String(value));
