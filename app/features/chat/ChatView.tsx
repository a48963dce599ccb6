/**
 * The chat screen (spec section 2): events with date separators, 'OP' for the operator, the
 * requested documents (attach a file, open their form, discard a file to send, rejection
 * reasons), and the message box with its 'n/1000 caracteres' counter. Without JavaScript every
 * step is a form post; with it the conversation is polled every few seconds, sending is
 * optimistic, and a file is checked (type and size) before it is uploaded.
 */
import { useFetcher, useSubmit } from "@remix-run/react";
import { Link } from "~/ui/Link";
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useRef,
  useState,
  type ChangeEvent,
  type FormEvent,
  type MouseEvent,
  type ReactNode,
} from "react";
import { AuthenticityTokenInput, useAuthenticityToken } from "remix-utils/csrf/react";
import type { Chat, ChatDocument, ChatEvent } from "~/api/chat.server";
import { formatLongDate, formatTime } from "~/lib/dates";
import { ACCEPTED_UPLOAD_EXTENSIONS, MAX_MESSAGE_LENGTH } from "~/lib/messages/constants";
import { common } from "~/lib/messages/common";
import { errors as E } from "~/lib/messages/errors";
import { procedureChat as t } from "~/lib/messages/procedureChat";
import { Badge, LinkButton, SubmitButton, TextArea, TimesInUtc, useHydrated } from "~/ui";
import type { ChatActionData, ChatMode } from "./chat.server";
import { useLocalDraft } from "~/features/session/local-draft";
import { DueDate } from "~/features/deadlines/DueDate";
import type { UploadEnd, UploadJob } from "~/ui/UploadProgress";

import { UPLOAD_LIMIT_BYTES as UPLOAD_LIMIT } from "@common/limits";
const POLL_MS = 4000;
const loadProgress = () => import("~/ui/UploadProgress");
const UploadProgress = lazy(loadProgress);
const c = t.chat;

export type ChatViewProps = {
  mode: ChatMode;
  chat: Chat;
  terms: boolean;
  idempotencyKey: string;
  self: string;
  actionData?: ChatActionData | null;
};

function extensionsOf(doc: ChatDocument): string[] {
  const list = (doc.spec.validExtensions ?? []).map((e) => (e.startsWith(".") ? e : `.${e}`).toLowerCase());
  return list.length ? list : [...ACCEPTED_UPLOAD_EXTENSIONS];
}

function formUrl(chat: Chat, doc: ChatDocument) {
  const q = new URLSearchParams();
  q.set("procedure", String(chat.procedureId));
  if (chat.instanceId) q.set("instance", chat.instanceId);
  if (doc.spec.form) q.set("form", doc.spec.form.id);
  return `/procedures/form/?${q.toString()}`;
}

/**
 * The conversation read again through a resource route (which does not extend the session): every
 * few seconds, and at once when `reread` is called (after an upload). A plain fetch, not the router:
 * the router revalidates its fetchers after every action, and a fetcher's route found lazily
 * (v3_lazyRouteDiscovery) raced that revalidation into a 'Página no encontrada' drawn by the browser
 * after 'Descartar archivo' (remix-run/remix#10263); and a send pressed during a router re-read raced
 * it too (the send's redirect and the re-read both navigate).
 */
function useLiveChat(initial: Chat, mode: ChatMode, busy: boolean): { chat: Chat; reread: () => void } {
  const hydrated = useHydrated();
  const [polled, setPolled] = useState<Chat | null>(null);
  // The newest of the loader's chat and the last read's answer, adjusted while rendering when the
  // loader's changes (React's "adjusting state when a prop changes"; a new loader chat wins).
  const [seen, setSeen] = useState(initial);
  if (seen !== initial) {
    setSeen(initial);
    setPolled(null);
  }
  const instanceId = initial.instanceId;
  const url = instanceId
    ? `/resources/chat/events?instance=${encodeURIComponent(instanceId)}${mode === "preview" ? "&preview=1" : ""}`
    : null;
  const reads = useRef(0);
  const reread = useCallback(() => {
    if (!url) return;
    const read = ++reads.current;
    fetch(url, { headers: { Accept: "application/json" } })
      .then(async (res) => {
        // A signed-out session answers a page, not the chat: the next navigation shows it.
        if (!res.ok || !(res.headers.get("Content-Type") ?? "").includes("json")) return;
        const chat = (await res.json()) as Chat;
        if (read === reads.current && chat.instanceId === instanceId) setPolled(chat);
      })
      .catch(() => undefined);
  }, [url, instanceId]);
  useEffect(() => {
    if (!hydrated || mode === "draft" || !url) return;
    const timer = setInterval(() => {
      if (!busy && document.visibilityState === "visible") reread();
    }, POLL_MS);
    return () => {
      clearInterval(timer);
      reads.current += 1; // an answer still on its way is dropped
    };
  }, [hydrated, mode, url, busy, reread]);
  return { chat: polled ?? initial, reread };
}

