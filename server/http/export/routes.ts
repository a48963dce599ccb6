/**
 * 'Descargar mis datos' (decision 073), beside 'Tus datos' under our own `/api/v1/me/…`:
 * - `GET /api/v1/me/export` → the signed-in citizen's ZIP (built now, or the one built within the
 *   hour, or the one another request is building, waited for); 409 `EXPORT_IN_PROGRESS` when that
 *   build takes longer than the wait. `ETag` is the ZIP's SHA-256, `Last-Modified` when it was built.
 * - `GET /api/v1/me/export/status` → `{ ready: { createdAt, expiresAt, size } | null, building }`,
 *   which builds nothing (the portal shows it, and learns from its 404 that a backend lacks it).
 * - `POST /api/v1/me/export` → 202 and the status: starts a build when there is neither a ready file
 *   nor a build under way, without waiting for it (the portal's status page, issue 32). A build that
 *   runs longer than MAIL_AFTER_MS mails the citizen when it is ready; the status says so
 *   (`mailWhenReady`), with `startedAt` while it runs.
 * No id or cuil: the citizen is the token's. No HEAD: a HEAD must not start a build.
 */
import type { FastifyPluginAsync } from "fastify";
import { exportFileName, exportStatus, openExport, startExport } from "../../domain/export/service.js";
import { contentDisposition } from "../fs/content-disposition.js";
import type { RouteDeps } from "../types.js";

type Status = Awaited<ReturnType<typeof exportStatus>>;
const answer = ({ ready, building, startedAt, mailWhenReady }: Status) => ({
  ready: ready && { createdAt: ready.createdAt, expiresAt: ready.expiresAt, size: ready.size },
  building,
  startedAt,
  mailWhenReady,
});

export const exportRoutes: FastifyPluginAsync<RouteDeps> = async (app, { db, store, config }) => {
  app.get("/v1/me/export", { exposeHeadRoute: false }, async (request, reply) => {
    const { export: e, built, body } = await openExport({ db, store, portalUrl: config.PORTAL_URL }, request.citizen.cuil);
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

  app.get("/v1/me/export/status", async (request) => answer(await exportStatus(db, request.citizen.cuil)));

  app.post("/v1/me/export", async (request, reply) => {
    const status = await startExport({ db, store, portalUrl: config.PORTAL_URL }, request.citizen.cuil, (error) =>
      request.log.error({ err: error }, "data export build failed"),
    );
    return reply.code(202).send(answer(status));
  });
};
