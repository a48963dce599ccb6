/**
 * Loaders and the action of the three chat screens (spec section 2): the draft chat of a
 * procedure (`/procedures/available/chat/?procedure=`), an instance's chat
 * (`/procedures/chat/?instance=`) and its read-only preview (`/procedures/preview/?instance=`).
 * Every step is a form post (Post/Redirect/Get) so the chat works without JavaScript.
 */
import { randomUUID } from "node:crypto";
import { json, redirect } from "@remix-run/node";
import { ApiError, requireApiContext, type ApiContext } from "~/api/client.server";
import {
  discardToSendDocument,
  finalise,
  getChat,
  getFirstChat,
  getPreviewChat,
  sendDraft,
  sendText,
  sendToSendDocument,
} from "~/api/chat.server";
import { forwardFile, isDiskFile, multipartReader, UploadRefused } from "~/features/records/upload.server";
import { readForm } from "~/lib/form.server";
import { orErrorPage, requireAdhered } from "~/lib/guards.server";
import { ACCEPTED_UPLOAD_EXTENSIONS, MAX_MESSAGE_LENGTH } from "~/lib/messages/constants";
import { errors as E } from "~/lib/messages/errors";
import { procedures as t } from "~/lib/messages/procedures";
import { errorPage, upstreamStatus } from "~/lib/resource.server";
import { redirectWithToast, errorText } from "~/lib/toast.server";
import { keepDraftOnExpiry, restoreDraft } from "~/features/session/drafts.server";
import { receiptFlashHeader, withReceipt } from "~/features/receipts/flash.server";

export type ChatMode = "draft" | "chat" | "preview";
const ID = /^[A-Za-z0-9-]{1,64}$/;

function param(request: Request, name: string): string {
  const value = new URL(request.url).searchParams.get(name);
  if (!value || !ID.test(value)) throw redirect("/error");
  return value;
}

