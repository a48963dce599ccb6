/**
 * The citizen's side of the chat (spec sections 4 and 7; decision 016): reading a chat, the draft
 * chat of a procedure, and the citizen's actions (text, toSendDocument, force,
 * discardToSendDocument). Rules shared with forms and the operator are in ./service.ts.
 */
import type { DbOrTx } from "../../db/index.js";
import { parseJson } from "../../db/index.js";
import { toBool } from "../../db/columns.js";
import { ApiError } from "../../errors.js";
import type { FormDefinition } from "../../../common/forms.js";
import { getOwnedFile } from "../files/index.js";
import { addHistoryEntry, getOwnedInstance } from "../procedures/service.js";
import {
  findFirstForm,
  findIdempotent,
  insertReceivedDoc,
  listDocuments,
  rememberIdempotent,
  updateDocuments,
  updateInstance,
} from "./repository.js";
import {
  addEvent,
  assertOpen,
  assertRequiredAttached,
  chatOf,
  documentOf,
  insertRequested,
  MAX_MESSAGE_LENGTH,
  notify,
  OPERATOR_CN,
  procedureRow,
  setState,
  startInstance,
  STATE_REVIEW,
  toDocument,
  tx,
  withSeparators,
  type Citizen,
} from "./service.js";
import { DEFAULT_EXTENSIONS, type Chat, type ChatEvent } from "./tables.js";

/** The conversation of an instance the citizen owns. */
export async function getChat(db: DbOrTx, cuil: string, instanceId: string): Promise<Chat> {
  const instance = await getOwnedInstance(db, cuil, instanceId);
  return chatOf(db, instance);
}

/** `GET /procedures/:id/forms/first`: the draft chat, and the procedure's first form if any. */
export async function firstChat(db: DbOrTx, procedureId: number) {
  const procedure = await procedureRow(db, procedureId);
  const docsTable = parseJson<{ name: string; description: string; required: boolean }[]>(procedure.docs_table, []);
  const now = new Date().toISOString();
  const start: ChatEvent = {
    id: "start",
    type: "start",
    author: "operator",
    message: `Hola. Para iniciar el trámite «${procedure.description}», escribe tu consulta y envíala.`,
    description: docsTable.length
      ? `Luego te pediremos: ${docsTable.map((d) => `${d.name}${d.required ? "" : " (opcional)"}`).join(", ")}.`
      : null,
    createdAt: now,
    commiter: { cn: OPERATOR_CN },
    documents: [],
  };
  const chat: Chat = {
    procedureId: procedure.id,
    procedureDescription: procedure.description,
    first: true,
    draft: true,
    instanceId: null,
    events: withSeparators([start]),
    current: { documents: [], open: true, enabledProcedureAcceptedTerms: toBool(procedure.terms_enabled), state: null },
  };
  const form = await findFirstForm(db, procedure.id);
  const def = form ? parseJson<FormDefinition | null>(form.definition, null) : null;
  return {
    result: chat,
    data: {
      form: form ? { id: form.id } : null,
      spec: { description: def?.description ?? null, header: { name: def?.header.name ?? procedure.description } },
      procedureType: procedure.type,
    },
  };
}

export type GenericInput = {
  action: "text" | "toSendDocument";
  data: { message?: string | null; document?: string; file?: { id: string; name?: string } };
  procedureId?: number;
  procedureAcceptedTerms?: boolean;
  idempotencyKey?: string;
};

/** `PUT /instances/DRAFT/interactive/generic`: the first send creates the instance (once per idempotency key). */
export async function draftSend(db: DbOrTx, citizen: Citizen, input: GenericInput) {
  if (input.action !== "text") throw ApiError.badRequest("El primer envío debe ser un mensaje.");
  const message = (input.data.message ?? "").trim();
  if (!message) throw ApiError.badRequest("Datos inválidos en: data.message.");
  if (message.length > MAX_MESSAGE_LENGTH) throw ApiError.badRequest("Datos inválidos en: data.message.");
  if (!input.procedureId) throw ApiError.badRequest("Datos inválidos en: procedureId.");
  return tx(db, async (trx) => {
    const existing = await findIdempotent(trx, citizen.cuil, input.idempotencyKey);
    if (existing) return { instanceId: existing };
    const at = new Date().toISOString();
    const { instance, docsTable } = await startInstance(trx, citizen, input.procedureId!, {
      acceptedTerms: Boolean(input.procedureAcceptedTerms),
      at,
    });
    await addEvent(trx, { instanceId: instance.id, type: "text", author: "user", cn: citizen.cn, message, at });
    if (docsTable.length) {
      const docs = await insertRequested(
        trx,
        instance.id,
        docsTable.map((d) => ({ description: d.name, isRequired: d.required, tDocumento: d.description })),
        at,
      );
      await addEvent(trx, {
        instanceId: instance.id,
        type: "requestedDocuments",
        author: "operator",
        cn: OPERATOR_CN,
        message: "Para continuar, adjunta la siguiente documentación.",
        documents: docs,
        at,
      });
    }
    await rememberIdempotent(trx, citizen.cuil, input.idempotencyKey, instance.id);
    return { instanceId: instance.id };
  }).then((r) => (notify(r.instanceId, "created"), r));
}

/** The extensions of each type the upload recognises by its magic bytes (server/domain/files). */
const EXTENSIONS_OF_TYPE: Record<string, string[]> = {
  "application/pdf": [".pdf"],
  "image/jpeg": [".jpg", ".jpeg"],
  "image/png": [".png"],
};

