import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { emptyArchive, procedureArchive, recordArchive, zipStream, type Archive } from "../../domain/archive/index.js";
import { contentDisposition } from "../fs/content-disposition.js";
import type { RouteDeps } from "../types.js";
import { parse } from "../validation.js";

const IdParams = z.object({ id: z.string().min(1).max(64) });

/**
 * 'Descargar todo' (decision 030), next to the files layer:
 * - `GET /api/fs/archive/record/:id` → a ZIP of the citizen's record documents;
 * - `GET /api/fs/archive/procedure/:id` → a ZIP of the citizen's procedure documents.
 * Both stream (see server/domain/archive); another citizen's record or procedure is a 404,
 * and so is one without documents. Headers: `X-Document-Count` (entries besides the index).
 */
export const archiveRoutes: FastifyPluginAsync<RouteDeps> = async (app, { db, store }) => {
  const send = (archive: Archive, reply: import("fastify").FastifyReply) => {
    if (archive.entries.length === 0) throw emptyArchive();
    return reply
      .header("content-type", "application/zip")
      .header("content-disposition", contentDisposition(archive.fileName))
      .header("x-document-count", String(archive.entries.length))
      .header("x-content-type-options", "nosniff")
      .send(zipStream(store, archive));
  };

  app.get("/fs/archive/record/:id", async (request, reply) => {
    const { id } = parse(IdParams, request.params);
    return send(await recordArchive(db, request.citizen.cuil, id), reply);
  });

  app.get("/fs/archive/procedure/:id", async (request, reply) => {
    const { id } = parse(IdParams, request.params);
    return send(await procedureArchive(db, request.citizen.cuil, id), reply);
  });
};
