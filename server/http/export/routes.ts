/**
 * 'Descargar mis datos' (decision 073), beside 'Tus datos' under our own `/api/v1/me/…`:
 * - `GET /api/v1/me/export` → the signed-in citizen's ZIP (built now, or the one built within the
 *   hour, or the one another request is building, waited for); 409 `EXPORT_IN_PROGRESS` when that
 *   build takes longer than the wait. `ETag` is the ZIP's SHA-256, `Last-Modified` when it was built.
 * - `GET /api/v1/me/export/status` → `{ ready: { createdAt, expiresAt, size } | null, building }`,
 *   which builds nothing (the portal shows it, and learns from its 404 that a backend lacks it).
 * No id or cuil: the citizen is the token's. No HEAD: a HEAD must not start a build.
 */
import type { FastifyPluginAsync } from "fastify";
import { exportFileName, exportStatus, openExport } from "../../domain/export/service.js";
import { contentDisposition } from "../fs/content-disposition.js";
import type { RouteDeps } from "../types.js";

export const exportRoutes: FastifyPluginAsync<RouteDeps> = async (app, { db, store }) => {
  app.get("/v1/me/export", { exposeHeadRoute: false }, async (request, reply) => {
    const { export: e, built, body } = await openExport({ db, store }, request.citizen.cuil);
    request.log.info({ built, bytes: e.size }, "data export answered");
    return reply
      .header("content-type", "application/zip")
      .header("content-disposition", contentDisposition(exportFileName(e)))
      .header("content-length", String(e.size))
      .header("etag", `"${e.sha256}"`)
      .header("last-modified", new Date(e.createdAt).toUTCString())
      .header("x-export-expires", e.expiresAt)
      .header("x-content-type-options", "nosniff")
      .send(body);
  });

  app.get("/v1/me/export/status", async (request) => {
    const { ready, building } = await exportStatus(db, request.citizen.cuil);
    return { ready: ready && { createdAt: ready.createdAt, expiresAt: ready.expiresAt, size: ready.size }, building };
  });
};
