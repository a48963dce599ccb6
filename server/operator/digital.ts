/**
 * Operator side of the digital domicile (not in the spec): send an official communication with
 * PDF attachments to an adhered citizen (the citizen is mailed at the stored address, through the
 * outbox: decision 028), and list
 * the communication types. `POST /operator/api/digital/communications`, CLI `digital:send`.
 */
import fs from "node:fs/promises";
import path from "node:path";
import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { listTypes, sendCommunication } from "../domain/dd/service.js";
import { detectType } from "../domain/files/index.js";
import { ApiError } from "../errors.js";
import type { RouteDeps } from "../http/types.js";
import { parse } from "../http/validation.js";
import { recordAccess } from "../domain/accesses/service.js";
import { actorOf } from "./access.js";
import type { OperatorCommand } from "./command-types.js";
import { isDueDate } from "../../common/due-dates.js";
import { UPLOAD_LIMIT_BYTES } from "../../common/limits.js";
import { ID_PATTERN } from "../../common/ids.js";
import { CUIL_PATTERN } from "../../common/cuil.js";

const SendBody = z.object({
  cuil: z.string().regex(CUIL_PATTERN),
  subject: z.string().trim().min(1).max(300),
  client: z.string().trim().min(1).max(200),
  type: z.string().min(1).max(32),
  message: z.string().max(20_000).default(""),
  notified: z.boolean().default(false),
  files: z
    .array(z.object({ name: z.string().trim().min(1).max(200), contentBase64: z.string().min(1).max(70_000_000) }))
    .max(10)
    .default([]),
  // Decisions 026 and 014: what it concerns (the same citizen's, else 400 INVALID_LINK) and its due day.
  instanceId: z.string().regex(ID_PATTERN).nullable().optional(),
  recordId: z.string().regex(ID_PATTERN).nullable().optional(),
  dueDate: z.string().refine(isDueDate, "aaaa-mm-dd").nullable().optional(),
});

export const digitalOperatorRoutes: FastifyPluginAsync<RouteDeps> = async (app, { db, store }) => {
  app.post("/digital/communications", { bodyLimit: 100 * 1024 * 1024 }, async (request, reply) => {
    const input = parse(SendBody, request.body);
    const files = input.files.map((f) => {
      const body = Buffer.from(f.contentBase64, "base64");
      if (detectType(body.subarray(0, 16)) !== "application/pdf")
        throw new ApiError(415, "UNSUPPORTED_MEDIA_TYPE", `${f.name}: solo se aceptan archivos PDF.`);
      if (body.length > UPLOAD_LIMIT_BYTES) throw new ApiError(413, "PAYLOAD_TOO_LARGE", `${f.name}: supera el límite de 50MB.`);
      const name = f.name.toLowerCase().endsWith(".pdf") ? f.name : `${f.name}.pdf`;
      return { name, mime: "application/pdf", body };
    });
    const actor = actorOf(request);
    const communication = await sendCommunication(db, store, {
      ...input,
      files,
      mail: true,
      onStored: (tx, code) => recordAccess(tx, actor, "communication.send", { cuil: input.cuil, ref: code, label: code }),
    });
    return reply.code(201).send(communication);
  });

  app.get("/digital/types", { config: { citizenData: false } }, async () => ({ types: await listTypes(db) }));
};

export const digitalCommands: Record<string, OperatorCommand> = {
  "digital:send": {
    usage:
      'digital:send --cuil C --subject "Asunto" --client "Organismo" --type aviso [--message "Texto"] [--notified] [--file a.pdf --file b.pdf] [--instance ID] [--record ID] [--due aaaa-mm-dd]',
    description: "Envía una comunicación oficial (con PDF adjuntos) al domicilio digital de un ciudadano adherido.",
    options: {
      cuil: { type: "string" },
      subject: { type: "string" },
      client: { type: "string" },
      type: { type: "string" },
      message: { type: "string" },
      notified: { type: "boolean" },
      file: { type: "string", multiple: true },
      instance: { type: "string" },
      record: { type: "string" },
      due: { type: "string" },
    },
    run: async (values, call) => {
      const paths = (Array.isArray(values.file) ? values.file : values.file ? [values.file] : []).map(String);
      const files = await Promise.all(
        paths.map(async (p) => ({ name: path.basename(p), contentBase64: (await fs.readFile(p)).toString("base64") })),
      );
      return call("POST", "/digital/communications", {
        cuil: values.cuil,
        subject: values.subject,
        client: values.client,
        type: values.type,
        message: values.message ?? "",
        notified: values.notified === true,
        files,
        instanceId: values.instance ?? null,
        recordId: values.record ?? null,
        dueDate: values.due ?? null,
      });
    },
  },
  "digital:types": {
    usage: "digital:types",
    description: "Lista los tipos de comunicación (ids para --type).",
    options: {},
    run: (_values, call) => call("GET", "/digital/types"),
  },
};
