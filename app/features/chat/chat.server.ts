/**
 * Loaders and the action of the three chat screens (spec section 2): the draft chat of a
 * procedure (`/procedures/available/chat/?procedure=`), an instance's chat
 * (`/procedures/chat/?instance=`) and its read-only preview (`/procedures/preview/?instance=`).
 * Every step is a form post (Post/Redirect/Get) so the chat works without JavaScript.
 */
import { randomUUID } from "node:crypto";
import { json, redirect } from "@remix-run/node";
import { ApiError, type ApiContext } from "~/api/client.server";
import { requireApiContext, type RequestScope } from "~/lib/session.server";
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
import { wireIdOf } from "~/api/read.server";
import { forwardFile, isDiskFile, multipartReader, withUploadForm } from "~/features/uploads/uploads.server";
import { UploadRefused } from "~/lib/multipart.server";
import { orErrorPage, requireAdhered } from "~/lib/guards.server";
import { ACCEPTED_UPLOAD_EXTENSIONS, MAX_MESSAGE_LENGTH } from "~/lib/messages/constants";
import { errors as E } from "~/lib/messages/errors";
import { procedureChat as t } from "~/lib/messages/procedureChat";
import { errorPage, upstreamStatus } from "~/lib/resource.server";
import { redirectWithToast, errorText } from "~/lib/toast.server";
import { keepDraftHeader, keepDraftOnExpiry, restoreDraft } from "~/features/session/drafts.server";
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

/**
 * A chat route's loader answer. Built here, not in the route: a route module that imports `json`
 * from @remix-run/node carries that package's empty stand-in in its browser bundle.
 */
export const chatLoader = async (scope: RequestScope, requested: ChatMode) => json(await loadChat(scope, requested));

export async function loadChat({ request, context }: RequestScope, requested: ChatMode) {
  const { ctx } = await requireAdhered({ request, context }, "procedures");
  const mode = modeOf(request, requested);
  if (mode === "draft") {
    const procedureId = param(request, "procedure");
    const terms = new URL(request.url).searchParams.get("terms") === "1";
    const first = await orErrorPage(() => getFirstChat(ctx, procedureId));
    if (first.data.procedureType === "FORM" && first.data.form) {
      throw redirect(`/procedures/form/?procedure=${encodeURIComponent(procedureId)}${terms ? "&terms=1" : ""}`);
    }
    const { key, ...draft } = await draftOf({ request, context });
    return { mode, chat: first.result, terms, key: key ?? randomUUID(), self: selfUrl(request), ...draft };
  }
  const search = new URL(request.url).searchParams;
  // 'Volver' of a form of a draft chat (spec section 2) lands here with the procedure only.
  if (mode === "chat" && !search.get("instance") && search.get("procedure")) {
    throw redirect(`/procedures/available/chat/?procedure=${encodeURIComponent(param(request, "procedure"))}`);
  }
  const instanceId = param(request, "instance");
  const chat = await orErrorPage(() => (mode === "preview" ? getPreviewChat(ctx, instanceId) : getChat(ctx, instanceId)));
  const { key, ...draft } = mode === "preview" ? { key: null, restored: null, kept: null } : await draftOf({ request, context });
  return { mode, chat, terms: false, key: key ?? randomUUID(), self: selfUrl(request), ...draft };
}

/**
 * The message typed before a session expired, kept for this citizen and this chat (decision 032), or
 * the one typed beside a file attached without JavaScript (`kept`: restored without the notice).
 */
async function restoredMessage(scope: RequestScope): Promise<{ message: string; kept: boolean; key: string | null } | null> {
  const fields = await restoreDraft(scope);
  if (typeof fields?.message !== "string" || !fields.message.trim()) return null;
  const key = typeof fields.key === "string" && KEY.test(fields.key) ? fields.key : null;
  return { message: fields.message.slice(0, MAX_MESSAGE_LENGTH), kept: fields.kept === ATTACH_KEPT, key };
}

const ATTACH_KEPT = "attach";
const KEY = /^[A-Za-z0-9_-]{8,64}$/;

/** The draft kept for this chat, and the idempotency key of the send it came back from (a retry reuses it). */
async function draftOf(scope: RequestScope): Promise<{ restored: string | null; kept: string | null; key: string | null }> {
  const draft = await restoredMessage(scope);
  return { restored: draft && !draft.kept ? draft.message : null, kept: draft?.kept ? draft.message : null, key: draft?.key ?? null };
}

/**
 * Back to the chat after a post, with the citizen's text of what went wrong if anything did. The
 * message typed beside the press (without JavaScript the whole chat is one form) comes back with the
 * page, and so does the send's idempotency key, so a retried send is the same send.
 */
