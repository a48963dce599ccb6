import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import {
  countRecords,
  countRecordsByTab,
  discardPending,
  incorporatedDocuments,
  listRecords,
  pendingDocuments,
  recordDocuments,
  recordHeader,
  recordsPageSize,
  registerUploads,
  sendPending,
  sentDocuments,
} from "../../domain/records/service.js";
import { registerInstanceLister } from "../instances/dispatch.js";
import type { RouteDeps } from "../types.js";
import { parse } from "../validation.js";

registerInstanceLister("records", {
  count: (deps, q) => countRecords(deps.db, q.cuil, q.code),
  counts: (deps, q) => countRecordsByTab(deps.db, q.cuil),
  page: async (deps, q) => {
    const { instances, last_page } = await listRecords(deps.db, {
      cuil: q.cuil,
      tab: q.code,
      pageNumber: q.pageNumber,
      pageSize: await recordsPageSize(deps.db),
      searchTerm: q.searchTerm,
      sort: q.sort,
      since: q.since,
      until: q.until,
    });
    return { instances, last_page };
  },
});

const Id = z.string().min(1).max(64);
const IdParams = z.object({ id: Id });
const DiscardParams = z.object({ instanceId: Id, id: Id });
const ModuleQuery = z.object({ module: z.literal("records").optional() }).passthrough();
const UploadBody = z
  .object({
    files: z
      .array(
        z.object({
          fileId: Id,
          fileName: z.string().trim().min(1).max(255),
          reference: z.string().trim().min(1).max(500),
          mime: z.string().max(100).optional(),
        }),
      )
      .min(1)
      .max(50),
  })
  .strict();
const SendBody = z
  .object({
    documents: z
      .array(
        z.union([
          Id,
          z
            .object({ id: Id })
            .passthrough()
            .transform((d) => d.id),
        ]),
      )
      .min(1)
      .max(200),
  })
  .strict();

function checkModule(query: unknown) {
  parse(ModuleQuery, query);
}

/** Records (`/api/v4/filemanager`); lists go through the instances dispatcher. */
export const recordsRoutes: FastifyPluginAsync<RouteDeps> = async (app, { db }) => {
  app.get("/v4/filemanager/:id", async (request) => {
    checkModule(request.query);
    const { id } = parse(IdParams, request.params);
    return { result: await recordHeader(db, request.citizen.cuil, id) };
  });

  app.get("/v4/filemanager/:id/incorporated", async (request) => {
    checkModule(request.query);
    const { id } = parse(IdParams, request.params);
    return { documents: await incorporatedDocuments(db, request.citizen.cuil, id) };
  });

  app.get("/v4/filemanager/:id/sent", async (request) => {
    checkModule(request.query);
    const { id } = parse(IdParams, request.params);
    return { documents: await sentDocuments(db, request.citizen.cuil, id) };
  });

  app.get("/v4/filemanager/:id/pending", async (request) => {
    checkModule(request.query);
    const { id } = parse(IdParams, request.params);
    return { documents: await pendingDocuments(db, request.citizen.cuil, id) };
  });

  // Ours (extension `record-documents`): the three lists above in one call, read in one query.
  app.get("/v4/filemanager/:id/documents", async (request) => {
    checkModule(request.query);
    const { id } = parse(IdParams, request.params);
    return recordDocuments(db, request.citizen.cuil, id);
  });

  app.post("/v4/filemanager/:id/upload", async (request) => {
    checkModule(request.query);
    const { id } = parse(IdParams, request.params);
    const { files } = parse(UploadBody, request.body);
    const documents = await registerUploads(db, request.citizen.cuil, id, files);
    return { success: true, documents };
  });

  app.delete("/v4/filemanager/:instanceId/discard/:id", async (request) => {
    checkModule(request.query);
    const { instanceId, id } = parse(DiscardParams, request.params);
    await discardPending(db, request.citizen.cuil, instanceId, id);
    return { success: true };
  });

  app.put("/v4/filemanager/:instanceId/send", async (request) => {
    checkModule(request.query);
    const { instanceId } = parse(z.object({ instanceId: Id }), request.params);
    const body = parse(SendBody, request.body ?? {});
    const sent = await sendPending(db, request.citizen.cuil, instanceId, body.documents);
    return { success: true, sent };
  });
};
