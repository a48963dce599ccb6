import { z } from "zod/v4";
import { STREAM_TIMEOUT_MS } from "./archive.server";
import { ApiError, apiJson, apiRaw, type ApiContext } from "./client.server";

/**
 * 'Descargar mis datos' (decision 073): `GET /api/v1/me/export/status` and `GET /api/v1/me/export`
 * of the reference backend (ours, not in the spec). A 404 to the status means this backend does not
 * offer it: `null`, and the portal hides the action.
 */
const ExportStatus = z.object({
  ready: z.object({ createdAt: z.string(), expiresAt: z.string(), size: z.number() }).nullable(),
  building: z.boolean(),
});
export type ExportStatus = z.infer<typeof ExportStatus>;

export async function getExportStatus(ctx: ApiContext): Promise<ExportStatus | null> {
  try {
    return await apiJson(ctx, "/api/v1/me/export/status", ExportStatus);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** The ZIP, passed through as a stream; the backend may build it first (its answer waits for that). */
export function downloadExport(ctx: ApiContext): Promise<Response> {
  return apiRaw(ctx, "/api/v1/me/export", { timeoutMs: STREAM_TIMEOUT_MS });
}