const extensionOf = (name: string) => {
  const m = /\.[^.]+$/.exec(name.toLowerCase());
  return m ? m[0] : "";
};

/** `PUT /instances/:id/interactive/generic`: a message, or a file attached to a requested document. */
export async function genericAction(db: DbOrTx, citizen: Citizen, instanceId: string, input: GenericInput): Promise<Chat> {
  return tx(db, async (trx) => {
    const instance = await getOwnedInstance(trx, citizen.cuil, instanceId);
    assertOpen(instance);
    if (input.action === "text") {
      const message = (input.data.message ?? "").trim();
      if (!message || message.length > MAX_MESSAGE_LENGTH) throw ApiError.badRequest("Datos inválidos en: data.message.");
      await assertRequiredAttached(trx, instance.id);
      // A double submit (same key) stores the message once.
      if (!(await findIdempotent(trx, citizen.cuil, input.idempotencyKey))) {
        await addEvent(trx, { instanceId: instance.id, type: "text", author: "user", cn: citizen.cn, message });
        await rememberIdempotent(trx, citizen.cuil, input.idempotencyKey, instance.id);
        notify(instance.id, "text");
      }
    } else {
      const docId = input.data.document;
      const fileRef = input.data.file;
      if (!docId || !fileRef?.id) throw ApiError.badRequest("Datos inválidos en: data.document, data.file.");
      const doc = await documentOf(trx, instance.id, docId, "No se encontró el documento solicitado.");
      // A form-type document is completed with its form, never with a file (issue 28).
      if (doc.form_id) throw new ApiError(409, "CONFLICT", "Este documento se completa con su formulario, no con un archivo.");
      if (doc.status !== "requested") throw new ApiError(409, "CONFLICT", "El documento ya tiene un archivo adjunto.");
      const file = await getOwnedFile(trx, citizen.cuil, fileRef.id);
      const allowed = parseJson<string[]>(doc.valid_extensions, []);
      const list = allowed.length ? allowed : DEFAULT_EXTENSIONS;
      const name = fileRef.name?.trim() || file.name;
      // Checked by content too (issue 28): the type the upload found by its magic bytes must be one the
      // document takes, and the name must say that type (a PNG named `.pdf` is refused).
      const byContent = EXTENSIONS_OF_TYPE[file.mime] ?? [];
      if (!list.includes(extensionOf(name)) || !byContent.includes(extensionOf(name))) {
        throw new ApiError(
          415,
          "UNSUPPORTED_MEDIA_TYPE",
          `Error al subir el documento. Por favor seleccione uno de los siguientes formatos ${list.join(", ")}`,
        );
      }
      await updateDocuments(trx, [doc.id], {
        status: "toSend",
        file_id: file.id,
        file_name: name.slice(0, 255),
        updated_at: new Date().toISOString(),
      });
    }
    return chatOf(trx, await getOwnedInstance(trx, citizen.cuil, instanceId));
  });
}

/** `POST /instances/:id/interactive/discardToSendDocument`: the attached file is let go; the document is requested again. */
export async function discardToSend(db: DbOrTx, citizen: Citizen, instanceId: string, documentId: string): Promise<Chat> {
  return tx(db, async (trx) => {
    const instance = await getOwnedInstance(trx, citizen.cuil, instanceId);
    assertOpen(instance);
    const doc = await documentOf(trx, instance.id, documentId, "No se encontró el documento.");
    if (doc.status !== "toSend") throw new ApiError(409, "CONFLICT", "El documento no tiene un archivo para descartar.");
    await updateDocuments(trx, [doc.id], { status: "requested", file_id: null, file_name: null, updated_at: new Date().toISOString() });
    return chatOf(trx, instance);
  });
}

/**
 * `PUT /instances/:id/interactive/citizen/update` with `{force: true}`: finalises the citizen's
 * turn. Every required document must be attached; the attached ones are sent (they become the
 * instance's received documents, pending evaluation) and the instance goes back to review.
 */
export async function finalise(db: DbOrTx, citizen: Citizen, instanceId: string) {
  return tx(db, async (trx) => {
    const instance = await getOwnedInstance(trx, citizen.cuil, instanceId);
    assertOpen(instance);
    await assertRequiredAttached(trx, instance.id);
    const toSend = await listDocuments(trx, instance.id, ["toSend"]);
    const at = new Date().toISOString();
    if (toSend.length) {
      await updateDocuments(
        trx,
        toSend.map((d) => d.id),
        { status: "sent", updated_at: at },
      );
      for (const d of toSend) {
        if (d.file_id)
          await insertReceivedDoc(trx, { instanceId: instance.id, fileId: d.file_id, fileName: d.file_name ?? d.description, at });
      }
      const sent = toSend.map((d) => toDocument({ ...d, status: "sent" }));
      await addEvent(trx, { instanceId: instance.id, type: "uploadedDocuments", author: "user", cn: citizen.cn, documents: sent, at });
      await addHistoryEntry(trx, {
        instanceId: instance.id,
        ownerCuil: citizen.cuil,
        cn: citizen.cn,
        action: "Documentación enviada",
        files: toSend.filter((d) => d.file_id).map((d) => ({ fileId: d.file_id!, name: d.file_name ?? d.description })),
        excutedOn: at,
      });
    }
    await setState(trx, instance.id, "in_progress", STATE_REVIEW);
    await updateInstance(trx, instance.id, { has_alert: 0 });
    return { instanceId: instance.id, sent: toSend.length };
  }).then((r) => {
    if (r.sent) notify(r.instanceId, "sent");
    return { instanceId: r.instanceId };
  });
}