/** The form's text fields, without its file boxes (with JavaScript a file goes by its own upload). */
function textFields(form: HTMLFormElement): FormData {
  const fields = new FormData(form);
  for (const [name, value] of [...fields]) if (typeof value !== "string") fields.delete(name);
  return fields;
}

export function ChatView({ mode, chat: initial, terms, idempotencyKey, self, actionData }: ChatViewProps) {
  const sender = useFetcher<ChatActionData>();
  const hydrated = useHydrated();
  // With JavaScript the message goes through this fetcher, and a file through AttachForm's upload.
  const sending = sender.state !== "idle";
  // 'Enviar' waits for a file still on its way (spec section 5), and only for that: it is enabled again
  // from the upload's end, not from the router's re-read of the conversation that follows it.
  const [uploads, setUploads] = useState(0);
  const onUpload = useCallback((started: boolean) => setUploads((n) => n + (started ? 1 : -1)), []);
  const { chat, reread } = useLiveChat(initial, mode, sending);
  const result = (sender.data ?? actionData) as ChatActionData | undefined;
  const requiredError = Boolean(result?.required);
  const [text, setText] = useState(result?.message ?? "");
  // A message the backend took whose attention could not be closed: it is in the conversation now,
  // so the box empties and the next 'Enviar' only closes the attention (the message is not sent twice).
  const [delivered, setDelivered] = useState(sender.data);
  if (delivered !== sender.data) {
    setDelivered(sender.data);
    if (sender.data?.sent) setText("");
  }
  const pendingText = sender.state !== "idle" ? String(sender.formData?.get("message") ?? "").trim() : "";
  const docs = new Map(chat.current.documents.map((d) => [d.id, d]));
  const toSend = chat.current.documents.filter((d) => d.status === "toSend");
  const readOnly = mode === "preview" || !chat.current.open;
  // Decision 032: the unsent text is kept in this tab (for this citizen) and restored on return;
  // sending lets the copy go (a send refused by an expired session is kept by the server).
  const dropLocalDraft = useLocalDraft(`chat:${self}`, readOnly ? "" : text, setText);
  const resume = Boolean(result?.sent);
  const canSend = text.trim().length > 0 || toSend.length > 0 || resume;
  const listRef = useRef<HTMLOListElement>(null);
  const count = chat.events.length;
  // One press, one send: a second press before the fetcher reports its state is ignored.
  const pressed = useRef(false);
  useEffect(() => {
    if (!sending) pressed.current = false;
  }, [sending]);

  useEffect(() => {
    const list = listRef.current;
    if (list && hydrated) list.scrollTop = list.scrollHeight;
  }, [count, pendingText, hydrated]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pressed.current || sending || uploads > 0 || !canSend) return;
    pressed.current = true;
    dropLocalDraft();
    sender.submit(textFields(event.currentTarget), { method: "post", action: self });
  };
  // Multipart only with a file box in it (a session that expired keeps a plain post's message, drafts.server.ts).
  // In the form the token comes first: an upload's token is checked before a file's first byte (form.server.ts).
  const attachable = mode === "chat" && chat.current.documents.some((d) => d.status === "requested" && !d.spec.form);
  const eventProps = { chat, docs, readOnly, requiredError, busy: sending, onUpload, onAttached: reread, self };
  return (
    <section className="chat" aria-labelledby="page-title">
      <div className="page-head chat__head">
        <div>
          <p className="chat__eyebrow">{c.title}</p>
          <h1 id="page-title" className="page-title">
            {chat.procedureDescription}
          </h1>
          {chat.current.state ? <Badge color={chat.current.state.color}>{chat.current.state.text}</Badge> : null}
        </div>
        <LinkButton to="/procedures" variant="secondary" size="sm">
          {c.backToTray}
        </LinkButton>
      </div>

      {requiredError ? (
        <div className="alert alert--error" role="alert" id="required-error">
          {E.byCode.REQUIRED_FILES_NOT_UPLOADED}
        </div>
      ) : null}
      {result?.error ? (
        <div className="alert alert--error" role="alert">
          {result.error}
        </div>
      ) : null}

      <ChatBody form={readOnly ? null : { action: self, multipart: attachable, onSubmit: hydrated ? onSubmit : undefined }}>
        {readOnly ? null : <AuthenticityTokenInput />}
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling list: focusable so the keyboard can scroll it (WCAG 2.1.1); a region role would hide that it is a list */}
        <ol className="chat__events" aria-label={c.conversationLabel} ref={listRef} tabIndex={0}>
          {chat.events.map((event) => (
            <EventItem key={event.id} event={event} {...eventProps} />
          ))}
          {pendingText ? (
            <li className="chat-event chat-event--user chat-event--pending">
              <div className="chat-bubble">
                <p className="chat-bubble__author">{c.you}</p>
                <p className="chat-bubble__text">{pendingText}</p>
                <p className="chat-bubble__meta">{c.pendingMessage}</p>
              </div>
            </li>
          ) : null}
        </ol>
        {chat.events.some((e) => e.type !== "dateSeparator") ? <TimesInUtc /> : null}
        <div className="visually-hidden" aria-live="polite">
          {hydrated && count !== initial.events.length ? (chat.events[chat.events.length - 1]?.message ?? "") : ""}
        </div>

        {mode === "preview" ? (
          <p className="chat__note">{c.readOnly}</p>
        ) : !chat.current.open ? (
          <p className="chat__note">{c.closed}</p>
        ) : (
          <div className="chat__composer">
            <input type="hidden" name="intent" value="send" />
            <input type="hidden" name="key" value={idempotencyKey} />
            <input type="hidden" name="procedureId" value={chat.procedureId ?? ""} />
            {resume ? <input type="hidden" name="resume" value="1" /> : null}
            {/* procedureAcceptedTerms travels only with the first message (spec section 5). */}
            {mode === "draft" && terms ? <input type="hidden" name="procedureAcceptedTerms" value="true" /> : null}
            <TextArea
              id="chat-message"
              name="message"
              label={c.messageLabel}
              maxLength={MAX_MESSAGE_LENGTH}
              rows={3}
              value={hydrated ? text : undefined}
              defaultValue={hydrated ? undefined : (result?.message ?? "")}
              onChange={(e) => setText(e.currentTarget.value)}
              error={result?.messageError ?? null}
              required={mode === "draft"}
            />
            <SubmitButton
              disabled={hydrated ? !canSend || sending || uploads > 0 : undefined}
              pending={sending}
              pendingLabel={c.sending}
              className="chat__send"
            >
              {c.send}
            </SubmitButton>
          </div>
        )}
      </ChatBody>
    </section>
  );
}

