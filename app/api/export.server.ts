import { z } from "zod/v4";
import { STREAM_TIMEOUT_MS } from "./archive.server";
import { api, ApiError, apiJson, apiRaw, type ApiContext } from "./client.server";
import { offers } from "./extensions.server";

/**
 * 'Descargar mis datos' (decision 073): `GET /api/v1/me/export/status` and `GET /api/v1/me/export`
 * of the reference backend (ours, not in the spec). A 404 to the status means this backend does not
 * offer it: `null`, and the portal hides the action.
 */
const ExportStatus = z.object({
  ready: z.object({ createdAt: z.string(), expiresAt: z.string(), size: z.number() }).nullable(),
  building: z.boolean(),
  /** while a build runs: since when, and whether the citizen will be mailed when it is ready (issue 32) */
  startedAt: z.string().nullable().default(null),
  mailWhenReady: z.boolean().default(false),
});
export type ExportStatus = z.infer<typeof ExportStatus>;

export async function getExportStatus(ctx: ApiContext): Promise<ExportStatus | null> {
  if (!(await offers(ctx, "export"))) return null;
  try {
    return await apiJson(ctx, api`/api/v1/me/export/status`, ExportStatus);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** The ZIP, passed through as a stream; the backend may build it first (its answer waits for that). */
export function downloadExport(ctx: ApiContext): Promise<Response> {
  return apiRaw(ctx, api`/api/v1/me/export`, { timeoutMs: STREAM_TIMEOUT_MS });
}

/**
 * Starts the ZIP's build when there is neither a ready file nor a build under way, without waiting
 * for it (`POST /api/v1/me/export`, 202); answers the status. The status page of
 * 'Descargar mis datos' (issue 32) asks this, then the status, until the file is ready.
 */
export function startExport(ctx: ApiContext): Promise<ExportStatus> {
  return apiJson(ctx, api`/api/v1/me/export`, ExportStatus, { method: "POST" });
}
