/**
 * Receipts (decision 033): `POST /api/receipts` issues (or answers the already issued) receipt
 * of something the signed-in citizen did; `GET /api/receipts` lists theirs; `GET /api/receipts/:id`
 * reads one. Another citizen's receipt answers 404.
 */
import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { getReceipt, issueReceipt, listReceipts } from "../../domain/receipts/service.js";
import { RECEIPT_KINDS } from "../../domain/receipts/types.js";
import type { RouteDeps } from "../types.js";
import { parse } from "../validation.js";

const IssueBody = z.object({ kind: z.enum(RECEIPT_KINDS), ref: z.string().max(64).optional().default("") });
const IdParams = z.object({ id: z.string().min(1).max(64) });

export const receiptsRoutes: FastifyPluginAsync<RouteDeps> = async (app, { db }) => {
  app.post("/receipts", async (request, reply) => {
    const body = parse(IssueBody, request.body);
    const receipt = await issueReceipt(db, request.citizen.cuil, body.kind, body.ref);
    return reply.code(201).send({ result: receipt });
  });

  app.get("/receipts", async (request) => ({ result: await listReceipts(db, request.citizen.cuil) }));

  app.get("/receipts/:id", async (request) => {
    const { id } = parse(IdParams, request.params);
    return { result: await getReceipt(db, request.citizen.cuil, id) };
  });
};