export function selfUrl(request: Request) {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

/** `/procedures/available/chat/?instance=` ('Completar' of the requirements screen) is an instance's chat. */
export function modeOf(request: Request, mode: ChatMode): ChatMode {
  return mode === "draft" && new URL(request.url).searchParams.get("instance") ? "chat" : mode;
}

export async function loadChat(request: Request, requested: ChatMode) {
  const { ctx } = await requireAdhered(request, "procedures");
  const mode = modeOf(request, requested);
  if (mode === "draft") {
    const procedureId = param(request, "procedure");
    const terms = new URL(request.url).searchParams.get("terms") === "1";
    const first = await orErrorPage(() => getFirstChat(ctx, procedureId));
    if (first.data.procedureType === "FORM" && first.data.form) {
      throw redirect(`/procedures/form/?procedure=${encodeURIComponent(procedureId)}${terms ? "&terms=1" : ""}`);
    }
    return { mode, chat: first.result, terms, key: randomUUID(), self: selfUrl(request), restored: await restoredMessage(request) };
  }
  const search = new URL(request.url).searchParams;
  // 'Volver' of a form of a draft chat (spec section 2) lands here with the procedure only.
  if (mode === "chat" && !search.get("instance") && search.get("procedure")) {
    throw redirect(`/procedures/available/chat/?procedure=${encodeURIComponent(param(request, "procedure"))}`);
  }
  const instanceId = param(request, "instance");
  const chat = await orErrorPage(() => (mode === "preview" ? getPreviewChat(ctx, instanceId) : getChat(ctx, instanceId)));
  return {
    mode,
    chat,
    terms: false,
    key: randomUUID(),
    self: selfUrl(request),
    restored: mode === "preview" ? null : await restoredMessage(request),
  };
}

/** The message typed before a session expired, kept for this citizen and this chat (decision 032). */
async function restoredMessage(request: Request): Promise<string | null> {
  const fields = await restoreDraft(request);
  return typeof fields?.message === "string" && fields.message.trim() ? fields.message.slice(0, MAX_MESSAGE_LENGTH) : null;
}

/**
 * Loader of /resources/chat/events: the conversation as JSON for the chat's live updates (polled
 * with a fetcher). Being a resource route, polling does not run the root loader, so an open chat
 * does not keep an idle session alive. No guard beyond the session: the API scopes it.
 */
export async function chatEvents(request: Request) {
  const ctx = await requireApiContext(request);
  const url = new URL(request.url);
  const instance = url.searchParams.get("instance") ?? "";
  if (!ID.test(instance)) throw new Response("No encontrado", { status: 404 });
  try {
    const chat = await (url.searchParams.get("preview") === "1" ? getPreviewChat(ctx, instance) : getChat(ctx, instance));
    return json(chat, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    if (error instanceof ApiError) throw errorPage(upstreamStatus(error));
    throw error;
  }
}

export type ChatActionData = { required?: boolean; message?: string; messageError?: string; ok?: boolean };

const isRequiredError = (error: unknown) => error instanceof ApiError && error.code === "REQUIRED_FILES_NOT_UPLOADED";

const extensionOf = (name: string) => {
  const m = /\.[^.]+$/.exec(name.toLowerCase());
  return m ? m[0] : "";
};

/** The types a document takes: its validExtensions, else the default list (spec section 5). */
export function allowedExtensions(validExtensions: string[] | undefined): string[] {
  const list = (validExtensions ?? []).map((e) => (e.startsWith(".") ? e : `.${e}`).toLowerCase());
  return list.length ? list : [...ACCEPTED_UPLOAD_EXTENSIONS];
}

function uploadError(error: unknown, list: string[]): string {
  if (error instanceof UploadRefused) return error.message;
  if (error instanceof ApiError) {
    if (error.status === 413) return E.upload.tooLarge;
    if (error.status === 415) return E.upload.invalidFormat(list.join(", "));
    return errorText(error, t.toasts.uploadError);
  }
  return t.toasts.uploadError;
}

export async function chatAction(request: Request, requested: "draft" | "chat") {
  // A message sent after the session expired is kept for the same citizen's next sign-in.
  await keepDraftOnExpiry(request, (form) => (form.get("intent") === "send" ? { message: String(form.get("message") ?? "") } : null));
  const { ctx } = await requireAdhered(request, "procedures");
  const mode = modeOf(request, requested);
  const self = selfUrl(request);
  const contentType = request.headers.get("content-type") ?? "";
  if (contentType.startsWith("multipart/form-data")) {
    if (mode !== "chat") throw new Response("No encontrado", { status: 404 });
    return attach(ctx, request, self);
  }
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const message = String(form.get("message") ?? "").trim();

  if (intent === "send" && mode === "draft") {
    const procedureId = Number(param(request, "procedure"));
    if (!message) return json<ChatActionData>({ messageError: E.required, message }, { status: 400 });
    if (message.length > MAX_MESSAGE_LENGTH)
      return json<ChatActionData>({ messageError: E.messageTooLong(MAX_MESSAGE_LENGTH), message }, { status: 400 });
    const key = String(form.get("key") ?? "");
    try {
      const instanceId = await sendDraft(ctx, {
        procedureId,
        message,
        acceptedTerms: form.get("procedureAcceptedTerms") === "true",
        idempotencyKey: /^[A-Za-z0-9_-]{8,64}$/.test(key) ? key : randomUUID(),
      });
      // Receipts (decision 033): starting a procedure earns a receipt.
      const receipt = await receiptFlashHeader(ctx, "procedure", instanceId);
      return withReceipt(redirect(`/procedures/chat/?instance=${encodeURIComponent(instanceId)}`), receipt);
    } catch (error) {
      if (error instanceof Response) throw error;
      return redirectWithToast(self, { type: "ERROR", message: errorText(error, t.toasts.sendQueryError) });
    }
  }

  const instanceId = param(request, "instance");
  if (intent === "send") {
    if (message.length > MAX_MESSAGE_LENGTH)
      return json<ChatActionData>({ messageError: E.messageTooLong(MAX_MESSAGE_LENGTH), message }, { status: 400 });
    const procedureId = Number(form.get("procedureId") ?? 0);
    if (!message) {
      // Without JavaScript the button cannot be disabled: neither text nor file sends nothing.
      const current = await getChat(ctx, instanceId).catch((error) => {
        if (error instanceof Response) throw error;
        return null;
      });
      if (current && !current.current.documents.some((d) => d.status === "toSend")) {
        return json<ChatActionData>({ messageError: E.required, message }, { status: 400 });
      }
    }
    if (message) {
      try {
        const key = String(form.get("key") ?? "");
        await sendText(ctx, instanceId, { procedureId, message, idempotencyKey: /^[A-Za-z0-9_-]{8,64}$/.test(key) ? key : undefined });
      } catch (error) {
        if (error instanceof Response) throw error;
        if (isRequiredError(error)) return json<ChatActionData>({ required: true, message }, { status: 409 });
        return redirectWithToast(self, { type: "ERROR", message: errorText(error, t.toasts.sendQueryError) });
      }
    }
    // Receipts (decision 033): a send that carries documents earns a receipt (known before they are sent).
    const carriesDocuments = await getChat(ctx, instanceId)
      .then((c) => c.current.documents.some((d) => d.status === "toSend"))
      .catch((error) => {
        if (error instanceof Response) throw error;
        return false;
      });
    try {
      await finalise(ctx, instanceId);
    } catch (error) {
      if (error instanceof Response) throw error;
      if (isRequiredError(error)) return json<ChatActionData>({ required: true, message: "" }, { status: 409 });
      return redirectWithToast(self, { type: "ERROR", message: errorText(error, t.toasts.sendAttentionError) });
    }
    return withReceipt(redirect("/procedures"), carriesDocuments ? await receiptFlashHeader(ctx, "documents", instanceId) : null);
  }

  if (intent === "discard") {
    const document = String(form.get("document") ?? "");
    try {
      await discardToSendDocument(ctx, instanceId, document);
    } catch (error) {
      if (error instanceof Response) throw error;
      return redirectWithToast(self, { type: "ERROR", message: errorText(error, t.toasts.discardFileError) });
    }
    return redirect(self);
  }
  return json<ChatActionData>({}, { status: 400 });
}

async function attach(ctx: ApiContext, request: Request, self: string) {
  const instanceId = param(request, "instance");
  const reader = multipartReader(1);
  let list: string[] = [...ACCEPTED_UPLOAD_EXTENSIONS];
  try {
    let form: FormData;
    try {
      form = await readForm(request, reader.read);
    } catch (error) {
      if (error instanceof UploadRefused) return redirectWithToast(self, { type: "ERROR", message: error.message });
      throw error;
    }
    const documentId = String(form.get("document") ?? "");
    const file = form.get("file");
    const chat = await getChat(ctx, instanceId).catch((error) => {
      if (error instanceof Response) throw error;
      return null;
    });
    const doc = chat?.current.documents.find((d) => d.id === documentId);
    if (!chat || !doc) return redirectWithToast(self, { type: "ERROR", message: t.toasts.uploadError });
    list = allowedExtensions(doc.spec.validExtensions);
    if (!isDiskFile(file)) return redirectWithToast(self, { type: "ERROR", message: t.toasts.uploadError });
    const name = file.name.split(/[\\/]/).pop()?.trim() || "documento";
    if (!list.includes(extensionOf(name)))
      return redirectWithToast(self, { type: "ERROR", message: E.upload.invalidFormat(list.join(", ")) });
    let fileId: string;
    try {
      fileId = await forwardFile(ctx, file, name);
    } catch (error) {
      if (error instanceof Response) throw error;
      return redirectWithToast(self, { type: "ERROR", message: uploadError(error, list) });
    }
    try {
      await sendToSendDocument(ctx, instanceId, { procedureId: chat.procedureId, document: doc.id, file: { id: fileId, name } });
    } catch (error) {
      if (error instanceof Response) throw error;
      const message =
        error instanceof ApiError && error.status === 415
          ? E.upload.invalidFormat(list.join(", "))
          : errorText(error, t.toasts.sendDocumentError);
      return redirectWithToast(self, { type: "ERROR", message });
    }
    return redirect(self);
  } finally {
    reader.cleanup();
  }
}