/**
 * The conversation and the message box. Without JavaScript they are one form (decision 016): every
 * file box, every 'Adjuntar' and 'Descartar archivo' and the message box are posted together, so the
 * text typed comes back whichever button was pressed, in browsers that ignore the `form` attribute
 * too (w3m). Read-only (a preview, a closed chat), no form.
 */
function ChatBody({
  form,
  children,
}: {
  form: { action: string; multipart: boolean; onSubmit?: (event: FormEvent<HTMLFormElement>) => void } | null;
  children: ReactNode;
}) {
  if (!form) return <div className="chat__body">{children}</div>;
  return (
    <form
      className="chat__body"
      method="post"
      action={form.action}
      encType={form.multipart ? "multipart/form-data" : "application/x-www-form-urlencoded"}
      onSubmit={form.onSubmit}
    >
      {children}
    </form>
  );
}

/** What an event of the conversation, and each document it names, is drawn with. */
type EventProps = {
  event: ChatEvent;
  chat: Chat;
  docs: Map<string, ChatDocument>;
  readOnly: boolean;
  requiredError: boolean;
  busy: boolean;
  onUpload: (started: boolean) => void;
  onAttached: () => void;
  self: string;
};

function EventItem(props: EventProps) {
  const { event } = props;
  if (event.type === "dateSeparator") {
    return (
      <li className="chat-sep">
        <span>{formatLongDate(event.description ?? event.createdAt)}</span>
      </li>
    );
  }
  const operator = event.author === "operator";
  const title = c.eventTitles[event.type];
  return (
    <li className={`chat-event chat-event--${operator ? "operator" : "user"}`}>
      {operator ? (
        <span className="chat-avatar" aria-hidden="true">
          {c.operator}
        </span>
      ) : null}
      <div className="chat-bubble">
        <p className="chat-bubble__author">
          {operator ? (
            <>
              <abbr title={c.operatorName}>{c.operator}</abbr>
              {event.commiter?.cn ? <span className="chat-bubble__cn"> · {event.commiter.cn}</span> : null}
            </>
          ) : (
            c.you
          )}
        </p>
        {/* A title the message repeats word for word ('Inicio del trámite') is said once. */}
        {title && event.type !== "text" && title !== event.message?.trim() ? <p className="chat-bubble__title">{title}</p> : null}
        {event.message ? <p className="chat-bubble__text">{event.message}</p> : null}
        {event.description ? <p className="chat-bubble__desc">{event.description}</p> : null}
        {event.documents.length ? (
          <ul className="chat-docs" aria-label={title ?? c.requiredDocuments}>
            {event.documents.map((d) => (
              <DocumentItem key={d.id} snapshot={d} {...props} />
            ))}
          </ul>
        ) : null}
        {event.id !== "to-send" ? (
          <p className="chat-bubble__meta">
            <time dateTime={event.createdAt}>{formatTime(event.createdAt)}</time>
          </p>
        ) : null}
      </div>
    </li>
  );
}