async function backToChat(ctx: ApiContext, self: string, form: FormData, problem: string | null) {
  const message = String(form.get("message") ?? "").slice(0, MAX_MESSAGE_LENGTH);
  const key = String(form.get("key") ?? "");
  const fields = { message, kept: ATTACH_KEPT, ...(KEY.test(key) ? { key } : {}) };
  const kept = message.trim() ? await keepDraftHeader(ctx.cuil, self, fields) : null;
  const response = problem ? await redirectWithToast(self, { type: "ERROR", message: problem }) : redirect(self);
  if (kept) response.headers.append("Set-Cookie", kept);
  return response;
}

/**
 * Loader of /resources/chat/events: the conversation as JSON for the chat's live updates (polled
 * with a fetcher). Being a resource route, polling does not run the root loader, so an open chat
 * does not keep an idle session alive. No guard beyond the session: the API scopes it.
 */
export async function chatEvents({ request, context }: RequestScope) {
  const ctx = await requireApiContext({ request, context });
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

export type ChatActionData = {
  required?: boolean;
  message?: string;
  messageError?: string;
  ok?: boolean;
  /** The message reached the backend but the attention was not closed: the next 'Enviar' only closes it. */
  sent?: boolean;
  /** What went wrong, said beside the conversation (the answer renders the page, it does not redirect). */
  error?: string;
};

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

export async function chatAction({ request, context }: RequestScope, requested: "draft" | "chat") {
  // A message sent after the session expired is kept for the same citizen's next sign-in.
  await keepDraftOnExpiry({ request, context }, (form) =>
    form.get("intent") === "send" ? { message: String(form.get("message") ?? "") } : null,
  );
  const { ctx } = await requireAdhered({ request, context }, "procedures");
  const mode = modeOf(request, requested);
  const self = selfUrl(request);
  // Without JavaScript a chat with requested documents is one multipart form (decision 016), whichever button was pressed.
  const multipart = (request.headers.get("content-type") ?? "").startsWith("multipart/form-data");
  if (multipart && mode !== "chat") throw new Response("No encontrado", { status: 404 });
  const reader = multipart ? multipartReader(ctx, MAX_ATTACH_FILES, { tooLarge: "drop" }) : null;
  const refused = (error: UploadRefused) => redirectWithToast(self, { type: "ERROR", message: error.message });
  return withUploadForm(request, reader, refused, async (form) => {
    if (mode === "draft") return await sendFirst(ctx, form, request, self);
    const instanceId = param(request, "instance");
    // The pressed button says what to do: 'Descartar archivo' and 'Adjuntar archivo' name their document.
    const discard = String(form.get("discard") ?? "");
    const attachOf = String(form.get("attach") ?? "");
    const intent = discard ? "discard" : attachOf ? "attach" : String(form.get("intent") ?? "");
    if (intent === "discard") return await discardFile(ctx, form, instanceId, self, discard || String(form.get("document") ?? ""));
    if (intent === "attach") {
      const problem = await attachFile(
        ctx,
        form,
        reader?.tooLarge ?? new Set(),
        instanceId,
        attachOf || String(form.get("document") ?? ""),
      );
      return await backToChat(ctx, self, form, problem);
    }
    if (intent === "send") return await send(ctx, form, instanceId, self);
    return json<ChatActionData>({}, { status: 400 });
  });
}

/** The first message of a draft chat: creates the instance and opens its chat. */
async function sendFirst(ctx: ApiContext, form: FormData, request: Request, self: string) {
  if (form.get("intent") !== "send") return json<ChatActionData>({}, { status: 400 });
  const message = String(form.get("message") ?? "").trim();
  const procedureId = wireIdOf(param(request, "procedure"));
  if (!message) return json<ChatActionData>({ messageError: E.required, message }, { status: 400 });
  if (message.length > MAX_MESSAGE_LENGTH)
    return json<ChatActionData>({ messageError: E.messageTooLong(MAX_MESSAGE_LENGTH), message }, { status: 400 });
  const key = String(form.get("key") ?? "");
  try {
    const instanceId = await sendDraft(ctx, {
      procedureId,
      message,
      acceptedTerms: form.get("procedureAcceptedTerms") === "true",
      idempotencyKey: KEY.test(key) ? key : randomUUID(),
    });
    // Receipts (decision 033): starting a procedure earns a receipt.
    const receipt = await receiptFlashHeader(ctx, "procedure", instanceId);
    return withReceipt(redirect(`/procedures/chat/?instance=${encodeURIComponent(instanceId)}`), receipt);
  } catch (error) {
    if (error instanceof Response) throw error;
    return redirectWithToast(self, { type: "ERROR", message: errorText(error, t.toasts.sendQueryError) });
  }
}

/**
 * 'Enviar' (spec section 4): the message, then the call with force that closes the attention. When
 * the message went and the close failed, the answer says so (`sent`) and the page posts `resume`
 * with the next press: that press closes the attention without sending the message again.
 */
async function send(ctx: ApiContext, form: FormData, instanceId: string, self: string) {
  const message = String(form.get("message") ?? "").trim();
  const resume = form.get("resume") === "1";
  if (message.length > MAX_MESSAGE_LENGTH)
    return json<ChatActionData>({ messageError: E.messageTooLong(MAX_MESSAGE_LENGTH), message }, { status: 400 });
  const procedureId = form.get("procedureId") ? wireIdOf(String(form.get("procedureId"))) : null;
  if (!message && !resume) {
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
      await sendText(ctx, instanceId, { procedureId, message, idempotencyKey: KEY.test(key) ? key : undefined });
    } catch (error) {
      if (error instanceof Response) throw error;
      if (isRequiredError(error)) return json<ChatActionData>({ required: true, message }, { status: 409 });
      return backToChat(ctx, self, form, errorText(error, t.toasts.sendQueryError));
    }
  }
  const sent = Boolean(message) || resume;
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
    if (isRequiredError(error)) return json<ChatActionData>({ required: true, message: "", sent }, { status: 409 });
    return json<ChatActionData>({ error: errorText(error, t.toasts.sendAttentionError), message: "", sent }, { status: 502 });
  }
  return withReceipt(redirect("/procedures"), carriesDocuments ? await receiptFlashHeader(ctx, "documents", instanceId) : null);
}

