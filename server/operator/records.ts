/**
 * Operator side of records (`/operator/api/records…` and `npm run operator -- record:…`):
 * create a record for a citizen (optionally with sample documents), incorporate a pending or
 * sent document, set a sent document's status, associate two records.
 */
import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { saveFile } from "../domain/files/index.js";
import { makeJpeg, makePng, makeTextPdf } from "../domain/files/samples.js";
import {
  addDocument,
  associateRecords,
  createRecord,
  incorporateDocument,
  mirrorAssociation,
  setSentStatus,
} from "../domain/records/operator.js";
import { ASSOCIATION_TYPES, RECORD_STATUSES, SENT_STATUSES, type RecordStatus, type SentStatus } from "../domain/records/service.js";
import { findRecord } from "../domain/records/repository.js";
import { ApiError } from "../errors.js";
import type { RouteDeps } from "../http/types.js";
import { parse } from "../http/validation.js";
import { audited, recordAccess, recordItem } from "../domain/accesses/service.js";
import { inTransaction } from "../db/index.js";
import { actorOf } from "./access.js";
import type { OperatorCommand } from "./command-types.js";
import { CUIL_PATTERN } from "../../common/cuil.js";

const Id = z.string().regex(/^[0-9a-f-]{36}$/i);

const CreateRecord = z.object({
  ownerCuil: z.string().regex(CUIL_PATTERN),
  title: z.string().trim().min(1).max(300),
  code: z.string().trim().min(1).max(64).optional(),
  description: z.array(z.string().max(500)).max(20).optional(),
  status: z.enum(Object.keys(RECORD_STATUSES) as [RecordStatus, ...RecordStatus[]]).optional(),
  tab: z.string().min(1).max(64).optional(),
  readOnly: z.boolean().optional(),
  header: z
    .array(z.object({ code: z.string().max(64), key: z.string().max(200), value: z.string().max(1000) }))
    .max(50)
    .optional(),
  /** adds sample documents: n incorporated (PDFs of several pages, one of `bigPages`, and images), sent and pending */
  sample: z
    .object({
      incorporated: z.number().int().min(0).max(30).default(0),
      sent: z.number().int().min(0).max(10).default(0),
      pending: z.number().int().min(0).max(10).default(0),
      bigPages: z.number().int().min(1).max(500).default(12),
    })
    .optional(),
});

