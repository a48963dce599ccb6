/**
 * One outage costs one feature (issue 38): when the object store does not answer, a call that needs a
 * file answers 503 `STORE_UNAVAILABLE` (the portal shows 'No podemos mostrar documentos en este
 * momento') while every other call is served, and the process stays ready. What the store itself
 * says about a request (a missing blob, a refused body) passes unchanged.
 */
import { ApiError } from "../errors.js";
import type { BlobStore } from "./blob-store.js";

export const STORE_UNAVAILABLE_MESSAGE = "No podemos mostrar documentos en este momento. Intente nuevamente más tarde.";

/** Network and server failures of the store (refused, reset, timed out, a 5xx of S3), and a disk that cannot be used. */
const OUTAGE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EPIPE",
  "EIO",
  "ENOSPC",
  "EROFS",
  "EACCES",
]);

export function isStoreOutage(error: unknown): boolean {
  if (error instanceof ApiError || typeof error !== "object" || error === null) return false;
  const e = error as { code?: unknown; name?: unknown; $metadata?: { httpStatusCode?: number }; cause?: unknown };
  if (typeof e.code === "string" && OUTAGE_CODES.has(e.code)) return true;
  if (e.name === "TimeoutError" || e.name === "RequestTimeout") return true;
  if ((e.$metadata?.httpStatusCode ?? 0) >= 500) return true;
  // The AWS SDK wraps the socket's error; AggregateError (happy eyeballs) holds several.
  if (error instanceof AggregateError) return error.errors.some(isStoreOutage);
  return e.cause !== undefined && e.cause !== error && isStoreOutage(e.cause);
}

export const storeUnavailable = () => new ApiError(503, "STORE_UNAVAILABLE", STORE_UNAVAILABLE_MESSAGE);

const mapped = <T>(work: Promise<T>): Promise<T> =>
  work.catch((error: unknown) => {
    throw isStoreOutage(error) ? storeUnavailable() : error;
  });

/** `store` whose outages are 503 `STORE_UNAVAILABLE` for the caller (the API's routes); `ready()` keeps the real error. */
export function answeringOutages(store: BlobStore): BlobStore {
  return {
    ...store,
    put: (key, body, opts) => mapped(store.put(key, body, opts)),
    get: (key) => mapped(store.get(key)),
    read: (key, start, end) => mapped(store.read(key, start, end)),
    delete: (key) => mapped(store.delete(key)),
  };
}