function DocumentItem({
  snapshot,
  event,
  chat,
  docs,
  readOnly,
  requiredError,
  busy,
  onUpload,
  onAttached,
  self,
}: EventProps & { snapshot: ChatDocument }) {
  const live = event.type === "requestedDocuments" || event.type === "toSendDocuments";
  const doc = live ? (docs.get(snapshot.id) ?? snapshot) : snapshot;
  const missing = requiredError && doc.isRequired && doc.status === "requested";
  const actionable = live && !readOnly;
  const id = `doc-${doc.id}-${event.id}`;
  return (
    <li className={["chat-doc", missing ? "chat-doc--missing" : ""].filter(Boolean).join(" ")} id={id} data-status={doc.status}>
      <p className="chat-doc__name">
        <strong>{doc.spec.description}</strong> <span className="chat-doc__req">({doc.isRequired ? c.required : c.optional})</span>
      </p>
      {doc.dueDate && (doc.status === "requested" || doc.status === "toSend") ? (
        <p className="chat-doc__due">
          <DueDate due={doc.dueDate} />
        </p>
      ) : null}
      <p className="chat-doc__status">
        {c.status[doc.status] ?? doc.status}
        {doc.file ? <> · {doc.file.name}</> : null}
      </p>
      {doc.status === "rejected" && doc.reason ? (
        <p className="chat-doc__reason">
          <strong>{c.rejectedReason}:</strong> {doc.reason}
        </p>
      ) : null}
      {missing ? (
        <p className="chat-doc__missing" id={`${id}-missing`}>
          {E.byCode.REQUIRED_FILES_NOT_UPLOADED}
        </p>
      ) : null}
      {actionable && doc.status === "requested" && event.type === "requestedDocuments" ? (
        doc.spec.form ? (
          <Link className="btn btn--secondary btn--sm" to={formUrl(chat, doc)}>
            {c.openForm}
          </Link>
        ) : (
          <AttachForm
            doc={doc}
            busy={busy}
            onUpload={onUpload}
            onAttached={onAttached}
            describedBy={missing ? `${id}-missing` : undefined}
          />
        )
      ) : null}
      {actionable && doc.status === "toSend" && event.type === "toSendDocuments" ? <DiscardButton doc={doc} self={self} /> : null}
    </li>
  );
}

/**
 * 'Descartar archivo'. Without JavaScript a button of the chat's one form, so the text typed travels
 * with it and comes back; with it a post of this document alone (the box keeps its text meanwhile).
 */
function DiscardButton({ doc, self }: { doc: ChatDocument; self: string }) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const token = useAuthenticityToken();
  const onClick = (event: MouseEvent<HTMLButtonElement>) => {
    event.preventDefault();
    submit({ csrf: token, discard: doc.id }, { method: "post", action: self });
  };
  return (
    <div className="chat-doc__discard">
      <SubmitButton
        variant="ghost"
        size="sm"
        name="discard"
        value={doc.id}
        pendingLabel={common.submitting}
        onClick={hydrated ? onClick : undefined}
      >
        {c.discardFile}
        <span className="visually-hidden"> {doc.file?.name ?? doc.spec.description}</span>
      </SubmitButton>
    </div>
  );
}