export const recordsOperatorRoutes: FastifyPluginAsync<RouteDeps> = async (app, { db, store }) => {
  app.post("/records", async (request, reply) => {
    const input = parse(CreateRecord, request.body);
    const actor = actorOf(request);
    const record = await inTransaction(db, async (trx) => {
      const created = await createRecord(trx, { ...input, ownerCuil: input.ownerCuil });
      await recordAccess(trx, actor, "record.create", { cuil: created.owner_cuil, ref: created.id, label: created.code });
      return created;
    });
    const documents: { id: string; stage: string; name: string; fileId: string }[] = [];
    if (input.sample) {
      const { incorporated, sent, pending, bigPages } = input.sample;
      const total = incorporated + sent + pending;
      for (let i = 0; i < total; i++) {
        const kind = i % 4;
        const stage = i < incorporated ? "incorporated" : i < incorporated + sent ? "sent" : "pending";
        const n = i + 1;
        const name = kind === 2 ? `Imagen ${n}.png` : kind === 3 ? `Foto ${n}.jpg` : `Documento ${n}.pdf`;
        const body =
          kind === 2 ? makePng() : kind === 3 ? makeJpeg() : await makeTextPdf(`Documento ${n}`, i === 0 ? bigPages : kind === 1 ? 3 : 2);
        const file = await saveFile({ db, store }, { ownerCuil: input.ownerCuil, name, body });
        const id = await addDocument(db, {
          recordId: record.id,
          fileId: file.id,
          stage,
          name,
          reference: `Referencia ${n}`,
          description: stage === "incorporated" ? `Descripción del documento ${n}` : undefined,
          userName: stage === "incorporated" ? "Mesa de Entradas" : undefined,
          nroFolio: stage === "incorporated" ? n : undefined,
          status: stage === "sent" ? (["received", "approved", "rejected", "pending"] as SentStatus[])[i % 4] : undefined,
          details: stage === "pending" ? [] : [{ label: "Páginas", value: String(file.page_count ?? 1) }],
          createdAt: new Date(Date.now() - (total - i) * 60_000).toISOString(),
        });
        documents.push({ id, stage, name, fileId: file.id });
      }
    }
    return reply.code(201).send({ id: record.id, code: record.code, documents });
  });

  app.post("/records/:id/documents/:documentId/incorporate", async (request) => {
    const { id, documentId } = parse(z.object({ id: Id, documentId: Id }), request.params);
    const body = parse(
      z.object({ description: z.string().trim().min(1).max(500), userName: z.string().trim().min(1).max(200) }),
      request.body ?? {},
    );
    await audited(
      db,
      actorOf(request),
      "record.incorporate",
      (trx) => recordItem(trx, id),
      (trx) => incorporateDocument(trx, { recordId: id, documentId, description: body.description, userName: body.userName }),
    );
    return { success: true };
  });

  app.put("/records/:id/documents/:documentId/status", async (request) => {
    const { id, documentId } = parse(z.object({ id: Id, documentId: Id }), request.params);
    const { status } = parse(z.object({ status: z.enum(Object.keys(SENT_STATUSES) as [SentStatus, ...SentStatus[]]) }), request.body ?? {});
    await audited(
      db,
      actorOf(request),
      "record.document-status",
      (trx) => recordItem(trx, id),
      (trx) => setSentStatus(trx, { recordId: id, documentId, status }),
    );
    return { success: true };
  });

  app.post("/records/:id/associations", async (request, reply) => {
    const { id } = parse(z.object({ id: Id }), request.params);
    const body = parse(
      z.object({ code: z.string().min(1).max(64), otherId: Id.optional(), type: z.enum(ASSOCIATION_TYPES) }),
      request.body ?? {},
    );
    const actor = actorOf(request);
    await audited(
      db,
      actor,
      "record.associate",
      (trx) => recordItem(trx, id),
      async (trx) => {
        const record = await findRecord(trx, id);
        if (!record) throw ApiError.notFound();
        await associateRecords(trx, id, { id: body.otherId ?? null, code: body.code }, body.type);
        if (body.otherId) {
          // The other record changes too: its owner (perhaps another citizen) gets an entry of their own.
          await recordAccess(trx, actor, "record.associate", await recordItem(trx, body.otherId));
          await associateRecords(trx, body.otherId, record, mirrorAssociation(body.type));
        }
      },
    );
    return reply.code(201).send({ success: true });
  });
};

const str = (v: unknown) => (typeof v === "string" ? v : undefined);

export const recordCommands: Record<string, OperatorCommand> = {
  "record:create": {
    usage: "record:create --cuil C --title T [--status S] [--read-only] [--sample N]",
    description: "Crea un expediente para un ciudadano (con N documentos incorporados de ejemplo).",
    options: {
      cuil: { type: "string" },
      title: { type: "string" },
      status: { type: "string" },
      "read-only": { type: "boolean" },
      sample: { type: "string" },
    },
    run: (values, call) =>
      call("POST", "/records", {
        ownerCuil: values.cuil,
        title: values.title,
        status: str(values.status),
        readOnly: values["read-only"] ? true : undefined,
        sample: values.sample ? { incorporated: Number(values.sample), sent: 0, pending: 0 } : undefined,
      }),
  },
  "record:incorporate": {
    usage: "record:incorporate --record ID --document ID --description D --user U",
    description: "Incorpora un documento pendiente o enviado al expediente, con el siguiente número de orden.",
    options: { record: { type: "string" }, document: { type: "string" }, description: { type: "string" }, user: { type: "string" } },
    run: (values, call) =>
      call("POST", `/records/${str(values.record)}/documents/${str(values.document)}/incorporate`, {
        description: values.description,
        userName: values.user,
      }),
  },
  "record:status": {
    usage: "record:status --record ID --document ID --status received|pending|approved|rejected",
    description: "Cambia el estado de un documento enviado.",
    options: { record: { type: "string" }, document: { type: "string" }, status: { type: "string" } },
    run: (values, call) =>
      call("PUT", `/records/${str(values.record)}/documents/${str(values.document)}/status`, { status: values.status }),
  },
  "record:associate": {
    usage: "record:associate --record ID --code CODE [--other ID] --type link_primary|link_secondary|merge_primary|merge_secondary",
    description: "Vincula o fusiona un expediente con otro.",
    options: { record: { type: "string" }, code: { type: "string" }, other: { type: "string" }, type: { type: "string" } },
    run: (values, call) =>
      call("POST", `/records/${str(values.record)}/associations`, { code: values.code, otherId: str(values.other), type: values.type }),
  },
};
