import http from "node:http";
import https from "node:https";
import { env } from "~/lib/env.server";
import { getActiveSession, redirectToSignIn } from "~/lib/session.server";
import type { z } from "zod";

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
  body?: unknown;
  headers?: Record<string, string>;
  /** Digital domicile calls carry the citizen's cuil in a User-ID header. */
  userId?: boolean;
  timeoutMs?: number;
};

/** The signed-in citizen's API context, or a redirect to sign in (keeping where they were going). */
export async function requireApiContext(request: Request): Promise<ApiContext> {
  const active = await getActiveSession(request);
  if (!active) return redirectToSignIn(request);
  return { request, accessToken: active.data.accessToken, cuil: active.data.cuil, adhered: active.data.adhered === true };
}

/**
 * Connections to the API are kept open and reused (decision 047): a new TCP connection per call cost
 * the portal about a tenth of its CPU. The portal's fetch (Remix's, node-fetch based) takes an
 * `agent`; a fetch that does not know the option ignores it.
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

async function send(ctx: ApiContext, path: string, options: CallOptions): Promise<Response> {
  const started = performance.now();
  const method = options.method ?? "GET";
  const headers = new Headers(options.headers);
  headers.set("Authorization", `Bearer ${ctx.accessToken}`);
  headers.set("Accept", "application/json");
  if (options.userId) headers.set("User-ID", ctx.cuil);
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(options.body);
  }
  let response: Response;
  try {
    const url = buildUrl(path, options.query);
    response = await fetch(url, {
      method,
      headers,
      body,
      redirect: "manual",
      signal: AbortSignal.timeout(options.timeoutMs ?? env.API_TIMEOUT_MS),
      agent: agentFor(url),
    } as RequestInit);
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    observe(method, path, timedOut ? 504 : 502, started);
    throw new ApiError(timedOut ? 504 : 502, timedOut ? "TIMEOUT" : "UNREACHABLE", null);
  }
  observe(method, path, response.status, started);
  if (response.status === 303) {
    const payload = (await response.json().catch(() => null)) as { location?: unknown } | null;
    const location = typeof payload?.location === "string" ? payload.location : (response.headers.get("Location") ?? undefined);
    return redirectToSignIn(ctx.request, location);
  }
  if (!response.ok) {
    const payload = (await response.json().catch(() => null)) as { code?: unknown; message?: unknown } | null;
    throw new ApiError(
      response.status,
      typeof payload?.code === "string" ? payload.code : null,
      typeof payload?.message === "string" ? payload.message : null,
    );
  }
  return response;
}

/** A JSON call, its answer checked against a zod schema (a malformed answer is an ApiError 502). */
export async function apiJson<S extends z.ZodTypeAny>(
  ctx: ApiContext,
  path: string,
  schema: S,
  options: CallOptions = {},
): Promise<z.infer<S>> {
  const response = await send(ctx, path, options);
  if (response.status === 204) return schema.parse(undefined);
  const payload = await response.json().catch(() => {
    throw new ApiError(502, "MALFORMED", null);
  });
  const parsed = schema.safeParse(payload);
  if (!parsed.success) throw new ApiError(502, "MALFORMED", null);
  return parsed.data;
}

/** A call whose body is passed through untouched (downloads, previews). */
export function apiRaw(ctx: ApiContext, path: string, options: CallOptions = {}): Promise<Response> {
  return send(ctx, path, options);
}

/** Encodes a path segment (ids and cuils come from the citizen's URL). */
export const seg = (value: string | number) => encodeURIComponent(String(value));