/**
 * A requested document's file box and 'Adjuntar archivo', inside the chat's one form. Without
 * JavaScript the button posts that form (the pressed button names the document); with it the file
 * goes over XMLHttpRequest, with its progress (issue 32), to a resource route that does what the
 * page's post does and answers JSON; then the conversation is read again (`onAttached`).
 */
function AttachForm({
  doc,
  busy,
  onUpload,
  onAttached,
  describedBy,
}: {
  doc: ChatDocument;
  busy: boolean;
  onUpload: (started: boolean) => void;
  onAttached: () => void;
  describedBy?: string;
}) {
  const hydrated = useHydrated();
  const list = extensionsOf(doc);
  const [error, setError] = useState<string | null>(null);
  const [job, setJob] = useState<UploadJob[] | null>(null);
  const uploading = job !== null;
  useEffect(() => {
    if (!uploading) return;
    onUpload(true);
    return () => onUpload(false);
  }, [uploading, onUpload]);
  const inputId = `file-${doc.id}`;
  const token = useAuthenticityToken();
  const input = useRef<HTMLInputElement>(null);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    setError(null);
    if (!file) return;
    void loadProgress(); // ready before 'Adjuntar archivo'
    const ext = /\.[^.]+$/.exec(file.name.toLowerCase())?.[0] ?? "";
    let problem: string | null = null;
    if (!list.includes(ext)) problem = E.upload.invalidFormat(list.join(", "));
    else if (file.size > UPLOAD_LIMIT) problem = E.upload.tooLarge;
    if (problem) {
      setError(problem);
      input.value = "";
      return;
    }
  };

  // The file input is cleared as the upload starts: its file travels in the upload's own form data.
  const onAttach = (event: MouseEvent<HTMLButtonElement>) => {
    event.preventDefault();
    const box = input.current;
    const file = box?.files?.[0];
    if (!box || !file) {
      setError(E.required);
      box?.focus();
      return;
    }
    setError(null);
    const form = new FormData();
    form.set("csrf", token);
    form.set("intent", "attach");
    form.set("document", doc.id);
    form.set(`file-${doc.id}`, file, file.name);
    setJob([{ url: `/resources/chat/attach${location.search}`, name: file.name, form }]);
    box.value = "";
  };
  const ended = (end: UploadEnd) => {
    setJob(null);
    if ("message" in end) setError(end.message);
    else onAttached();
  };

  return (
    <div className="chat-doc__attach">
      {/* Not a TextField: a file box whose check on choosing is announced (role="alert") and whose hint always comes first. */}
      <label className="field__label" htmlFor={inputId}>
        {c.chooseFile(doc.spec.description)}
      </label>
      <p className="field__hint" id={`${inputId}-hint`}>
        {c.acceptedFormats(list.join(", "))}
      </p>
      {error ? (
        <p className="field__error" id={`${inputId}-error`} role="alert">
          {error}
        </p>
      ) : null}
      <input
        ref={input}
        id={inputId}
        type="file"
        name={`file-${doc.id}`}
        accept={list.join(",")}
        className="chat-doc__file"
        onChange={hydrated ? onChange : undefined}
        aria-invalid={error || describedBy ? true : undefined}
        aria-describedby={[`${inputId}-hint`, error ? `${inputId}-error` : null, describedBy].filter(Boolean).join(" ")}
        disabled={hydrated && (busy || job) ? true : undefined}
      />
      {/* While the chat sends the input is disabled, and a disabled input is not posted: the button
          waits too, so a file already chosen is never dropped from the post. */}
      {job ? (
        <Suspense>
          <UploadProgress jobs={job} failure={t.toasts.uploadError} onEnd={ended} />
        </Suspense>
      ) : (
        <SubmitButton
          size="sm"
          variant="secondary"
          name="attach"
          value={doc.id}
          pendingLabel={c.uploading}
          aria-disabled={hydrated && busy ? true : undefined}
          onClick={hydrated ? onAttach : undefined}
        >
          {c.attach}
        </SubmitButton>
      )}
    </div>
  );
}
