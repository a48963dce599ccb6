/**
 * 'Descargar todo' (decision 030): one ZIP of a record's or a procedure's documents,
 * `GET /api/fs/archive/record/{id}` and `GET /api/fs/archive/procedure/{id}`, passed through
 * as a stream (never buffered).
 */
import { api, apiRaw, type ApiContext } from "./client.server";

/** The timeout covers the whole body too: long enough for a large ZIP on a slow line. */
export const STREAM_TIMEOUT_MS = 30 * 60_000;

export function downloadRecordArchive(ctx: ApiContext, recordId: string): Promise<Response> {
  return apiRaw(ctx, api`/api/fs/archive/record/${recordId}`, { timeoutMs: STREAM_TIMEOUT_MS });
}

export function downloadProcedureArchive(ctx: ApiContext, instanceId: string): Promise<Response> {
  return apiRaw(ctx, api`/api/fs/archive/procedure/${instanceId}`, { timeoutMs: STREAM_TIMEOUT_MS });
}