async function discardFile(ctx: ApiContext, form: FormData, instanceId: string, self: string, document: string) {
  try {
    await discardToSendDocument(ctx, instanceId, document);
  } catch (error) {
    if (error instanceof Response) throw error;
    return backToChat(ctx, self, form, errorText(error, t.toasts.discardFileError));
  }
  return backToChat(ctx, self, form, null);
}

/**
 * Files one attach post takes. Without JavaScript the chat is one form (decision 016): every requested
 * document's file box travels with the message, empty ones included, and only the pressed one is attached.
 */
export const MAX_ATTACH_FILES = 10;

/**
 * Action of /resources/chat/attach?instance=…, the attach form's post with JavaScript (sent over
 * XMLHttpRequest for its upload progress, issue 32): the same work as the page's post, answered
 * `{ ok: true }` or `{ error }` instead of a redirect with a toast.
 */
export async function attachAnswer({ request, context }: RequestScope) {
  const { ctx } = await requireAdhered({ request, context }, "procedures");
  const instanceId = param(request, "instance");
  const reader = multipartReader(ctx, MAX_ATTACH_FILES, { tooLarge: "drop" });
  return withUploadForm(
    request,
    reader,
    (refused) => json({ error: refused.message }, { status: 400 }),
    async (form) => {
      const problem = await attachFile(ctx, form, reader.tooLarge, instanceId, String(form.get("document") ?? ""));
      return problem ? json({ error: problem }, { status: 400 }) : json({ ok: true });
    },
  );
}

/** Uploads the posted file and puts it among the documents to send; the citizen's text of what went wrong, or null. */
async function attachFile(
  ctx: ApiContext,
  form: FormData,
  tooLarge: Set<string>,
  instanceId: string,
  documentId: string,
): Promise<string | null> {
  const field = form.has(`file-${documentId}`) || tooLarge.has(`file-${documentId}`) ? `file-${documentId}` : "file";
  if (tooLarge.has(field)) return E.upload.tooLarge;
  const file = form.get(field);
  const chat = await getChat(ctx, instanceId).catch((error) => {
    if (error instanceof Response) throw error;
    return null;
  });
  const doc = chat?.current.documents.find((d) => d.id === documentId);
  if (!chat || !doc) return t.toasts.uploadError;
  const list = allowedExtensions(doc.spec.validExtensions);
  if (!isDiskFile(file)) return t.toasts.uploadError;
  const name = file.name.split(/[\\/]/).pop()?.trim() || "documento";
  if (!list.includes(extensionOf(name))) return E.upload.invalidFormat(list.join(", "));
  let fileId: string;
  try {
    // Spec section 7: the upload names the document's type and code, for a backend that files by them.
    fileId = await forwardFile(ctx, file, name, { documentTypeCode: doc.spec.tDocumento ?? undefined, code: doc.spec.code });
  } catch (error) {
    if (error instanceof Response) throw error;
    return uploadError(error, list);
  }
  try {
    await sendToSendDocument(ctx, instanceId, { procedureId: chat.procedureId, document: doc.id, file: { id: fileId, name } });
  } catch (error) {
    if (error instanceof Response) throw error;
    return error instanceof ApiError && error.status === 415
      ? E.upload.invalidFormat(list.join(", "))
      : errorText(error, t.toasts.sendDocumentError);
  }
  return null;
}
