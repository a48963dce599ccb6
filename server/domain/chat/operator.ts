/**
 * The operator's side of the chat (decision 007): messages, document requests and evaluations,
 * closing a procedure. Any owner's instance, found by id; the operator API's token guards it.
 */
import type { DbOrTx } from "../../db/index.js";
import { parseJson } from "../../db/index.js";
import { toBool } from "../../db/columns.js";
import { ApiError } from "../../errors.js";
import { addHistoryEntry } from "../procedures/service.js";
import { findInstance, listDocuments, setReceivedDocStatus, updateDocuments, updateInstance } from "./repository.js";
import {
  addEvent,
  assertOpen,
  chatOf,
  insertRequested,
  isOpen,
  MAX_MESSAGE_LENGTH,
  OPERATOR_CN,
  setState,
  STATE_DOCS,
  toDocument,
  tx,
  type DocumentRequest,
} from "./service.js";

async function instanceById(db: DbOrTx, id: string) {
  const row = await findInstance(db, id);
  if (!row) throw ApiError.notFound("No se encontró el trámite.");
  return row;
}

export async function operatorMessage(db: DbOrTx, instanceId: string, input: { message: string; cn?: string }) {
  return tx(db, async (trx) => {
    const instance = await instanceById(trx, instanceId);
    assertOpen(instance);
    const cn = input.cn ?? OPERATOR_CN;
    await addEvent(trx, { instanceId, type: "text", author: "operator", cn, message: input.message.slice(0, MAX_MESSAGE_LENGTH) });
    await addHistoryEntry(trx, {
      instanceId,
      ownerCuil: instance.owner_cuil,
      cn,
      action: "Mensaje del operador",
      comment: input.message,
      operatorMessage: true,
    });
    return { ok: true };
  });
}

export async function operatorRequest(
  db: DbOrTx,
  instanceId: string,
  input: { documents: DocumentRequest[]; message?: string; cn?: string },
) {
  return tx(db, async (trx) => {
    const instance = await instanceById(trx, instanceId);
    assertOpen(instance);
    const at = new Date().toISOString();
    const docs = await insertRequested(trx, instanceId, input.documents, at);
    const cn = input.cn ?? OPERATOR_CN;
    await addEvent(trx, {
      instanceId,
      type: "requestedDocuments",
      author: "operator",
      cn,
      message: input.message ?? "Por favor, adjunta la siguiente documentación.",
      documents: docs,
      at,
    });
    await addHistoryEntry(trx, {
      instanceId,
      ownerCuil: instance.owner_cuil,
      cn,
      action: "Documentación solicitada",
      comment: docs.map((d) => d.spec.description).join(", "),
      operatorMessage: true,
      excutedOn: at,
    });
    await setState(trx, instanceId, "pending", STATE_DOCS);
    return { documents: docs };
  });
}

const EVENT_OF = { received: "receivedDocuments", approved: "approvedDocuments", rejected: "rejectedDocuments" } as const;

/**
 * Marks sent documents received, approved or rejected (a reason is required to reject; a
 * rejected document is requested again so the citizen can send another file). Without ids:
 * every sent (or received) document of the instance.
 */
export async function operatorEvaluate(
  db: DbOrTx,
  instanceId: string,
  input: {
    status: "received" | "approved" | "rejected";
    documentIds?: string[];
    reason?: string | null;
    cn?: string;
    requestAgain?: boolean;
  },
) {
  if (input.status === "rejected" && !input.reason?.trim()) throw ApiError.badRequest("Datos inválidos en: reason.");
  return tx(db, async (trx) => {
    const instance = await instanceById(trx, instanceId);
    let rows = await listDocuments(trx, instanceId, input.status === "received" ? ["sent"] : ["sent", "received"]);
    if (input.documentIds?.length) rows = rows.filter((r) => input.documentIds!.includes(r.id));
    if (!rows.length) throw new ApiError(409, "CONFLICT", "No hay documentos enviados para evaluar.");
    const at = new Date().toISOString();
    const reason = input.status === "rejected" ? input.reason!.trim().slice(0, 1000) : null;
    await updateDocuments(
      trx,
      rows.map((r) => r.id),
      { status: input.status, reason, updated_at: at },
    );
    for (const r of rows) {
      if (r.file_id) await setReceivedDocStatus(trx, instanceId, r.file_id, input.status);
    }
    const cn = input.cn ?? OPERATOR_CN;
    const docs = rows.map((r) => toDocument({ ...r, status: input.status, reason }));
    await addEvent(trx, { instanceId, type: EVENT_OF[input.status], author: "operator", cn, message: reason, documents: docs, at });
    const action = { received: "Documentación recibida", approved: "Documentación aprobada", rejected: "Documentación rechazada" }[
      input.status
    ];
    await addHistoryEntry(trx, {
      instanceId,
      ownerCuil: instance.owner_cuil,
      cn,
      action,
      comment: reason,
      operatorMessage: input.status !== "received",
      excutedOn: at,
    });
    if (input.status === "rejected" && input.requestAgain !== false && isOpen(instance)) {
      const again = await insertRequested(
        trx,
        instanceId,
        rows.map((r) => ({
          description: r.description,
          code: r.code,
          specId: r.spec_id,
          validExtensions: parseJson<string[]>(r.valid_extensions, []),
          tDocumento: r.t_documento,
          formId: r.form_id,
          isRequired: toBool(r.is_required),
        })),
        at,
      );
      await addEvent(trx, {
        instanceId,
        type: "requestedDocuments",
        author: "operator",
        cn,
        message: "Por favor, adjunta nuevamente la documentación rechazada.",
        documents: again,
        at,
      });
      await setState(trx, instanceId, "pending", STATE_DOCS);
    }
    return { documents: docs };
  });
}

/** A 'documents under evaluation' notice (toEvaluateDocuments) for what the citizen sent. */
export async function operatorToEvaluate(db: DbOrTx, instanceId: string, input: { cn?: string } = {}) {
  return tx(db, async (trx) => {
    await instanceById(trx, instanceId);
    const rows = await listDocuments(trx, instanceId, ["sent"]);
    await addEvent(trx, {
      instanceId,
      type: "toEvaluateDocuments",
      author: "operator",
      cn: input.cn ?? OPERATOR_CN,
      message: "Tus documentos están en evaluación.",
      documents: rows.map(toDocument),
    });
    return { documents: rows.map(toDocument) };
  });
}

/** Closes the procedure (approved or rejected as a whole): the chat becomes read-only. */
export async function operatorFinish(db: DbOrTx, instanceId: string, input: { approved: boolean; message?: string; cn?: string }) {
  return tx(db, async (trx) => {
    const instance = await instanceById(trx, instanceId);
    assertOpen(instance);
    const cn = input.cn ?? OPERATOR_CN;
    const state = input.approved ? { text: "Aprobado", color: "#15803D" } : { text: "Rechazado", color: "#B91C1C" };
    if (input.message) await addEvent(trx, { instanceId, type: "text", author: "operator", cn, message: input.message });
    await addHistoryEntry(trx, {
      instanceId,
      ownerCuil: instance.owner_cuil,
      cn,
      action: state.text,
      comment: input.message ?? null,
      operatorMessage: true,
    });
    await setState(trx, instanceId, "finished", state);
    await updateInstance(trx, instanceId, { buttons: JSON.stringify(["history", "attachments", "preview"]) });
    return { ok: true };
  });
}

/** The operator's view of a chat (any owner). */
export async function operatorChat(db: DbOrTx, instanceId: string) {
  return chatOf(db, await instanceById(db, instanceId));
}
