/**
 * Operator side of the procedures module (not in the spec): create an instance for a citizen
 * in a given state, add a history entry (an operator message sets the card's alert), attach a
 * received document (a generated PDF, or base64 content). End-to-end tests make their own data
 * with these.
 */
import type { FastifyPluginAsync } from "fastify";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { z } from "zod";
import { saveFile } from "../domain/files/index.js";
import { findCitizenByCuil } from "../domain/citizens/repository.js";
import { addHistoryEntry, addReceivedDoc, createInstance } from "../domain/procedures/service.js";
import { DOC_STATUSES, INSTANCE_BUTTONS } from "../domain/procedures/tables.js";
import { ApiError } from "../errors.js";
import type { RouteDeps } from "../http/types.js";
import { parse } from "../http/validation.js";
import { audited, procedureItem, recordAccess } from "../domain/accesses/service.js";
import { inTransaction } from "../db/index.js";
import { actorOf } from "./access.js";
import type { OperatorCommand } from "./command-types.js";
import { ID_PATTERN } from "../../common/ids.js";
import { CUIL_PATTERN } from "../../common/cuil.js";

const CreateInstance = z.object({
  cuil: z.string().regex(CUIL_PATTERN),
  procedureId: z.coerce.number().int().positive(),
  tab: z.string().min(1).max(64),
  state: z.object({ text: z.string().min(1).max(100), color: z.string().regex(/^#[0-9A-Fa-f]{6}$/) }),
  title: z.string().min(1).max(300).optional(),
  description: z.array(z.string().max(300)).max(10).optional(),
  payloadDescriptions: z
    .array(z.object({ code: z.string().max(64), label: z.string().max(100), value: z.string().max(300) }))
    .max(10)
    .optional(),
  buttons: z.array(z.enum(INSTANCE_BUTTONS)).optional(),
  recordId: z.string().max(64).nullable().optional(),
  createdAt: z.string().datetime().optional(),
});

const AddHistory = z.object({
  action: z.string().max(300).nullable(),
  comment: z.string().max(2000).nullable().optional(),
  cn: z.string().max(200).optional(),
  operatorMessage: z.boolean().optional(),
});

const AddDocument = z.object({
  fileName: z.string().min(1).max(200),
  status: z.enum(DOC_STATUSES),
  /** base64 of the file; a one-page PDF is generated when absent */
  contentBase64: z.string().max(20_000_000).optional(),
});

const IdParams = z.object({ id: z.string().regex(ID_PATTERN) });

async function generatedPdf(title: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595, 842]);
  page.drawText(
    title
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/[^\x20-\x7e]/g, "?"),
    { x: 50, y: 780, size: 14, font },
  );
  return Buffer.from(await pdf.save());
}

export const proceduresOperatorRoutes: FastifyPluginAsync<RouteDeps> = async (app, { db, store }) => {
  app.post("/procedures/instances", async (request, reply) => {
    const input = parse(CreateInstance, request.body);
    const actor = actorOf(request);
    const instance = await inTransaction(db, async (trx) => {
      const citizen = await findCitizenByCuil(trx, input.cuil);
      if (!citizen) throw ApiError.notFound("No se encontró el ciudadano.");
      const created = await createInstance(trx, {
        ownerCuil: input.cuil,
        procedureId: input.procedureId,
        tabCode: input.tab,
        state: input.state,
        title: input.title,
        description: input.description,
        payloadDescriptions: input.payloadDescriptions,
        buttons: input.buttons,
        recordId: input.recordId ?? null,
        createdAt: input.createdAt,
      });
      await recordAccess(trx, actor, "procedure.create", { cuil: input.cuil, ref: created.id, label: created.title });
      return created;
    });
    return reply.code(201).send(instance);
  });

  app.post("/procedures/instances/:id/history", async (request, reply) => {
    const { id } = parse(IdParams, request.params);
    const input = parse(AddHistory, request.body);
    await audited(
      db,
      actorOf(request),
      "procedure.history",
      (trx) => procedureItem(trx, id),
      (trx, item) =>
        addHistoryEntry(trx, {
          instanceId: id,
          ownerCuil: item.cuil,
          cn: input.cn ?? "Operador",
          action: input.action,
          comment: input.comment ?? null,
          operatorMessage: input.operatorMessage ?? true,
        }),
    );
    return reply.code(201).send({ ok: true });
  });

  app.post("/procedures/instances/:id/documents", async (request, reply) => {
    const { id } = parse(IdParams, request.params);
    const input = parse(AddDocument, request.body);
    const { cuil: owner } = await procedureItem(db, id);
    const body = input.contentBase64 ? Buffer.from(input.contentBase64, "base64") : await generatedPdf(input.fileName);
    // The blob and its file row first (an orphan if what follows fails: swept, decision 057), then
    // the document and the access-log entry in one transaction.
    const file = await saveFile({ db, store }, { ownerCuil: owner, name: input.fileName, body });
    const doc = await audited(
      db,
      actorOf(request),
      "procedure.document",
      (trx) => procedureItem(trx, id),
      (trx, item) =>
        addReceivedDoc(trx, { instanceId: id, ownerCuil: item.cuil, fileId: file.id, fileName: input.fileName, status: input.status }),
    );
    return reply.code(201).send({ id: doc.id, fileId: file.id });
  });
};

export const procedureCommands: Record<string, OperatorCommand> = {
  "procedure:instance:create": {
    usage:
      "procedure:instance:create --cuil C --procedure-id N --tab T --state-text S --state-color #RRGGBB [--title T] [--buttons edit,history,…]",
    description: "Crea un trámite de un ciudadano en una bandeja y estado dados.",
    options: {
      cuil: { type: "string" },
      "procedure-id": { type: "string" },
      tab: { type: "string" },
      "state-text": { type: "string" },
      "state-color": { type: "string" },
      title: { type: "string" },
      buttons: { type: "string" },
    },
    run: (values, call) =>
      call("POST", "/procedures/instances", {
        cuil: values.cuil,
        procedureId: Number(values["procedure-id"]),
        tab: values.tab,
        state: { text: values["state-text"], color: values["state-color"] },
        title: values.title,
        buttons: typeof values.buttons === "string" ? values.buttons.split(",").map((b) => b.trim()) : undefined,
      }),
  },
  "procedure:history:add": {
    usage: "procedure:history:add --instance ID --action A [--comment C] [--cn NOMBRE]",
    description: "Agrega una entrada al historial de un trámite (mensaje del operador: marca la alerta).",
    options: { instance: { type: "string" }, action: { type: "string" }, comment: { type: "string" }, cn: { type: "string" } },
    run: (values, call) =>
      call("POST", `/procedures/instances/${encodeURIComponent(String(values.instance))}/history`, {
        action: values.action,
        comment: values.comment ?? null,
        cn: values.cn,
        operatorMessage: true,
      }),
  },
  "procedure:document:add": {
    usage: "procedure:document:add --instance ID --file-name NOMBRE.pdf --status received|pending|approved|rejected",
    description: "Adjunta un documento recibido (un PDF generado) a un trámite.",
    options: { instance: { type: "string" }, "file-name": { type: "string" }, status: { type: "string" } },
    run: (values, call) =>
      call("POST", `/procedures/instances/${encodeURIComponent(String(values.instance))}/documents`, {
        fileName: values["file-name"],
        status: values.status,
      }),
  },
};
